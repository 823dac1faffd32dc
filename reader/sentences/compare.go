package sentences

import (
	"slices"
	"strings"

	"docqa/internal/inquiry"
	"docqa/internal/lazyre"
	textterms "docqa/internal/terms"
)

// A question that compares one thing with another ("How did Apple's
// operating expenses compare to its revenue?", "... the last year
// compared to the first year?") is answered by a sentence that speaks of
// both. A sentence about the first side alone is half an answer at best,
// and most often about something else: on the dev sets, none of the
// sentences that answered such a question without naming its second side
// was right.

// CompareMarker is the words that turn to the second side of a
// comparison: "compared to", "versus". reCompared adds the looser ones;
// a difference's question (reThan) adds "than".
const CompareMarker = `\bcompar(?:e|ed|es|ing)\s+(?:to|with|against)\b|\b(?:versus|vs\.?)\s`

// reCompared marks where a question turns to the second side of a
// comparison.
var reCompared = lazyre.New(`(?i)` + CompareMarker + `|\b(?:measure|stack)(?:s|d|ed)?\s+up\s+(?:against|to|with)\b|\brelative to\b`)

// Sides splits question q, without its instructions, at its comparison
// ([reCompared]); ok is false when it compares nothing.
func Sides(q *inquiry.Question) (first, second string, ok bool) {
	m := reCompared.FindStringIndex(q.Stripped)
	if m == nil {
		return "", "", false
	}
	return q.Stripped[:m[0]], q.Stripped[m[1]:], true
}

// ComparedWith returns the terms that only the second side of question
// q's comparison holds ("revenu" of "compare to its revenue for the same
// quarter" after "operating expenses for Q1 2023"), or nil when q
// compares nothing, or its second side names nothing new.
func ComparedWith(q *inquiry.Question) []string {
	a, second, ok := Sides(q)
	if !ok {
		return nil
	}
	first := textterms.Of(a)
	if i := strings.IndexAny(second, "?;"); i >= 0 {
		second = second[:i]
	}
	var out []string
	for _, t := range textterms.Of(second) {
		if !slices.Contains(first, t) && !slices.Contains(out, t) && !comparisonFiller[t] {
			out = append(out, t)
		}
	}
	return out
}

// comparisonFiller are words of a comparison's second side that name no
// thing of its own: "its revenue for the same quarter" compares with
// revenue; "the previous year" names a period, which the sentence may
// call by its date.
var comparisonFiller = map[string]bool{}

func init() {
	for _, w := range []string{"same", "previous", "prior", "other", "last", "year", "quarter", "month", "week", "period", "fiscal"} {
		comparisonFiller[textterms.Stem(w)] = true
	}
}

// SpeaksOf reports whether text holds one of the terms ts.
func SpeaksOf(text string, ts []string) bool {
	for _, t := range textterms.Of(text) {
		if slices.Contains(ts, t) {
			return true
		}
	}
	return false
}

// A question that asks which of several things is the most or the least
// of something ("Which of the three strategies has the most papers?",
// "Which signal has the least frequency?") is answered by a sentence that
// ranks them ("the most", "highest", "more than"), or by a table read
// whole ([superlative]): a sentence that only names the things lists
// them. On the dev sets, the sentences that answered such questions
// without ranking anything were all wrong.
var (
	reWhichMostQ = lazyre.New(`(?i)^\s*(?:[^?]*?,\s*)?which\b[^?]*?\b(?:highest|largest|biggest|greatest|most|maximum|lowest|smallest|least|minimum|fewest|best|worst)\b`)
	reRanks      = lazyre.New(`(?i)\b(?:highest|largest|biggest|greatest|most|maximum|lowest|smallest|least|minimum|fewest|best|worst|top|leading|more|less|fewer|than|outperform\w*|exceed\w*|surpass\w*|\w{3,}est)\b`)
)

// AsksWhichMost reports whether question q, without its instructions
// ([inquiry.Question.Stripped]), asks which thing ranks first or last.
func AsksWhichMost(q *inquiry.Question) bool { return reWhichMostQ.MatchString(q.Stripped) }

// Ranks reports whether sentence s ranks things.
func Ranks(s string) bool { return reRanks.MatchString(s) }

// A question that asks for a difference ("What is the gap between A and
// B?", "How much higher is A than B?") is answered by two figures and a
// subtraction, or by a sentence that states the difference ("7 points
// higher than", "a gap of 12%"): one figure alone is an operand, not the
// answer.
var (
	reDifferenceQ = lazyre.New(`(?i)\b(?:gap|difference|how (?:much|many) (?:higher|lower|more|less|fewer|greater|larger|smaller|bigger)|by how (?:much|many)\b.*\b(?:exceed|surpass|outnumber|trail)\w*)\b`)
	reDifference  = lazyre.New(`(?i)\b(?:than|gap|differen\w*|higher|lower|more|less|fewer|greater|larger|smaller|increas\w*|decreas\w*|improv\w*|ris(?:e|en|es)|rose|f[ae]ll|falls|grew|drop\w*|up|down|points?|outperform\w*|exceed\w*|ahead|behind)\b`)
)

// AsksDifference reports whether text, a question's wording or one ask
// of it, without its instructions, asks for a difference.
func AsksDifference(text string) bool { return reDifferenceQ.MatchString(text) }

// A question that asks for the total of two or more things ("the total
// strength of the audit committee and the compensation committee", "the
// combined revenue of A and B") is answered by their sum, or by a
// sentence that states a total: one of the figures alone is an operand.
var (
	ReSumQ = lazyre.New(`(?i)\b(?:total|combined|sum|altogether|together)\b.*\band\b`)
	reSum  = lazyre.New(`(?i)\b(?:total\w*|combined|sum|altogether|together|aggregate\w*|in all|overall|both)\b`)
)

// AsksSum reports whether question q, without its instructions, asks for
// the total of several things.
func AsksSum(q *inquiry.Question) bool { return ReSumQ.MatchString(q.Stripped) }

// StatesSum reports whether sentence s states a total.
func StatesSum(s string) bool { return reSum.MatchString(s) }

// ReMentions asks how often the document mentions something ("How many
// times does Exhibit P-10 appear?"): a count over every page, which no
// one sentence states.
var ReMentions = lazyre.New(`(?i)\bhow many times\b.*\b(?:mention|appear|occur|cite|refer|show|use|list)(?:s|ed|d)?\b`)

// StatesDifference reports whether sentence s states a difference.
func StatesDifference(s string) bool { return reDifference.MatchString(s) }
