package search

import (
	"math"
	"testing"
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
