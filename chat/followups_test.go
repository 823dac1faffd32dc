package chat

import (
	"context"
	"slices"
	"strings"
	"testing"

	"docqa/answer"
)

// Follow-ups that lean on what the session showed last (issue 52): the
// option not picked, a summary without a model, which document a
// question about one document means.
func TestFollowUps(t *testing.T) {
	h := newHarness(t)
	h.cfg.Request.Docs = []string{"ae300-handbook.pdf", "ae300-service-bulletin.pdf"}
	ctx := t.Context()
	steps := []struct {
		line, kind string
		text       []string
		docs       []string // the scope the question reached the engine with
	}{
		{"Who is Aurora Propulsion Works?", KindOptions, []string{"1. ae300-service-bulletin.pdf", "2. ae300-handbook.pdf"}, nil},
		{"first", KindAnswer, []string{"ae300-service-bulletin.pdf, p. "}, []string{"ae300-service-bulletin.pdf"}},
		{"and the other one?", KindAnswer, []string{"ae300-handbook.pdf, p. "}, []string{"ae300-handbook.pdf"}},
		{"summarise that", KindClarify, []string{"Summaries need a language model", "--engine ollama"}, nil},
		{"How many pages does the document have?", KindOptions, []string{"ae300-handbook.pdf", "ae300-service-bulletin.pdf", OtherDocHint}, nil},
		{"2", KindAnswer, []string{"[ANSWER]: "}, nil},
	}
	for _, st := range steps {
		asked := len(h.asked)
		r := h.Handle(ctx, st.line)
		if r.Kind != st.kind {
			t.Fatalf("%q: kind %s, want %s\n%s", st.line, r.Kind, st.kind, r.Text)
		}
		for _, want := range st.text {
			if !strings.Contains(r.Text, want) {
				t.Errorf("%q: reply lacks %q:\n%s", st.line, want, r.Text)
			}
		}
		if st.docs != nil {
			if len(h.asked) == asked || !slices.Equal(h.asked[len(h.asked)-1].Filter.Docs, st.docs) {
				t.Errorf("%q: asked in %v, want %v", st.line, h.asked[len(h.asked)-1].Filter.Docs, st.docs)
			}
		}
	}
}

// "is X in the list?" reads the list docqa answered with last: an
// answer's items after options offered turns before.
func TestInLastList(t *testing.T) {
	s := New(Config{Ask: func(context.Context, answer.Request) (*answer.Answer, error) {
		return &answer.Answer{Status: answer.StatusAnswered, Answer: "1. Oil filter\n2. Fuel filter\n3. Spark plugs"}, nil
	}})
	s.offer("which manual?", []Option{{Index: 1, Label: "a.pdf"}, {Index: 2, Label: "b.pdf"}})
	s.Handle(t.Context(), "/help") // a command between
	s.pending = nil
	s.Handle(t.Context(), "What parts are replaced at the annual inspection?")
	for line, want := range map[string]string{
		"is the fuel filter in the list?": "Yes, Fuel filter is number 2 in the list.",
		"is b.pdf in the list?":           "No, only Oil filter, Fuel filter and Spark plugs.",
	} {
		if r := s.Handle(t.Context(), line); r.Text != want {
			t.Errorf("%q: %q, want %q", line, r.Text, want)
		}
	}
}
