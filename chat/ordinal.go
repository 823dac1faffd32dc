package chat

import (
	"strconv"
	"strings"
	"unicode"
)

// Last is what [ParseOrdinal] returns for "last" and "the last one".
const Last = -1

var ordinalWords = map[string]int{
	"first": 1, "one": 1, "1st": 1,
	"second": 2, "two": 2, "2nd": 2,
	"third": 3, "three": 3, "3rd": 3,
	"fourth": 4, "four": 4, "4th": 4,
	"fifth": 5, "five": 5, "5th": 5,
	"sixth": 6, "six": 6, "6th": 6,
	"seventh": 7, "seven": 7, "7th": 7,
	"eighth": 8, "eight": 8, "8th": 8,
	"ninth": 9, "nine": 9, "9th": 9,
	"tenth": 10, "ten": 10, "10th": 10,
	"last": Last, "final": Last,
}

// fillers may surround an ordinal without changing it.
var fillers = map[string]bool{
	"the": true, "option": true, "choice": true, "number": true, "no": true, "nr": true,
	"please": true, "pick": true, "choose": true, "select": true, "take": true, "i": true,
	"want": true, "mean": true, "meant": true, "d": true, "like": true, "let's": true, "lets": true,
	"go": true, "with": true, "it's": true, "its": true, "is": true, "that": true, "one": true,
	"document": true, "doc": true, "file": true, "pdf": true, "entry": true, "item": true,
}

// ParseOrdinal reads a reply that picks an option by position: "first",
// "2", "the second one", "option 3", "#4", "the last". It returns the
// 1-based position, or [Last], and false when the reply is anything more
// than that (a question, a name): such replies are not ordinals.
func ParseOrdinal(s string) (int, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if len(s) > 60 {
		return 0, false
	}
	words := strings.FieldsFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\''
	})
	found, n := false, 0
	for _, w := range words {
		v, isNum := 0, false
		if x, err := strconv.Atoi(w); err == nil && len(w) <= 3 {
			v, isNum = x, true
		} else if o, ok := ordinalWords[w]; ok {
			v = o
		}
		switch {
		case v != 0 && !found:
			found, n = true, v
		case v == 0 && isNum:
			return 0, false // "0"
		case fillers[w]: // "one" after an ordinal too: "the second one"
		default:
			return 0, false
		}
	}
	if !found || n == 0 {
		return 0, false
	}
	return n, true
}
