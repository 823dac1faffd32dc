package reader

import (
	"regexp"
	"strings"
	"unicode"

	textterms "docqa/internal/terms"
)

// What a number question's words say of the number's form: the units of
// a measure ("how long": hours, metres), the words that ask for a share.

// reMeasureQ asks for a measure whose answer is a number of its units.
var reMeasureQ = regexp.MustCompile(`(?i)\bhow (long|old|far)\b`)

// measureUnits are the units of each measure [reMeasureQ] asks for:
// "How long does charging take?" is not answered by "10%".
var measureUnits = map[string]map[string]bool{
	"long": unitSet("s sec secs second seconds min mins minute minutes h hr hrs hour hours day days week weeks month months year years mm cm m km inch inches ft foot feet meter meters metre metres mile miles yard yards"),
	"old":  unitSet("year years yr yrs month months week weeks day days"),
	"far":  unitSet("mm cm m km inch inches ft foot feet meter meters metre metres mile miles yard yards"),
}

func unitSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, u := range strings.Fields(s) {
		m[u] = true
	}
	return m
}

// unitAt reports whether the number of field k is written with one of
// units: after it ("3 hours") or hyphenated to it ("2-hour").
func unitAt(fields []string, k int, units map[string]bool) bool {
	f := strings.ToLower(strings.TrimRight(fields[k], ".,;:"))
	rest := strings.TrimLeft(strings.TrimLeftFunc(f, func(r rune) bool { return unicode.IsDigit(r) || r == '.' || r == ',' || r == '~' || r == '≈' }), "-")
	if rest != "" {
		return units[rest]
	}
	return units[bare(fields, k+1)]
}

// shareWords are the terms of "what percentage", "what proportion":
// they ask for the number's form, and a number beside them in a
// sentence ("by 20 percentage points—from 35%") is not the one asked
// about.
var shareWords = map[string]bool{}

func init() {
	for _, w := range []string{"percent", "percentage", "percentages", "proportion", "proportions"} {
		for _, t := range textterms.Of(w) {
			shareWords[t] = true
		}
	}
}
