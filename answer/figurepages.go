package answer

import (
	"context"
	"runtime"
	"slices"

	"golang.org/x/sync/errgroup"

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

// statementPages returns the pages of the document asked about that are
// headed by a primary statement's title and are not among the first n
// of ranked, in page order, with their text: a search ranks a
// statement, a grid of figures under a title, below the prose that
// discusses it, often past the pages tableFirst reads, and the statement
// holds the company's figure where a segment's table holds a part of it.
func statementPages(ctx context.Context, r Retriever, ranked []search.PageHit, n int, par reader.Params, scope search.Filter) ([]Source, error) {
	doc, ok := docAsked(ranked, scope)
	if !ok {
		return nil, nil
	}
	var out []Source
	err := eachPage(ctx, rangesOf(r), doc, func(p int, text string) bool {
		if scope.Allows(p) && reader.StatementHeaded(text, par) && !slices.ContainsFunc(ranked[:n], func(h search.PageHit) bool { return h.Doc == doc && h.Page == p }) {
			out = append(out, Source{Doc: doc, Page: p, Text: text})
		}
		return true
	})
	return out, err
}

// tableFirst reorders the first tableScan of ranked: first the pages
// that together hold the rows f needs ([reader.Figure.RowsHeld]), each
// the best-ranked of those that hold the most rows not yet held (the
// income statement's net income, then the cash flow statement's
// dividends, not a second page of net income); then the others, those
// that hold more rows first, in their order. par are the numbers the
// pages are read with.
func tableFirst(ctx context.Context, r Retriever, ranked []search.PageHit, f *reader.Figure, par reader.Params, scope search.Filter) ([]search.PageHit, error) {
	if !f.Ranks() {
		return ranked, nil
	}
	n := min(len(ranked), tableScan)
	statements, err := statementPages(ctx, r, ranked, n, par, scope)
	if err != nil {
		return nil, err
	}
	pages := make([]Source, 0, n+len(statements)) // the pages read, in the order ranked
	for _, ph := range ranked[:n] {
		text, ok, err := r.Page(ctx, ph.Doc, ph.Page)
		if err != nil {
			return nil, err
		}
		if !ok {
			text = "" // holds nothing
		}
		pages = append(pages, Source{Doc: ph.Doc, Page: ph.Page, Text: text})
	}
	pages = append(pages, statements...)
	head := slices.Clone(ranked[:n])
	for _, s := range statements {
		head = append(head, search.PageHit{Doc: s.Doc, Page: s.Page})
	}
	ranked = append(head, ranked[n:]...)
	scanned := n
	n = len(pages)
	held := make([][]bool, n)
	primary := make([]bool, n)
	// each page is read on its own: a core each (a tenth of a figure
	// question's time, issue 40's profile)
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, p := range pages {
		if p.Text != "" {
			g.Go(func() error {
				held[i] = f.RowsHeld(p)
				primary[i] = reader.StatementHeaded(p.Text, par)
				return nil
			})
		}
	}
	g.Wait()
	count := func(i int, skip []bool) int {
		c := 0
		for k, h := range held[i] {
			if h && (skip == nil || !skip[k]) {
				c++
			}
		}
		return c
	}
	var order []int
	chosen := make([]bool, n)
	var covered []bool
	for {
		best, gain := -1, 0
		for i := range n {
			if g := count(i, covered); !chosen[i] && (g > gain || g == gain && g > 0 && primary[i] && !primary[best]) {
				best, gain = i, g
			}
		}
		if best < 0 {
			break
		}
		chosen[best] = true
		order = append(order, best)
		if covered == nil {
			covered = make([]bool, len(held[best]))
		}
		for k, h := range held[best] {
			covered[k] = covered[k] || h
		}
	}
	var rest []int
	for i := range n {
		if !chosen[i] && (i < scanned || count(i, nil) > 0) { // a statement added that holds none of the rows is not
			rest = append(rest, i)
		}
	}
	slices.SortStableFunc(rest, func(a, b int) int {
		if d := count(b, nil) - count(a, nil); d != 0 {
			return d
		}
		if primary[a] != primary[b] && count(a, nil) > 0 {
			if primary[a] {
				return -1
			}
			return 1
		}
		return 0
	})
	out := make([]search.PageHit, 0, len(ranked))
	for _, i := range append(order, rest...) {
		out = append(out, ranked[i])
	}
	return append(out, ranked[n:]...), nil
}
