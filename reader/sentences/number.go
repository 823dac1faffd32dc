package sentences

import (
	"slices"
	"strings"
	"unicode"

	"docqa/internal/inquiry"
	textterms "docqa/internal/terms"
	"docqa/reader/base"
)

// NumberNear returns a test of whether a sentence holds, within
// [base.Params.NearWords] words of one of the question's terms, a number the question
// does not name: "18 data centers" for "How many data centers ...?",
// "Case: 21-13199" for "What is the case number?". It also returns that
// number with what the sentence writes around it that belongs to it: a
// currency sign before it, a scale or per cent sign after it, and the
// question's words that follow it ("$4.2 billion", "18 data centers",
// "10 hours"), the typed answer.
func NumberNear(q *inquiry.Question, par base.Params) func(s string) (string, bool) {
	return newNumberAsk(q, par).find
}

// numberAsk is what a question that asks for a number says of it.
type numberAsk struct {
	asked []string        // the numbers the question names, which answer nothing
	want  map[string]bool // the question's terms, without numbers and share words
	// counted are the words a "how many" question counts; head is the
	// noun of them, stems its terms and words the terms of all of them
	counted     []string
	head        string
	stems       []string
	words       []string
	percent     bool            // it asks for a per cent
	units       map[string]bool // "how long": a number of time or length units
	askedLabels map[string]bool // "Which figure ...?" asks for a label; "in Section 3.4" names one
	years       bool            // it asks for a year's count, else a year is a date, not the quantity asked for
	onlyYears   bool            // "What year was Mickey Mouse created?" is not answered by "20 more years"
	when        bool            // it asks when
	ranges      bool            // it asks for a range
	measure     bool            // it names a measure ("temperature"): the answer keeps its units
	often       bool            // it asks how often: the answer is the interval ([interval])
	names       map[string]bool // the terms of the things it names ([namedPhrases])
	par         base.Params     // the numbers it is read with
}

func newNumberAsk(q *inquiry.Question, par base.Params) *numberAsk {
	text := q.Text
	na := &numberAsk{asked: numberSet(text), want: map[string]bool{}, askedLabels: map[string]bool{}, par: par}
	for _, t := range textterms.Of(inquiry.WithoutSourceNames(text)) { // "In the DMCA summary, when ...": the source is no word of the answer
		if strings.IndexFunc(t, unicode.IsDigit) < 0 && !shareWords[t] {
			na.want[t] = true
		}
	}
	na.counted = countedWords(text, par)
	if len(na.counted) > 0 {
		na.head = countedHead(na.counted)
		na.stems = lettered(textterms.Of(na.head)) // "F1" counts no "1"
		na.words = lettered(textterms.Of(strings.Join(na.counted, " ")))
	}
	na.percent = RePercentQ.MatchString(text)
	if m := reMeasureQ.FindStringSubmatch(text); m != nil {
		na.units = measureUnits[strings.ToLower(m[1])]
	}
	qf := numberFields(text)
	for i := range qf {
		if w := bare(qf, i); labelWords[w] && (i+1 == len(qf) || !unicode.IsDigit(rune(qf[i+1][0]))) {
			na.askedLabels[w] = true
		}
	}
	na.years = reAsksYear.MatchString(text)
	na.onlyYears = reWhatYearQ.MatchString(text)
	na.when = reWhenQ.MatchString(text)
	na.ranges = reRangeQ.MatchString(text)
	na.measure = reMeasureNounQ.MatchString(text)
	na.often = reOftenQ.MatchString(text)
	if na.onlyYears {
		na.names = map[string]bool{}
		for _, n := range namedPhrases(text) {
			for _, t := range n.terms {
				na.names[t] = true
			}
		}
	}
	return na
}

// find returns the number of sentence s the question asks for, as its
// typed answer ([NumberNear]).
func (na *numberAsk) find(s string) (string, bool) {
	fields := numberFields(reEnumerator.ReplaceAllString(s, "${1}•${2}"))
	var asks []bool // whether each field holds a question term, found once
	holds := func(j int) bool {
		if asks == nil {
			asks = make([]bool, len(fields))
			for j, f := range fields {
				asks[j] = slices.ContainsFunc(textterms.Of(f), func(t string) bool { return na.want[t] })
			}
		}
		return asks[j]
	}
	// a sentence of several lines, a list of lines without stops
	// ("S$2000 per month for International Student", "S$2700 per month
	// for Singapore Citizen"): its number is the one on the line that
	// holds most of the question's terms, the first of equals; lines[k]
	// is field k's line
	if na.often {
		if iv := interval(s); iv != "" && slices.ContainsFunc(fields, func(f string) bool {
			return slices.ContainsFunc(textterms.Of(f), func(t string) bool { return na.want[t] })
		}) {
			return iv, true
		}
	}
	lines := fieldLines(s, len(fields))
	found, foundHeld := "", 0
	var times []int // the fields of the times a when-question may be answered by
	nums := numberWords(fields)
	if na.counted != nil && len(nums) == 0 {
		nums = speltCounts(fields) // a count in words, in a sentence with no figure
	}
	for _, n := range nums {
		if na.skips(fields, n) {
			continue
		}
		if na.when {
			times = append(times, n.word)
		}
		if na.counted != nil && na.units == nil {
			if c, ok := na.count(fields, n.word, holds); ok {
				return c, true
			}
			continue
		}
		phrase, ok := na.near(fields, n.word, holds)
		if !ok {
			continue
		}
		if lines == nil {
			return phrase, true
		}
		if c := na.held(lines[n.word]); found == "" || c > foundHeld {
			found, foundHeld = phrase, c
		}
	}
	if found != "" {
		return found, true
	}
	if y, ok := na.onlyYear(fields, nums, s); ok {
		return y, true
	}
	return na.onlyTime(s, fields, times, holds)
}

