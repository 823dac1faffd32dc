package search

import "strings"

// A page's head, its first short lines, names what the page is: the title
// of a statement ("Consolidated Statement of Cash Flows"), a section
// heading, the column headers of a table ("(Millions) 2018 2017 2016").
// A table's rows are far from its title and headers once a page is cut
// into passages, so every passage of a page carries the page's head in a
// field of its own, searched beside the text: "2018 capital expenditure
// ... cash flow statement" then meets a row label in the text and the
// year and statement name in the head of the same passage. Its weight is
// Params.HeadBoost.
const (
	// headLines bounds the lines of a head: a title block is a few lines
	// (company, statement name, period, unit and column headers).
	headLines = 6
	// headLineBytes is the longest line a head holds; a longer one is
	// prose, and ends the head.
	headLineBytes = 120
)

// pageHead returns the head of a page's text: up to headLines of its first
// lines, ending before the first line longer than headLineBytes.
func pageHead(text string) string {
	var out []string
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		if len(line) > headLineBytes || len(out) == headLines {
			break
		}
		if line != "" {
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}
