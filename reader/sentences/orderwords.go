package sentences

import (
	"strings"

	"docqa/internal/inquiry"
	"docqa/internal/lazyre"
)

// The words of order a question asks a unit by are one vocabulary for
// every unit that has an order (a procedure's steps, an outline's
// sections): the first or last of them (and how many of those), the one
// after or before another, how many there are. Each reader says which
// unit words it answers for (stepWords, structureWords).

var (
	// ReHowMany counts a kind: its groups are the two words after, one
	// of which names the kind ("how many installation tasks").
	ReHowMany = lazyre.New(`(?i)\bhow many\s+([\p{L}-]+)(?:\s+([\p{L}-]+))?`)
	// ReFirst and reLast ask for the first or last of a kind: groups, a
	// count ("the last 4 chapters") and the two words after.
	ReFirst = lazyre.New(`(?i)\b(?:first|initial|to begin)\b(?:\s+(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\b)?(?:\s+([\p{L}-]+))?(?:\s+([\p{L}-]+))?`)
	ReLast  = lazyre.New(`(?i)\b(?:last|final)\b(?:\s+(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\b)?(?:\s+([\p{L}-]+))?(?:\s+([\p{L}-]+))?`)
	// ReBefore and reAfter ask for the one before or after another.
	ReBefore = lazyre.New(`(?i)\b(?:before|prior to|precedes?|preceding|previous)\b`)
	ReAfter  = lazyre.New(`(?i)\b(?:after|afterwards|follows?|following|next|now|then|once)\b`)
)

// stepWords name a procedure's steps; structureWords a document's parts.
var (
	StepWords      = WordSet("step steps task tasks stage stages action actions thing things")
	StructureWords = WordSet("chapter chapters section sections subsection subsections part parts heading headings appendix appendices topic topics")
)

func WordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// CountsKind reports whether q asks ([inquiry.Question.Asked]) how many of a kind words name.
func CountsKind(q *inquiry.Question, words map[string]bool) bool {
	m := ReHowMany.FindStringSubmatch(q.Asked)
	return m != nil && (words[strings.ToLower(m[1])] || words[strings.ToLower(m[2])])
}

// EndOf reports whether q asks ([inquiry.Question.Asked]) for the first (re is reFirst) or last
// (reLast) of a kind words name, or, with words nil, of anything; n is
// how many it asks for, 1 when it gives no count.
func EndOf(q *inquiry.Question, re *lazyre.Regexp, words map[string]bool) (n int, ok bool) {
	for _, m := range re.FindAllStringSubmatch(q.Asked, -1) {
		if words != nil && !words[strings.ToLower(m[2])] && !words[strings.ToLower(m[3])] {
			continue
		}
		n = 1
		if m[1] != "" {
			n = max(CountOf(m[1]), 1)
		}
		return n, true
	}
	return 0, false
}

// NamesKind reports whether text, a question's wording or a sentence,
// holds a word of words.
func NamesKind(text string, words map[string]bool) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !(r >= 'a' && r <= 'z') }) {
		if words[w] {
			return true
		}
	}
	return false
}
