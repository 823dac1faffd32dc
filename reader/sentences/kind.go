package sentences

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"docqa/internal/inquiry"
	"docqa/internal/lazyre"
	"docqa/internal/table"
	textterms "docqa/internal/terms"
	"docqa/reader/base"
)

// Kind is the sort of thing a question asks for, told from its wording:
// the extractive engine prefers sentences that hold such a thing that the
// question does not already contain.
type Kind int

const (
	KindAny     Kind = iota
	KindNumber       // how many, what percentage, which year ...
	kindEmail        // an e-mail address
	kindPhone        // a telephone or fax number
	kindWeb          // a web address
	KindName         // who, which person or organisation
	KindAcronym      // what an abbreviation stands for
	KindDate         // what date, or a date in a layout such as YYYY-MM-DD
	KindCause        // why, what drove ([asksCause])
)

var (
	// A number is asked for by the question's words, or by the form its
	// answer is to take ("Give me an integer.", "in float format",
	// "round to two decimal places").
	reNumberQ = lazyre.New(`(?i)\b(how (many|much|long|old|far|often)|what (percent(age)?|share|proportion|score|number|year|rate|amount|size|value|total|age|(time )?(period|time frame))|which year|in what year|when (is|was|did|does|do|were|are|will|should|must|can)|numbers?|amounts?|an integer|integers|float|decimal places?)\b`)
	// reMeasureNounQ asks for a measure by its name, the head of what
	// is asked: "What is the charging temperature range?", "What is the
	// maximum weight of the unit?"
	reMeasureNounQ = lazyre.New(`(?i)^\s*what\s+(?:is|are|was|were|'s)\s+(?:the\s+)?(?:[\pL\pN-]+\s+){0,4}?(?:score|accuracy|temperature|voltage|weight|capacity|speed|frequency|dimensions?|length|height|width|depth|thickness|diameter|price|cost|duration|resolution|wattage|power\s+consumption|pressure|distance|area|population|salary|wage|stipend|allowance|tuition|rent|fee|budget)(?:\s+range)?\s*(?:\?|$|\s+(?:of|for|per|in|on|at|when|during|with|from|required|needed|allowed)\b)`)
	reEmailQ       = lazyre.New(`(?i)\be-?mail\b`)
	rePhoneQ       = lazyre.New(`(?i)\b(tele?phone|phone|tel|fax)\.?\s*(no\b|number|#)|\bcontact number\b|\b(tele?phone|fax)\s+(of|for)\b`)
	reWebQ         = lazyre.New(`(?i)\b(website|web site|url|web address|homepage)\b`)
	// "Which method ...?" asks for a method's name as "Who ...?" asks for
	// a person's: the answer names something the question does not.
	reNameQ    = lazyre.New(`(?i)(^|[^a-z])(who|whom|whose|(?:which|what) (individual|person|company|organi[sz]ation|judge|author|method|model|algorithm|dataset|case|paper|system|tool|framework|benchmark|architecture)s?)\b|\bname of\b`)
	reAcronymQ = lazyre.New(`\b([A-Z][A-Z0-9&]{1,9})\b[^?]*\b(stand for|stands for|abbreviat|mean)|(?i)\b(full form|acronym|abbreviation)\b`)

	reEmail = lazyre.New(`[\w.+-]+@[\w-]+(\.[\w-]+)+`)
	rePhone = lazyre.New(`\+?\(?\d[\d ()./-]{6,}\d`)
	reWeb   = lazyre.New(`(?i)\b(https?://|www\.)\S+|\b[\w-]+\.(com|org|net|edu|gov)\b`)
	reName  = lazyre.New(`\b[A-Z][a-z]+(?:[ .]+[A-Z][a-z.]*)+\b|\b[A-Z]{2,}(?: [A-Z]{2,})+\b`)
)

// String names the kind as a refusal says it: "holds no number".
func (k Kind) String() string {
	return [...]string{"answer", "number", "e-mail address", "telephone number", "web address", "name", "expansion of the abbreviation", "date", "cause"}[k]
}

