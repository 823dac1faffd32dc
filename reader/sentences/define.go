package sentences

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"docqa/internal/inquiry"
	"docqa/internal/lazyre"
	"docqa/internal/segment"
)

// "What is step-back prompting?" asks what a thing is: the sentence that
// answers it says so ("Step-back prompting is a technique ...", "We
// propose RAPTOR, a recursive ...", "PKG (parameterized knowledge
// guidance) refers to ..."), where the best match by words alone may be
// any sentence that names the thing.

// reDefineQ asks what a thing is; its group is the thing.
var reDefineQ = lazyre.New(`(?i)^\s*what\s+(?:is|are)\s+(?:an?\s+|the\s+)?([^?,;:()"]{2,60}?)\s*\?\s*$`)

// reWhoIsQ asks who someone is or was ("Who is Jack Valenti?", "Who was
// Edwin Howard Armstrong?"); its group is the name.
var reWhoIsQ = lazyre.New(`(?i)^\s*who\s+(?:is|was|are|were)\s+((?-i:\p{Lu})[^?,;:()"]{1,60}?)\s*\?\s*$`)

// DefinedTerm returns the thing text, a question's wording, asks the
// meaning of, or "": a question
// of a thing's part or measure ("the name of", "the cost of") or with a
// number asks for something else.
func DefinedTerm(text string) string {
	m := reDefineQ.FindStringSubmatch(text)
	if m == nil {
		m = reWhoIsQ.FindStringSubmatch(text)
	}
	if m == nil {
		return ""
	}
	t := strings.TrimSpace(m[1])
	if !utf8.ValidString(t) || len(strings.Fields(t)) > 5 || strings.IndexFunc(t, unicode.IsDigit) >= 0 || reOfLike.MatchString(t) {
		return ""
	}
	return t
}

// reOfLike marks a phrase that names a thing's part, measure or
// relation rather than a thing: "name of", "used for", "in the report".
var reOfLike = lazyre.New(`(?i)\b(?:of|for|in|on|at|by|to|with|from|between|than|does|do|did|was|were|has|have)\b`)

// Definition returns a test of whether a sentence says what term is:
// "X is a ...", "X, a ...", "X (...) refers to ...", "... Service (X) is
// a ...", "We present X, ...", "X (a gloss of some words)", and the
// thing described first: "an
// intermediate representation we call X", "... is known as X";
// nil for a term no pattern can hold.
func Definition(term string) *regexp.Regexp {
	t := strings.Join(strings.Fields(regexp.QuoteMeta(term)), `\s+`) // a line may break inside the term
	re, err := regexp.Compile(`(?i)(?:\b|\()` + t + `\b\)?\s*\((?:i\.e\.,?\s*)?(?-i:[a-z])[\w-]*(?:\s+[\w-]+){1,8}\)` +
		`|(?:\b|\()` + t + `\b\)?(?:\s*\([^)]{1,80}\))?(?:\s*,\s*(?:a|an|which)\b|\s+(?:is|are|was|were)\s+(?:a|an|the|one)\b|\s+(?:refers? to|means|denotes|stands for|consists? of|(?:is|are) (?:defined as|composed of|made up of)|comprises)\b|\s*:)|\b(?:we|paper|work|study)\s+(?:propose|present|introduce)s?\s+(?:a\s+|an\s+|the\s+)?(?:[\w-]+\s+){0,3}?` + t + `\b` +
		`|\b(?:(?:we|they|is|are)\s+(?:call|calls|called|term|termed|name|named)(?:\s+(?:this|these|it|them|such)(?:\s+[\w-]+){0,4})?|(?:known|referred\s+to)\s+as|dubbed)\s+(?:an?\s+|the\s+)?[“"']?` + t + `\b`)
	if err != nil {
		return nil
	}
	return re
}

// Definer returns a test that finds, in a page's text, the sentence that
// says what question q asks the meaning of: the spelling out of an
// abbreviation ("What does DMCA stand for?", [Defines]) or the sentence
// that defines a thing ("What is LIR?", [Definition]); nil when q asks
// the meaning of nothing. A document defines a term at its first use as
// a rule, and the pages that merely use it outrank that page in a
// search.
func Definer(q *inquiry.Question) func(text string) string {
	if ac := AskedAcronym(q); ac != "" {
		return func(text string) string { return Defines(text, ac) }
	}
	t := DefinedTerm(q.Text)
	if t == "" || QuestionKind(q.Text) != KindAny {
		return nil
	}
	re := Definition(t)
	if re == nil {
		return nil
	}
	lower := strings.ToLower(t)
	return func(text string) string {
		if !strings.Contains(strings.ToLower(text), lower) {
			return ""
		}
		for _, sp := range segment.Sentences(text) {
			if s := text[sp.Start:sp.End]; re.MatchString(s) {
				return s
			}
		}
		return ""
	}
}
