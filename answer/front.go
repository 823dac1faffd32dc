package answer

import (
	"context"
	"slices"

	"docqa/internal/inquiry"
	"docqa/reader"
	"docqa/search"
)

// Some questions ask about the document itself, whose answer stands on a
// page that their words do not find: who wrote it (its byline under the
// title on page 1), what an abbreviation stands for (the page of its
// first use). These stages put that page first, its window on the line
// that answers.

// firstPages applies the readers' finders to ranked ([reader.Finders]):
// each puts first the page of the document asked about that holds the
// line it finds, page 1 or any, its window on that line; par are the
// numbers the finders read with.
func firstPages(ctx context.Context, r Retriever, q *inquiry.Question, par reader.Params, ranked []search.PageHit, f search.Filter) ([]search.PageHit, error) {
	var err error
	for _, fd := range reader.Finders(q, par) {
		if fd.PageOne {
			ranked, err = pageOneFirst(ctx, r, fd.Find, ranked, f)
		} else {
			ranked, err = lineFirst(ctx, r, fd.Find, ranked, f)
		}
		if err != nil {
			return nil, err
		}
	}
	return ranked, nil
}

// pageOneFirst puts page 1 of the document asked about first, its window
// on the lines find finds there, when the page holds them; else ranked
// stands.
func pageOneFirst(ctx context.Context, r Retriever, find func(text string) string, ranked []search.PageHit, f search.Filter) ([]search.PageHit, error) {
	doc, ok := docAsked(ranked, f)
	if !ok || !f.Allows(1) {
		return ranked, nil
	}
	text, ok, err := r.Page(ctx, doc, 1)
	if err != nil || !ok {
		return ranked, err
	}
	if line := find(text); line != "" {
		return pageFirst(ranked, doc, 1, line), nil
	}
	return ranked, nil
}

// lineFirst puts first the page of the document asked about that holds
// the line find finds. When one of the first definedAmong pages holds
// it, that page keeps its rank, its window moved to the line; else the
// document's pages are read in order, as a reader looks for a term's
// first use or a part's heading. ranked is returned unchanged when find
// is nil or no page holds the line.
func lineFirst(ctx context.Context, r Retriever, find func(text string) string, ranked []search.PageHit, f search.Filter) ([]search.PageHit, error) {
	doc, ok := docAsked(ranked, f)
	if find == nil || !ok {
		return ranked, nil
	}
	for i, p := range ranked[:min(len(ranked), definedAmong)] {
		text, ok, err := r.Page(ctx, p.Doc, p.Page)
		if err != nil {
			return nil, err
		}
		if line := find(text); ok && line != "" {
			out := slices.Clone(ranked)
			out[i].Best = search.Hit{Doc: p.Doc, Page: p.Page, Text: line}
			return out, nil
		}
	}
	out := ranked
	err := eachPage(ctx, rangesOf(r), doc, func(n int, text string) bool {
		if line := find(text); line != "" && f.Allows(n) {
			out = pageFirst(ranked, doc, n, line)
			return false
		}
		return true
	})
	return out, err
}

// definedAmong is how many of the best pages may define the abbreviation
// for the ranking to stand: the pages the context holds in full or in
// part (perPageDiv of them fill it).
const definedAmong = perPageDiv

// docAsked is the document a question about the document itself means:
// the one in scope, else the best-ranked; ok is false when there is none.
func docAsked(ranked []search.PageHit, f search.Filter) (doc string, ok bool) {
	switch {
	case len(f.Docs) == 1:
		return f.Docs[0], true
	case len(ranked) > 0:
		return ranked[0].Doc, true
	}
	return "", false
}

// pageFirst puts page n of doc first in ranked, its best passage line.
func pageFirst(ranked []search.PageHit, doc string, n int, line string) []search.PageHit {
	out := []search.PageHit{{Doc: doc, Page: n, Best: search.Hit{Doc: doc, Page: n, Text: line}}}
	for _, p := range ranked {
		if p.Doc != doc || p.Page != n {
			out = append(out, p)
		}
	}
	return out
}
