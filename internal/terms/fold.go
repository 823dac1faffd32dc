package terms

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Fold rewrites text so that the ways of writing one thing index as the
// same words, on pages and questions alike:
//
//   - letters and digits that run together are split: "FY2018" is
//     "FY 2018", "Q22023" is "Q2 2023" (then "Q 2 2023"), "10mg" is
//     "10 mg"; ordinals ("21st") stay whole, and a two-digit fiscal year
//     ("FY18") is written out ("FY 2018");
//   - dotted abbreviations lose their dots: "U.S." is "US", "e.g." "eg";
//   - numbers lose thousands separators and trailing decimal zeros:
//     "1,577" and "1,577.00" are "1577", "2.50" is "2.5".
//
// Signs, currency symbols and percent signs are left to the tokenizer,
// which drops them.
func Fold(s string) string {
	// One rule can make work for another ("A1,000": the split makes the
	// separator's number a word of its own), so they run until nothing
	// changes; twice is the most seen.
	for range 4 {
		t := fold(s)
		if t == s {
			break
		}
		s = t
	}
	return s
}

func fold(s string) string {
	if !strings.ContainsFunc(s, unicode.IsDigit) && !strings.Contains(s, ".") {
		return s
	}
	if strings.Contains(s, ".") {
		s = dotted.ReplaceAllStringFunc(s, func(m string) string { return strings.ReplaceAll(m, ".", "") })
	}
	if !strings.ContainsFunc(s, unicode.IsDigit) {
		return s
	}
	s = quarterYear.ReplaceAllString(s, "$1 $2")
	if strings.Contains(s, ",") {
		s = thousands.ReplaceAllStringFunc(s, func(m string) string { return strings.ReplaceAll(m, ",", "") })
	}
	if strings.Contains(s, ".") {
		s = decimalZeros.ReplaceAllStringFunc(s, trimZeros)
	}
	return fiscalYY.ReplaceAllString(splitRuns(s), "${1} 20$2")
}

var (
	// dotted is an abbreviation of two or more single letters, each
	// followed by a period.
	dotted = regexp.MustCompile(`\b(?:[A-Za-z]\.){2,}`)
	// quarterYear is a quarter run into its year: "Q22023", "q4 2019" is
	// already apart.
	quarterYear = regexp.MustCompile(`\b([Qq][1-4])((?:19|20)\d\d)\b`)
	// fiscalYY is a fiscal year written with two digits: "FY18".
	fiscalYY = regexp.MustCompile(`\b([Ff][Yy])\s?(\d\d)\b`)
	// thousands is a number with thousands separators: "1,577,000".
	thousands = regexp.MustCompile(`\b\d{1,3}(?:,\d{3})+\b`)
	// decimalZeros is a decimal number ending in zeros: "1577.00", "2.50".
	decimalZeros = regexp.MustCompile(`\b\d+\.\d*0\b`)
)

// trimZeros drops a decimal's trailing zeros, and its point when nothing
// is left after it.
func trimZeros(m string) string {
	m = strings.TrimRight(m, "0")
	return strings.TrimSuffix(m, ".")
}

// splitRuns puts a space between a letter and a digit that touch, except
// in ordinals ("1st", "22nd", "3rd", "4th").
func splitRuns(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	prev := rune(-1)
	for i, r := range s {
		if prev >= 0 {
			switch {
			case unicode.IsLetter(prev) && unicode.IsDigit(r):
				b.WriteByte(' ')
			case unicode.IsDigit(prev) && unicode.IsLetter(r) && !ordinal(s[i:]):
				b.WriteByte(' ')
			}
		}
		b.WriteRune(r)
		prev = r
	}
	return b.String()
}

// ordinal reports whether rest, which follows a digit, starts with an
// ordinal suffix that ends the word.
func ordinal(rest string) bool {
	if len(rest) < 2 {
		return false
	}
	switch strings.ToLower(rest[:2]) {
	case "st", "nd", "rd", "th":
	default:
		return false
	}
	r, _ := utf8.DecodeRuneInString(rest[2:])
	return len(rest) == 2 || !(unicode.IsLetter(r) || unicode.IsDigit(r))
}
