package ingest

import (
	"bytes"
	"context"
	"html"
	"strconv"
	"strings"

	"docqa/internal/table"
)

// PageWords are the positioned words of one page, in points from its top
// left.
type PageWords struct {
	Width, Height float64
	Words         []table.Word
}

// Words returns the positioned words of pages first to last (1-based;
// 0, 0 for every page) of a PDF, read by pdftotext -raw -bbox under the
// same memory cap and time limit as [Pdftotext.Extract]: what a table's
// grid is recovered from ([table.Grids]). -raw skips the layout analysis
// the grids do not need: scripts/table-bench.sh scores its words as it
// scores -bbox-layout's (micro F1 0.8750 both), and it reads the
// FinanceBench dev filings in 8.4 s against 9.6 s.
func (p *Pdftotext) Words(ctx context.Context, data []byte, first, last int) ([]PageWords, error) {
	args := []string{"-raw", "-bbox"}
	if first > 0 {
		args = append(args, "-f", strconv.Itoa(first), "-l", strconv.Itoa(max(first, last)))
	}
	out, err := p.run(ctx, data, args...)
	if err != nil {
		return nil, err
	}
	return parseBBox(out), nil
}

// parseBBox reads pdftotext's -bbox XHTML: a <page width height> for
// each page, a <word xMin yMin xMax yMax>TEXT</word> for each word,
// everything else passed over. It scans for the two tags rather than
// decoding XML: pdftotext writes them in one form, and encoding/xml took
// 2.0 s of the 2.5 s spent on the FinanceBench dev filings' words. A tag
// cut short ends the reading; control characters in a word, which a
// damaged font gives, are dropped.
func parseBBox(b []byte) []PageWords {
	var pages []PageWords
	for {
		i := bytes.IndexByte(b, '<')
		if i < 0 {
			return pages
		}
		b = b[i:]
		end := bytes.IndexByte(b, '>')
		if end < 0 {
			return pages
		}
		tag := b[1:end]
		b = b[end+1:]
		switch {
		case hasName(tag, "page"):
			pages = append(pages, PageWords{Width: attrFloat(tag, "width"), Height: attrFloat(tag, "height")})
		case hasName(tag, "word"):
			close := bytes.Index(b, []byte("</word>"))
			if close < 0 {
				return pages
			}
			text := html.UnescapeString(strings.Map(xmlChar, string(b[:close])))
			b = b[close+len("</word>"):]
			if len(pages) == 0 {
				continue
			}
			w := table.Word{Text: text, X0: attrFloat(tag, "xMin"), Y0: attrFloat(tag, "yMin"), X1: attrFloat(tag, "xMax"), Y1: attrFloat(tag, "yMax")}
			pages[len(pages)-1].Words = append(pages[len(pages)-1].Words, w)
		}
	}
}

// hasName reports whether tag (what stands between < and >) opens an
// element called name.
func hasName(tag []byte, name string) bool {
	rest, ok := bytes.CutPrefix(tag, []byte(name))
	return ok && (len(rest) == 0 || rest[0] == ' ' || rest[0] == '\t' || rest[0] == '\n' || rest[0] == '\r' || rest[0] == '/')
}

// xmlChar drops the control characters a damaged font's words hold
// ("\a"), which no text shows.
func xmlChar(r rune) rune {
	if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0xFFFE || r == 0xFFFF {
		return -1
	}
	return r
}

// attrFloat is the number of attribute name of tag, 0 when it has none.
func attrFloat(tag []byte, name string) float64 {
	for rest := tag; ; {
		i := bytes.Index(rest, []byte(name+"="))
		if i < 0 {
			return 0
		}
		if i > 0 && rest[i-1] != ' ' && rest[i-1] != '\t' && rest[i-1] != '\n' {
			rest = rest[i+len(name)+1:]
			continue
		}
		v := rest[i+len(name)+1:]
		if len(v) == 0 || v[0] != '"' && v[0] != '\'' {
			return 0
		}
		q := v[0]
		v = v[1:]
		if j := bytes.IndexByte(v, q); j >= 0 {
			v = v[:j]
		}
		f, _ := strconv.ParseFloat(string(v), 64)
		return f
	}
}
