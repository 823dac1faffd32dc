package chat

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"docqa/answer"
	"docqa/internal/testindex"
	"docqa/search"
)

// harness is a session over the sample index with a settable clock and a
// record of the trace and of the questions that reached the engine.
type harness struct {
	*Session
	mu     sync.Mutex
	now    time.Time
	events []answer.Event
	asked  []answer.Request
}

func newHarness(t testing.TB) *harness {
	idx := testindex.Samples(t)
	h := &harness{now: time.Date(2026, 11, 22, 14, 5, 0, 0, time.UTC)}
	h.Session = New(Config{
		Ask: func(ctx context.Context, req answer.Request) (*answer.Answer, error) {
			h.mu.Lock()
			h.asked = append(h.asked, req)
			h.mu.Unlock()
			return answer.Ask(ctx, idx, req)
		},
		Rank: func(ctx context.Context, q string) ([]search.PageHit, error) {
			return idx.MultiSearch(ctx, []string{q}, search.MultiOptions{K: 20})
		},
		Docs: func() []string { return []string{"ae300-handbook.pdf", "ae300-service-bulletin.pdf"} },
		Request: answer.Request{Lookup: func(name string) (string, bool) {
			for _, d := range []string{"ae300-handbook.pdf", "ae300-service-bulletin.pdf"} {
				if strings.EqualFold(name, d) {
					return d, true
				}
			}
			return "", false
		}},
		Now:   func() time.Time { h.mu.Lock(); defer h.mu.Unlock(); return h.now },
		Trace: func(e answer.Event) { h.mu.Lock(); h.events = append(h.events, e); h.mu.Unlock() },
	})
	return h
}

func (h *harness) stages() []string {
	var out []string
	for _, e := range h.events {
		out = append(out, e.Stage)
	}
	return out
}

// TestTranscript follows the seed acceptance tests (seeds 000 and 003)
// through one session over the sample PDFs, extractive engine, injected
// clock.
func TestTranscript(t *testing.T) {
	h := newHarness(t)
	ctx := t.Context()
	steps := []struct {
		line  string
		kind  string
		text  []string // substrings the reply holds
		route string
	}{
		{"Who is Aurora Propulsion Works?", KindOptions, []string{"which one do you mean?", "1. ae300-service-bulletin.pdf", "2. ae300-handbook.pdf", Hint}, "document"},
		{"is ae300-manual.pdf in the list?", KindContext, []string{"No, only ae300-service-bulletin.pdf and ae300-handbook.pdf."}, "answer_from_context"},
		{"is the handbook in the list?", KindContext, []string{"Yes, ae300-handbook.pdf is number 2"}, "answer_from_context"},
		{"first", KindAnswer, []string{"[CITATION]: ", "ae300-service-bulletin.pdf, p. "}, "select_option"},
		{"what did you just say?", KindContext, []string{"I said:\n[CITATION]: ", "ae300-service-bulletin.pdf"}, "answer_from_context"},
		{"which page was that from?", KindContext, []string{"That was from p. ", "of ae300-service-bulletin.pdf."}, "answer_from_context"},
		{"what time is it?", KindGeneral, []string{"It is 14:05 on Sunday, 22 November 2026"}, "general"},
		{"128 * 64", KindGeneral, []string{"128 * 64 = 8192"}, "general"},
		{"what's the weather in Paris?", KindOutOfScope, []string{WebReply}, "general"},
		{"what did you say before that?", KindContext, []string{"Before that I said:\n128 * 64 = 8192"}, "answer_from_context"},
	}
	for _, st := range steps {
		h.events = nil
		r := h.Handle(ctx, st.line)
		if r.Kind != st.kind {
			t.Fatalf("%q: kind %s (%q, err %v), want %s", st.line, r.Kind, r.Text, r.Err, st.kind)
		}
		for _, want := range st.text {
			if !strings.Contains(r.Text, want) {
				t.Errorf("%q: reply %q lacks %q", st.line, r.Text, want)
			}
		}
		if got := routeOf(h.events); got != st.route {
			t.Errorf("%q: route %q, want %q", st.line, got, st.route)
		}
	}
}

func routeOf(events []answer.Event) string {
	for _, e := range events {
		if e.Stage == "route" {
			return e.Fields["route"].(string)
		}
	}
	return ""
}

