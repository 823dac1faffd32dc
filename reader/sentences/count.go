package sentences

import (
	"slices"
	"strconv"
	"strings"
	"unicode"

	textterms "docqa/internal/terms"
	"docqa/reader/base"
)

// A how-many question counts a thing it names ("How many data centers
// does it have?"): its answer is a number that counts that thing in the
// sentence ("18 data centers"), not any number beside its words.

// countedWords returns the words of the thing text, the wording of a
// "how many" question, counts ("data centers" of "How many data centers does it have?"), up to
// the first word that cannot be part of it, or nil for a question that
// counts nothing it names ("how much", "how many of them").
func countedWords(text string, par base.Params) []string {
	m := ReHowMany.FindStringIndex(text)
	if m == nil {
		return nil
	}
	var out []string
	for _, w := range strings.Fields(strings.ToLower(text[m[0]:]))[2:] { // the words after "how many"
		w = strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		if w == "" || notCounted[w] || len(out) == par.CountedMax {
			break
		}
		out = append(out, w)
	}
	return out
}

// lettered keeps the terms that hold no digit.
func lettered(ts []string) []string {
	return slices.DeleteFunc(ts, func(t string) bool { return strings.IndexFunc(t, unicode.IsDigit) >= 0 })
}

// countedHead is the noun of the counted words: "how many" asks for a
// plural, so the last of them written as one ("coffee quality levels",
// "people live there"), or the last word when none is.
func countedHead(counted []string) string {
	for i := len(counted) - 1; i >= 0; i-- {
		w := counted[i]
		if strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") || irregularPlurals[w] {
			return w
		}
	}
	return counted[len(counted)-1]
}

var irregularPlurals = map[string]bool{"people": true, "children": true, "men": true, "women": true, "staff": true, "personnel": true, "feet": true, "teeth": true, "mice": true, "data": true, "criteria": true, "media": true}

// notCounted are the words that end the name of what a question counts:
// verbs, prepositions, determiners and pronouns.
var notCounted = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an the this that these those there it its they them their we our you your he she his her
		is are was were be been being do does did have has had can could will would should shall may might must
		of in on at for to from by with within among about as per than and or not no which who whom whose what when where
		include includes contain contains appear appears show shows mention mentions list lists exist exists remain remains`) {
		notCounted[w] = true
	}
}

// counts reports whether the number in field k of fields counts head,
// the noun of the counted words (stems, its terms; words, the terms of
// all of them): it follows the number, after the other counted words and
// at most [base.Params.CountedGap] more ("18 data centers", "1.2 million people", "3
// coffee quality levels"), or comes just before it written as the
// question writes it ("Data centers: 18"). A word written otherwise before
// a number names a thing, not a count: "Table 3", "regulation 13" for
// "how many tables", "how many regulations". A year counts nothing.
func counts(fields []string, k int, head string, stems, words []string, par base.Params) bool {
	if isYear(fields[k]) {
		return false // "2019 revenue", "Regulations 2014"
	}
	if strings.ContainsAny(fields[k], CurrencySigns+"%") || k > 0 && strings.Trim(fields[k-1], CurrencySigns) == "" {
		return false // an amount or a share counts nothing: "Commercial Airplanes $75,212"
	}
	if _, after, ok := strings.Cut(fields[k], "-"); ok && strings.IndexFunc(after, unicode.IsLetter) >= 0 {
		// "a 3-year term", "an 18-hole course"; "100-shot datasets" counts shots
		return slices.ContainsFunc(textterms.Of(after), func(t string) bool { return slices.Contains(stems, t) })
	}
	if k+1 < len(fields) && UnitOf(fields[k+1], stems) {
		return true // "max. 16 g" counts grams
	}
	skipped := 0
	for j := k + 1; j < len(fields) && j <= k+par.CountedMax+par.CountedGap; j++ {
		ts := textterms.Of(fields[j])
		switch {
		case slices.ContainsFunc(ts, func(t string) bool { return slices.Contains(stems, t) }):
			return true
		case slices.ContainsFunc(ts, func(t string) bool { return slices.Contains(words, t) }):
			// another of the counted words: "3 coffee quality levels"
		case skipped < par.CountedGap:
			skipped++
		default:
			j = len(fields)
		}
	}
	return k > 0 && strings.ToLower(strings.TrimFunc(fields[k-1], func(r rune) bool { return !unicode.IsLetter(r) })) == head
}

// outOf returns the field of M when the number of field k is N of "N out
// of M" ("We found 6 out of 9 hurricanes"), else -1: N counts what M
// counts, the part that the sentence's verb holds of (found, correct,
// passed), which a how-many question with that verb asks for; the
// answer keeps M beside it.
func outOf(fields []string, k int) int {
	if bare(fields, k+1) != "out" || bare(fields, k+2) != "of" || k+3 >= len(fields) {
		return -1
	}
	if len(numberWords(fields[k+3:k+4])) != 1 {
		return -1
	}
	return k + 3
}

// Spelt are the numbers from zero to twenty in words, each at its
// value: a heading spells its part's number so ("CHAPTER ONE"), a
// sentence its count ("eleven times").
var Spelt = []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
	"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"}

// countWords are the counts a sentence may spell out, in digits: two to
// twenty and the tens; "one" is left out, as often a pronoun ("one of the
// tables") as a count.
var countWords = func() map[string]string {
	m := map[string]string{"thirty": "30", "forty": "40", "fifty": "50", "sixty": "60", "seventy": "70", "eighty": "80", "ninety": "90"}
	for n, w := range Spelt[2:] {
		m[w] = strconv.Itoa(n + 2)
	}
	return m
}()

// speltCounts lists the counts fields spell out in words: "We used twelve
// newspapers" counts 12 newspapers. Only a how-many question reads them,
// and only in a sentence that writes no figure in digits: "Table 2: ...
// on five reasoning datasets" is a caption's count, not the one asked.
func speltCounts(fields []string) []numberWord {
	var out []numberWord
	for i := range fields {
		if n, ok := countWords[bare(fields, i)]; ok {
			out = append(out, numberWord{n, i})
		}
	}
	return out
}

// digitsFirst writes a phrase's leading count in digits, as the answer
// line gives a count: "nine datasets" is "9 datasets" (the quote keeps
// the words).
func digitsFirst(phrase string) string {
	first, rest, _ := strings.Cut(phrase, " ")
	if n, ok := countWords[strings.ToLower(first)]; ok {
		return strings.TrimSpace(n + " " + rest)
	}
	return phrase
}
