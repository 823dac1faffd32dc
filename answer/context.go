package answer

import (
	"fmt"
	"sort"
	"strings"

	"docqa/internal/table"
)

// Context is the text an engine answers from: every source page after a
// marker line naming its document and page, e.g.
//
//	[ae300-handbook.pdf, p. 4]
//	3. Operating Limits ...
//
// A page that holds tables (the grids ingest kept, its [reader.Source.Structure]) is
// followed by its tables read row by row, each cell after its column's
// header, after a line [TablesLine]: a reading aid for the model, whose
// quotes must still come from the page text above it.
//
//	[tables of this page, by row and column; quote the page text above, not these lines]
//	Climb | Sea level – Min: 151 | Sea level – Max: 170 | FL100 – Min: 133 | FL100 – Max: 149
//
// A page whose sections the document's outline names is introduced by a
// second line after its marker, [SectionLine] and the path:
//
//	[section: Getting Started > Installation Tasks]
//
// Spans map every byte of Text back to its source page, so a quote found
// anywhere in it can be attributed.
type Context struct {
	Text  string
	Spans []Span
}

// Span is the byte range [Start, End) of Context.Text that belongs to one
// page: its marker line and its text.
type Span struct {
	Start, End int
	Doc        string
	Page       int
	// Tables is where the page's tables, read by row and column, start
	// within [Start, End); End when it has none. A quote is checked
	// against the page text before it only.
	Tables int
	// Section is the sections' path its [SectionLine] names; "" when it
	// has none (a page's own text that begins alike is the page's).
	Section string
}

// TablesLine opens a page's tables read by row and column in a context.
const TablesLine = "[tables of this page, by row and column; quote the page text above, not these lines]"

// SectionLine opens the line that names the sections a page stands in.
const SectionLine = "[section: "

// Marker returns the line that introduces a page in a context.
func Marker(doc string, page int) string {
	return fmt.Sprintf("[%s, p. %d]", doc, page)
}

// Assemble builds the context of the sources, in order.
func Assemble(sources []Source) Context {
	var b strings.Builder
	var c Context
	for _, s := range sources {
		start := b.Len()
		if start > 0 {
			b.WriteString("\n")
		}
		b.WriteString(Marker(s.Doc, s.Page))
		b.WriteString("\n")
		section := strings.ReplaceAll(sectionPath(s), "\n", " ")
		if section != "" {
			b.WriteString(SectionLine + section + "]\n")
		}
		b.WriteString(s.Text)
		b.WriteString("\n")
		tables := b.Len()
		if rows := tableRows(s.Structure.Grids); rows != "" {
			b.WriteString(TablesLine)
			b.WriteString("\n")
			b.WriteString(rows)
		}
		c.Spans = append(c.Spans, Span{Start: start, End: b.Len(), Doc: s.Doc, Page: s.Page, Tables: tables, Section: section})
	}
	c.Text = b.String()
	return c
}

// Locate returns the page that byte offset i of the context belongs to.
func (c Context) Locate(i int) (doc string, page int, ok bool) {
	k := sort.Search(len(c.Spans), func(k int) bool { return c.Spans[k].End > i })
	if i < 0 || k == len(c.Spans) || i < c.Spans[k].Start {
		return "", 0, false
	}
	return c.Spans[k].Doc, c.Spans[k].Page, true
}

// Sources splits a context back into its pages.
func (c Context) Sources() []Source {
	out := make([]Source, 0, len(c.Spans))
	for _, sp := range c.Spans {
		end := sp.End
		if sp.Tables > sp.Start && sp.Tables < end {
			end = sp.Tables
		}
		body := strings.TrimPrefix(c.Text[sp.Start:end], "\n")
		_, body, _ = strings.Cut(body, "\n") // the marker line
		if sp.Section != "" {
			_, body, _ = strings.Cut(body, "\n") // the section line
		}
		src := Source{Doc: sp.Doc, Page: sp.Page, Text: strings.TrimSuffix(body, "\n")}
		if sp.Section != "" {
			src.Structure.Section = strings.Split(sp.Section, sectionSep)
		}
		out = append(out, src)
	}
	return out
}

// tableRows reads grids row by row for a context: each row's label, then
// each of its cells after its column's label, at most [maxTableRows] rows
// and [maxTablesBytes] bytes a page.
func tableRows(grids []table.Grid) string {
	var b strings.Builder
	for _, g := range grids {
		l := table.Label(g)
		n := 0
		for r := l.HeadRows; r < l.Rows && n < maxTableRows; r++ {
			var cells []string
			for k := l.StubCols; k < l.Cols; k++ {
				if v := l.Cell(r, k); v != "" {
					if h := l.ColLabels[k]; h != "" {
						v = h + ": " + v
					}
					cells = append(cells, v)
				}
			}
			if l.RowLabels[r] == "" || len(cells) == 0 {
				continue
			}
			line := l.RowLabels[r] + " | " + strings.Join(cells, " | ") + "\n"
			if b.Len()+len(line) > maxTablesBytes {
				return b.String()
			}
			b.WriteString(line)
			n++
		}
	}
	return b.String()
}

// maxTableRows and maxTablesBytes bound a page's tables in a context:
// the rows of a statement page, within a sixth of the default context.
const (
	maxTableRows   = 60
	maxTablesBytes = 2000
)
