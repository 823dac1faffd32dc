package answer

import (
	"context"
	"slices"

	"docqa/reader"
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
// of pages that hold as many of the rows f needs ([reader.Figure.RowsHeld]).
func tableFirst(ctx context.Context, r Retriever, ranked []search.PageHit, f *reader.Figure) ([]search.PageHit, error) {
	if !f.Ranks() {
		return ranked, nil
	}
	n := min(len(ranked), tableScan)
	held := make([]int, n)
	for i, ph := range ranked[:n] {
		text, ok, err := r.Page(ctx, ph.Doc, ph.Page)
		if err != nil {
			return nil, err
		}
		if ok {
			held[i] = f.RowsHeld(Source{Doc: ph.Doc, Page: ph.Page, Text: text})
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
