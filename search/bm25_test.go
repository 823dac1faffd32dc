package search

import (
	"math"
	"testing"

	bsearch "github.com/blevesearch/bleve/v2/search"
)

// TestBM25NoCoord checks that a passage's score is the sum of its terms'
// BM25 scores: a word of the question that the passage lacks adds
// nothing and takes nothing away. bleve's coord would halve the score of
// the first page for the two-word question.
func TestBM25NoCoord(t *testing.T) {
	x := openTest(t)
	put(t, x, "a.pdf",
		"Historically, the airline industry has been cyclical and very competitive.",
		"The turbine business is subject to regulation.",
		"The turbine business grew in every region.",
		"Turbine orders rose and turbine deliveries fell.")
	score := func(q string) map[int]float64 {
		hits, err := x.Search(t.Context(), q, 10, Filter{})
		if err != nil {
			t.Fatal(err)
		}
		out := map[int]float64{}
		for _, h := range hits {
			out[h.Page] = h.Score
		}
		return out
	}
	one, two := score("cyclicality"), score("turbine cyclicality")
	if one[1] == 0 || math.Abs(one[1]-two[1]) > 1e-9 {
		t.Errorf("page 1 scores %v for one word and %v for two; want equal and above 0", one[1], two[1])
	}
	if two[1] <= two[3] {
		t.Errorf("page 1 (the rare word) scores %v, page 3 (the common one) %v; want page 1 first", two[1], two[3])
	}
}

// TestBM25FromPostings checks the scores read from the index's postings
// against BM25 worked out from the analysed text of each passage and its
// page's head: the same frequencies and lengths, so the same scores.
func TestBM25FromPostings(t *testing.T) {
	x := openTest(t)
	pages := []string{
		"Cash Flow Statement\nPurchases of property, plant and equipment rose to 1,577 in 2018 as property grew.",
		"Income Statement\nNet sales were 7,000 and cost of sales 4,000 in 2018.",
		"The airline industry is cyclical. Property and equipment are leased, not owned, by the airline.",
		"Notes\nProperty, plant and equipment are stated at cost less depreciation of plant and equipment over time.",
	}
	put(t, x, "a.pdf", pages...)
	const question = "property plant equipment 2018 airline"
	hits, err := x.Search(t.Context(), question, 10, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) != len(pages) {
		t.Fatalf("%d hits, want %d", len(hits), len(pages))
	}
	// the BM25 scores alone, before the re-scoring by word pairs
	if err := bleveOf(x).bm25(t.Context(), searchQuery{text: question}, hits); err != nil {
		t.Fatal(err)
	}
	a := bleveOf(x).bleve.Mapping().AnalyzerNamed(analyzerName)
	st := bleveOf(x).bm25Stats()
	n := float64(len(pages))
	texts, heads := make([]termCounts, len(pages)), make([]termCounts, len(pages))
	for i, p := range pages {
		texts[i], heads[i] = x.counts(a, p), x.counts(a, pageHead(p))
	}
	idf := func(cs []termCounts, term string) float64 {
		df := 0.0
		for _, c := range cs {
			if c.tf[term] > 0 {
				df++
			}
		}
		return math.Log(1 + (n-df+0.5)/(df+0.5))
	}
	part := func(c termCounts, term string, avg float64) float64 {
		f := float64(c.tf[term])
		return f * (bsearch.BM25_k1 + 1) / (f + bsearch.BM25_k1*(1-bsearch.BM25_b+bsearch.BM25_b*float64(c.n)/avg))
	}
	avgText, avgHead := float64(st.FieldCardinality["text"])/n, float64(st.FieldCardinality["head"])/n
	for _, h := range hits {
		i := h.Page - 1
		want := 0.0
		for _, tok := range a.Analyze([]byte(question)) {
			term := string(tok.Term)
			want += idf(texts, term) * part(texts[i], term, avgText)
			if heads[i].n > 0 {
				want += x.params.HeadBoost * idf(heads, term) * part(heads[i], term, avgHead)
			}
		}
		if math.Abs(h.Score-want) > 1e-9 {
			t.Errorf("page %d scores %v, want %v", h.Page, h.Score, want)
		}
	}
}
