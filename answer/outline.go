package answer

import (
	"context"
	"slices"

	"docqa/reader"
)

// maxOutlineDocs is how many documents of the context a question about
// sections is read in the outlines of, best first, when it names none.
const maxOutlineDocs = 3

// outlined answers a question about a document's sections (which comes
// after another, the first or last of one, how many) from the outlines
// ingest kept ([reader.TakeOutline]): of the document asked about, else
// of the best context pages' documents. Each entry answered is quoted
// where its title stands on its page; an entry whose page does not hold
// its title is not quoted, and an answer without a quote is none. It
// returns nil for any other question, or when no outline answers.
func (l *loop) outlined(ctx context.Context) (*Answer, error) {
	read, ok := reader.TakeOutline(l.parsed, l.par)
	if !ok || l.structure == nil {
		return nil, nil
	}
	var docs []string
	if l.doc != "" {
		docs = []string{l.doc}
	} else {
		for _, s := range l.with(l.fresh) {
			if !slices.Contains(docs, s.Doc) && len(docs) < maxOutlineDocs {
				docs = append(docs, s.Doc)
			}
		}
	}
	var outlines []reader.Outline
	for _, d := range docs {
		st, ok, err := l.structure(ctx, d, 0, 0)
		if err != nil {
			return nil, err
		}
		if ok && len(st.Outline) > 0 {
			outlines = append(outlines, reader.Outline{Doc: d, Parts: st.Outline})
		}
	}
	r, ok := read(outlines)
	l.trace("readers", map[string]any{"need": "outline", "docs": len(outlines), "answered": ok})
	if !ok {
		return nil, nil
	}
	// quote each title as its page writes it
	var srcs []Source
	quotes := r.Quotes[:0]
	for _, q := range r.Quotes {
		if !l.scope.Allows(q.Page) && l.doc != "" {
			continue
		}
		text, ok, err := l.page(ctx, q.Doc, q.Page)
		if err != nil {
			return nil, err
		}
		at, found := reader.Locate(text, q.Text)
		if !ok || !found {
			continue
		}
		q.Text = at
		quotes = append(quotes, q)
		if !slices.ContainsFunc(srcs, func(s Source) bool { return s.Doc == q.Doc && s.Page == q.Page }) {
			srcs = append(srcs, Source{Doc: q.Doc, Page: q.Page, Text: text})
		}
	}
	if len(quotes) == 0 {
		return nil, nil
	}
	r.Quotes, r.Reader = quotes, "outline"
	a := fromReading(l.question, r, nil, srcs)
	a.readFrom(merge(l.with(l.fresh), srcs))
	l.trace("outline", map[string]any{"quotes": len(a.Citations)})
	return a, nil
}
