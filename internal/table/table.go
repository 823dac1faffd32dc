// Package table reads the tables of a page's text as rows: a label, its
// figures, and the column each figure stands under.
//
// A statement page extracted in reading order keeps each table row on
// one line, the label first and the figures after it, under a header
// line that names the columns by year:
//
//	(Millions) 2018 2017 2016
//	Purchases of property, plant and equipment (PP&E) (1,577) (1,373) (1,420)
//
// Rows reads such lines. A label that wraps puts its figures on the next
// line, which Rows joins to it; a figure in brackets is negative; the
// scale ("(Millions)", "in thousands") is the last one written above the
// row on the page.
package table

import (
	"math/big"
	"slices"
	"strings"
	"unicode/utf8"

	"docqa/internal/lazyre"
)

// Cell is one figure of a row.
type Cell struct {
	Text       string   // as written: "(1,577)", "$ 5,363", "12.5%"
	Value      *big.Rat // the figure, negative in brackets; nil for a dash
	Percent    bool
	Start, End int // the cell's bytes in the page text
}

// Row is one table row of a page.
type Row struct {
	Label      string // as written, spaces folded
	Cells      []Cell
	Columns    []string // the column of each cell, from the header above: "2018"; nil when unknown
	Scale      string   // "thousands", "millions" or "billions" when the page says so above the row
	Currency   string   // "$", "€", "£" or "¥" when a row under the same header writes its figures with it
	Start, End int      // the row's bytes in the page text, label to last figure
	// Total marks a total written without a label under the rows it adds
	// up: its Label is the heading above those rows ("Revenues"), and
	// Start is the heading's, so that the row's text shows what it totals.
	Total bool
}

// Column returns the cell under column name col, or false.
func (r Row) Column(col string) (Cell, bool) {
	for i, c := range r.Columns {
		if c == col {
			return r.Cells[i], true
		}
	}
	return Cell{}, false
}

// reScale is a line's statement of the table's scale: "(in millions)".
var reScale = lazyre.New(`(?i)(?:\bin|\(|\bdollars in|\bamounts in)\s*(thousands|millions|billions)\b`)

