package ingest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ledongthuc/pdf"
	"golang.org/x/text/encoding/charmap"

	"docqa/internal/table"
)

// Glyphs extracts text with github.com/ledongthuc/pdf, rebuilding lines and
// word spaces from the positioned glyphs of each page's content instead of
// the library's GetPlainText (which drops the spaces that TJ kerning
// implies). Each page is read under recover, so a parser panic loses that
// page only. The zero value is ready to use and safe for concurrent use.
type Glyphs struct{}

// Name returns "ledongthuc".
func (Glyphs) Name() string { return "ledongthuc" }

// Extract returns the text of every page.
func (Glyphs) Extract(ctx context.Context, data []byte) (pages []string, err error) {
	if err := sniff(data); err != nil {
		return nil, err
	}
	defer func() {
		if v := recover(); v != nil {
			pages, err = nil, panicError(v)
		}
	}()
	r, err := pdf.NewReaderEncrypted(bytes.NewReader(data), int64(len(data)), nil)
	if err != nil {
		if errors.Is(err, pdf.ErrInvalidPassword) {
			return nil, ErrEncrypted
		}
		return nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	n := r.NumPage()
	if n <= 0 {
		return nil, fmt.Errorf("%w: no pages", ErrCorrupt)
	}
	if n > 100000 {
		return nil, fmt.Errorf("%w: %d pages", ErrTooLarge, n)
	}
	pages = make([]string, n)
	failed := 0
	for i := range pages {
		if err := ctx.Err(); err != nil {
			return nil, ctxError(ctx)
		}
		text, err := glyphPage(r, i+1)
		if err != nil {
			failed++
			continue
		}
		pages[i] = text
	}
	if failed == n {
		return nil, fmt.Errorf("%w: every page failed to parse", ErrCorrupt)
	}
	return pages, nil
}

func glyphPage(r *pdf.Reader, num int) (text string, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = panicError(v)
		}
	}()
	p := r.Page(num)
	if p.V.IsNull() {
		return "", fmt.Errorf("%w: page %d missing", ErrCorrupt, num)
	}
	names := hexNames(p)
	glyphs := p.Content().Text
	for i, g := range glyphs {
		m := names[g.Font]
		if m == nil {
			continue
		}
		// ledongthuc shows code 10 after every TJ (see [terminators]); in
		// a font that names a glyph for code 10, that glyph ends every line
		// a TJ writes, one too many.
		if _, ok := m['\n']; ok && g.S == "\n" && (i+1 == len(glyphs) || math.Abs(glyphs[i+1].Y-g.Y) > math.Abs(g.FontSize)*0.5) {
			glyphs[i].S = ""
			continue
		}
		glyphs[i].S = remap(g.S, m)
	}
	return LayoutGlyphs(glyphs, terminators(p)), nil
}

// terminators returns, per font, the text ledongthuc emits after every TJ:
// it "shows" a "\n" through the font's encoding, which comes out as a
// newline in some fonts and as a stray letter in others ("Ω" in TeX's
// OT1 fonts). Fonts are keyed by base name without the subset prefix, as
// in [pdf.Text].
func terminators(p pdf.Page) map[string]string {
	out := map[string]string{}
	for _, name := range p.Fonts() {
		f := p.Font(name)
		func() {
			defer func() { recover() }() // a broken font loses only this
			out[baseName(f)] = f.Encoder().Decode("\n")
		}()
	}
	return out
}

func baseName(f pdf.Font) string {
	base := f.BaseFont()
	if i := strings.Index(base, "+"); i >= 0 {
		base = base[i+1:]
	}
	return base
}

// hexNames maps, per font, the codes whose glyph names in the font's
// /Differences ledongthuc does not know but that spell a character: "G59"
// for "Y", as the MSTT fonts of Windows PostScript drivers name their
// glyphs (a Windows-1252 code in hex), or "uni00E9" and "u00E9" (Unicode).
// ledongthuc passes such codes through as they are, control characters
// and symbols, so a page set in those fonts came out as symbol soup.
func hexNames(p pdf.Page) map[string]map[rune]rune {
	out := map[string]map[rune]rune{}
	for _, name := range p.Fonts() {
		func() {
			defer func() { recover() }() // a broken font loses only this
			f := p.Font(name)
			diffs := f.V.Key("Encoding").Key("Differences")
			if diffs.Kind() != pdf.Array {
				return
			}
			enc := f.Encoder()
			m := map[rune]rune{}
			code := -1
			for i := 0; i < diffs.Len(); i++ {
				x := diffs.Index(i)
				if x.Kind() == pdf.Integer {
					code = int(x.Int64())
					continue
				}
				if x.Kind() != pdf.Name {
					continue
				}
				c := code
				code++
				if c < 0 || c > 255 {
					continue
				}
				r, ok := glyphRune(x.Name())
				if ok && enc.Decode(string([]byte{byte(c)})) == string(rune(c)) {
					m[rune(c)] = r
				}
			}
			if len(m) > 0 {
				out[baseName(f)] = m
			}
		}()
	}
	return out
}

// glyphRune reads the character a glyph name spells in hex: "G59" or
// "g59" (a Windows-1252 code), "uni00E9" or "u1F600" (Unicode), less any
// suffix after a period.
func glyphRune(name string) (rune, bool) {
	if i := strings.IndexByte(name, '.'); i > 0 {
		name = name[:i] // a variant: "G46.alt" is "G46" drawn otherwise
	}
	var hex string
	cp1252 := false
	switch {
	case len(name) == 3 && (name[0] == 'G' || name[0] == 'g'):
		hex, cp1252 = name[1:], true
	case len(name) == 7 && strings.HasPrefix(name, "uni"):
		hex = name[3:]
	case len(name) >= 5 && len(name) <= 7 && name[0] == 'u':
		hex = name[1:]
	default:
		return 0, false
	}
	v, err := strconv.ParseUint(hex, 16, 32)
	if err != nil || v < 0x20 || v == 0x7f || v > unicode.MaxRune || (v >= 0xd800 && v < 0xe000) {
		return 0, false
	}
	if cp1252 {
		r := charmap.Windows1252.DecodeByte(byte(v))
		return r, r != utf8.RuneError
	}
	return rune(v), true
}

