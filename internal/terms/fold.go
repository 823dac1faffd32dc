package terms

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"docqa/internal/lazyre"
)

// Fold rewrites text so that the ways of writing one thing index as the
// same words, on pages and questions alike:
//
//   - letters and digits that run together are split: "FY2018" is
//     "FY 2018", "Q22023" is "Q2 2023" (then "Q 2 2023"), "10mg" is
//     "10 mg"; ordinals ("21st") and codes of one letter and two digits or
//     more ("H100", "B737") stay whole, and a two-digit fiscal year
//     ("FY18") is written out ("FY 2018");
//   - dotted abbreviations lose their dots: "U.S." is "US", "e.g." "eg";
//   - abbreviations joined by an ampersand lose it: "R&D" is "RD",
//     "M&A" "MA", "SG&A" "SGA", "AT&T" "ATT" (split at the "&", each
//     would be single letters, which are no words);
//   - numbers lose thousands separators and trailing decimal zeros:
//     "1,577" and "1,577.00" are "1577", "2.50" is "2.5".
//
// Signs, currency symbols and percent signs are left to the tokenizer,
// which drops them.
func Fold(s string) string {
	if !hasAmp(s) {
		return fold(s)
	}
	s = fold(unamp(s))
	if t := unamp(s); t != s {
		return fold(t)
	}
	return s
}

func fold(s string) string {
	// The rules run in an order that makes one pass enough (Fold of a
	// folded text is the same text, FuzzFold), each behind a byte scan
	// that tells whether it can apply: most text has nothing to fold, and
	// search folds every passage it re-scores.
	if !strings.ContainsFunc(s, unicode.IsDigit) {
		if hasDotted(s) {
			s = dotted.ReplaceAllStringFunc(s, undot)
		}
		return s
	}
	s = splitRuns(s)
	if hasQuarterYear(s) {
		// a quarter's year kept whole as a code ("Q22023"), or ended by
		// the split ("Q12000A"), is cut from its quarter, then split
		s = splitRuns(quarterYear.ReplaceAllString(s, "$1 $2"))
	}
	if hasDotted(s) {
		s = dotted.ReplaceAllStringFunc(s, undot)
	}
	if hasAround(s, ',') {
		s = dropThousands(s)
	}
	if hasAround(s, '.') {
		s = trimDecimalZeros(s)
	}
	if hasFY(s) {
		s = fiscalYY.ReplaceAllString(s, "${1} 20$2")
	}
	return s
}

// hasAmp reports whether s holds "&" between two letters, as an
// abbreviation joined by one does ("Johnson & Johnson" does not), or
// after a dotted abbreviation's period, which the dotted rule drops
// ("A.B.&C" is "AB&C").
func hasAmp(s string) bool {
	for i := 1; i+1 < len(s); i++ {
		if s[i] == '&' && (isASCIILetter(s[i-1]) || s[i-1] == '.') && isASCIILetter(s[i+1]) {
			return true
		}
	}
	return false
}

// unamp drops the ampersands of abbreviations ("R&D" is "RD"). The other
// rules can make one ("FY00A&A" is "FY 2000 A&A") and dropping one can
// make work for them ("F&Y00"), so Fold runs them around it.
func unamp(s string) string {
	return ampersand.ReplaceAllStringFunc(s, func(m string) string { return strings.ReplaceAll(m, "&", "") })
}

// undot drops the periods of a dotted abbreviation, keeping the
// character dotted matched after it.
func undot(m string) string {
	i := 0
	for i+1 < len(m) && isASCIILetter(m[i]) && m[i+1] == '.' {
		i += 2
	}
	return strings.ReplaceAll(m[:i], ".", "") + m[i:]
}

// hasDotted reports whether s may hold a dotted abbreviation: a letter, a
// period, a letter, a period.
func hasDotted(s string) bool {
	for i := 0; i+3 < len(s); i++ {
		if s[i+1] == '.' && s[i+3] == '.' && isASCIILetter(s[i]) && isASCIILetter(s[i+2]) {
			return true
		}
	}
	return false
}

// hasAround reports whether s holds c between two digits.
func hasAround(s string, c byte) bool {
	for i := 1; i+1 < len(s); i++ {
		if s[i] == c && isDigit(s[i-1]) && isDigit(s[i+1]) {
			return true
		}
	}
	return false
}

// hasQuarterYear reports whether s holds Q or q, a digit 1 to 4 and four
// more digits.
func hasQuarterYear(s string) bool {
	for i := 0; i+5 < len(s); i++ {
		if (s[i] == 'Q' || s[i] == 'q') && s[i+1] >= '1' && s[i+1] <= '4' && isDigit(s[i+2]) && isDigit(s[i+5]) {
			return true
		}
	}
	return false
}

// hasFY reports whether s holds FY in either case.
func hasFY(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if (s[i] == 'F' || s[i] == 'f') && (s[i+1] == 'Y' || s[i+1] == 'y') {
			return true
		}
	}
	return false
}