func TestPendingOptions(t *testing.T) {
	ctx := t.Context()
	const ambiguous = "Who is Aurora Propulsion Works?"
	t.Run("out of range", func(t *testing.T) {
		h := newHarness(t)
		h.Handle(ctx, ambiguous)
		r := h.Handle(ctx, "third")
		if r.Kind != KindClarify || r.Text != "Please pick one of the options shown." || len(h.Pending()) != 2 {
			t.Errorf("third of two: %s %q, %d pending", r.Kind, r.Text, len(h.Pending()))
		}
	})
	t.Run("ordinal selects with no model and clears", func(t *testing.T) {
		h := newHarness(t)
		h.Handle(ctx, ambiguous)
		h.events = nil
		r := h.Handle(ctx, "the last one")
		if r.Kind != KindAnswer || h.Pending() != nil {
			t.Fatalf("last: %s %q, pending %v", r.Kind, r.Text, h.Pending())
		}
		last := h.asked[len(h.asked)-1]
		if last.Question != ambiguous || !cmp.Equal(last.Filter.Docs, []string{"ae300-handbook.pdf"}) || last.Model != nil {
			t.Errorf("asked %q in %v (model %v), want the pending question in the handbook, no model", last.Question, last.Filter.Docs, last.Model)
		}
		for _, st := range h.stages() {
			if st == "generation" {
				t.Errorf("a model generation in the trace: %v", h.stages())
			}
		}
		if !slices.Contains(h.stages(), "select_option") {
			t.Errorf("no select_option in the trace: %v", h.stages())
		}
	})
	t.Run("label selects", func(t *testing.T) {
		h := newHarness(t)
		h.Handle(ctx, ambiguous)
		r := h.Handle(ctx, "the service bulletin")
		if r.Kind != KindAnswer || !strings.Contains(r.Text, "ae300-service-bulletin.pdf") {
			t.Errorf("label: %s %q", r.Kind, r.Text)
		}
	})
	t.Run("unmatched pick clarifies", func(t *testing.T) {
		h := newHarness(t)
		h.Handle(ctx, ambiguous)
		r := h.Handle(ctx, "the one from 2022")
		if r.Kind != KindClarify || !strings.HasPrefix(r.Text, "I couldn't tell which one you meant.") || h.Pending() == nil {
			t.Errorf("free-form: %s %q", r.Kind, r.Text)
		}
	})
	t.Run("new question clears", func(t *testing.T) {
		h := newHarness(t)
		h.Handle(ctx, ambiguous)
		r := h.Handle(ctx, "What is the maximum oil temperature?")
		if r.Kind != KindAnswer || h.Pending() != nil || !strings.Contains(r.Text, "110 degrees Celsius") {
			t.Errorf("new question: %s %q, pending %v", r.Kind, r.Text, h.Pending())
		}
		if r := h.Handle(ctx, "first"); r.Kind == KindAnswer && h.asked[len(h.asked)-1].Question == ambiguous {
			t.Errorf("first after clearing picked the old option")
		}
	})
	t.Run("hint once per session", func(t *testing.T) {
		h := newHarness(t)
		h.Handle(ctx, ambiguous)
		h.Handle(ctx, "first")
		if r := h.Handle(ctx, ambiguous); r.Kind != KindOptions || strings.Contains(r.Text, Hint) {
			t.Errorf("second options: %s %q, want no hint", r.Kind, r.Text)
		}
	})
}

func TestFollowUpCache(t *testing.T) {
	ctx := t.Context()
	h := newHarness(t)
	h.Handle(ctx, "What is the maximum oil temperature?")
	h.now = h.now.Add(4 * time.Minute)
	h.events = nil
	r := h.Handle(ctx, "and what oil pressure is acceptable?")
	if r.Kind != KindAnswer || !cacheHit(h.events) {
		t.Fatalf("follow-up at 4 min: %s, trace %v, want a cache hit", r.Kind, h.stages())
	}
	if last := h.asked[len(h.asked)-1]; len(last.History) != 1 || last.History[0].Question != "What is the maximum oil temperature?" {
		t.Errorf("history %+v, want the previous question", last.History)
	}
	h.now = h.now.Add(6 * time.Minute)
	h.events = nil
	h.Handle(ctx, "and what about the fuel?")
	if cacheHit(h.events) {
		t.Errorf("follow-up after 6 more minutes used the cache: %v", h.stages())
	}
}

func cacheHit(events []answer.Event) bool {
	for _, e := range events {
		if e.Stage == "cache" && e.Fields["hit"] == true {
			return true
		}
	}
	return false
}

