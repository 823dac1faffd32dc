package search

import (
	"cmp"
	"slices"
)

// PageHit is a page ranked by the passages that matched on it.
type PageHit struct {
	Doc   string
	Page  int
	Score float64
	Best  Hit // the page's best passage
}

// rankPages aggregates passage hits into pages: a page scores its best
// passage plus pageDecay (Params.PageDecay) of its second and its square
// of its third, so a page that matches in several places outranks one
// lucky passage. Ties break by document and page, so the order is the
// same every run.
func rankPages(hits []Hit, pageDecay float64) []PageHit {
	type key struct {
		doc  string
		page int
	}
	byPage := map[key][]Hit{}
	var order []key
	for _, h := range hits {
		k := key{h.Doc, h.Page}
		if _, ok := byPage[k]; !ok {
			order = append(order, k)
		}
		byPage[k] = append(byPage[k], h)
	}
	out := make([]PageHit, 0, len(order))
	for _, k := range order {
		hs := byPage[k] // in score order, as Search returns them
		score := 0.0
		weight := 1.0
		for i, h := range hs {
			if i == 3 {
				break
			}
			score += weight * h.Score
			weight *= pageDecay
		}
		out = append(out, PageHit{Doc: k.doc, Page: k.page, Score: score, Best: hs[0]})
	}
	sortPages(out)
	return out
}

// sortPages orders pages by score, best first, then by document and page,
// so the order is the same every run.
func sortPages(out []PageHit) {
	slices.SortFunc(out, func(a, b PageHit) int {
		if c := cmp.Compare(b.Score, a.Score); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Doc, b.Doc); c != 0 {
			return c
		}
		return cmp.Compare(a.Page, b.Page)
	})
}