func isDigit(b byte) bool       { return b >= '0' && b <= '9' }
func isASCIILetter(b byte) bool { return b|0x20 >= 'a' && b|0x20 <= 'z' }

var (
	// dotted is an abbreviation of two or more single letters, each
	// followed by a period, and then no letter or digit.
	dotted = lazyre.New(`\b(?:[A-Za-z]\.){2,}(?:[^\pL\pN]|$)`)
	// ampersand is an abbreviation of short letter runs joined by "&":
	// "R&D", "PP&E", "AT&T"; "Johnson & Johnson" is words.
	ampersand = lazyre.New(`\b[A-Za-z]{1,3}(?:&[A-Za-z]{1,3})+\b`)
	// quarterYear is a quarter run into its year: "Q22023", "q4 2019" is
	// already apart.
	quarterYear = lazyre.New(`\b([Qq][1-4])((?:19|20)\d\d)\b`)
	// fiscalYY is a fiscal year written with two digits: "FY18".
	fiscalYY = lazyre.New(`\b([Ff][Yy])\s?(\d\d)\b`)
	// thousands is a number with thousands separators: "1,577,000".
	thousands = lazyre.New(`\b\d{1,3}(?:,\d{3})+\b`)
)

// dropThousands drops the separators of every number written with
// thousands separators, unless the number follows a decimal point ("0.5,000"
// is not one number), which trimDecimalZeros leaves alone too.
func dropThousands(s string) string {
	var b strings.Builder
	last := 0
	for _, m := range thousands.FindAllStringIndex(s, -1) {
		if m[0] >= 2 && s[m[0]-1] == '.' && isDigit(s[m[0]-2]) {
			continue
		}
		b.WriteString(s[last:m[0]])
		b.WriteString(strings.ReplaceAll(s[m[0]:m[1]], ",", ""))
		last = m[1]
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// trimDecimalZeros drops the trailing zeros of every decimal number of s
// ("1577.00" is "1577", "2.50" is "2.5"), and its point when nothing is
// left after it. A decimal is digits, a point and digits, with no digit,
// letter or point on either side, nor a comma and a digit after it:
// "1.2.0" is a version, "0.00,000" is not a number.
func trimDecimalZeros(s string) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); {
		if !isDigit(s[i]) || (i > 0 && (isDigit(s[i-1]) || s[i-1] == '.' || isASCIILetter(s[i-1]))) {
			i++
			continue
		}
		j := i
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		if j+1 >= len(s) || s[j] != '.' || !isDigit(s[j+1]) {
			i = j
			continue
		}
		k := j + 1
		for k < len(s) && isDigit(s[k]) {
			k++
		}
		if k < len(s) && ((s[k] == '.' || s[k] == ',') && k+1 < len(s) && isDigit(s[k+1]) || isASCIILetter(s[k])) {
			i = k
			continue
		}
		frac := strings.TrimRight(s[j+1:k], "0")
		if len(frac) < k-j-1 {
			b.WriteString(s[last:j])
			if frac != "" {
				b.WriteByte('.')
				b.WriteString(frac)
			}
			last = k
		}
		i = k
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// splitRuns puts a space between a letter and a digit that touch, except
// in ordinals ("1st", "22nd", "3rd", "4th") and after a lone letter that
// starts a word and comes before two digits or more: a model or part code
// ("H100", "B737", "A320"), whose letter is what tells it from any other
// number, and which a split would lose (a lone letter is no word). Before
// one digit the letter is more often a period's ("Q2", "H1"), which pages
// write out ("second quarter").
func splitRuns(s string) string {
	var b strings.Builder
	last := 0 // s[:last] is written; no split falls at 0
	prev := rune(-1)
	for i, r := range s {
		if prev >= 0 && (unicode.IsLetter(prev) && unicode.IsDigit(r) && !(loneLetter(s[:i]) && twoDigits(s[i:])) || unicode.IsDigit(prev) && unicode.IsLetter(r) && !ordinal(s[i:])) {
			if last == 0 {
				b.Grow(len(s) + 8)
			}
			b.WriteString(s[last:i])
			b.WriteByte(' ')
			last = i
		}
		prev = r
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// loneLetter reports whether head, which ends in a letter, ends in one
// letter that no letter or digit comes before.
func loneLetter(head string) bool {
	r, n := utf8.DecodeLastRuneInString(head)
	if !unicode.IsLetter(r) {
		return false
	}
	p, _ := utf8.DecodeLastRuneInString(head[:len(head)-n])
	return len(head) == n || !(unicode.IsLetter(p) || unicode.IsDigit(p))
}

// twoDigits reports whether rest starts with two digits.
func twoDigits(rest string) bool { return len(rest) >= 2 && isDigit(rest[0]) && isDigit(rest[1]) }

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

// EditDistance is the Levenshtein distance between a and b, in runes: a
// misspelt word or key is one or two from the one meant.
func EditDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
