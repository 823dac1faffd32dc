package reader

import (
	"slices"
	"strings"
	"sync"

	"docqa/internal/segment"
	textterms "docqa/internal/terms"
)

// sentencesOf splits text into sentences with their terms. The last
// pages split are remembered: a follow-up, a retry and the engine loop
// score the same pages again.
func sentencesOf(text string) []sentence {
	memo.Lock()
	got, ok := memo.m[text]
	memo.Unlock()
	if ok {
		return got
	}
	var out []sentence
	index := indexPage(text) // a book's index: every line an entry's
	for _, sp := range splitFolios(text, segment.Sentences(text)) {
		out = append(out, sentenceAt(text, sp, index))
	}
	memo.Lock()
	defer memo.Unlock()
	if memo.m == nil {
		memo.m = map[string][]sentence{}
	}
	if _, ok := memo.m[text]; !ok {
		if len(memo.order) == params.MemoPages {
			delete(memo.m, memo.order[0])
			memo.order = memo.order[1:]
		}
		memo.m[text] = out
		memo.order = append(memo.order, text)
	}
	return out
}

// sentenceAt is the sentence of text at sp with its terms; index says
// the page is a book's index, every line of which is a leader's.
func sentenceAt(text string, sp segment.Span, index bool) sentence {
	ts := textterms.Of(text[sp.Start:sp.End])
	slices.Sort(ts)
	return sentence{span: sp, terms: slices.Compact(ts), leader: index || leader(text[sp.Start:sp.End]), folio: folio(text[sp.Start:sp.End])}
}

// leader reports whether s holds a leader, the run of dots that joins an
// entry of a table of contents or an index to its page number: such a
// line points to the answer, it never holds it. A leader is four dots,
// four spaced apart, two ellipses or four middle dots
// (`\.{4,}|(?:\. ){3,}\.|…{2,}|·{4,}`, read here without the pattern;
// FuzzSentencePatterns holds the pattern).
func leader(s string) bool {
	return strings.Contains(s, "....") || strings.Contains(s, ". . . .") || strings.Contains(s, "……") || strings.Contains(s, "····")
}

// ForgetPages empties the memo of split pages, so that a benchmark can
// time a question as a fresh process would answer it.
func ForgetPages() {
	memo.Lock()
	memo.m, memo.order = nil, nil
	memo.Unlock()
}

var memo struct {
	sync.Mutex
	m     map[string][]sentence
	order []string
}
