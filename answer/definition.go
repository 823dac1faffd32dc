package answer

import (
	"context"
	"slices"

	"docqa/reader"
	"docqa/search"
)

// definitionFirst puts first the page of the best-ranked document (the
// document in scope, when there is one) that spells out the abbreviation
// a question asks the meaning of ("What does DMCA stand for?"): every
// page of a document about the DMCA names it, and the page that defines
// it is seldom among the best. When one of the first definedAmong pages
// defines it, that page's window is centred on the definition; else the
// document's pages are read in order, as a reader
// looks for an abbreviation's first use; ranked is returned unchanged
// when the question asks for no abbreviation or no page defines it.
func definitionFirst(ctx context.Context, r Retriever, q string, ranked []search.PageHit, f search.Filter) ([]search.PageHit, error) {
	ac := reader.AskedAcronym(q)
	if ac == "" || len(ranked) == 0 && len(f.Docs) != 1 {
		return ranked, nil
	}
	doc := ""
	if len(f.Docs) == 1 {
		doc = f.Docs[0]
	} else {
		doc = ranked[0].Doc
	}
	for i, p := range ranked[:min(len(ranked), definedAmong)] {
		text, ok, err := r.Page(ctx, p.Doc, p.Page)
		if err != nil {
			return nil, err
		}
		if line := reader.Defines(text, ac); ok && line != "" {
			// the search found a page that defines it: its window is
			// to hold the definition
			out := slices.Clone(ranked)
			out[i].Best = search.Hit{Doc: p.Doc, Page: p.Page, Text: line}
			return out, nil
		}
	}
	for n := 1; n <= maxDocPages; n++ {
		text, ok, err := r.Page(ctx, doc, n)
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		line := reader.Defines(text, ac)
		if line == "" || !f.Allows(n) {
			continue
		}
		out := []search.PageHit{{Doc: doc, Page: n, Best: search.Hit{Doc: doc, Page: n, Text: line}}}
		for _, p := range ranked {
			if p.Doc != doc || p.Page != n {
				out = append(out, p)
			}
		}
		return out, nil
	}
	return ranked, nil
}

// definedAmong is how many of the best pages may define the abbreviation
// for the ranking to stand: the pages the context holds in full or in
// part (perPageDiv of them fill it).
const definedAmong = perPageDiv