func remap(s string, m map[rune]rune) string {
	if len(m) == 0 {
		return s
	}
	return strings.Map(func(r rune) rune {
		if x, ok := m[r]; ok {
			return x
		}
		return r
	}, s)
}

// LayoutGlyphs joins positioned glyphs into lines of words. Glyphs are taken
// in content-stream order (producers mostly write in reading order, which
// keeps columns apart); a new line starts when the baseline moves by more
// than half the font size or the pen jumps back; a space is inserted when
// the gap to the previous glyph exceeds a fraction of the font size.
// terminators maps a font to the pseudo-glyph ledongthuc emits after each
// TJ (see [terminators]); those are dropped.
//
// ledongthuc gives a glyph the width of the byte at the glyph's index in
// its string, so after a ligature (one byte, two letters) widths shift by
// one and the last letter gets zero; the pen positions stay right. So a
// zero width is trusted in fonts that have widths, and a width is guessed
// only in fonts that have none (CID fonts, where every glyph reads zero).
//
// A page whose content runs line by line through columns of prose is
// read column by column, its words placed as pdftotext's are
// ([columnOrder]).
func LayoutGlyphs(glyphs []pdf.Text, terminators map[string]string) string {
	hasWidths := map[string]bool{}
	for _, g := range glyphs {
		if g.W > 0 {
			hasWidths[g.Font] = true
		}
	}
	var b strings.Builder
	var prev *pdf.Text
	prevEnd := 0.0
	var ws glyphWords
	for i := range glyphs {
		g := &glyphs[i]
		if g.S == "" || g.S == "\n" || (g.W == 0 && g.S == terminators[g.Font]) {
			continue
		}
		size := math.Abs(g.FontSize)
		if size < 1 {
			size = 1
		}
		if prev != nil {
			dy := math.Abs(g.Y - prev.Y)
			gap := g.X - prevEnd
			switch {
			case dy > size*0.5 || gap < -size*2:
				b.WriteByte('\n')
				ws.end()
			case gap > size*0.15 && !strings.HasSuffix(b.String(), " ") && g.S != " ":
				b.WriteByte(' ')
				ws.end()
			}
		}
		b.WriteString(g.S)
		w := g.W
		if w < 0 || w > size*3 || (w == 0 && !hasWidths[g.Font]) {
			w = size * 0.5 * float64(len([]rune(g.S)))
		}
		// a font without widths leaves the pen where the show began
		// (the standard 14 in ledongthuc): a word's box goes on from
		// the glyph before
		x := g.X
		if prev != nil && g.X == prev.X && g.Y == prev.Y {
			x = ws.pen
		}
		ws.add(g, x, size, x+w)
		prevEnd = g.X + w
		prev = g
	}
	ws.end()
	if text, ok := ws.inColumns(); ok {
		return text
	}
	return b.String()
}

// glyphWords gathers the words [LayoutGlyphs] writes, each boxed from
// its glyphs' pen positions, baseline and font size, so a page of
// columns can be read by [columnOrder] as pdftotext's words are.
type glyphWords struct {
	words []table.Word
	cur   strings.Builder
	box   table.Word // the word being gathered, in PDF space (y up)
	pen   float64    // where the last glyph ended
}

// add adds glyph g, set from x to end at font size size, to the word
// being gathered; a space ends it.
func (w *glyphWords) add(g *pdf.Text, x, size, end float64) {
	w.pen = end
	if strings.TrimSpace(g.S) == "" {
		w.end()
		return
	}
	if w.cur.Len() == 0 {
		// the box from the baseline: ascent 0.8 and descent 0.2 of the size
		w.box = table.Word{X0: x, Y0: g.Y + 0.8*size, Y1: g.Y - 0.2*size}
	}
	w.cur.WriteString(g.S)
	w.box.X1 = end
}

// end ends the word being gathered.
func (w *glyphWords) end() {
	if w.cur.Len() == 0 {
		return
	}
	w.box.Text = w.cur.String()
	w.words = append(w.words, w.box)
	w.cur.Reset()
}

// inColumns returns the page's words read column by column, a line
// break between lines and a space between words, when their order runs
// through columns of prose; ok is false otherwise.
func (w *glyphWords) inColumns() (text string, ok bool) {
	if len(w.words) == 0 {
		return "", false
	}
	top := 0.0
	for _, x := range w.words {
		top = max(top, x.Y0)
	}
	// as pdftotext places words: y down from the top of the page
	h := top + 1
	ws := make([]table.Word, len(w.words))
	for i, x := range w.words {
		ws[i] = table.Word{Text: x.Text, X0: x.X0, X1: x.X1, Y0: h - x.Y0, Y1: h - x.Y1}
	}
	p := DefaultRawTextParams()
	ws, ok = columnOrder(PageWords{Height: h, Words: ws}, p)
	if !ok {
		return "", false
	}
	var b strings.Builder
	for i, x := range ws {
		if i > 0 {
			if p.sameLine(ws[i-1], x) {
				b.WriteByte(' ')
			} else {
				b.WriteByte('\n')
			}
		}
		b.WriteString(x.Text)
	}
	return b.String(), true
}
