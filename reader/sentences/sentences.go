package sentences

import (
	"slices"
	"strings"
	"sync"

	"docqa/internal/segment"
	textterms "docqa/internal/terms"
	"docqa/reader/base"
)

// sentencesOf splits text into sentences with their terms, read with
// par. The last pages split are remembered: a follow-up, a retry and
// the engine loop score the same pages again.
func sentencesOf(text string, par base.Params) []sentence {
	key := memoKey{text: text, par: par}
	memo.Lock()
	got, ok := memo.m[key]
	memo.Unlock()
	if ok {
		return got
	}
	var out []sentence
	index := IndexPage(text, par) // a book's index: every line an entry's
	for _, sp := range splitFolios(text, segment.Sentences(text), par) {
		out = append(out, sentenceAt(text, sp, index, par))
	}
	memo.Lock()
	defer memo.Unlock()
	if memo.m == nil {
		memo.m = map[memoKey][]sentence{}
	}
	if _, ok := memo.m[key]; !ok {
		for len(memo.order) > 0 && len(memo.order) >= par.MemoPages {
			delete(memo.m, memo.order[0])
			memo.order = memo.order[1:]
		}
		memo.m[key] = out
		memo.order = append(memo.order, key)
	}
	return out
}

// sentenceAt is the sentence of text at sp with its terms; index says
// the page is a book's index, every line of which is a leader's.
func sentenceAt(text string, sp segment.Span, index bool, par base.Params) sentence {
	ts := textterms.Of(text[sp.Start:sp.End])
	slices.Sort(ts)
	return sentence{Span: sp, Terms: slices.Compact(ts), Leader: index || Leader(text[sp.Start:sp.End]), Folio: folio(text[sp.Start:sp.End], par)}
}

// Leader reports whether s holds a leader, the run of dots that joins an
// entry of a table of contents or an index to its page number: such a
// line points to the answer, it never holds it. A leader is four dots,
// four spaced apart, two ellipses or four middle dots
// (`\.{4,}|(?:\. ){3,}\.|…{2,}|·{4,}`, read here without the pattern;
// FuzzSentencePatterns holds the pattern).
func Leader(s string) bool {
	return strings.Contains(s, "....") || strings.Contains(s, ". . . .") || strings.Contains(s, "……") || strings.Contains(s, "····")
}

// ForgetPages empties the memo of split pages, so that a benchmark can
// time a question as a fresh process would answer it.
func ForgetPages() {
	memo.Lock()
	memo.m, memo.order = nil, nil
	memo.Unlock()
}

// memo is the pages split last, by their text and the numbers they were
// split with: the sentences of a page depend on both.
var memo struct {
	sync.Mutex
	m     map[memoKey][]sentence
	order []memoKey
}

// memoKey is a page split: its text and the numbers it was split with.
type memoKey struct {
	text string
	par  base.Params
}
