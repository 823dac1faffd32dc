package answer

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"docqa/ingest"
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
	for _, s := range sources {
		page := strings.TrimSpace(full[PageRef{s.Doc, s.Page}])
		if page == "" || strings.HasSuffix(page, s.Text) {
			continue // the window holds the page's end
		}
		if !continuedIn(sources, full, s.Doc, s.Page+1) {
			continue
		}
		tail := lastSentence(page)
		if tail == "" || len(tail) > maxTail || len(tail) > room || strings.Contains(s.Text, tail) {
			continue
		}
		room -= len(tail)
		out = append(out, Source{Doc: s.Doc, Page: s.Page, Text: tail})
	}
	return out
}

// continuedIn reports whether page of doc is among the sources from its
// start, and opens in the middle of a sentence: with a small letter, its
// number aside.
func continuedIn(sources []Source, full map[PageRef]string, doc string, page int) bool {
	text := strings.TrimSpace(full[PageRef{doc, page}])
	if text == "" {
		return false
	}
	from := false
	for _, s := range sources {
		if s.Doc == doc && s.Page == page && strings.HasPrefix(text, s.Text[:min(len(s.Text), 80)]) {
			from = true
		}
	}
	if !from {
		return false
	}
	if nl := strings.IndexByte(text, '\n'); nl > 0 && nl <= 4 && strings.Trim(text[:nl], "0123456789") == "" {
		text = strings.TrimSpace(text[nl+1:]) // a page number on its own line
	}
	r, _ := utf8.DecodeRuneInString(text)
	return unicode.IsLower(r)
}

// lastSentence returns the last sentence of a page when it stops
// without a sentence's end, a page number after it aside; else "".
func lastSentence(page string) string {
	spans := ingest.Sentences(page)
	for k := len(spans) - 1; k >= 0; k-- {
		s := strings.TrimSpace(page[spans[k].Start:spans[k].End])
		if nl := strings.LastIndexByte(s, '\n'); nl >= 0 && len(s)-nl-1 <= 4 && strings.Trim(s[nl+1:], "0123456789") == "" {
			s = strings.TrimSpace(s[:nl]) // its page number, run into it
		}
		if s == "" || strings.Trim(s, "0123456789") == "" {
			continue
		}
		if r, _ := utf8.DecodeLastRuneInString(s); strings.ContainsRune(".?!:;", r) {
			return ""
		}
		return s
	}
	return ""
}
