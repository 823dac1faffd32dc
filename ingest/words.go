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
	// Grids are the page's tables, found by the extractor as it read the
	// page ([table.Grids] under the default parameters), its words then
	// let go.
	Grids []table.Grid
}

// Words returns the positioned words of pages first to last (1-based;
// 0, 0 for every page) of a PDF, read by pdftotext -raw -bbox under the
// same memory cap and time limit as [Pdftotext.Extract]: what a table's
// grid is recovered from ([table.Grids]). -raw skips the layout analysis
// the grids do not need: scripts/table-bench.sh scores its words as it
// scores -bbox-layout's (micro F1 0.8750 both).
func (p *Pdftotext) Words(ctx context.Context, data []byte, first, last int) ([]PageWords, error) {
	args := []string{"-raw", "-bbox"}
	if first > 0 {
		args = append(args, "-f", strconv.Itoa(first), "-l", strconv.Itoa(max(first, last)))
	}
	var pages []PageWords
	b := &bboxReader{page: func(pw PageWords) {
		pw.Words = gridWords(pw.Words)
		pages = append(pages, pw)
	}}
	if err := p.run(ctx, data, b, args...); err != nil {
		return nil, err
	}
	b.Close()
	return pages, nil
}

// A bboxReader reads pdftotext's -bbox XHTML as pdftotext writes it,
// handing each page to page when the page ends: a <page width height>
// for each page, a <word xMin yMin xMax yMax>TEXT</word> for each word,
// everything else passed over. Read as it comes, a document's hundreds
// of megabytes of XHTML are never held whole. It scans for the two tags
// rather than decoding XML: pdftotext writes them in one form, and
// encoding/xml took 2.0 s of the 2.5 s spent on the FinanceBench dev
// filings' words. A tag cut short at the end is dropped; a word's text
// is kept as pdftotext writes it, control characters too.
type bboxReader struct {
	page    func(PageWords)
	cur     *PageWords
	pending []byte
	// texts holds the page's words' texts one after another, ends where
	// each ends: a page's words share one string, not one each (1.4
	// million allocations over the FinanceBench dev filings)
	texts []byte
	ends  []int
}

// Write implements io.Writer; it never fails.
func (r *bboxReader) Write(b []byte) (int, error) {
	buf := b
	if len(r.pending) > 0 {
		r.pending = append(r.pending, b...)
		buf = r.pending
	}
	rest := r.scan(buf)
	r.pending = append(r.pending[:0], rest...)
	return len(b), nil
}

// Close hands over the page not yet ended.
func (r *bboxReader) Close() error {
	r.endPage()
	r.pending = nil
	return nil
}

// scan reads the whole tags of b and returns what is left of it: a tag
// (or a word's text) not yet complete.
func (r *bboxReader) scan(b []byte) []byte {
	for {
		i := bytes.IndexByte(b, '<')
		if i < 0 {
			return nil
		}
		b = b[i:]
		end := bytes.IndexByte(b, '>')
		if end < 0 {
			return b
		}
		tag := b[1:end]
		switch {
		case hasName(tag, "page"):
			r.endPage()
			r.cur = &PageWords{}
			eachAttr(tag, func(name, v []byte) {
				switch string(name) {
				case "width":
					r.cur.Width = parseFloat(v)
				case "height":
					r.cur.Height = parseFloat(v)
				}
			})
		case hasName(tag, "/page"):
			r.endPage()
		case hasName(tag, "word"):
			close := bytes.Index(b[end+1:], []byte("</word>"))
			if close < 0 {
				return b
			}
			text := b[end+1 : end+1+close]
			b = b[end+1+close+len("</word>"):]
			if r.cur != nil {
				r.cur.Words = append(r.cur.Words, readBox(tag))
				if bytes.IndexByte(text, '&') >= 0 {
					r.texts = append(r.texts, html.UnescapeString(string(text))...)
				} else {
					r.texts = append(r.texts, text...)
				}
				r.ends = append(r.ends, len(r.texts))
			}
			continue
		}
		b = b[end+1:]
	}
}

// endPage hands over the page being read, if any.
func (r *bboxReader) endPage() {
	if r.cur == nil {
		return
	}
	all, start := string(r.texts), 0
	for i, end := range r.ends {
		r.cur.Words[i].Text = all[start:end]
		start = end
	}
	r.texts, r.ends = r.texts[:0], r.ends[:0]
	r.page(*r.cur)
	r.cur = nil
}

// readBox reads a word's box from its tag. pdftotext writes xMin, yMin,
// xMax and yMax in that order, read without their names; a tag written
// otherwise is read by name.
func readBox(tag []byte) table.Word {
	var w table.Word
	names := [4]string{"xMin", "yMin", "xMax", "yMax"}
	at := [4]*float64{&w.X0, &w.Y0, &w.X1, &w.Y1}
	k := 0
	eachAttr(tag, func(name, v []byte) {
		if k < 4 && string(name) == names[k] {
			*at[k] = parseFloat(v)
			k++
			return
		}
		for i, n := range names {
			if string(name) == n {
				*at[i] = parseFloat(v)
			}
		}
	})
	return w
}

// gridWords returns the words a grid is built of: their text without the
// control characters a damaged font gives ("\a", "\x02" for a space),
// which no cell shows, and without the words nothing else is left of.
// The page's text keeps them, as pdftotext -raw does, for [Normalize].
func gridWords(ws []table.Word) []table.Word {
	out := ws[:0:0]
	for _, w := range ws {
		if strings.IndexFunc(w.Text, func(r rune) bool { return xmlChar(r) != r }) >= 0 {
			w.Text = strings.Map(xmlChar, w.Text)
			if w.Text == "" {
				continue
			}
		}
		out = append(out, w)
	}
	return out
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

// eachAttr calls fn with the name and value of each attribute of tag
// (name="value" or name='value'), in order; it stops at the first that
// is not of that form.
func eachAttr(tag []byte, fn func(name, value []byte)) {
	// past the element's name
	i := bytes.IndexAny(tag, " \t\r\n")
	if i < 0 {
		return
	}
	rest := tag[i:]
	for {
		rest = bytes.TrimLeft(rest, " \t\r\n/")
		eq := bytes.IndexByte(rest, '=')
		if eq <= 0 || eq+1 >= len(rest) || rest[eq+1] != '"' && rest[eq+1] != '\'' {
			return
		}
		name, v := rest[:eq], rest[eq+2:]
		j := bytes.IndexByte(v, rest[eq+1])
		if j < 0 {
			fn(name, v)
			return
		}
		fn(name, v[:j])
		rest = v[j+1:]
	}
}

// parseFloat is the number v writes, 0 when it is none. pdftotext writes
// "%f": digits, a point and six digits, read here without a string made
// of each; anything else goes to strconv.
func parseFloat(v []byte) float64 {
	digits, neg := bytes.CutPrefix(v, []byte("-"))
	var whole, frac uint64
	scale, point, n := 1.0, false, 0
	for _, c := range digits {
		switch {
		case c == '.' && !point:
			point = true
			continue
		case c < '0' || c > '9' || n >= 15:
			// not as pdftotext writes, or past float64's digits
			f, _ := strconv.ParseFloat(string(v), 64)
			return f
		case point:
			frac = frac*10 + uint64(c-'0')
			scale *= 10
		default:
			whole = whole*10 + uint64(c-'0')
		}
		n++
	}
	f := float64(whole) + float64(frac)/scale
	if neg {
		return -f
	}
	return f
}
