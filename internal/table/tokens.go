package table

import (
	"strings"
	"unicode/utf8"

	"docqa/internal/lazyre"
)

// The tokens of a line are read for years, days, figures and dashes by
// hand: the patterns these follow (tokens_test.go holds them, and
// FuzzTokens checks each against its pattern) were matched a few times
// for every token of every line of every page a figure question reads,
// a fifth of such a question's time in table.Rows (issue 40's profile).

// isYear reports whether s is a year as a header writes it:
// `^\(?(19|20)\d\d\)?[,:]?$`.
func isYear(s string) bool {
	i := 0
	if i < len(s) && s[i] == '(' {
		i++
	}
	if len(s) < i+4 || !(s[i] == '1' && s[i+1] == '9' || s[i] == '2' && s[i+1] == '0') || !digit(s[i+2]) || !digit(s[i+3]) {
		return false
	}
	i += 4
	if i < len(s) && s[i] == ')' {
		i++
	}
	if i < len(s) && (s[i] == ',' || s[i] == ':') {
		i++
	}
	return i == len(s)
}

// isDay reports whether s is a day of the month: `^\d{1,2},?$`.
func isDay(s string) bool {
	s = strings.TrimSuffix(s, ",")
	return len(s) >= 1 && len(s) <= 2 && digit(s[0]) && (len(s) == 1 || digit(s[1]))
}

// isDash reports whether s is dashes alone, a figure's place left empty:
// `^[—–-]+$`.
func isDash(s string) bool {
	for _, r := range s {
		if r != '-' && r != '–' && r != '—' {
			return false
		}
	}
	return s != ""
}

// isFig reports whether s is a figure: a number with thousands' commas,
// a sign, a currency, brackets and a percent sign,
// `^\(?-?[$€£¥]?\d[\d,]*(\.\d+)?\)?%?\)?$|^\(?-?[$€£¥]?\.\d+\)?%?$`.
func isFig(s string) bool {
	i := signed(s, true)
	var ends []byte // what may follow the number, each once, in order
	switch {
	case i < len(s) && digit(s[i]):
		i, ends = number(s, i), []byte{')', '%', ')'}
	case i < len(s) && s[i] == '.':
		i, ends = fraction(s, i), []byte{')', '%'}
	default:
		return false
	}
	if i < 0 {
		return false
	}
	for _, c := range ends {
		if i < len(s) && s[i] == c {
			i++
		}
	}
	return i == len(s)
}

// isOpenFig reports whether s is a figure in brackets whose closing
// bracket the text sets apart: `^\(-?[$€£¥]?\d[\d,]*(\.\d+)?$`.
func isOpenFig(s string) bool {
	if !strings.HasPrefix(s, "(") {
		return false
	}
	i := signed(s, true)
	return i < len(s) && digit(s[i]) && number(s, i) == len(s)
}

// number returns the end of the number that starts at i, its digit
// there: `\d[\d,]*(\.\d+)?`; -1 for a point no digit follows.
func number(s string, i int) int {
	i = digits(s, i, true)
	if i < len(s) && s[i] == '.' {
		return fraction(s, i)
	}
	return i
}

// fraction returns the end of the point at i and its digits, `\.\d+`,
// or -1 when no digit follows it.
func fraction(s string, i int) int {
	if j := digits(s, i+1, false); j > i+1 {
		return j
	}
	return -1
}

// signed returns where a figure's digits start in s, past an opening
// bracket (when bracket), a minus sign and a currency's symbol, each
// optional: `\(?-?[$€£¥]?`.
func signed(s string, bracket bool) int {
	i := 0
	if bracket && i < len(s) && s[i] == '(' {
		i++
	}
	if i < len(s) && s[i] == '-' {
		i++
	}
	if r, n := utf8.DecodeRuneInString(s[i:]); r == '$' || r == '€' || r == '£' || r == '¥' {
		i += n
	}
	return i
}

// digits returns the end of the run of digits (and commas, when commas)
// that starts at i.
func digits(s string, i int, commas bool) int {
	for i < len(s) && (digit(s[i]) || commas && s[i] == ',') {
		i++
	}
	return i
}

func digit(b byte) bool { return '0' <= b && b <= '9' }

// scaleWords hold the words a line that states a table's scale must
// hold, one of them ([reScale]: thousands, millions, billions), as
// [lazyre.ContainsFold] compares them.
var scaleWords = []string{"thou", "illion"}

// mayScale reports whether line may state the scale ([reScale]); most
// lines do not, and the pattern is not run on them.
func mayScale(line string) bool { return lazyre.ContainsFold(line, scaleWords...) }
