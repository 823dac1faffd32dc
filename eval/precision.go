package eval

import (
	"math"
	"strings"

	"docqa/internal/lazyre"
)

// A numeric gold answer is written at a precision and, often, in a unit
// the question names: "What is the FY2018 capital expenditure (in USD
// millions)?" with gold "$1577.00". An answer matches it when each of the
// gold's numbers appears in the answer rounded to the gold's decimals
// ("20" is matched by "20.2" but "1,577.00" not by "1,580"), in the same
// scale ("$1,577 million" when the question asks for millions), as a
// percent or the fraction it stands for; a year alone never makes a
// match.

// goldNumbers returns the numbers of a gold answer that must appear in an
// answer: all but years.
func goldNumbers(gold string) []Number {
	var out []Number
	for _, n := range Numbers(gold) {
		if !isYear(n) {
			out = append(out, n)
		}
	}
	return out
}

// unitPhrase matches the unit a question asks its answer in: "in USD
// millions", "(in millions)", "in billions of dollars".
var unitPhrase = lazyre.New(`(?i)\bin\s+(?:(?:US\$|USD|\$|US dollars?|dollars?)\s+)?(thousands|millions|billions)\b`)

// questionScale returns the factor of the unit the question asks for, 0
// when it names none.
func questionScale(q string) float64 {
	m := unitPhrase.FindStringSubmatch(q)
	if m == nil {
		return 0
	}
	return map[string]float64{"thousands": 1e3, "millions": 1e6, "billions": 1e9}[strings.ToLower(m[1])]
}

// MatchAtPrecision reports whether every gold number has a match in got
// (see the comment above); scale is the factor of the unit the question
// asks for, 0 for none.
func MatchAtPrecision(gold, got []Number, scale float64) bool {
	if len(gold) == 0 {
		return false
	}
	for _, g := range gold {
		found := false
		for _, a := range got {
			if matchOne(g, a, scale) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// matchOne reports whether answer number a matches gold number g.
func matchOne(g, a Number, scale float64) bool {
	if g.Signed && a.Signed && (g.Value < 0) != (a.Value < 0) {
		return false
	}
	gs := g.Scale
	if gs == 0 {
		gs = scale
	}
	x := a.Raw
	if gs != 0 && a.Scale != 0 && gs != a.Scale {
		x = a.Raw * a.Scale / gs // the answer in the gold's scale
	}
	switch {
	case g.Percent && !a.Percent:
		x *= 100
	case a.Percent && !g.Percent:
		x /= 100
	}
	return roundsTo(x, g.Raw, g.Decimals)
}

// roundsTo reports whether x rounded to d decimals is want.
func roundsTo(x, want float64, d int) bool {
	p := math.Pow(10, float64(d))
	return math.Abs(math.Round(x*p)/p-want) < 0.5/p*1e-6+1e-9*math.Abs(want)
}

// Answer kinds, as eval reports accuracy by them.
const (
	KindLookup        = "look-up"
	KindComputed      = "computed"
	KindText          = "text"
	KindNotAnswerable = "not answerable"
)

// computeCue matches a question that asks for a figure worked out from
// others: a ratio, a margin, a change, an average, a share.
var computeCue = lazyre.New(`(?i)\b(?:ratios?|margins?|change[sd]?|growth|grew|increase[sd]?|decrease[sd]?|declined?|average|mean|difference|differ|percent(?:age)?|rates?|turnover|conversion|coverage|per\s|compared?|sum|combined|in total|how much (?:higher|lower|more|less))\b|%`)

// KindOf tells what kind of answer q's gold is: not answerable, a figure
// looked up or computed, or text.
func KindOf(q Question) string {
	switch {
	case NotAnswerable(q.Answer):
		return KindNotAnswerable
	case len(goldNumbers(q.Answer)) == 0:
		return KindText
	case computeCue.MatchString(q.Question):
		return KindComputed
	}
	return KindLookup
}
