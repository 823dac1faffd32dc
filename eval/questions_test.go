package eval

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReadQuestions(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    []Question
		wantErr string
	}{
		{
			name: "fields and unknown ones",
			in:   `{"id": "a", "question": "Q?", "answer": "42", "doc": "x.pdf", "pages": [3, 5], "source": "ignored"}` + "\n\n" + `{"id":"b","question":"R?","answer":"Not answerable","options":["A","B"]}`,
			want: []Question{
				{ID: "a", Question: "Q?", Answer: "42", Doc: "x.pdf", Pages: []int{3, 5}},
				{ID: "b", Question: "R?", Answer: "Not answerable", Options: []string{"A", "B"}},
			},
		},
		{name: "empty file", in: "", want: nil},
		{name: "bad JSON", in: `{"id": "a", "question": "Q?", "answer": "1"}` + "\n{oops", wantErr: "line 2: not a JSON question object"},
		{name: "missing fields", in: `{"id": "a"}`, wantErr: `line 1: missing "question", "answer"`},
		{name: "wrong type", in: `{"id": "a", "question": "Q", "answer": "1", "pages": "3"}`, wantErr: `line 1: not a JSON question object: field "pages" should be a list`},
		{name: "duplicate id", in: `{"id": "a", "question": "Q", "answer": "1"}` + "\n" + `{"id": "a", "question": "R", "answer": "2"}`, wantErr: `line 2: id "a" already used on line 1`},
		{name: "page zero", in: `{"id": "a", "question": "Q", "answer": "1", "pages": [0]}`, wantErr: "line 1: page 0"},
		{name: "array not object", in: `[1, 2]`, wantErr: "line 1: not a JSON question object"},
		// issue 19, item 12
		{name: "byte order mark", in: "\xef\xbb\xbf" + `{"id": "a", "question": "Q?", "answer": "1"}`, want: []Question{{ID: "a", Question: "Q?", Answer: "1"}}},
		{name: "key in other case", in: `{"id": "a", "question": "Q?", "answer": "1"}` + "\n" + `{"id": "b", "Question": "Q?", "answer": "1"}`, wantErr: `line 2: key "Question" should be written "question"`},
		{name: "line too long", in: `{"id": "a", "question": "Q?", "answer": "1"}` + "\n" + `{"id": "b", "question": "` + strings.Repeat("x", 17<<20) + `"}`, wantErr: "line 2: longer than 16 MiB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ReadQuestions(strings.NewReader(tt.in))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !errors.Is(err, ErrBadQuestion) {
					t.Fatalf("err = %v, want one containing %q that is ErrBadQuestion", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("questions (-want +got):\n%s", diff)
			}
		})
	}
}

// FuzzReadQuestions: any input gives questions or an error naming a line,
// never a panic, and every question returned has its required fields.
func FuzzReadQuestions(f *testing.F) {
	f.Add(`{"id": "a", "question": "Q?", "answer": "42", "doc": "x.pdf", "pages": [3]}`)
	f.Add("{\"id\":\"b\",\"question\":\"R\",\"answer\":\"x\",\"options\":[\"A\"]}\n{oops")
	f.Add(`{"id": 1}`)
	f.Fuzz(func(t *testing.T, in string) {
		qs, err := ReadQuestions(strings.NewReader(in))
		if err != nil {
			if !errors.Is(err, ErrBadQuestion) && !strings.HasPrefix(err.Error(), "read questions") {
				t.Fatalf("error %v is neither a line error nor a read error", err)
			}
			return
		}
		for _, q := range qs {
			if q.ID == "" || strings.TrimSpace(q.Question) == "" || strings.TrimSpace(q.Answer) == "" {
				t.Fatalf("question without required fields: %+v", q)
			}
		}
	})
}

func TestKeyWarnings(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"known keys", `{"id": "a", "question": "q", "answer": "x", "doc": "d.pdf", "pages": [1], "options": ["o"]}`, nil},
		{"a misspelt key loses its data", "{\"id\": \"a\", \"question\": \"q\", \"answer\": \"x\"}\n{\"id\": \"b\", \"question\": \"q\", \"answer\": \"x\", \"page\": [9]}\n{\"id\": \"c\", \"question\": \"q\", \"answer\": \"x\", \"page\": [3]}",
			[]string{`line 2: key "page" is not read; did you mean "pages"?`}},
		{"a set's own keys are listed once", "{\"id\": \"a\", \"question\": \"q\", \"answer\": \"x\", \"kind\": \"lookup\", \"source\": \"s\"}\n{\"id\": \"b\", \"question\": \"q\", \"answer\": \"x\", \"kind\": \"list\"}",
			[]string{`keys not read: "kind", "source"`}},
		{"a long key two letters off", `{"id": "a", "questoin": "q", "question": "q", "answer": "x"}`, []string{`line 1: key "questoin" is not read; did you mean "question"?`}},
		{"not JSON is ReadQuestions' to report", "nonsense\n", nil},
		{"a byte order mark", "\xef\xbb\xbf{\"id\": \"a\", \"question\": \"q\", \"answer\": \"x\", \"option\": [\"o\"]}", []string{`line 1: key "option" is not read; did you mean "options"?`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, KeyWarnings([]byte(tt.in))); diff != "" {
				t.Errorf("KeyWarnings (-want +got):\n%s", diff)
			}
		})
	}
}

// FuzzKeyWarnings: whatever the file, each warning is one line.
func FuzzKeyWarnings(f *testing.F) {
	f.Add("{\"id\": \"a\", \"page\": [1]}\n{\"kind\": 1}")
	f.Add("{\"\\n\": 1}")
	f.Fuzz(func(t *testing.T, s string) {
		for _, w := range KeyWarnings([]byte(s)) {
			if strings.ContainsAny(w, "\n\r") {
				t.Fatalf("KeyWarnings(%q): a warning of two lines: %q", s, w)
			}
		}
	})
}
