package main

import (
	"bytes"
	"fmt"
	"strings"
)

// A block is text placed on a page: wrapped at width characters, starting
// at (x, y) in points, in the given font size and font (F1 regular, F2 bold).
type block struct {
	x, y  float64
	size  float64
	font  string
	width int
	text  string
	raw   string // drawing operators written as they are (ruling lines)
}

// page is one page of blocks.
type page []block

// writePDF renders pages into a minimal PDF 1.4 file with the standard
// Helvetica fonts, one content stream per page, and a valid xref table.
func writePDF(title string, pages []page) []byte { return writePDFMarked(title, pages, nil) }

// A mark is a bookmark: its title, the 1-based page it points to, and
// the bookmarks under it.
type mark struct {
	title string
	page  int
	kids  []mark
}

// writePDFMarked is [writePDF] with an outline of bookmarks; none for
// nil.
func writePDFMarked(title string, pages []page, marks []mark) []byte {
	var objs []string
	add := func(s string) int { objs = append(objs, s); return len(objs) }
	catalog := add("") // filled in below
	pagesObj := add("")
	f1 := add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
	f2 := add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>")
	info := add(fmt.Sprintf("<< /Title (%s) /Producer (docqa testdata generator) >>", escape(title)))
	var kids []string
	for _, p := range pages {
		stream := content(p)
		c := add(fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(stream), stream))
		pg := add(fmt.Sprintf("<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Contents %d 0 R /Resources << /Font << /F1 %d 0 R /F2 %d 0 R >> >> >>", pagesObj, c, f1, f2))
		kids = append(kids, fmt.Sprintf("%d 0 R", pg))
	}
	objs[catalog-1] = fmt.Sprintf("<< /Type /Catalog /Pages %d 0 R >>", pagesObj)
	if len(marks) > 0 {
		root := add("")
		// each level's items, linked to their parent and to each other
		var level func(parent int, ms []mark) (first, last int)
		level = func(parent int, ms []mark) (int, int) {
			ids := make([]int, len(ms))
			for i := range ms {
				ids[i] = add("")
			}
			for i, m := range ms {
				d := fmt.Sprintf("<< /Title (%s) /Parent %d 0 R /Dest [%s /XYZ 0 792 0]", escape(m.title), parent, kids[m.page-1])
				if i > 0 {
					d += fmt.Sprintf(" /Prev %d 0 R", ids[i-1])
				}
				if i+1 < len(ms) {
					d += fmt.Sprintf(" /Next %d 0 R", ids[i+1])
				}
				if len(m.kids) > 0 {
					f, l := level(ids[i], m.kids)
					d += fmt.Sprintf(" /First %d 0 R /Last %d 0 R /Count %d", f, l, len(m.kids))
				}
				objs[ids[i]-1] = d + " >>"
			}
			return ids[0], ids[len(ids)-1]
		}
		first, last := level(root, marks)
		objs[root-1] = fmt.Sprintf("<< /Type /Outlines /First %d 0 R /Last %d 0 R /Count %d >>", first, last, len(marks))
		objs[catalog-1] = fmt.Sprintf("<< /Type /Catalog /Pages %d 0 R /Outlines %d 0 R /PageMode /UseOutlines >>", pagesObj, root)
	}
	objs[pagesObj-1] = fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), len(kids))

	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, catalog, info, xref)
	return b.Bytes()
}

// content draws a page's blocks, one text object per line.
func content(p page) string {
	var b strings.Builder
	for _, bl := range p {
		if bl.raw != "" {
			b.WriteString(bl.raw)
			continue
		}
		font := bl.font
		if font == "" {
			font = "F1"
		}
		lead := bl.size * 1.35
		y := bl.y
		for _, para := range strings.Split(bl.text, "\n") {
			for _, line := range wrap(para, bl.width) {
				fmt.Fprintf(&b, "BT /%s %.1f Tf %.1f %.1f Td (%s) Tj ET\n", font, bl.size, bl.x, y, escape(line))
				y -= lead
			}
		}
	}
	return b.String()
}

// wrap breaks text into lines of at most width characters on spaces.
func wrap(text string, width int) []string {
	if width <= 0 {
		return []string{text}
	}
	var lines []string
	var cur string
	for _, w := range strings.Fields(text) {
		if cur != "" && len(cur)+1+len(w) > width {
			lines = append(lines, cur)
			cur = w
			continue
		}
		if cur != "" {
			cur += " "
		}
		cur += w
	}
	if cur != "" || len(lines) == 0 {
		lines = append(lines, cur)
	}
	return lines
}

func escape(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `(`, `\(`, `)`, `\)`)
	return r.Replace(s)
}
