package sentences

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"docqa/internal/lazyre"
)

// A question that names a numbered thing ("what's the topic of Unit 14?",
// "the results in Table 2") is not answered by a sentence about another
// of its kind ("Unit 7 Key Assignments: ..."), however well its other
// words match: [OtherReferent] rules such sentences out.

// Labelled returns the numbered things s names, as label word and
// number, both in small letters: "Unit 14" is {"unit", "14"}, "Table II"
// {"table", "ii"}, "Appendix E" {"appendix", "e"}.
func Labelled(s string) map[string][]string {
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

// OtherReferent reports whether sentence s names, for a label the
// question asked numbers (asked, from [Labelled]), only other numbers:
// "Unit 7" where the question asks about "Unit 14".
func OtherReferent(s string, asked map[string][]string) bool {
	if len(asked) == 0 {
		return false
	}
	for w, ns := range Labelled(s) {
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

// labels reports whether the number of field k names a thing rather than
// counts or measures one: "Figure 5", "Table 2", "Section 3.1",
// "Algorithm 1" (unless the question asks for a label: "Which figure
// ...?", in asked), a list's marker ("2. the source of feedback"; "1)" is
// blanked before, [reEnumerator]), a name's number ("GPT-4", "COVID-19";
// not "3-year", a quantity), or the number of a heading that opens the
// text ("3.1 Task, Dataset and Evaluation", "4 To end a workout").
func labels(fields []string, k int, asked map[string]bool) bool {
	if k > 0 {
		if w := bare(fields, k-1); labelWords[w] && !asked[w] {
			return true
		}
	}
	if reNamed.MatchString(fields[k]) {
		return true
	}
	if reMarker.MatchString(fields[k]) && k+1 < len(fields) && startsLower(fields[k+1]) {
		return true
	}
	return k == 0 && reHeadingNumber.MatchString(fields[k]) && k+1 < len(fields) && startsUpper(fields[k+1])
}

// labelWords come before the number of what they name.
var labelWords = map[string]bool{
	"figure": true, "fig": true, "table": true, "tab": true, "algorithm": true, "section": true, "sec": true,
	"chapter": true, "appendix": true, "equation": true, "eq": true, "step": true, "page": true, "p": true, "pp": true,
	"unit": true, "part": true, "item": true, "exhibit": true, "article": true, "footnote": true, "note": true, "lemma": true, "theorem": true,
}

var (
	reNamed  = lazyre.New(`\pL[-‐–][0-9]`)  // "GPT-4": a letter, a hyphen, a digit
	reMarker = lazyre.New(`^[0-9]{1,2}\.$`) // "2." before a list item's words
	// reEnumerator is a list's marker in a sentence, "1)" or "(2)" before
	// a word in small letters, which [NumberNear] blanks out: the
	// parentheses are gone from the fields it reads.
	reEnumerator    = lazyre.New(`(^|[\s,;:])\(?[0-9]{1,2}\)(\s+\p{Ll})`)
	reHeadingNumber = lazyre.New(`^[0-9]{1,2}(\.[0-9]{1,2})*\.?$`) // "3", "3.1", "3.1.2."
)

func startsLower(s string) bool { r, _ := utf8.DecodeRuneInString(s); return unicode.IsLower(r) }
func startsUpper(s string) bool { r, _ := utf8.DecodeRuneInString(s); return unicode.IsUpper(r) }
