package ingest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/ledongthuc/pdf"
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
	return LayoutGlyphs(p.Content().Text, terminators(p)), nil
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
		base := f.BaseFont()
		if i := strings.Index(base, "+"); i >= 0 {
			base = base[i+1:]
		}
		func() {
			defer func() { recover() }() // a broken font loses only this
			out[base] = f.Encoder().Decode("\n")
		}()
	}
	return out
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
			case gap > size*0.15 && !strings.HasSuffix(b.String(), " ") && g.S != " ":
				b.WriteByte(' ')
			}
		}
		b.WriteString(g.S)
		w := g.W
		if w < 0 || w > size*3 || (w == 0 && !hasWidths[g.Font]) {
			w = size * 0.5 * float64(len([]rune(g.S)))
		}
		prevEnd = g.X + w
		prev = g
	}
	return b.String()
}