// FormCue returns the words of text, a question's wording, that ask for a thing told by its form
// alone ("telephone", "e-mail address", "website"): a sentence that holds
// such a thing answers those words whatever its label ("Tel:", "@").
func FormCue(k Kind, text string, par base.Params) string {
	switch k {
	case kindEmail:
		return reEmailQ.FindString(text)
	case kindPhone:
		return rePhoneQ.FindString(text)
	case kindWeb:
		return reWebQ.FindString(text)
	case KindDate:
		// and the instruction that gives the layout
		return strings.Join(reDateQ.FindAllString(text, -1), " ") + " " + strings.TrimPrefix(text, inquiry.StripInstructions(text))
	case KindCause:
		// the words that ask for a cause ("What drove ...", "reasons
		// for"), which a sentence giving one answers in its own words
		// ("due to", "as a result of")
		return reCauseQ.FindString(inquiry.StripInstructions(text))
	case KindNumber:
		// the unit it counts in, which a sentence writes by its symbol
		// ("16 g" for "How many grams ...?")
		cue := ""
		for _, w := range countedWords(text, par) {
			if _, ok := unitSymbols[textterms.Stem(w)]; ok {
				cue += " " + w
			}
		}
		return cue
	}
	return ""
}

// QuestionKind tells what text, a question's wording or a part of it,
// asks for; the more specific wordings win.
func QuestionKind(text string) Kind {
	switch {
	case reEmailQ.MatchString(text):
		return kindEmail
	case rePhoneQ.MatchString(text):
		return kindPhone
	case reWebQ.MatchString(text):
		return kindWeb
	case reAcronymQ.MatchString(text):
		return KindAcronym
	case asksCause(text):
		return KindCause
	case reDateQ.MatchString(text):
		return KindDate
	case reNumberQ.MatchString(text), reMeasureNounQ.MatchString(text):
		return KindNumber
	case reNameQ.MatchString(text) && !reWhoIsQ.MatchString(text):
		// "Who was Edwin Howard Armstrong?" asks what he was, not for
		// another name
		return KindName
	}
	return KindAny
}

// KindTest returns a test of whether a sentence holds a thing of kind k
// that is not already in the question q: a number the question does not
// name, an e-mail address, the expansion of the question's acronym. What
// it needs of q is worked out once, not for every sentence; kindAny holds
// nothing.
func KindTest(k Kind, q *inquiry.Question, par base.Params) func(s string) bool {
	text := q.Text
	switch k {
	case KindNumber:
		asked := numberSet(text)
		counting := countedWords(text, par) != nil
		return func(s string) bool {
			ns := numberSet(s)
			for _, n := range ns {
				if !slices.Contains(asked, n) {
					return true
				}
			}
			return counting && len(ns) == 0 && len(speltCounts(numberFields(s))) > 0 // "We used twelve newspapers"
		}
	case kindEmail:
		return reEmail.MatchString
	case kindPhone:
		return func(s string) bool {
			for _, m := range rePhone.FindAllString(s, -1) {
				if _, date := findDate(m); digits(m) >= 7 && !date { // "05/10/2015" is no number to call
					return true
				}
			}
			return false
		}
	case kindWeb:
		return reWeb.MatchString
	case KindName:
		lq := strings.ToLower(text)
		return func(s string) bool {
			for _, m := range reName.FindAllString(s, -1) {
				if !strings.Contains(lq, strings.ToLower(m)) {
					return true
				}
			}
			return false
		}
	case KindDate:
		return func(s string) bool {
			_, ok := findDate(s)
			return ok
		}
	case KindCause:
		return givesCause
	case KindAcronym:
		ac := Acronym(q)
		return func(s string) bool { return Expansion(s, ac) != "" }
	}
	return func(string) bool { return false }
}

// numberSet lists the numbers written in s, commas dropped: runs of
// digits, points and commas that no letter runs into ("provider3" is a
// footnote mark, "PaLM-2L" a name).
func numberSet(s string) []string {
	var out []string
	for _, w := range numberWords(numberFields(s)) {
		out = append(out, w.n)
	}
	return out
}

