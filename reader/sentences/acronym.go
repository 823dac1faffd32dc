package sentences

import (
	"strings"

	"docqa/internal/inquiry"
	"docqa/internal/segment"
)

// AskedAcronym returns the abbreviation q asks the meaning of ("What does
// DMCA stand for?" asks of "DMCA"), or "".
func AskedAcronym(q *inquiry.Question) string {
	if QuestionKind(q.Text) != KindAcronym {
		return ""
	}
	return Acronym(q)
}

// Defines returns the sentence of text that spells out acronym ac ("The
// Digital Millennium Copyright Act (DMCA) was ..."), or "": where a
// document defines an abbreviation, at its first use as a rule, which
// the pages that merely use it outrank in a search.
func Defines(text, ac string) string {
	if ac == "" || !strings.Contains(text, "("+ac+")") {
		return ""
	}
	for _, sp := range segment.Sentences(text) {
		if s := text[sp.Start:sp.End]; Expansion(s, ac) != "" {
			return s
		}
	}
	return ""
}