// onlyYear answers a question that asks for the year of a thing it
// names ("What year was Buster Keaton born?") with the one year of a
// sentence that names it too, however far from the question's words
// ("Keaton was born into a vaudeville family in 1895"); ok is false for
// a sentence of none or several, or one that names nothing the question
// does ("What year is the report for?" names nothing).
func (na *numberAsk) onlyYear(fields []string, nums []numberWord, s string) (string, bool) {
	if !na.onlyYears || len(na.names) == 0 {
		return "", false
	}
	if !slices.ContainsFunc(textterms.Of(s), func(t string) bool { return na.names[t] }) {
		return "", false
	}
	year := ""
	for _, n := range nums {
		if na.skips(fields, n) {
			continue
		}
		if year != "" && n.n != year {
			return "", false
		}
		year = n.n
	}
	return year, year != ""
}

// skips reports whether number n of fields is not of the kind asked for:
// one the question names, no per cent, no unit asked for, a year or a
// period where none is asked, a label, no time for a when-question.
func (na *numberAsk) skips(fields []string, n numberWord) bool {
	return slices.Contains(na.asked, n.n) || na.percent && !percentAt(fields, n.word) ||
		na.units != nil && !unitAt(fields, n.word, na.units) ||
		!na.years && (isYear(n.n) || rePeriod.MatchString(fields[n.word])) || na.onlyYears && !anyYear(n.n) ||
		labels(fields, n.word, na.askedLabels) || na.when && !timeAt(fields, n.word)
}

// count reads the count a "how many" question asks for at field k: a
// number of the things counted, "6 out of 9 hurricanes", or a labelled
// range of numbered items.
func (na *numberAsk) count(fields []string, k int, holds func(int) bool) (string, bool) {
	if counts(fields, k, na.head, na.stems, na.words, na.par) {
		return digitsFirst(numberPhrase(fields, k, holds, na.par)), true
	}
	if m := outOf(fields, k); m > 0 && counts(fields, m, na.head, na.stems, na.words, na.par) {
		return strings.Join(fields[k:m], " ") + " " + numberPhrase(fields, m, holds, na.par), true // "6 out of 9 hurricanes"
	}
	return rangeCount(fields, k, holds) // "Greater Houston: 15 through 18"
}

// near returns the phrase of the number at field k when a question term
// stands within [base.Params.NearWords] of it: the number with its unit, measure,
// month or range as the question asks.
func (na *numberAsk) near(fields []string, k int, holds func(int) bool) (string, bool) {
	reach := na.par.NearWords // the words a scale or a unit takes are the number's: "$13.2 billion in cash", "3 hours to charge"
	if scaleAt(fields, k+1) || na.units != nil {
		reach++
	}
	for j := max(k-na.par.NearWords, 0); j <= min(k+reach, len(fields)-1); j++ {
		if j == k || !holds(j) {
			continue
		}
		phrase := numberPhrase(fields, k, holds, na.par)
		if !strings.Contains(phrase, " ") {
			phrase += unitAfter(fields, k, na.units, na.when) // the unit is the answer's: "3 hours"
		}
		if na.measure && !strings.Contains(phrase, " ") {
			phrase += measureAfter(fields, k) // "110 degrees Celsius"
		}
		if na.when {
			phrase = withMonth(fields, k, phrase)
		}
		if end := rangeEnd(fields, k); (na.ranges || na.measure) && end > 0 {
			phrase = strings.TrimRight(strings.Join(fields[k:end], " "), ".,;:") // "5 °C - 35 °C"
		}
		return phrase, true
	}
	return "", false
}

// held counts the question's terms a line holds.
func (na *numberAsk) held(line string) int {
	n := 0
	for _, t := range textterms.Of(line) {
		if na.want[t] {
			n++
		}
	}
	return n
}

// onlyTime answers a when-question from the one time of sentence s, a
// date of a few words, when the sentence holds every word of the
// question: it is what the question asks, wherever the sentence puts it
// ("was signed into law by President Clinton on October 28, 1998").
func (na *numberAsk) onlyTime(s string, fields []string, times []int, holds func(int) bool) (string, bool) {
	if len(times) == 0 || times[len(times)-1]-times[0] > na.par.DateFields || !holdsAll(fields, na.want) {
		return "", false
	}
	if d := reFullDate.FindAllString(s, 2); len(d) == 1 {
		return d[0], true
	}
	phrase := numberPhrase(fields, times[0], holds, na.par)
	if !strings.Contains(phrase, " ") {
		phrase += unitAfter(fields, times[0], na.units, na.when)
	}
	return phrase, true
}