// numberWord is a number of a text and the index of the field it is in.
type numberWord struct {
	n    string
	word int
}

// numberFields splits s into the words that [numberWords] counts.
func numberFields(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == '/' || r == '(' || r == ')' })
}

// numberWords lists the numbers of a text's fields ([numberFields]).
func numberWords(fields []string) []numberWord {
	var out []numberWord
	for i, f := range fields {
		for _, part := range strings.FieldsFunc(f, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '.' && r != ',' }) {
			// part is a word, a number, or a number a letter runs into
			if strings.IndexFunc(part, unicode.IsLetter) >= 0 {
				continue
			}
			for _, n := range splitGroups(part) {
				n = strings.Trim(strings.ReplaceAll(n, ",", ""), ".")
				if n != "" && strings.ContainsAny(n, "0123456789") {
					out = append(out, numberWord{n, i})
				}
			}
		}
	}
	return out
}

// splitGroups splits a number at its commas unless every comma is
// followed by a group of exactly three digits: "1,577,000" is one number,
// "March 31,2003" two.
func splitGroups(n string) []string {
	parts := strings.Split(n, ",")
	for _, p := range parts[1:] {
		if len(strings.TrimRight(p, ".")) != 3 && !(len(p) > 3 && p[3] == '.') {
			return parts
		}
	}
	return []string{n}
}

func digits(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsDigit(r) {
			n++
		}
	}
	return n
}

// Acronym is the abbreviation a question asks about: its first word of
// two or more capitals, or "" when it has none.
func Acronym(q *inquiry.Question) string {
	for _, w := range strings.FieldsFunc(q.Text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '&' }) {
		if len(w) >= 2 && strings.ToUpper(w) == w && unicode.IsUpper(rune(w[0])) {
			return w
		}
	}
	return ""
}

// Expansion finds in s the words that acronym ac abbreviates, written as
// "Words Of The Name (AC)": the capitalised words before the bracket whose
// initials spell ac, small words such as "of" and "and" allowed between
// them. It returns "" when s has no such phrase.
func Expansion(s, ac string) string {
	if ac == "" {
		return ""
	}
	i := strings.Index(s, "("+ac+")")
	if i < 0 {
		return ""
	}
	words := strings.Fields(s[:i])
	want := []rune(strings.ToUpper(ac))
	j := len(want) - 1
	start := len(words)
	for k := len(words) - 1; k >= 0 && j >= 0; k-- {
		w := strings.Trim(words[k], ",;:")
		if w == "" {
			return ""
		}
		r := []rune(w)[0]
		switch {
		case unicode.ToUpper(r) == want[j]:
			j--
			start = k
		case smallWords[strings.ToLower(w)]:
		default:
			return ""
		}
	}
	if j >= 0 {
		return ""
	}
	return strings.Join(words[start:], " ")
}

var smallWords = map[string]bool{"of": true, "and": true, "for": true, "the": true, "in": true, "on": true, "&": true, "de": true}

// rangeCount reads a labelled range of numbered items, "Greater
// Houston: 15 through 18", at field k: the count of items it spans (4),
// with the range beside it. The label, before the colon, must hold a
// question term (holds), the range be written with "through" (or
// "thru"), which counts both ends, and no word of what else it spans
// follow it ("15 through 18 years"); ok is false otherwise.
func rangeCount(fields []string, k int, holds func(int) bool) (string, bool) {
	if k == 0 || k+2 >= len(fields) || !strings.HasSuffix(fields[k-1], ":") || !holds(k-1) && (k < 2 || !holds(k-2)) {
		return "", false
	}
	if to := bare(fields, k+1); to != "through" && to != "thru" {
		return "", false
	}
	from, err1 := strconv.Atoi(fields[k])
	last, err2 := strconv.Atoi(strings.TrimRight(fields[k+2], ".,;:"))
	if err1 != nil || err2 != nil || last <= from || last-from > 999 {
		return "", false
	}
	if k+3 < len(fields) && !strings.ContainsAny(fields[k+2], ".,;:") && startsLower(fields[k+3]) {
		return "", false // a range of something else: "15 through 18 years"
	}
	return fmt.Sprintf("%d (%s through %d)", last-from+1, fields[k], last), true
}

