package cli

import (
	"errors"
	"io/fs"
	"strings"
	"syscall"

	"docqa/answer"
	"docqa/chat"
	"docqa/eval"
	"docqa/ingest"
	"docqa/prompts"
	"docqa/search"
	"docqa/search/pgstore"
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

// hintFor gives the hint for each error a user can act on, first match
// first.
var hintFor = []struct {
	err  error
	hint string
}{
	{search.ErrLocked, "wait for the other docqa (ingest, remove or ask --docs) to finish, then run this again"},
	{search.ErrNoIndex, `index some PDFs first: docqa ingest FOLDER, or ask with --docs FOLDER "question"`},
	{search.ErrOldFormat, "run docqa ingest FOLDER once to rebuild it (the documents are read again)"},
	{eval.ErrBadQuestion, `each line of a question file is one JSON object: {"id": "q1", "question": "...", "answer": "...", "doc": "file.pdf", "pages": [3]}`},
	{eval.ErrRunVersion, "give a file written by docqa eval --out"},
	{ingest.ErrNoPDFs, "docqa reads files ending in .pdf; point it at a PDF or a folder that holds some"},
	{ingest.ErrUnavailable, "pdftotext comes with poppler-utils (Debian: sudo apt install poppler-utils); or leave --extractor at auto"},
	{ingest.ErrNotRegular, "give the path of a PDF file or of a folder; pipes and devices are not read"},
	{ingest.ErrAttachmentTooLarge, "index a large file instead: docqa ingest FILE, then ask with --doc NAME"},
	{ingest.ErrAttachmentType, "--attach takes a PDF or a UTF-8 text file"},
	{ingest.ErrAttachmentEmpty, "the file has no text layer (a scan?); attach a text version of it"},
	{fs.ErrNotExist, "check the path; folders are searched recursively for .pdf files"},
	// a full disk mid-ingest: what was indexed before the write stays
	// whole (each document is written at once, the manifest last)
	{syscall.ENOSPC, "the disk is full: free some space, or give --index a folder on another disk, and run the ingest again; the documents indexed before are kept (docqa docs lists them) and are not read again"},
	{pgstore.ErrAuth, "give the password in the URL (postgres://USER:PASSWORD@HOST/DB) or in PGPASSWORD (export PGPASSWORD=...), or in ~/.pgpass; the user must exist (createuser -P USER)"},
	{pgstore.ErrNoDatabase, "create it first: createdb -h HOST -U USER DB (or, in psql, CREATE DATABASE DB OWNER USER;); docqa makes its tables itself"},
	{pgstore.ErrUnreachable, "is PostgreSQL running there? start it (Debian: pg_ctlcluster 15 main start, or service postgresql start), or check the host and port in the URL"},
	{answer.ErrOllamaDown, "is Ollama running? start it with: ollama serve (or point --ollama-host at it), or use --engine extractive"},
	{answer.ErrModelMissing, "pull the model first: ollama pull MODEL, or name another with --model"},
	{answer.ErrTimeout, "give the model more time with --timeout 5m, or use a smaller model"},
	{answer.ErrContextOverflow, "lower --max-context, or use a model with a larger context window"},
	{answer.ErrGeneration, "try again; if it keeps failing, answer without the model: --engine extractive"},
	{answer.ErrServerDown, "is the model server running at --base-url? start it (llama-server, LM Studio, vLLM...) or point --base-url at it, or use --engine extractive"},
	{answer.ErrRateLimited, "the server is busy: wait and try again, or run fewer questions at once (eval --concurrency 1)"},
	{answer.ErrAuth, "set OPENAI_API_KEY to the key the server expects"},
	{prompts.ErrUnknownSheet, "name prompt files after the built-in sheets: " + strings.Join(prompts.Names(), ", ")},
	{chat.ErrNoSession, "list the saved sessions with: docqa chat --list"},
	{chat.ErrRecordVersion, "start a new session: docqa chat"},
	{answer.ErrEmptyQuestion, `put the question in quotes: docqa ask "what is the maximum oil temperature?"`},
}

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
	default:
		for _, h := range hintFor {
			if errors.Is(err, h.err) {
				hints = append(hints, h.hint)
				break
			}
		}
	}
	return err.Error(), hints
}
