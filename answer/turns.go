package answer

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"docqa/internal/segment"
)

// A sentence may run over a page turn: page 9 ends "Furthermore, PKG"
// and page 10 opens "introduces an innovative method for integrating
// knowledge into white-box models". When both pages are in the context
// but page 9 is cut to a window around its best passage, the sentence
// has lost its subject, and the reader can only refuse the half it
// holds. [pageTurns] gives such a page its last sentence as well, as a
// source of its own: a quote cannot join it to the window across the
// text left out between them.

// maxTail is the longest page end added for a page turn: a sentence's
// start, not a second window.
const maxTail = 500

// pageTurns returns sources with the end of each windowed page whose
// next page is among them and opens in the middle of a sentence, while
// room (bytes) lasts. full holds the pages' whole texts.
func pageTurns(sources []Source, full map[PageRef]string, room int) []Source {
	out := sources
	add := func(doc string, page int, text string) {
		if text != "" && len(text) <= maxTail && len(text) <= room {
			room -= len(text)
			out = append(out, Source{Doc: doc, Page: page, Text: text})
		}
	}
	for _, s := range sources {
		page := strings.TrimSpace(full[PageRef{s.Doc, s.Page}])
		if page == "" {
			continue
		}
		if !strings.HasSuffix(page, s.Text) {
			// the window stops short of the page's end
			if continuedIn(sources, full, s.Doc, s.Page+1) {
				if tail := lastSentence(page); !strings.Contains(s.Text, tail) {
					add(s.Doc, s.Page, tail)
				}
			}
			continue
		}
		// the page's end is in the context: the next page's start, when
		// the page stops in the middle of a sentence and the next page's
		// window misses its start
		if start := windowedStart(sources, full, s.Doc, s.Page+1); start != "" && lastSentence(page) != "" {
			add(s.Doc, s.Page+1, start)
		}
	}
	return out
}

// windowedStart returns the first sentence of page of doc when the page
// is among the sources only as a window that misses it, and it goes on
// with a sentence begun on the page before; else "".
func windowedStart(sources []Source, full map[PageRef]string, doc string, page int) string {
	text := strings.TrimSpace(full[PageRef{doc, page}])
	if in, start := inContext(sources, text, doc, page); !in || start || !opensMidSentence(text) {
		return "" // not in the context, or from its start
	}
	for _, sp := range segment.Sentences(text) {
		if s := strings.TrimSpace(text[sp.Start:sp.End]); !digitsOnly(s) {
			return s
		}
	}
	return ""
}

// inContext reports whether page of doc, whose whole text is text, is
// among the sources, and whether one of them holds it from its start.
func inContext(sources []Source, text, doc string, page int) (in, start bool) {
	for _, s := range sources {
		if s.Doc == doc && s.Page == page {
			in = true
			start = start || strings.HasPrefix(text, s.Text[:min(len(s.Text), 80)])
		}
	}
	return in, start
}

// digitsOnly reports whether s holds nothing but digits: a page
// number, or nothing at all.
func digitsOnly(s string) bool { return strings.Trim(s, "0123456789") == "" }

// continuedIn reports whether page of doc is among the sources from its
// start, and opens in the middle of a sentence: with a small letter, its
// number aside.
func continuedIn(sources []Source, full map[PageRef]string, doc string, page int) bool {
	text := strings.TrimSpace(full[PageRef{doc, page}])
	if text == "" {
		return false
	}
	_, start := inContext(sources, text, doc, page)
	return start && opensMidSentence(text)
}

// opensMidSentence reports whether a page's text opens with a small
// letter, its number on a line of its own aside.
func opensMidSentence(text string) bool {
	if nl := strings.IndexByte(text, '\n'); nl > 0 && nl <= 4 && digitsOnly(text[:nl]) {
		text = strings.TrimSpace(text[nl+1:]) // a page number on its own line
	}
	r, _ := utf8.DecodeRuneInString(text)
	return unicode.IsLower(r)
}

// lastSentence returns the last sentence of a page when it stops
// without a sentence's end, a page number after it aside; else "".
func lastSentence(page string) string {
	spans := segment.Sentences(page)
	for k := len(spans) - 1; k >= 0; k-- {
		s := strings.TrimSpace(page[spans[k].Start:spans[k].End])
		if nl := strings.LastIndexByte(s, '\n'); nl >= 0 && len(s)-nl-1 <= 4 && digitsOnly(s[nl+1:]) {
			s = strings.TrimSpace(s[:nl]) // its page number, run into it
		}
		if digitsOnly(s) {
			continue // empty, or a page number alone
		}
		if r, _ := utf8.DecodeLastRuneInString(s); strings.ContainsRune(".?!:;", r) {
			return ""
		}
		return s
	}
	return ""
}
