package eval

import (
	"math"

	"docqa/internal/terms"
)

// inContextRecall is the share of a text answer's content words that the
// context must hold for the answer to count as in it: the same bar as a
// correct answer's token F1 (f1Correct).
const inContextRecall = f1Correct

// InContext reports whether the gold answer could be read from text: every
// number of the gold that is not a year appears in it (within 1%, as a
// percent or a fraction, or written in thousands, millions or billions:
// "$8.70" billion is "8,738" on a statement in millions); a gold with no
// such number needs inContextRecall of its content words. It is the
// ceiling of any reader given that context: a computed answer counts only
// when the context happens to state the result.
func InContext(gold, text string) bool {
	if want := goldNumbers(gold); len(want) > 0 {
		have := Numbers(text)
		for _, g := range want {
			if !scaledMatch(g, have) {
				return false
			}
		}
		return true
	}
	// a year range written short is the range
	gold, text = fullRanges(gold), fullRanges(text)
	need := map[string]bool{}
	for _, t := range terms.Of(gold) {
		need[t] = true
	}
	if len(need) == 0 {
		return false
	}
	have := map[string]bool{}
	for _, t := range terms.Of(text) {
		if need[t] {
			have[t] = true
		}
	}
	return float64(len(have)) >= inContextRecall*float64(len(need))
}

// isYear reports whether n reads as a calendar year: a whole number from
// 1900 to 2100 with no percent or sign.
func isYear(n Number) bool {
	return !n.Percent && !n.Signed && n.Value >= 1900 && n.Value <= 2100 && n.Value == math.Trunc(n.Value)
}

// scaledMatch reports whether one of have equals g, as written or scaled
// by a power of a thousand.
func scaledMatch(g Number, have []Number) bool {
	for _, a := range have {
		for _, f := range []float64{1, 1e3, 1e-3, 1e6, 1e-6, 1e9, 1e-9} {
			b := a
			b.Value *= f
			if numberEqual(g, b) {
				return true
			}
		}
	}
	return false
}