// Rows returns the table rows of a page's text, in order.
func Rows(text string) []Row {
	var out []Row
	var cols []string
	scale := ""
	pending := -1        // start of a line of words only, which the next line's figures may label
	table := 0           // the first row under the last header
	heading := -1        // start of the last line of words only, a heading of the rows since
	group := 0           // the first row under that heading
	var stacked []string // the years of the date-only lines just above
	for start := 0; start < len(text); {
		end := strings.IndexByte(text[start:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += start
		}
		line := text[start:end]
		if mayScale(line) {
			if m := reScale.FindAllStringSubmatch(line, -1); m != nil {
				scale = strings.ToLower(m[len(m)-1][1])
			}
		}
		toks := fields(line, start)
		h := header(toks)
		if dateOnly(toks) && h == nil {
			// a header written a date to a line: "December 2,", "2022",
			// "December 3,", "2021"
			for _, t := range toks {
				if isYear(t.s) {
					stacked = append(stacked, strings.Trim(t.s, "(),:"))
				}
			}
			start = end + 1
			continue
		}
		if h == nil && len(stacked) >= 2 { // and this line is the first row under it
			currency(out[table:])
			cols, pending, table, heading = stacked, -1, len(out), -1
		}
		stacked = nil
		if h != nil {
			currency(out[table:])
			cols, pending, table, heading = h, -1, len(out), -1
			start = end + 1
			continue
		}
		cells, label := figures(toks)
		switch {
		case len(cells) == 0:
			pending, heading = -1, -1
			if label != "" && len(toks) > 0 {
				pending, heading, group = start, start, len(out)
			}
		case label == "" && pending >= 0 && !strings.HasSuffix(strings.TrimSpace(text[pending:start]), "."):
			out = append(out, row(text, pending, start, cells, cols, scale))
			pending = -1
		case label != "" && !dated(label) && !strings.HasSuffix(label, "."): // a sentence ending in a page number is prose
			out = append(out, row(text, start, -1, cells, cols, scale))
			pending = -1
		case label == "" && heading >= 0 && sums(out[group:], cells):
			r := row(text, heading, -1, cells, cols, scale)
			r.Label = strings.Join(strings.Fields(text[heading:min(heading+strings.IndexByte(text[heading:]+"\n", '\n'), len(text))]), " ")
			r.Total = true
			out = append(out, r)
			pending, heading = -1, -1
		default:
			pending = -1
		}
		start = end + 1
	}
	currency(out[table:])
	return out
}

// sums reports whether cells, a line of figures without a label, is
// the total of rows, two or more: each of its figures is the exact sum of
// the figures above it in its column ("Revenues", five kinds of revenue,
// then their sum on a line of its own, as statements print it).
func sums(rows []Row, cells []Cell) bool {
	if len(rows) < 2 {
		return false
	}
	for i, c := range cells {
		if c.Value == nil {
			return false
		}
		sum := new(big.Rat)
		for _, r := range rows {
			if len(r.Cells) != len(cells) {
				return false
			}
			if v := r.Cells[i].Value; v != nil {
				sum.Add(sum, v)
			}
		}
		if sum.Cmp(c.Value) != 0 {
			return false
		}
	}
	return true
}

// currency marks the rows of one table with the currency sign any of
// their figures is written with: statements write it on a table's first
// and total rows only.
func currency(rows []Row) {
	for _, r := range rows {
		for _, c := range r.Cells {
			if i := strings.IndexAny(c.Text, Currencies); i >= 0 {
				_, n := utf8.DecodeRuneInString(c.Text[i:])
				for k := range rows {
					rows[k].Currency = c.Text[i : i+n]
				}
				return
			}
		}
	}
}

// Currencies are the currency signs a figure may be written with.
const Currencies = "$€£¥"

// row builds the row that starts at byte start of text; its label ends
// at labelEnd, or where its figures start when labelEnd is -1. A row with
// more figures than the header has columns gives the first ones back to
// its label ("Interest (Note 7) (26) 71 146").
func row(text string, start, labelEnd int, cells []Cell, cols []string, scale string) Row {
	for len(cols) > 0 && len(cells) > len(cols) && (footnote(cells[0].Text) || noteNumber(cells[0].Text) || inPhrase(text, start, cells[0].Start)) {
		cells = cells[1:]
	}
	if labelEnd < 0 {
		labelEnd = cells[0].Start
	}
	r := Row{Label: strings.Join(strings.Fields(text[start:labelEnd]), " "), Scale: scale, Start: start}
	r.Cells = cells
	switch {
	case len(cols) == len(cells):
		r.Columns = cols
	case len(cols) > 0 && len(cells) > len(cols) && !cells[len(cols)-1].Percent && cells[len(cells)-1].Percent:
		// the years' figures, then a change in per cent: "11,151 11,154 0 %"
		r.Columns = slices.Concat(cols, make([]string, len(cells)-len(cols)))
	}
	r.End = cells[len(cells)-1].End
	return r
}

// inPhrase reports whether the figure at byte at of text follows a small
// word of the label's phrase, "and", "of", "to": "Trade accounts
// receivable, net of doubtful accounts - $40 and $42 1,721 2,004".
func inPhrase(text string, start, at int) bool {
	f := strings.Fields(text[start:at])
	if len(f) == 0 {
		return false
	}
	switch strings.ToLower(f[len(f)-1]) {
	case "and", "or", "of", "to", "at", "from", "than", "by", "per":
		return true
	}
	return false
}

// noteNumber reports whether a figure before a row's figures is rather a
// reference in a column of its own: the note of the accounts that
// explains the row ("Inventories 6 1,234 1,100"), a fair-value level
// ("Corporate bonds Level 2 416,420 213,875"). Such a number has one or
// two digits and nothing else, or closes a bracket the label opened:
// "Provision for taxes on income (Note 8) 3,784 1,898".
func noteNumber(s string) bool {
	s = strings.TrimSuffix(s, ")")
	return len(s) <= 2 && strings.Trim(s, "0123456789") == ""
}

// footnote reports whether a figure is rather a footnote mark after a
// label: "(1)", "(a)".
func footnote(s string) bool {
	return len(s) == 3 && s[0] == '(' && s[2] == ')' && s[1] >= '1' && s[1] <= '9'
}

// dated reports whether a label ends in a month, its figure a day: "Year
// ended December 31".
func dated(label string) bool {
	f := strings.Fields(label)
	return months[strings.ToLower(f[len(f)-1])]
}

type token struct {
	s          string
	start, end int
}

func fields(line string, off int) []token {
	var out []token
	i := 0
	for _, f := range strings.Fields(line) {
		j := strings.Index(line[i:], f) + i
		out = append(out, token{f, off + j, off + j + len(f)})
		i = j + len(f)
	}
	return out
}

// dateOnly reports whether a line holds nothing but a date or part of
// one: month names, days of the month and years.
func dateOnly(toks []token) bool {
	for _, t := range toks {
		if !isYear(t.s) && !isDay(t.s) && !months[strings.ToLower(strings.Trim(t.s, ",."))] {
			return false
		}
	}
	return len(toks) > 0
}

var months = map[string]bool{"january": true, "february": true, "march": true, "april": true, "may": true, "june": true, "july": true, "august": true, "september": true, "october": true, "november": true, "december": true}

// header returns the years a header line names, in order, or nil when
// the line is no header: it must name two years or more and hold no
// figure but days of the month ("December 31, 2018").
func header(toks []token) []string {
	var years []string
	for _, t := range toks {
		switch {
		case isYear(t.s):
			years = append(years, strings.Trim(t.s, "(),:"))
		case isDay(t.s):
		case isFig(t.s) || isDash(t.s):
			return nil
		}
	}
	if len(years) < 2 {
		return nil
	}
	return years
}

// figures splits a line's tokens into its trailing figures and the label
// before them. A "$" or "%" standing alone belongs to the figure next to
// it.
func figures(toks []token) ([]Cell, string) {
	var cells []Cell
	pct := -1 // the end of a "%" standing alone after the figure to come
	i := len(toks)
scan:
	for ; i > 0; i-- {
		t := toks[i-1]
		switch {
		case t.s == "%" && pct < 0:
			pct = t.end
		case len(t.s) <= 3 && strings.Contains(Currencies, t.s) && len(cells) > 0 && pct < 0:
			cells[0].Text = t.s + " " + cells[0].Text
			cells[0].Start = t.start
		case t.s == ")" && pct < 0 && i >= 2 && isOpenFig(toks[i-2].s):
			// "(28,107 )": a bracket set apart from its figure closes it
			f := toks[i-2]
			cells = append([]Cell{{Text: f.s + " )", Start: f.start, End: t.end, Value: value(f.s + ")")}}, cells...)
			i--
		case isDash(t.s) && pct < 0:
			cells = append([]Cell{{Text: t.s, Start: t.start, End: t.end}}, cells...)
		case isFig(t.s):
			c := Cell{Text: t.s, Start: t.start, End: t.end, Value: value(t.s), Percent: strings.HasSuffix(t.s, "%") || strings.HasSuffix(t.s, "%)")}
			if pct >= 0 {
				c.Text += " %"
				c.End, c.Percent, pct = pct, true, -1
			}
			cells = append([]Cell{c}, cells...)
		default:
			break scan
		}
	}
	if pct >= 0 { // a "%" no figure precedes is the label's
		i++
	}
	var label []string
	for _, t := range toks[:i] {
		label = append(label, t.s)
	}
	l := strings.Join(label, " ")
	if !strings.ContainsFunc(l, isLetter) {
		l = ""
	}
	return cells, l
}

func isLetter(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 0x7f }

// value reads a figure: "(1,577)" is -1577, "$ 5,363" 5363, "12.5%" 12.5.
func value(s string) *big.Rat {
	neg := strings.HasPrefix(s, "(") && strings.Contains(s, ")") || strings.HasPrefix(s, "-")
	s = strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' || r == '.' {
			return r
		}
		return -1
	}, s)
	v, ok := new(big.Rat).SetString(s)
	if !ok {
		return nil
	}
	if neg {
		v.Neg(v)
	}
	return v
}
