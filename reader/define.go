package reader

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// "What is step-back prompting?" asks what a thing is: the sentence that
// answers it says so ("Step-back prompting is a technique ...", "We
// propose RAPTOR, a recursive ...", "PKG (parameterized knowledge
// guidance) refers to ..."), where the best match by words alone may be
// any sentence that names the thing.

// reDefineQ asks what a thing is; its group is the thing.
var reDefineQ = regexp.MustCompile(`(?i)^\s*what\s+(?:is|are)\s+(?:an?\s+|the\s+)?([^?,;:()"]{2,60}?)\s*\?\s*$`)

// definedTerm returns the thing q asks the meaning of, or "": a question
// of a thing's part or measure ("the name of", "the cost of") or with a
// number asks for something else.
func definedTerm(q string) string {
	m := reDefineQ.FindStringSubmatch(q)
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
var reOfLike = regexp.MustCompile(`(?i)\b(?:of|for|in|on|at|by|to|with|from|between|than|does|do|did|was|were|has|have)\b`)

// definition returns a test of whether a sentence says what term is:
// "X is a ...", "X, a ...", "X (...) refers to ...", "... Service (X) is
// a ...", "We present X, ...";
// nil for a term no pattern can hold.
func definition(term string) *regexp.Regexp {
	t := regexp.QuoteMeta(term)
	re, err := regexp.Compile(`(?i)(?:\b|\()` + t + `\b\)?(?:\s*\([^)]{1,80}\))?(?:\s*,\s*(?:a|an|the|which)\b|\s+(?:is|are)\s+(?:a|an|the|one)\b|\s+(?:refers? to|means|denotes|stands for)\b|\s*:)|\b(?:we|paper|work|study)\s+(?:propose|present|introduce)s?\s+(?:a\s+|an\s+|the\s+)?(?:[\w-]+\s+){0,3}?` + t + `\b`)
	if err != nil {
		return nil
	}
	return re
}
