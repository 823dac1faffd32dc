package search

import "strings"

// A page's head, its first short lines, names what the page is: the title
// of a statement ("Consolidated Statement of Cash Flows"), a section
// heading, the column headers of a table ("(Millions) 2018 2017 2016").
// A table's rows are far from its title and headers once a page is cut
// into passages, so every passage of a page carries the page's head in a
// field of its own, searched beside the text: "2018 capital expenditure
// ... cash flow statement" then meets a row label in the text and the
// year and statement name in the head of the same passage.
const (
	// headLines bounds the lines of a head: a title block is a few lines
	// (company, statement name, period, unit and column headers).
	headLines = 6
	// headLineBytes is the longest line a head holds; a longer one is
	// prose, and ends the head.
	headLineBytes = 120
	// headBoost weighs a match in the head against one in the text: 1,
	// the neutral weight. Measured (docqa eval, hit@5 / MRR): FinanceBench
	// dev scoped 0.509 / 0.343 at 0.5, 0.527 / 0.367 at 1, 0.564 / 0.370
	// at 2; MMLongBench dev unscoped 0.738 / 0.633, 0.744 / 0.616,
	// 0.732 / 0.601. Neither set's best, so neither is chosen.
	headBoost = 1.0
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