// withMonth is phrase, the day of field k, with the month written before
// it and the year after it: "Feb. 1-7, 2021" for "1-7".
func withMonth(fields []string, k int, phrase string) string {
	if k == 0 || !monthName(bare(fields, k-1)) {
		return phrase
	}
	phrase = fields[k-1] + " " + phrase
	if k+1 < len(fields) && isYear(fields[k+1]) && strings.HasSuffix(fields[k], ",") {
		phrase = strings.TrimRight(phrase, ",") + ", " + strings.TrimRight(fields[k+1], ".,;:)")
	}
	return strings.TrimRight(phrase, ".,;:")
}

// fieldLines returns, for each of the n fields of sentence s
// ([numberFields] of it, list markers blanked), the line of s it stands
// on; nil when s is one line, or its lines do not split its fields so.
func fieldLines(s string, n int) []string {
	if !strings.Contains(strings.TrimSpace(s), "\n") {
		return nil
	}
	out := make([]string, 0, n)
	for _, line := range strings.Split(s, "\n") {
		for range numberFields(reEnumerator.ReplaceAllString(line, "${1}•${2}")) {
			out = append(out, line)
		}
	}
	if len(out) != n {
		return nil
	}
	return out
}

// holdsAll reports whether fields hold every one of the terms want.
func holdsAll(fields []string, want map[string]bool) bool {
	have := map[string]bool{}
	for _, f := range fields {
		for _, t := range textterms.Of(f) {
			have[t] = true
		}
	}
	for t := range want {
		if !have[t] {
			return false
		}
	}
	return true
}

// rePeriod is a span of years, "1890-2000" or "2019–20": a date, as
// its ends are, not a quantity.
var rePeriod = lazyre.New(`^\(?[0-9]{4}[-‐–][0-9]{2}(?:[0-9]{2})?\b`)

// reAsksYear asks for a year, or a date that may be one.
var reAsksYear = lazyre.New(`(?i)\b(years?|when|since|date|dates|founded|established|born)\b`)

// reWhatYearQ asks for a year itself.
var reWhatYearQ = lazyre.New(`(?i)\b(?:what|which)\s+year\b`)

// percentAt reports whether the number of field k is a per cent: "18.4%",
// "18.4 %", "18.4 percent".
func percentAt(fields []string, k int) bool {
	if strings.Contains(fields[k], "%") {
		return true
	}
	switch bare(fields, k+1) {
	case "%", "percent", "per", "percentage": // "up 7 percentage points"
		return true
	}
	return false
}

// numberPhrase is field k of fields, a number, with the currency sign
// written before it, the scale or per cent sign after it, and the words
// after those that hold question terms (holds).
func numberPhrase(fields []string, k int, holds func(int) bool, par base.Params) string {
	from, to := k, k+1
	if k > 0 && strings.Trim(fields[k-1], CurrencySigns) == "" {
		from = k - 1
	}
	if scaleAt(fields, to) {
		to++
	}
	for n := 0; to < len(fields) && n < par.CountedMax && holds(to) && !strings.ContainsAny(fields[to-1], ",;:"); n++ {
		to++
	}
	return strings.TrimRight(strings.Join(fields[from:to], " "), ".,;:\"'”’")
}

// CurrencySigns are the signs a figure of money is written with, as the
// table reader knows them.
const CurrencySigns = table.Currencies

// scaleWords follow a number as part of it: a per cent sign or a scale.
var scaleWords = map[string]bool{"%": true, "percent": true, "thousand": true, "million": true, "billion": true, "trillion": true, "bn": true, "m": true}

// scaleAt reports whether field k is a scale word ([scaleWords]).
func scaleAt(fields []string, k int) bool { return scaleWords[bare(fields, k)] }

// bare is field k in small letters without the punctuation after it, or
// "" past the last field.
func bare(fields []string, k int) string {
	if k >= len(fields) {
		return ""
	}
	return strings.ToLower(strings.TrimRight(fields[k], ".,;:"))
}

