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
	return LayoutGlyphs(p.Content().Text), nil
}

// LayoutGlyphs joins positioned glyphs into lines of words. Glyphs are taken
// in content-stream order (producers mostly write in reading order, which
// keeps columns apart); a new line starts when the baseline moves by more
// than half the font size or the pen jumps back; a space is inserted when
// the gap to the previous glyph exceeds a fraction of the font size.
func LayoutGlyphs(glyphs []pdf.Text) string {
	var b strings.Builder
	var prev *pdf.Text
	prevEnd := 0.0
	for i := range glyphs {
		g := &glyphs[i]
		if g.S == "" {
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
		if w <= 0 || w > size*3 {
			w = size * 0.5 * float64(len([]rune(g.S)))
		}
		prevEnd = g.X + w
		prev = g
	}
	return b.String()
}
