package sentences

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"docqa/internal/lazyre"
	"docqa/internal/segment"
	"docqa/reader/base"
)

// A sentence may run over a page turn: the last words of page 12 end
// "... the maximum oil temperature is" and page 13 begins "110 degrees
// Celsius in all phases of flight." When the quoted sentence is the last
// of its page and stops without a sentence's end, and the next page of
// its document is among the sources, [Pool.Turn] returns the start of
// that page up to its first sentence's end: a second quote, cited on its
// own page. The other way round, when the quoted sentence opens its page
// in the middle of a sentence, [Pool.TurnBack] returns the end of the
// page before.

// Turn returns the sentence that continues sentence i on the next page,
// or -1.
func (p *Pool) Turn(i int) int {
	c := p.Sents[i]
	src := p.Sources[c.Src]
	for k := i + 1; k < len(p.Sents) && p.Sents[k].Src == c.Src; k++ {
		if !p.Sents[k].Folio {
			return -1 // not the last sentence of its page
		}
	}
	if !folioOnly(src.Text[c.Span.End:], p.Par) || Ended(src.Text[c.Span.Start:c.Span.End]) {
		return -1
	}
	for j, s := range p.Sents {
		next := p.Sources[s.Src]
		if next.Doc != src.Doc || next.Page != src.Page+1 || s.Running || s.Folio {
			continue
		}
		if first, _ := utf8.DecodeRuneInString(strings.TrimSpace(SentText(p, j))); unicode.IsLetter(first) && !unicode.IsLower(first) {
			return -1 // the next page starts a sentence of its own (or in a script without case, may)
		}
		return j
	}
	return -1
}

// Ended reports whether a sentence's text ends as a sentence does: a
// full stop, question or exclamation mark (or their CJK forms), or a
// closing quote or bracket after one.
func Ended(s string) bool {
	s = strings.TrimRight(strings.TrimSpace(s), `"'”’)]」』`)
	r, _ := utf8.DecodeLastRuneInString(s)
	return strings.ContainsRune(".?!。？！", r)
}

// TurnBack returns the sentence of the page before whose end sentence i
// continues, or -1: i opens its page, and not with a capital.
func (p *Pool) TurnBack(i int) int {
	c := p.Sents[i]
	if !p.opens(i) {
		return -1
	}
	src := p.Sources[c.Src]
	if !folioOnly(src.Text[:c.Span.Start], p.Par) {
		return -1
	}
	if first, _ := utf8.DecodeRuneInString(strings.TrimSpace(SentText(p, i))); unicode.IsUpper(first) {
		return -1
	}
	for j := range p.Sents {
		if p.Turn(j) == i {
			return j
		}
	}
	return -1
}

// opens reports whether sentence i is the first of its source, page
// numbers aside.
func (p *Pool) opens(i int) bool {
	for k := i - 1; k >= 0 && p.Sents[k].Src == p.Sents[i].Src; k-- {
		if !p.Sents[k].Folio {
			return false
		}
	}
	return true
}

// A page's text may open or close with its number alone on a line (a
// folio), which the sentence splitter joins to the prose it runs into:
// "10\nintroduces an innovative method ..." is the end of a sentence
// begun on page 9, not a sentence that starts with 10.

// folio reports whether s is a page number alone.
func folio(s string, par base.Params) bool {
	s = strings.TrimSpace(s)
	return s != "" && len(s) <= par.MaxFolio && strings.Trim(s, "0123456789") == ""
}

// folioOnly reports whether s is empty or a page number alone.
func folioOnly(s string, par base.Params) bool {
	return strings.TrimSpace(s) == "" || folio(s, par)
}

// splitFolios splits a folio line off the first sentence of a page's
// text and off its last: its own span, which [folio] marks.
func splitFolios(text string, spans []segment.Span, par base.Params) []segment.Span {
	if len(spans) == 0 {
		return spans
	}
	out := slices.Clone(spans)
	first := out[0]
	if nl := strings.IndexByte(text[first.Start:first.End], '\n'); nl > 0 && folio(text[first.Start:first.Start+nl], par) {
		head := segment.Span{Start: first.Start, End: first.Start + len(strings.TrimRight(text[first.Start:first.Start+nl], " \t\r"))}
		rest := segment.Span{Start: first.Start + nl + 1, End: first.End}
		for rest.Start < rest.End && strings.ContainsRune(" \t\r\n", rune(text[rest.Start])) {
			rest.Start++
		}
		out = append([]segment.Span{head, rest}, out[1:]...)
	}
	last := out[len(out)-1]
	if nl := strings.LastIndexByte(text[last.Start:last.End], '\n'); nl > 0 && folio(text[last.Start+nl+1:last.End], par) {
		body := segment.Span{Start: last.Start, End: last.Start + len(strings.TrimRight(text[last.Start:last.Start+nl], " \t\r\n"))}
		tail := segment.Span{Start: last.Start + nl + 1, End: last.End}
		for tail.Start < tail.End && strings.ContainsRune(" \t\r", rune(text[tail.Start])) {
			tail.Start++
		}
		if body.End > body.Start {
			out = append(out[:len(out)-1], body, tail)
		}
	}
	return out
}

// Fragment reports whether sentence i is the tail of a sentence whose
// start the sources lack: it opens its source (a page, or the window of
// one the context holds) with a small letter, and the page before does
// not end with its start ([Pool.TurnBack]). Quoted, it would drop its
// subject: "introduces an innovative method for integrating knowledge
// into white-box models" for "Which method integrates knowledge ...?".
func (p *Pool) Fragment(i int) bool {
	if !p.opens(i) {
		return false
	}
	text := strings.TrimSpace(SentText(p, i))
	first, _ := utf8.DecodeRuneInString(text)
	return unicode.IsLower(first) && !reItemMarker.MatchString(text) && p.TurnBack(i) < 0
}

// reItemMarker is a list item's letter or numeral, "c." or "(ii)", which
// opens an item in small letters.
var reItemMarker = lazyre.New(`^\(?(?:[a-z]|[ivx]{1,4})[.)]\s`)