func TestCommands(t *testing.T) {
	ctx := t.Context()
	h := newHarness(t)
	for _, tt := range []struct{ line, kind, text string }{
		{"/help", KindCommand, "/sources"},
		{"/docs", KindCommand, "ae300-handbook.pdf"},
		{"/sources", KindCommand, "No answer yet"},
		{"/scope ae300-handbook.pdf", KindCommand, "Scope: ae300-handbook.pdf."},
		{"Who is Aurora Propulsion Works?", KindAnswer, "ae300-handbook.pdf"}, // scoped: no options
		{"/sources", KindCommand, "(ae300-handbook.pdf, p. "},
		{"/scope all", KindCommand, "Scope: all documents."},
		{"/attach", KindClarify, "Usage: /attach FILE"},
		{"/frobnicate", KindClarify, "Unknown command /frobnicate"},
		{"/reset", KindCommand, "Forgot"},
		{"/exit", KindExit, "Bye."},
	} {
		r := h.Handle(ctx, tt.line)
		if r.Kind != tt.kind || !strings.Contains(r.Text, tt.text) {
			t.Errorf("%q: %s %q, want %s holding %q", tt.line, r.Kind, r.Text, tt.kind, tt.text)
		}
	}
	if n := len(h.Turns()); n != 1 || h.Turns()[0].User != "/reset" {
		t.Errorf("turns after /reset and /exit: %+v, want only /reset's", h.Turns())
	}
}

// TestScopeCue: a question naming a document is answered from it alone,
// instead of offering options or using the session's scope.
func TestScopeCue(t *testing.T) {
	ctx := t.Context()
	h := newHarness(t)
	if r := h.Handle(ctx, "Who is Aurora Propulsion Works in ae300-handbook.pdf?"); r.Kind != KindAnswer {
		t.Fatalf("reply %s, want an answer from the named document: %s", r.Kind, r.Text)
	}
	h.Handle(ctx, "/scope ae300-handbook.pdf")
	h.asked = nil
	h.Handle(ctx, "What does AE300-Service-Bulletin.pdf say about compliance?")
	if len(h.asked) != 1 || !cmp.Equal(h.asked[0].Filter.Docs, []string{"ae300-service-bulletin.pdf"}) {
		t.Errorf("asked %+v, want the named document only", h.asked)
	}
	h.asked = nil
	h.Handle(ctx, "What is the maximum oil temperature?")
	if len(h.asked) != 1 || !cmp.Equal(h.asked[0].Filter.Docs, []string{"ae300-handbook.pdf"}) {
		t.Errorf("asked %+v, want the session's scope back", h.asked)
	}
}

// A question that names documents alike ("the AE-300 document") gets
// options among them when they match it about equally, though a third
// document matches it best; one the ranking tells apart is answered.
func TestTitledOptions(t *testing.T) {
	docs := []string{"ae300-handbook.pdf", "ae300-service-bulletin.pdf", "rotax-912-manual.pdf"}
	scores := map[string]float64{"rotax-912-manual.pdf": 10, "ae300-handbook.pdf": 6, "ae300-service-bulletin.pdf": 5.5}
	asked := 0
	s := New(Config{
		Ask: func(ctx context.Context, req answer.Request) (*answer.Answer, error) {
			asked++
			return &answer.Answer{Status: answer.StatusNotFound, Answer: "Not found in provided context."}, nil
		},
		Rank: func(ctx context.Context, q string) ([]search.PageHit, error) {
			var hits []search.PageHit
			for _, d := range docs {
				hits = append(hits, search.PageHit{Doc: d, Page: 1, Score: scores[d]})
			}
			return hits, nil
		},
		Request: answer.Request{Docs: docs},
	})
	r := s.Handle(t.Context(), "What does the AE-300 document say about the oil change interval?")
	if r.Kind != KindOptions || !strings.Contains(r.Text, "1. ae300-handbook.pdf") || !strings.Contains(r.Text, "2. ae300-service-bulletin.pdf") || strings.Contains(r.Text, "rotax") {
		t.Errorf("reply %s %q, want options between the two AE-300 documents", r.Kind, r.Text)
	}
	scores["ae300-service-bulletin.pdf"] = 2
	if r := s.Handle(t.Context(), "What does the AE-300 document say about the oil change interval?"); r.Kind != KindAnswer || asked != 1 {
		t.Errorf("reply %s %q, want an answer when one of them matches best", r.Kind, r.Text)
	}
}

// TestFromChat: a question scoped to the conversation is answered from
// its earlier replies, without a search.
func TestFromChat(t *testing.T) {
	ctx := t.Context()
	h := newHarness(t)
	h.Handle(ctx, "What is the maximum oil temperature?")
	h.Handle(ctx, "128 * 64")
	h.asked = nil
	r := h.Handle(ctx, "From our chat, what was the oil temperature?")
	if r.Kind != KindContext || !strings.Contains(r.Text, `you asked "What is the maximum oil temperature?"`) || strings.Contains(r.Text, "8192") {
		t.Errorf("reply %s: %q", r.Kind, r.Text)
	}
	if r := h.Handle(ctx, "in this conversation, what did we say about propellers?"); r.Text != "I don't find that in this conversation." {
		t.Errorf("reply %s: %q", r.Kind, r.Text)
	}
	if len(h.asked) != 0 {
		t.Errorf("searched the documents: %+v", h.asked)
	}
}
