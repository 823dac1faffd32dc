// Package eval runs docqa over question files and scores the answers:
// evidence pages found, answers matched, citations verified, latency.
//
// [ReadQuestions] parses a question file, [Run] answers its questions with
// bounded concurrency, [Score] judges one answer, [Summarise] totals a
// run, and the report functions print it as a table, Markdown or HTML, or
// compare two runs.
package eval

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"docqa/internal/terms"
)

// ErrBadQuestion means a line of a question file could not be used.
var ErrBadQuestion = errors.New("bad question")

// Question is one line of a question file:
//
//	{"id", "question", "answer", "doc", "pages": [1-based], "options": [...]}
//
// Unknown fields ("source") are ignored; a known one written in other
// case ("Question") is an error.
type Question struct {
	ID       string   `json:"id"`
	Question string   `json:"question"`
	Answer   string   `json:"answer"`
	Doc      string   `json:"doc,omitempty"`
	Pages    []int    `json:"pages,omitempty"`
	Options  []string `json:"options,omitempty"`
}

// LineError is a question-file line that could not be used.
type LineError struct {
	Line int
	Msg  string
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

func (e *LineError) Unwrap() error { return ErrBadQuestion }

// ReadQuestions reads a question file: one JSON object per line, blank
// lines skipped. "id", "question" and "answer" are required, ids must be
// unique and pages positive. The error names the first bad line.
func ReadQuestions(r io.Reader) ([]Question, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), maxLine)
	var out []Question
	seen := map[string]int{}
	n := 1
	for ; sc.Scan(); n++ {
		line := sc.Bytes()
		if n == 1 {
			line = bytes.TrimPrefix(line, []byte("\xef\xbb\xbf")) // a byte order mark some editors write
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		var q Question
		if err := json.Unmarshal(line, &q); err != nil {
			return nil, &LineError{n, "not a JSON question object: " + jsonReason(err)}
		}
		if k := misspelledKey(line); k != "" {
			return nil, &LineError{n, fmt.Sprintf("key %q should be written %q", k, strings.ToLower(k))}
		}
		q.ID = strings.TrimSpace(q.ID)
		var missing []string
		if q.ID == "" {
			missing = append(missing, `"id"`)
		}
		if strings.TrimSpace(q.Question) == "" {
			missing = append(missing, `"question"`)
		}
		if strings.TrimSpace(q.Answer) == "" {
			missing = append(missing, `"answer"`)
		}
		if len(missing) > 0 {
			return nil, &LineError{n, "missing " + strings.Join(missing, ", ")}
		}
		if prev, ok := seen[q.ID]; ok {
			return nil, &LineError{n, fmt.Sprintf("id %q already used on line %d", q.ID, prev)}
		}
		for _, p := range q.Pages {
			if p < 1 {
				return nil, &LineError{n, fmt.Sprintf("page %d: pages are numbered from 1", p)}
			}
		}
		seen[q.ID] = n
		out = append(out, q)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, &LineError{n, fmt.Sprintf("longer than %d MiB", maxLine>>20)}
		}
		return nil, fmt.Errorf("read questions: %w", err)
	}
	return out, nil
}

// maxLine is the longest line a question file may have.
const maxLine = 16 << 20

// misspelledKey returns a key of the JSON object line that differs from
// one of [Question]'s only in case ("Question"), which encoding/json
// would take silently; other unknown keys ("source") are left alone.
func misspelledKey(line []byte) string {
	var m map[string]json.RawMessage
	if json.Unmarshal(line, &m) != nil {
		return ""
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		for _, want := range []string{"id", "question", "answer", "doc", "pages", "options"} {
			if k != want && strings.EqualFold(k, want) {
				return k
			}
		}
	}
	return ""
}

// jsonReason shortens encoding/json's message to what a user can act on.
func jsonReason(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Sprintf("field %q should be %s", te.Field, kind(te.Type.Kind().String()))
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

func kind(k string) string {
	switch k {
	case "slice":
		return "a list"
	case "int":
		return "a whole number"
	case "string":
		return "a string"
	}
	return "a " + k
}

// NotAnswerable reports whether a gold answer says the documents do not
// answer the question.
func NotAnswerable(gold string) bool {
	return strings.EqualFold(strings.TrimSpace(gold), "Not answerable")
}

// questionKeys are the keys eval reads from a question file.
var questionKeys = []string{"id", "question", "answer", "doc", "pages", "options"}

// KeyWarnings returns, for a question file's text, a warning for each
// key eval does not read, at the first line it stands on: one a letter
// or two from a key it reads is named with that key ("page" for
// "pages": the pages would be lost), the others are listed in one line
// ("source", "kind": data of the set, not read).
func KeyWarnings(data []byte) []string {
	var out, others []string
	seen := map[string]bool{}
	n := 0
	for line := range bytes.Lines(data) {
		n++
		if n == 1 {
			line = bytes.TrimPrefix(line, []byte("\xef\xbb\xbf")) // as ReadQuestions reads it
		}
		var m map[string]json.RawMessage
		if json.Unmarshal(bytes.TrimSpace(line), &m) != nil {
			continue
		}
		keys := slices.Sorted(maps.Keys(m))
		for _, k := range keys {
			if seen[k] || slices.Contains(questionKeys, k) {
				continue
			}
			seen[k] = true
			if near := nearKey(k); near != "" {
				out = append(out, fmt.Sprintf("line %d: key %q is not read; did you mean %q?", n, k, near))
				continue
			}
			others = append(others, strconv.Quote(k))
		}
	}
	if len(others) > 0 {
		out = append(out, "keys not read: "+strings.Join(others, ", "))
	}
	return out
}

// nearKey returns the key eval reads that k misses by a letter ("page",
// "option", "docs", "answers"), or by two in a long key ("questoin"), or
// "": "kind" is no "id".
func nearKey(k string) string {
	lk := strings.ToLower(k)
	for _, want := range questionKeys {
		d := terms.EditDistance(lk, want)
		if lk != want && (d == 1 || d == 2 && len(want) >= 6) {
			return want
		}
	}
	return ""
}
