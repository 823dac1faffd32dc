package search

import (
	"strings"

	"docqa/ingest"
	"docqa/internal/table"
)

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

// carriedHead returns the header cells of a table continued on a page
// from the page before ([table.Continue]) that the page's text does not
// hold: they name its columns as its own head would ("Employees
// Affected" over the months of a summary that runs on over a page's
// turn), so the page's head carries them.
func carriedHead(text string, grids []table.Grid) string {
	if len(grids) == 0 {
		return ""
	}
	l := table.Label(grids[0])
	var out []string
	for _, c := range grids[0].Cells {
		t := strings.TrimSpace(c.Text)
		if c.Row < l.HeadRows && t != "" && !strings.Contains(text, t) {
			out = append(out, t)
		}
	}
	return strings.Join(out, " ")
}

// searchHeads returns, for each of doc's pages in order, the head its
// passages are searched by beside their text: the page's head
// ([pageHead]) and the header of a table carried over from the page
// before ([carriedHead]).
func searchHeads(doc *ingest.Document) []string {
	heads := make([]string, len(doc.Pages))
	for i, p := range doc.Pages {
		heads[i] = pageHead(p.Text)
		if carried := carriedHead(p.Text, doc.Structure.Stored(p.Number).Grids); carried != "" {
			heads[i] += "\n" + carried
		}
	}
	return heads
}
