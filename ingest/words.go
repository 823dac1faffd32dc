package ingest

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"

	"docqa/internal/table"
)

// PageWords are the positioned words of one page, in points from its top
// left.
type PageWords struct {
	Width, Height float64
	Words         []table.Word
}

// Words returns the positioned words of every page of a PDF, read by
// pdftotext -bbox-layout under the same memory cap and time limit as
// [Pdftotext.Extract]: what a table's grid is recovered from
// ([table.Grids]).
func (p *Pdftotext) Words(ctx context.Context, data []byte) ([]PageWords, error) {
	out, err := p.run(ctx, data, "-bbox-layout")
	if err != nil {
		return nil, err
	}
	return parseBBox(bytes.NewReader(bytes.Map(xmlChar, out)))
}

// xmlChar drops the control characters XML forbids, which pdftotext
// writes as a page's text has them ("\a" in a damaged font's words).
func xmlChar(r rune) rune {
	if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0xFFFE || r == 0xFFFF {
		return -1
	}
	return r
}

// parseBBox reads pdftotext's -bbox-layout XHTML: a <page width height>
// for each page, a <word xMin yMin xMax yMax> for each word.
func parseBBox(r io.Reader) ([]PageWords, error) {
	dec := xml.NewDecoder(r)
	dec.Strict = false
	dec.AutoClose = xml.HTMLAutoClose
	dec.Entity = xml.HTMLEntity
	var pages []PageWords
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return pages, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%w: pdftotext -bbox-layout: %v", ErrCorrupt, err)
		}
		start, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		switch start.Name.Local {
		case "page":
			pages = append(pages, PageWords{Width: attrFloat(start, "width"), Height: attrFloat(start, "height")})
		case "word":
			var text string
			if err := dec.DecodeElement(&text, &start); err != nil {
				return nil, fmt.Errorf("%w: pdftotext -bbox-layout: %v", ErrCorrupt, err)
			}
			if len(pages) == 0 {
				continue
			}
			w := table.Word{Text: text, X0: attrFloat(start, "xMin"), Y0: attrFloat(start, "yMin"), X1: attrFloat(start, "xMax"), Y1: attrFloat(start, "yMax")}
			pages[len(pages)-1].Words = append(pages[len(pages)-1].Words, w)
		}
	}
}

// attrFloat is the number of attribute name of e, 0 when it has none.
func attrFloat(e xml.StartElement, name string) float64 {
	for _, a := range e.Attr {
		if a.Name.Local == name {
			f, _ := strconv.ParseFloat(a.Value, 64)
			return f
		}
	}
	return 0
}
