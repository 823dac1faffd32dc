package search

import (
	"slices"
	"testing"
)

// Relevance feedback finds a page that holds none of the question's
// words, through the words of the pages that hold them.
func TestRM3FindsReworded(t *testing.T) {
	x := openTest(t)
	put(t, x, "report.pdf",
		"Capital expenditure rose in 2018. Capital expenditure means purchases of property, plant and equipment.",
		"Purchases of property, plant and equipment (1,577) (1,373) (1,420)",
		"The board met four times. Dividends were paid every quarter.",
		"Revenue grew in every segment and region.")
	q := "What was the capital expenditure?"
	plain, err := x.Search(t.Context(), q, 10, Filter{Docs: []string{"report.pdf"}})
	if err != nil {
		t.Fatal(err)
	}
	if slices.ContainsFunc(plain, func(h Hit) bool { return h.Page == 2 }) {
		t.Fatalf("the question alone finds page 2: the corpus does not test feedback: %v", refs(plain))
	}
	eq, ok := x.expand(q, plain)
	if !ok || eq.weights["purchas"] == 0 || eq.original != q {
		t.Fatalf("expand(%q) = %+v, %v; want the question with the feedback term purchas", q, eq, ok)
	}
	sum := 0.0
	for _, w := range eq.weights {
		sum += w
	}
	if sum < 0.999 || sum > 1.001 {
		t.Errorf("weights sum to %v, want 1 (the question's half and the feedback's)", sum)
	}
	ranked, err := x.MultiSearch(t.Context(), []string{q}, MultiOptions{Filter: Filter{Docs: []string{"report.pdf"}}})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(ranked, func(p PageHit) bool { return p.Page == 2 }) {
		t.Errorf("multi-stage search with feedback misses page 2: %v", ranked)
	}
	// off by parameters
	x.params.FeedbackDocs = 0
	if _, ok := x.expand(q, plain); ok {
		t.Error("expand with feedback_docs 0 expanded")
	}
}

func TestFeedbackTerm(t *testing.T) {
	for term, want := range map[string]bool{"purchas": true, "fy2018": true, "2018": false, "1577": false, "a": false, "x1": true, "é": false} {
		if got := feedbackTerm(term); got != want {
			t.Errorf("feedbackTerm(%q) = %v, want %v", term, got, want)
		}
	}
}
