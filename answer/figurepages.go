package answer

import (
	"context"
	"slices"

	"docqa/internal/metrics"
	"docqa/search"
)

// A figure question is answered from the statement that holds its rows,
// which its words often match less well than a page of prose that
// discusses the same figures (an auditor's letter names every statement;
// a note repeats "income taxes" more often than the income statement
// does). Among the best pages of a search, [tableFirst] puts first those
// whose tables hold the most of the rows the question needs, in the
// years it asks about: the context then holds them, and the table reader
// reads them.

// tableScan is how many of the best pages tableFirst reads.
const tableScan = 20

// tableFirst reorders the first tableScan of ranked, keeping the order
// of pages that hold as many of the rows fq needs.
func tableFirst(ctx context.Context, r Retriever, ranked []search.PageHit, fq figureQuestion, ms []metrics.Metric) ([]search.PageHit, error) {
	need := fq.items
	if fq.metric != nil {
		need = nil
		for _, it := range fq.metric.Items {
			need = append(need, search.SynonymsOf(it))
		}
	}
	if len(need) == 0 || len(fq.years) == 0 {
		return ranked, nil
	}
	n := min(len(ranked), tableScan)
	held := make([]int, n)
	for i, ph := range ranked[:n] {
		text, ok, err := r.Page(ctx, ph.Doc, ph.Page)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		fr := newFigureReader([]Source{{Doc: ph.Doc, Page: ph.Page, Text: text}}, ms)
		for _, names := range need {
			if slices.ContainsFunc(fq.years, func(y string) bool { _, err := fr.find(names, nil, y); return err == nil }) {
				held[i]++
			}
		}
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return held[b] - held[a] })
	out := make([]search.PageHit, 0, len(ranked))
	for _, i := range order {
		out = append(out, ranked[i])
	}
	return append(out, ranked[n:]...), nil
}
