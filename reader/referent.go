package reader

import (
	"strings"
	"unicode"
)

// A question that names a numbered thing ("what's the topic of Unit 14?",
// "the results in Table 2") is not answered by a sentence about another
// of its kind ("Unit 7 Key Assignments: ..."), however well its other
// words match: [otherReferent] rules such sentences out.

// labelled returns the numbered things s names, as label word and
// number, both in small letters: "Unit 14" is {"unit", "14"}, "Table II"
// {"table", "ii"}, "Appendix E" {"appendix", "e"}.
func labelled(s string) map[string][]string {
	fields := numberFields(s)
	var out map[string][]string
	for i := 0; i+1 < len(fields); i++ {
		w := bare(fields, i)
		if !labelWords[w] {
			continue
		}
		n := strings.ToLower(strings.TrimRight(fields[i+1], ".,;:?!\"'”’"))
		if !labelNumber(n) {
			continue
		}
		if out == nil {
			out = map[string][]string{}
		}
		out[w] = append(out[w], n)
	}
	return out
}

// labelNumber reports whether s numbers a label: digits ("14", "3.4"), a
// Roman numeral ("ii"), or one letter ("e").
func labelNumber(s string) bool {
	if s == "" {
		return false
	}
	if strings.Trim(s, "0123456789.") == "" && unicode.IsDigit(rune(s[0])) {
		return true
	}
	if strings.Trim(s, "ivxl") == "" && len(s) <= 4 {
		return true
	}
	return len(s) == 1 && s[0] >= 'a' && s[0] <= 'z'
}

// otherReferent reports whether sentence s names, for a label the
// question asked numbers (asked, from [labelled]), only other numbers:
// "Unit 7" where the question asks about "Unit 14".
func otherReferent(s string, asked map[string][]string) bool {
	if len(asked) == 0 {
		return false
	}
	for w, ns := range labelled(s) {
		want, ok := asked[w]
		if !ok {
			continue
		}
		match := false
		for _, n := range ns {
			for _, a := range want {
				if n == a {
					match = true
				}
			}
		}
		if !match {
			return true
		}
	}
	return false
}