// isYear reports whether a word is a year from 1900 to 2099, with the
// punctuation around it.
func isYear(w string) bool {
	w = strings.TrimFunc(w, func(r rune) bool { return !unicode.IsDigit(r) })
	return len(w) == 4 && (strings.HasPrefix(w, "19") || strings.HasPrefix(w, "20")) && digits(w) == 4
}

// anyYear reports whether w may be a year when a question asks for one
// ("What year was Keaton born?": 1895): four digits from 1000 to 2099.
// Where no year is asked, only [isYear]'s are years: "1500 hours" is a
// count.
func anyYear(w string) bool {
	w = strings.TrimFunc(w, func(r rune) bool { return !unicode.IsDigit(r) })
	return len(w) == 4 && digits(w) == 4 && (w[0] == '1' || strings.HasPrefix(w, "20"))
}

// reRangeQ asks for a range, which two numbers bound.
var reRangeQ = lazyre.New(`(?i)\branges?\b`)

// rangeEnd returns the end of the range that the number of field k opens,
// the field after its other bound and that bound's unit ("5 °C - 35 °C",
// "10 to 40 V"), or 0 when it opens none.
func rangeEnd(fields []string, k int) int {
	j := k + 1
	if j < len(fields) && !reRangeTo.MatchString(fields[j]) && len(numberSet(fields[j])) == 0 {
		j++ // the first bound's unit
	}
	if j+1 >= len(fields) || !reRangeTo.MatchString(fields[j]) || len(numberSet(fields[j+1])) == 0 {
		return 0
	}
	j += 2
	if j < len(fields) && len(numberSet(fields[j])) == 0 && (len([]rune(strings.TrimRight(fields[j], ".,;:"))) <= 4 || measureWords[bare(fields, j)]) && !reRangeTo.MatchString(fields[j]) && len(textterms.Of(fields[j])) <= 1 {
		j++ // the second bound's unit: "°C", "V", "mm"
	}
	return j
}

// reRangeTo is the word or dash between a range's bounds.
var reRangeTo = lazyre.New(`^(?:-|–|—|to)$`)

// unitSymbols are the symbols a unit of measure is written with after a
// number, by the stem of its name: "How many grams ...?" is answered by
// "16 g". SI symbols (BIPM, The International System of Units, 9th ed.,
// tables 2 to 5 and 8) and the customary ones manuals and datasheets use.
var unitSymbols = map[string][]string{
	"gram": {"g"}, "kilogram": {"kg"}, "milligram": {"mg"},
	"metr": {"m"}, "meter": {"m"}, "centimetr": {"cm"}, "centimet": {"cm"}, "millimetr": {"mm"}, "millimet": {"mm"}, "kilometr": {"km"}, "kilomet": {"km"},
	"litr": {"l"}, "liter": {"l"}, "millilitr": {"ml"}, "millilit": {"ml"},
	"second": {"s", "sec", "secs"}, "minut": {"min", "mins"}, "hour": {"h", "hr", "hrs"},
	"watt": {"w"}, "kilowatt": {"kw"}, "volt": {"v"}, "amp": {"a"}, "amper": {"a"}, "hertz": {"hz"},
	"byte": {"b"}, "kilobyt": {"kb"}, "megabyt": {"mb"}, "gigabyt": {"gb"}, "terabyt": {"tb"},
	"inch": {"in"}, "foot": {"ft"}, "feet": {"ft"}, "pound": {"lb", "lbs"}, "ounc": {"oz"}, "mile": {"mi"},
	"degre": {"°", "°c", "°f"},
}

// UnitOf reports whether field f is the symbol of one of the units
// named by stems.
func UnitOf(f string, stems []string) bool {
	f = strings.ToLower(strings.TrimFunc(f, func(r rune) bool { return !unicode.IsLetter(r) && r != '°' }))
	for _, st := range stems {
		if slices.Contains(unitSymbols[st], f) {
			return true
		}
	}
	return false
}
