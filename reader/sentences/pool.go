package sentences

import (
	"slices"
	"sort"
	"strings"
	"unicode"

	"docqa/internal/doc"
	"docqa/internal/lazyre"
	"docqa/internal/segment"
	textterms "docqa/internal/terms"
	"docqa/reader/base"
)

// The pool is what every window reader shares: the sentences of the
// sources, each with its stemmed terms, and their frequencies, which
// weight a question's terms.

// SentText is the text of sentence i of the pool.
func SentText(p *Pool, i int) string {
	c := p.Sents[i]
	return p.Sources[c.Src].Text[c.Span.Start:c.Span.End]
}

// sentence is one sentence of a source and its stemmed terms.
type sentence struct {
	Src     int
	Span    segment.Span
	Terms   termSet
	Running bool // a running head or foot
	Folio   bool // a page number alone on its line at the top or foot of the page
	Leader  bool // a line of a table of contents or an index: "Frequency Table ....... 28", "permission culture, 8, 173"
}

// termSet is a sentence's distinct terms, sorted: a few dozen at most,
// so a binary search beats a map's allocations.
type termSet []string

func (ts termSet) Has(t string) bool {
	_, ok := slices.BinarySearch(ts, t)
	return ok
}

// Pool is the sentences of the sources with their document frequencies,
// which weight the question's terms.
type Pool struct {
	Sources  []base.Source
	Sents    []sentence
	df       map[string]int
	flatText string      // see [Pool.flat]
	Par      base.Params // the numbers the sentences are split and read with
}

// NewPool splits the sources into sentences, read with par.
func NewPool(sources []base.Source, par base.Params) *Pool {
	p := &Pool{Sources: sources, df: map[string]int{}, Par: par}
	var keys []string
	pages := map[string][]int{} // the sources a sentence's words occur in
	for i, s := range sources {
		for _, c := range unrun(s, sentencesOf(s.Text, par), par) {
			c.Src = i
			for _, t := range c.Terms {
				p.df[t]++
			}
			k := c.words()
			if k != "" && !slices.Contains(pages[k], i) {
				pages[k] = append(pages[k], i)
			}
			keys = append(keys, k)
			p.Sents = append(p.Sents, c)
		}
	}
	for i, k := range keys {
		p.Sents[i].Running = p.Sents[i].Running || k != "" && len(pages[k]) >= par.RunningPages
	}
	return p
}

// unrun marks the sentences of s that stand in the running heads and
// feet of its document ([base.Source.Running], [doc.Unrun]) running, a
// sentence that runs on from such a line into the page's text split at
// the line's end. sents is sentencesOf's, never changed.
func unrun(s base.Source, sents []sentence, par base.Params) []sentence {
	if len(s.Running) == 0 {
		return sents
	}
	start, end := doc.Unrun(s.Text, s.Running)
	out := make([]sentence, 0, len(sents)+2)
	for _, c := range sents {
		for _, cut := range []int{start, end} {
			if c.Span.Start < cut && cut < c.Span.End {
				head := spanned(s.Text, segment.Span{Start: c.Span.Start, End: cut}, par)
				head.Running = cut == start
				out = append(out, head)
				c = spanned(s.Text, segment.Span{Start: cut, End: c.Span.End}, par)
			}
		}
		c.Running = c.Running || c.Span.End <= start || c.Span.Start >= end
		out = append(out, c)
	}
	return out
}

// spanned is the sentence of text at sp, its white space trimmed.
func spanned(text string, sp segment.Span, par base.Params) sentence {
	for sp.Start < sp.End && strings.ContainsRune(" \t\r\n", rune(text[sp.Start])) {
		sp.Start++
	}
	for sp.End > sp.Start && strings.ContainsRune(" \t\r\n", rune(text[sp.End-1])) {
		sp.End--
	}
	return sentenceAt(text, sp, false, par)
}

// words is the sentence's terms without numbers, which running heads
// and feet vary (the page number, a date).
func (c sentence) words() string {
	var b strings.Builder
	for _, t := range c.Terms {
		if strings.IndexFunc(t, unicode.IsLetter) < 0 {
			continue
		}
		b.WriteString(t)
		b.WriteByte(' ')
	}
	return b.String()
}

// Weights gives each term (but those in skip) its inverse sentence
// frequency, and returns their sum.
func (p *Pool) Weights(ts []string, skip map[string]float64) (map[string]float64, float64) {
	w := map[string]float64{}
	total := 0.0
	for _, t := range ts {
		if _, ok := w[t]; ok {
			continue
		}
		if _, ok := skip[t]; ok {
			continue
		}
		w[t] = textterms.IDF(len(p.Sents), p.df[t])
		total += w[t]
	}
	return w, total
}

