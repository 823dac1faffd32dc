package document

import (
	"docqa/internal/doc"
	"docqa/internal/inquiry"
	"docqa/reader/base"
	"slices"
)

// ask parses text as a question with no options and the standard
// metrics.
func ask(text string) *inquiry.Question { return inquiry.Parse(text, nil, nil) }

// structured gives pages the structure ingest reads of them
// ([doc.Read]), as if each document were its pages here, in page order:
// the readers of units read it, never the text.
func structured(pages []base.Source) []base.Source {
	out := slices.Clone(pages)
	byDoc := map[string][]int{}
	for i, s := range out {
		byDoc[s.Doc] = append(byDoc[s.Doc], i)
	}
	for _, idx := range byDoc {
		slices.SortFunc(idx, func(a, b int) int { return out[a].Page - out[b].Page })
		var texts []string
		for _, i := range idx {
			texts = append(texts, out[i].Text)
		}
		st := doc.Read(texts, nil, nil)
		real := func(k int) int { return out[idx[k-1]].Page } // the k-th page read is real(k)
		for i := range st.Lists {
			l := &st.Lists[i]
			if l.Intro != nil {
				in := *l.Intro
				in.Page = real(in.Page)
				l.Intro = &in
			}
			for j := range l.Items {
				l.Items[j].Page = real(l.Items[j].Page)
			}
		}
		for k, i := range idx {
			p := st.Of(k + 1)
			p.Number, p.Lists = out[i].Page, nil
			for _, l := range st.Lists {
				if slices.ContainsFunc(l.Items, func(sp doc.Span) bool { return sp.Page == out[i].Page }) {
					p.Lists = append(p.Lists, l)
				}
			}
			out[i].Structure = p
		}
	}
	return out
}
