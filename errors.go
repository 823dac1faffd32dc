package main

import (
	"errors"
	"io/fs"
	"strings"

	"docqa/answer"
	"docqa/eval"
	"docqa/ingest"
	"docqa/prompts"
	"docqa/search"
)

// usageError is a mistake in the command line; it exits with status 2.
type usageError struct {
	msg, hint string
}

func (e *usageError) Error() string { return e.msg }

// partialError means ingest finished but some files failed; the failures
// were already printed, and docqa exits with status 3.
type partialError struct{}

func (e *partialError) Error() string { return "some files could not be indexed" }

// hintError adds a hint to an error for display; it unwraps to the cause.
type hintError struct {
	err  error
	hint string
}

func (e *hintError) Error() string { return e.err.Error() }
func (e *hintError) Unwrap() error { return e.err }

// describe returns the message and hints shown for err.
func describe(err error) (string, []string) {
	var hints []string
	var ue *usageError
	var he *hintError
	switch {
	case errors.As(err, &ue):
		if ue.hint != "" {
			hints = append(hints, ue.hint)
		}
	case errors.As(err, &he):
		hints = append(hints, he.hint)
	case errors.Is(err, search.ErrLocked):
		hints = append(hints, "wait for the other docqa (ingest, remove or ask --docs) to finish, then run this again")
	case errors.Is(err, search.ErrNoIndex):
		hints = append(hints, `index some PDFs first: docqa ingest FOLDER, or ask with --docs FOLDER "question"`)
	case errors.Is(err, search.ErrOldFormat):
		hints = append(hints, "run docqa ingest FOLDER once to rebuild it (the documents are read again)")
	case errors.Is(err, eval.ErrBadQuestion):
		hints = append(hints, `each line of a question file is one JSON object: {"id": "q1", "question": "...", "answer": "...", "doc": "file.pdf", "pages": [3]}`)
	case errors.Is(err, eval.ErrRunVersion):
		hints = append(hints, "give a file written by docqa eval --out")
	case errors.Is(err, ingest.ErrNoPDFs):
		hints = append(hints, "docqa reads files ending in .pdf; point it at a PDF or a folder that holds some")
	case errors.Is(err, fs.ErrNotExist):
		hints = append(hints, "check the path; folders are searched recursively for .pdf files")
	case errors.Is(err, answer.ErrOllamaDown):
		hints = append(hints, "is Ollama running? start it with: ollama serve (or point --ollama-host at it), or use --engine extractive")
	case errors.Is(err, answer.ErrModelMissing):
		hints = append(hints, "pull the model first: ollama pull MODEL, or name another with --model")
	case errors.Is(err, answer.ErrTimeout):
		hints = append(hints, "give the model more time with --timeout 5m, or use a smaller model")
	case errors.Is(err, answer.ErrContextOverflow):
		hints = append(hints, "lower --max-context, or use a model with a larger context window")
	case errors.Is(err, answer.ErrGeneration):
		hints = append(hints, "try again; if it keeps failing, answer without the model: --engine extractive")
	case errors.Is(err, prompts.ErrUnknownSheet):
		hints = append(hints, "name prompt files after the built-in sheets: "+strings.Join(prompts.Names(), ", "))
	case errors.Is(err, answer.ErrEmptyQuestion):
		hints = append(hints, `put the question in quotes: docqa ask "what is the maximum oil temperature?"`)
	}
	return err.Error(), hints
}
