package answer

import (
	"fmt"
	"sort"
	"strings"
)

// Context is the text an engine answers from: every source page after a
// marker line naming its document and page, e.g.
//
//	[ae300-handbook.pdf, p. 4]
//	3. Operating Limits ...
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
}

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
		b.WriteString(s.Text)
		b.WriteString("\n")
		c.Spans = append(c.Spans, Span{Start: start, End: b.Len(), Doc: s.Doc, Page: s.Page})
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
		body := strings.TrimPrefix(c.Text[sp.Start:sp.End], "\n")
		_, body, _ = strings.Cut(body, "\n") // the marker line
		out = append(out, Source{Doc: sp.Doc, Page: sp.Page, Text: strings.TrimSuffix(body, "\n")})
	}
	return out
}
