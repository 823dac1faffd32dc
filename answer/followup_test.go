package answer

import (
	"slices"
	"strings"
	"testing"
	"time"

	"docqa/cache"
	"docqa/search"
)

func TestFollowUpUsesSessionCache(t *testing.T) {
	idx := openSample(t)
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	s := cache.New(func() time.Time { return now })
	const budget = 1500
	first, err := Ask(t.Context(), idx, Request{Question: "What is the maximum oil temperature?", MaxContext: budget, Session: s})
	if err != nil {
		t.Fatal(err)
	}
	history := []Turn{{first.Question, first.Answer}}
	follow := func() (*Answer, []string, []search.Step) {
		r := &recorder{Index: idx}
		var steps []search.Step
		a, err := Ask(t.Context(), r, Request{Question: "And what does the service bulletin replace?", MaxContext: budget, Session: s, History: history,
			OnStep: func(st search.Step) { steps = append(steps, st) }})
		if err != nil {
			t.Fatal(err)
		}
		return a, r.subs, steps
	}
	usedCache := func(steps []search.Step) bool {
		return slices.ContainsFunc(steps, func(st search.Step) bool { return st.Label == "Using the previous context" })
	}

	now = now.Add(4 * time.Minute)
	a, subs, steps := follow()
	if !usedCache(steps) {
		t.Errorf("follow-up 4 minutes later did not use the cached context; steps %v", steps)
	}
	if a.ContextChars > budget {
		t.Errorf("follow-up context of %d chars, budget %d", a.ContextChars, budget)
	}
	if !slices.Contains(a.ContextPages, first.ContextPages[0]) {
		t.Errorf("follow-up context pages %v lack the first answer's best page %v", a.ContextPages, first.ContextPages[0])
	}
	if want := "And what does the service bulletin replace? maximum oil temperature"; !slices.Contains(subs, want) {
		t.Errorf("follow-up searched %q, want %q among them", subs, want)
	}

	now = now.Add(cache.TTL) // the entry the follow-up stored is now stale
	_, _, steps = follow()
	if usedCache(steps) {
		t.Errorf("follow-up used a context more than 5 minutes old; steps %v", steps)
	}
}

// TestFollowUpFromKept: a follow-up the retained pages answer well is
// answered from them at once, with no search; one they do not answer
// searches.
func TestFollowUpFromKept(t *testing.T) {
	idx := openSample(t)
	s := cache.New(nil)
	first, err := Ask(t.Context(), idx, Request{Question: "What is the maximum oil temperature?", Session: s})
	if err != nil {
		t.Fatal(err)
	}
	history := []Turn{{first.Question, first.Answer}}
	for _, tt := range []struct {
		q        string
		searched bool
	}{
		{"And what oil pressure is acceptable?", false},
		{"And what does the service bulletin replace?", true},
	} {
		r := &recorder{Index: idx}
		var stages []string
		a, err := Ask(t.Context(), r, Request{Question: tt.q, Session: s, History: history, Trace: func(e Event) { stages = append(stages, e.Stage) }})
		if err != nil {
			t.Fatal(err)
		}
		if searched := len(r.subs) > 0; searched != tt.searched || a.Status != StatusAnswered {
			t.Errorf("%q: searched %v (%v), status %s; want searched %v, answered", tt.q, searched, stages, a.Status, tt.searched)
		}
		if !tt.searched && (!slices.Contains(stages, "cache_answer") || !a.Citations[0].Verified) {
			t.Errorf("%q: stages %v, citations %+v; want cache_answer and a verified quote", tt.q, stages, a.Citations)
		}
	}
}

func TestFollowUpContextMapsPages(t *testing.T) {
	kept := []Source{{Doc: "a.pdf", Page: 2, Text: "Old page two."}}
	fresh := []Source{{Doc: "b.pdf", Page: 7, Text: "New page seven."}, {Doc: "a.pdf", Page: 3, Text: "New page three."}}
	c := FollowUpContext(kept, fresh)
	retained := strings.Index(c.Text, cache.Retained)
	sep := strings.Index(c.Text, cache.NewContext)
	if retained != 0 || sep < 0 {
		t.Fatalf("context %q lacks its markers in order", c.Text)
	}
	for _, s := range append(append([]Source(nil), kept...), fresh...) {
		i := strings.Index(c.Text, s.Text)
		doc, page, ok := c.Locate(i)
		if !ok || doc != s.Doc || page != s.Page {
			t.Errorf("%q located at %s p. %d (%v), want %s p. %d", s.Text, doc, page, ok, s.Doc, s.Page)
		}
		if old := i < sep; old != (s.Text == kept[0].Text) {
			t.Errorf("%q on the wrong side of %s", s.Text, cache.NewContext)
		}
	}
	if got := FollowUpContext(nil, fresh); got.Text != Assemble(fresh).Text {
		t.Errorf("without retained pages the context is %q", got.Text)
	}
}

func TestFitKept(t *testing.T) {
	long := strings.Repeat("A line of retained text.\n", 20) // 500 bytes
	kept := []Source{{Doc: "a.pdf", Page: 1, Text: "page one"}, {Doc: "a.pdf", Page: 2, Text: long}, {Doc: "a.pdf", Page: 3, Text: long}}
	fresh := []Source{{Doc: "a.pdf", Page: 1, Text: "page one again"}}
	got := fitKept(kept, fresh, 800)
	if len(got) != 2 || got[0].Page != 2 || got[1].Page != 3 {
		t.Fatalf("fitKept kept %+v, want pages 2 and 3 (page 1 is new again)", got)
	}
	if n := size(got); n > 800 || !strings.HasSuffix(got[1].Text, "text.") {
		t.Errorf("kept %d bytes, last page ends %q: want at most 800, cut at a line end", n, got[1].Text[len(got[1].Text)-10:])
	}
	if got := fitKept(kept[1:], nil, 150); len(got) != 0 {
		t.Errorf("fitKept with 150 bytes of room kept %+v, want nothing", got)
	}
}

// BenchmarkFollowUpRetained: with a warm session cache, the time until a
// follow-up has its retained context, before any search.
func BenchmarkFollowUpRetained(b *testing.B) {
	s := cache.New(nil)
	var pages []Source
	for p := range 6 {
		pages = append(pages, Source{Doc: "handbook.pdf", Page: p + 1, Text: strings.Repeat("The maximum oil temperature is 110 degrees Celsius.\n", 19)})
	}
	remember(s, "What is the maximum oil temperature?", nil, pages, &Answer{Answer: "110 degrees Celsius."})
	req := Request{Question: "And the pressure?", Session: s, History: []Turn{{"What is the maximum oil temperature?", "110 degrees Celsius."}}}
	b.ReportAllocs()
	for b.Loop() {
		kept := retained(req)
		if len(kept) == 0 {
			b.Fatal("cache cold")
		}
		_ = FollowUpContext(kept, nil)
	}
}
