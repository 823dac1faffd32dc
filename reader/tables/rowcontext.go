package tables

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"docqa/internal/lazyre"
	"docqa/internal/table"
	"docqa/reader/base"
)

// A statement's rows stand under headings that say what they are. Under
// "Changes in operating assets and liabilities:" a cash flow statement
// lists "Inventories 1,242" and "Accounts receivable (2,971)": the
// year's changes, not the balances a question about year-end
// inventories asks for. Under "Earnings per share:" an income statement
// lists "Basic 9.72" and "Diluted 9.68": rows whose own label names no
// item without the heading.

// rowContext is what the text above a row says of it.
type rowContext struct {
	heading string // the last line of words above its block of rows, "" for none
	change  bool   // it lists a year's changes in assets and liabilities
}

// reChangesHeading heads the changes in working capital of a cash flow
// statement: "Changes in operating assets and liabilities:", "Change in
// assets and liabilities, net of acquisitions:", "(Increase) decrease
// in operating assets:".
var reChangesHeading = lazyre.New(`(?i)^\(?(?:net\s+)?(?:changes?|increase|decrease)\)?\b[^\n]*\b(?:assets|liabilities|working capital)\b`)

// reChangesEnd is a row that ends such a list: the section's total.
var reChangesEnd = lazyre.New(`(?i)^(?:net cash|cash|total)\b`)

// rowContexts returns the context of each of rows, the table rows of
// text in order ([table.Rows]).
func rowContexts(text string, rows []table.Row) []rowContext {
	out := make([]rowContext, len(rows))
	var cur rowContext
	prev := 0
	for i, r := range rows {
		if r.Start > prev {
			var lines []string
			for l := range strings.Lines(text[prev:r.Start]) {
				if l = strings.TrimSpace(l); l != "" {
					lines = append(lines, l)
				}
			}
			if len(lines) > 0 {
				h := lines[len(lines)-1]
				if n := len(lines); n >= 2 && strings.HasSuffix(h, ":") && endsOnWord(lines[n-2]) {
					h = lines[n-2] + " " + h // "NET INCOME PER COMMON SHARE ATTRIBUTABLE TO" "COSTCO:"
				}
				cur = rowContext{heading: h}
				for _, l := range lines {
					cur.change = cur.change || reChangesHeading.MatchString(l)
				}
			}
		}
		if reChangesEnd.MatchString(r.Label) {
			cur.change = false
		}
		out[i] = cur
		prev = max(prev, r.End)
	}
	return out
}

// listHeading reports whether line heads a list of rows whose labels
// name their items only after it: a few words ending in a colon,
// "Earnings per share:", "Net income per common share attributable to
// Costco:".
func listHeading(line string, par base.Params) bool {
	return strings.HasSuffix(line, ":") && len(strings.Fields(line)) <= par.MaxListHeading
}

// endsOnWord reports whether a line of a heading goes on on the next: it
// ends on a word, not on punctuation or a figure.
func endsOnWord(line string) bool {
	r, _ := utf8.DecodeLastRuneInString(line)
	return unicode.IsLetter(r)
}