// WeightOf sums the weights w of the distinct terms of text s, in
// sorted order, so that texts holding the same terms weigh the same to
// the last bit.
func WeightOf(w map[string]float64, s string) float64 {
	ts := textterms.Of(s)
	slices.Sort(ts)
	held := 0.0
	for _, t := range slices.Compact(ts) {
		held += w[t]
	}
	return held
}

// Cover is the weighted share of the terms w that sentence i holds, the
// terms only its neighbours on the same page hold counting [base.Params.NearWeight]: a
// table row or a line of an address rarely repeats the words around it.
// It adds in the sentences' term order, never in map order, so that two
// sentences holding the same terms score the same to the last bit and
// the first of them wins on every run.
func (p *Pool) Cover(i int, w map[string]float64, total float64) float64 {
	own := p.Sents[i].Terms
	got := 0.0
	for _, t := range own {
		got += w[t]
	}
	var before, after termSet
	if i > 0 && p.Sents[i-1].Src == p.Sents[i].Src {
		before = p.Sents[i-1].Terms
	}
	if i+1 < len(p.Sents) && p.Sents[i+1].Src == p.Sents[i].Src {
		after = p.Sents[i+1].Terms
	}
	near := 0.0
	for _, t := range before {
		if x, ok := w[t]; ok && !own.Has(t) {
			near += x
		}
	}
	for _, t := range after {
		if x, ok := w[t]; ok && !own.Has(t) && !before.Has(t) {
			near += x
		}
	}
	return (got + p.Par.NearWeight*near) / total
}

// Quoted is the index of the last sentence a quote of sentence i holds:
// the next one on the same page too when sentence i is short (a label
// and its value: "The Limes Residential Home" / "Tel: 01983 873655"), or
// a question that a short one answers (a form's "Has the plan changed
// since last year? No").
func (p *Pool) Quoted(i int) int {
	c := p.Sents[i]
	if i+1 >= len(p.Sents) || p.Sents[i+1].Src != c.Src {
		return i
	}
	if short := func(c sentence) bool { return c.Span.End-c.Span.Start < 40 }; short(c) || short(p.Sents[i+1]) && strings.HasSuffix(SentText(p, i), "?") {
		return i + 1
	}
	if !p.announces(i) {
		return i
	}
	j := i
	text := p.Sources[c.Src].Text
	for j+1 < len(p.Sents) && j-i < p.Par.MaxListed && p.Sents[j+1].Src == c.Src && p.Sents[j+1].Span.End-c.Span.Start <= p.Par.MaxListChars &&
		!strings.Contains(text[p.Sents[j].Span.End:p.Sents[j+1].Span.Start], "\n\n") { // a blank line ends the list
		j++
	}
	return j
}

// ReAnnounce matches the words that announce what follows.
var ReAnnounce = lazyre.New(`(?i)\b(?:the following|as follows)\b|:\s*$`)

// announces reports whether sentence i announces a list that follows it.
func (p *Pool) announces(i int) bool {
	return Announcing(SentText(p, i))
}

// Announcing reports whether text announces what follows ([ReAnnounce]),
// running the pattern only on a text with a colon or "follow" in it.
func Announcing(text string) bool {
	return (strings.IndexByte(text, ':') >= 0 || lazyre.ContainsFold(text, "follow")) && ReAnnounce.MatchString(text)
}

// Adds reports whether the quote of sentence i holds a term that the
// question's weighted terms w do not.
func (p *Pool) Adds(i int, w map[string]float64) bool {
	for j := i; j <= p.Quoted(i); j++ {
		for _, t := range p.Sents[j].Terms {
			if _, ok := w[t]; !ok {
				return true
			}
		}
	}
	return false
}

// Cite quotes sentence i word for word, with the next one on the same
// page when it is short.
func (p *Pool) Cite(i int) base.Quote {
	c := p.Sents[i]
	src := p.Sources[c.Src]
	end := p.Sents[p.Quoted(i)].Span.End
	return base.Quote{Text: OneLine(src.Text[c.Span.Start:end]), Doc: src.Doc, Page: src.Page}
}

// Matched lists the terms of w that sentence i holds, sorted.
func (p *Pool) Matched(i int, w map[string]float64) []string {
	var out []string
	for t := range w {
		if p.Sents[i].Terms.Has(t) {
			out = append(out, t)
		}
	}
	sort.Strings(out)
	return out
}

// OneLine folds a quote's line breaks and runs of spaces into single
// spaces, and drops them between two Chinese or Japanese characters.
func OneLine(s string) string {
	return strings.Join(strings.Fields(textterms.JoinUnspaced(s)), " ")
}

// Asks reports whether the quote of sentence i ends in a question mark:
// the document asks the question ("b. Has the Risk Management Plan been
// significantly changed since last year's submission?"), its answer is
// elsewhere, and a question quoted back is not an answer.
func (p *Pool) Asks(i int) bool {
	return !p.announces(i) && strings.HasSuffix(strings.TrimSpace(SentText(p, p.Quoted(i))), "?")
}
