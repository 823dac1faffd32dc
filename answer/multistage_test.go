package answer

import (
	"context"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"docqa/internal/testindex"
	"docqa/search"
)

// sampleIndex builds a real on-disk (scorch, BM25) index over the
// generated sample PDFs, once for the package's tests.
var sampleIndex = sync.OnceValues(func() (*search.Index, error) {
	return buildIndex([]string{filepath.Join("..", "testdata", "pdfs")}, testindex.Glyphs)
})

func openSample(t *testing.T) *search.Index {
	t.Helper()
	idx, err := sampleIndex()
	if err != nil {
		t.Fatal(err)
	}
	return idx
}

// recorder is a Retriever that remembers the sub-questions it was given.
type recorder struct {
	*search.Index
	mu   sync.Mutex
	subs []string
}

func (r *recorder) MultiSearch(ctx context.Context, subs []string, opt search.MultiOptions) ([]search.PageHit, error) {
	r.mu.Lock()
	r.subs = append(r.subs, subs...)
	r.mu.Unlock()
	return r.Index.MultiSearch(ctx, subs, opt)
}

func TestOptionsBecomeSubQuestions(t *testing.T) {
	r := &recorder{Index: openSample(t)}
	a, err := Ask(t.Context(), r, Request{Question: "Which oil is approved?", Options: []string{"MIL-PRF-23699", "SAE 30"}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Which oil is approved?", "Which oil is approved? MIL-PRF-23699", "Which oil is approved? SAE 30"}
	if !slices.Equal(r.subs, want) || !slices.Equal(a.SubQuestions, want) {
		t.Errorf("sub-questions searched %q, reported %q, want %q", r.subs, a.SubQuestions, want)
	}
	// Plain mode searches the question alone.
	r.subs = nil
	if _, err := Ask(t.Context(), r, Request{Question: "Which oil is approved?", Options: []string{"SAE 30"}, Mode: ModePlain}); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(r.subs, []string{"Which oil is approved?"}) {
		t.Errorf("plain mode searched %q", r.subs)
	}
}

func TestScopeBudgetAndExpansion(t *testing.T) {
	idx := openSample(t)
	tests := []struct {
		name   string
		req    Request
		check  func(t *testing.T, a *Answer)
		budget int
	}{
		{
			name: "page filter honoured, expansion stays inside it",
			req:  Request{Question: "oil temperature pressure limits", Filter: search.Filter{Pages: []search.PageRange{{From: 4, To: 6}}}},
			check: func(t *testing.T, a *Answer) {
				for _, p := range a.ContextPages {
					if p.Page < 4 || p.Page > 6 {
						t.Errorf("context page %d outside 4-6", p.Page)
					}
				}
			},
		},
		{
			name: "doc scope honoured",
			req:  Request{Question: "oil temperature chip detector part number", Filter: search.Filter{Docs: []string{"ae300-service-bulletin.pdf"}}},
			check: func(t *testing.T, a *Answer) {
				if len(a.ContextPages) == 0 {
					t.Fatal("no context pages")
				}
				for _, p := range a.ContextPages {
					if p.Doc != "ae300-service-bulletin.pdf" {
						t.Errorf("context page from %s", p.Doc)
					}
				}
			},
		},
		{
			name: "expansion at the first page adds no page 0",
			req:  Request{Question: "Aurora AE-300 Turboprop Engine Handbook revision 4 issued March 2024", Filter: search.Filter{Docs: []string{"ae300-handbook.pdf"}}, MaxContext: 20000, Expand: 1},
			check: func(t *testing.T, a *Answer) {
				pages := map[int]bool{}
				for _, p := range a.ContextPages {
					if p.Page < 1 || p.Page > 12 {
						t.Errorf("context page %d does not exist", p.Page)
					}
					pages[p.Page] = true
				}
				if pages[1] && !pages[2] {
					t.Errorf("page 1 read without its neighbour page 2: %v", a.ContextPages)
				}
			},
		},
		{
			name: "expansion at the last page",
			req:  Request{Question: "service bulletin return the removed detectors prepaid box", Filter: search.Filter{Docs: []string{"ae300-service-bulletin.pdf"}}, MaxContext: 20000, Expand: 1},
			check: func(t *testing.T, a *Answer) {
				for _, p := range a.ContextPages {
					if p.Page < 1 || p.Page > 2 {
						t.Errorf("context page %d does not exist", p.Page)
					}
				}
				if len(a.ContextPages) != 2 {
					t.Errorf("context pages %v, want both pages of the bulletin", a.ContextPages)
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := Ask(t.Context(), idx, tt.req)
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, a)
		})
	}
	// The budget is never exceeded, whatever it is.
	for _, budget := range []int{300, 1000, 2500, 6000, 9000} {
		sources, err := contextPages(t.Context(), idx, mustRank(t, idx, "oil temperature limits pressure overhaul"), budget, 1, search.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, s := range sources {
			n += len(s.Text)
		}
		if n > budget {
			t.Errorf("budget %d: context of %d chars", budget, n)
		}
	}
}

func mustRank(t *testing.T, idx *search.Index, q string) []search.PageHit {
	t.Helper()
	p, err := idx.MultiSearch(t.Context(), []string{q}, search.MultiOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestPageReferencesComeFirst(t *testing.T) {
	idx := openSample(t)
	f := search.Filter{Docs: []string{"ae300-handbook.pdf"}}
	a, err := Ask(t.Context(), idx, Request{Question: "What does the fifth page say about the oil?", Filter: f})
	if err != nil {
		t.Fatal(err)
	}
	// The named page and the one after it (numbering shifted by a cover)
	// come first, in the ranking's order.
	if len(a.ContextPages) < 2 {
		t.Fatalf("context pages %v, want pages 5 and 6 first", a.ContextPages)
	}
	first := []int{a.ContextPages[0].Page, a.ContextPages[1].Page}
	slices.Sort(first)
	if !slices.Equal(first, []int{5, 6}) {
		t.Errorf("context pages %v, want pages 5 and 6 first", a.ContextPages)
	}
}
