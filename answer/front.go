package answer

import (
	"context"

	"docqa/reader"
	"docqa/search"
)

// bylineFirst puts first page 1 of the best-ranked document (the one in
// scope, when there is one) for a question that asks who wrote it: the
// byline stands under the title there, and the question's words
// ("authors", "paper") find any page that speaks of authors.
func bylineFirst(ctx context.Context, r Retriever, q string, ranked []search.PageHit, f search.Filter) ([]search.PageHit, error) {
	if !reader.AsksAuthors(q) || len(ranked) == 0 && len(f.Docs) != 1 || !f.Allows(1) {
		return ranked, nil
	}
	doc := ""
	if len(f.Docs) == 1 {
		doc = f.Docs[0]
	} else {
		doc = ranked[0].Doc
	}
	text, ok, err := r.Page(ctx, doc, 1)
	if err != nil || !ok {
		return ranked, err
	}
	line := reader.Byline(text)
	if line == "" {
		return ranked, nil
	}
	out := []search.PageHit{{Doc: doc, Page: 1, Best: search.Hit{Doc: doc, Page: 1, Text: line}}}
	for _, p := range ranked {
		if p.Doc != doc || p.Page != 1 {
			out = append(out, p)
		}
	}
	return out, nil
}
