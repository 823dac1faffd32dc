package reader

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// A sentence may run over a page turn: the last words of page 12 end
// "... the maximum oil temperature is" and page 13 begins "110 degrees
// Celsius in all phases of flight." When the quoted sentence is the last
// of its page and stops without a sentence's end, and the next page of
// its document is among the sources, [pool.turn] returns the start of
// that page up to its first sentence's end: a second quote, cited on its
// own page. The other way round, when the quoted sentence opens its page
// in the middle of a sentence, [pool.turnBack] returns the end of the
// page before.

// turn returns the sentence that continues sentence i on the next page,
// or -1.
func (p *pool) turn(i int) int {
	c := p.sents[i]
	src := p.sources[c.src]
	if i+1 < len(p.sents) && p.sents[i+1].src == c.src {
		return -1 // not the last sentence of its page
	}
	if strings.TrimSpace(src.Text[c.span.End:]) != "" || ended(src.Text[c.span.Start:c.span.End]) {
		return -1
	}
	for j, s := range p.sents {
		next := p.sources[s.src]
		if next.Doc != src.Doc || next.Page != src.Page+1 || s.running {
			continue
		}
		if first, _ := utf8.DecodeRuneInString(strings.TrimSpace(sentText(p, j))); unicode.IsUpper(first) {
			return -1 // the next page starts a sentence of its own
		}
		return j
	}
	return -1
}

// ended reports whether a sentence's text ends as a sentence does: a
// full stop, question or exclamation mark, or a closing quote or bracket
// after one.
func ended(s string) bool {
	s = strings.TrimRight(strings.TrimSpace(s), `"'”’)]`)
	return strings.HasSuffix(s, ".") || strings.HasSuffix(s, "?") || strings.HasSuffix(s, "!")
}

// turnBack returns the sentence of the page before whose end sentence i
// continues, or -1: i opens its page, and not with a capital.
func (p *pool) turnBack(i int) int {
	c := p.sents[i]
	if i > 0 && p.sents[i-1].src == c.src {
		return -1 // not the first sentence of its page
	}
	src := p.sources[c.src]
	if strings.TrimSpace(src.Text[:c.span.Start]) != "" {
		return -1
	}
	if first, _ := utf8.DecodeRuneInString(strings.TrimSpace(sentText(p, i))); unicode.IsUpper(first) {
		return -1
	}
	for j := range p.sents {
		if p.turn(j) == i {
			return j
		}
	}
	return -1
}
