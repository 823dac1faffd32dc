package sentences

import (
	textterms "docqa/internal/terms"
	"docqa/reader/base"
)

// Focus is the sentence of a source that holds most of a question's
// weighted terms, and the share it holds.
type Focus struct {
	Sentence string
	Coverage float64 // -1 for a source without sentences
}

// Focuses returns, for each source in order, its sentence that covers
// most of the weighted terms of text (a question as the user wrote it),
// read with par: where to cut a window of a long page that will not fit
// whole.
func Focuses(text string, sources []base.Source, par base.Params) []Focus {
	out := make([]Focus, len(sources))
	for i := range out {
		out[i].Coverage = -1
	}
	if len(sources) == 0 {
		return out
	}
	p := NewPool(sources, par)
	w, total := p.Weights(textterms.Of(text), nil)
	for i, s := range p.Sents {
		cov := 0.0
		if total > 0 {
			cov = p.Cover(i, w, total)
		}
		if f := &out[s.Src]; cov > f.Coverage {
			f.Coverage, f.Sentence = cov, SentText(p, i)
		}
	}
	return out
}
