package sentences

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"docqa/internal/inquiry"
	"docqa/internal/lazyre"
	textterms "docqa/internal/terms"
	"docqa/reader/base"
)

// A question asks for a date when it says so ("what date", "the date
// of", "when was it filed") or names a layout such as YYYY-MM-DD; the
// extractive engine then prefers sentences that hold a date and, given a
// layout, answers with the quoted sentence's date written in it.
var (
	reDateQ      = lazyre.New(`(?i)\b(what|which) date\b|\bdate (of|on|mentioned|written)\b|\b(YYYY|MM|DD)([-/.](YYYY|MM|DD)){1,2}\b`)
	reDateLayout = lazyre.New(`\b(YYYY|MM|DD)([-/.](YYYY|MM|DD)){1,2}\b`)
)

const monthNames = `(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`

// The date forms found in text, each with the order of its parts.
var dateForms = []struct {
	re    *lazyre.Regexp
	order string // y, m (a number), n (a month name), d, in submatch order
}{
	{lazyre.New(`(?i)\b` + monthNames + `\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b`), "ndy"},
	{lazyre.New(`(?i)\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?` + monthNames + `\.?,?\s+(\d{4})\b`), "dny"},
	{lazyre.New(`\b(\d{4})-(\d{1,2})-(\d{1,2})\b`), "ymd"},
	{lazyre.New(`\b(\d{1,2})/(\d{1,2})/(\d{4})\b`), "mdy"},
	{lazyre.New(`(?i)\b` + monthNames + `\.?,?\s+(\d{4})\b`), "ny"},
}

// date is a calendar date; day is 0 when the text names only the month.
type date struct{ year, month, day int }

// findDate returns the first date written in s.
func findDate(s string) (date, bool) {
	best, at := date{}, -1
	for _, f := range dateForms {
		m := f.re.FindStringSubmatchIndex(s)
		if m == nil || (at >= 0 && m[0] >= at) {
			continue
		}
		d, ok := readDate(s, m, f.order)
		if ok {
			best, at = d, m[0]
		}
	}
	return best, at >= 0
}

// readDate reads the submatches m of s in the given order of parts.
func readDate(s string, m []int, order string) (date, bool) {
	var d date
	for i, part := range order {
		v := s[m[2+2*i]:m[3+2*i]]
		n, _ := strconv.Atoi(v)
		switch part {
		case 'y':
			d.year = n
		case 'm':
			d.month = n
		case 'n':
			d.month = month(v)
		case 'd':
			d.day = n
		}
	}
	if order == "mdy" && d.month > 12 && d.day <= 12 {
		d.month, d.day = d.day, d.month // 25/12/2020: day first
	}
	ok := d.year >= 1000 && d.month >= 1 && d.month <= 12 && d.day >= 0 && d.day <= 31
	return d, ok
}

// month returns the number of a month name or its abbreviation.
func month(name string) int {
	name = strings.ToLower(name)
	for i, m := range []string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"} {
		if strings.HasPrefix(name, m) {
			return i + 1
		}
	}
	return 0
}

// DateAnswer writes the first date of quote in the layout the question
// names ("Format the date as YYYY-MM-DD"); it returns "" when the question
// names none, or the quote has no date with the parts the layout needs.
func DateAnswer(question, quote string) string {
	layout := reDateLayout.FindString(question)
	if layout == "" {
		return ""
	}
	d, ok := findDate(quote)
	if !ok || (d.day == 0 && strings.Contains(layout, "DD")) {
		return ""
	}
	return strings.NewReplacer("YYYY", strconv.Itoa(d.year), "MM", fmt.Sprintf("%02d", d.month), "DD", fmt.Sprintf("%02d", d.day)).Replace(layout)
}

// reFullDate is a day written out in a question: "August 30, 2023",
// "30 August 2023".
var reFullDate = lazyre.New(`(?i)\b` + monthNames + `\.?\s+\d{1,2},?\s+\d{4}\b|\b\d{1,2}(?:st|nd|rd|th)?\s+` + monthNames + `\.?,?\s+\d{4}\b`)

// DateWeighed halves the weight of the terms of the days the question
// writes out: a day says when, and a sentence of a dated document tells
// what happened without repeating its date; its rare numbers otherwise
// outweigh what the question asks about.
func DateWeighed(q *inquiry.Question, w map[string]float64, total float64) (map[string]float64, float64) {
	for _, d := range reFullDate.FindAllString(q.Text, -1) {
		for _, t := range textterms.Of(d) {
			if v, ok := w[t]; ok && v > 0 {
				w[t] = v / 2
				total -= v / 2
			}
		}
	}
	return w, total
}

// DatedSources reports for each source whether its page mentions every
// year the question (without its instructions) names: a page about 2016 does not answer "Who
// produced the document revised in May 2018?", however well its
// sentences match the other words.
func DatedSources(sources []base.Source, q *inquiry.Question) []bool {
	years := ReYearQ.FindAllString(q.Stripped, -1)
	out := make([]bool, len(sources))
	for i, src := range sources {
		out[i] = !slices.ContainsFunc(years, func(y string) bool { return !strings.Contains(src.Text, y) })
	}
	return out
}
