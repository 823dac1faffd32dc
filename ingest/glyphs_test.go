package ingest

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ledongthuc/pdf"
)

// word lays out the letters of s from x, each w wide, in font f.
func word(f string, x, w float64, s string) []pdf.Text {
	var out []pdf.Text
	for _, r := range s {
		out = append(out, pdf.Text{Font: f, FontSize: 10, X: x, Y: 700, W: w, S: string(r)})
		x += w
	}
	return out
}

func join(parts ...[]pdf.Text) []pdf.Text {
	var out []pdf.Text
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func TestLayoutGlyphs(t *testing.T) {
	tests := []struct {
		name   string
		glyphs []pdf.Text
		term   map[string]string
		want   string
	}{
		{"gap makes a space", join(word("F", 100, 5, "two"), word("F", 118, 5, "words")), nil, "two words"},
		{"kerning is no space", join(word("F", 100, 5, "ke"), word("F", 110.5, 5, "rn")), nil, "kern"},
		{"baseline change is a new line", join(word("F", 100, 5, "one"), []pdf.Text{{Font: "F", FontSize: 10, X: 100, Y: 686, W: 5, S: "t"}}), nil, "one\nt"},
		{
			// ledongthuc shows "\n" after each TJ through the font's encoding:
			// "Ω" in TeX's OT1 fonts, at zero width.
			"TJ terminator dropped",
			join(word("CMR10", 100, 5, "like"), []pdf.Text{{Font: "CMR10", FontSize: 10, X: 120, Y: 700, S: "Ω"}}),
			map[string]string{"CMR10": "Ω"}, "like",
		},
		{"raw newline glyph dropped", join(word("F", 100, 5, "ab"), []pdf.Text{{Font: "F", FontSize: 10, X: 110, Y: 700, S: "\n"}}, word("F", 110, 5, "c")), nil, "abc"},
		{
			// After a ligature the last letter reads zero wide; the pen is
			// right, so "b" 3.7 further on starts a new word.
			"zero width trusted in a font with widths",
			join(word("CMR10", 100, 5, "differenc"), []pdf.Text{{Font: "CMR10", FontSize: 10.9, X: 145, Y: 700, W: 0, S: "e"}}, word("CMR10", 148.7, 6, "between")),
			nil, "difference between",
		},
		{
			// CID fonts report no widths at all: widths are guessed.
			"no widths in the font",
			join(word("CID", 100, 0, "ab"), word("CID", 110, 0, "cd")),
			nil, "ab cd",
		},
		{"empty", nil, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := LayoutGlyphs(tt.glyphs, tt.term); got != tt.want {
				t.Errorf("LayoutGlyphs = %q, want %q", got, tt.want)
			}
		})
	}
}

// FuzzGlyphs feeds the ledongthuc engine damaged PDFs: it must return pages
// or an error, never panic or hang.
func FuzzGlyphs(f *testing.F) {
	for _, name := range []string{"ae300-service-bulletin.pdf", "ae300-handbook.pdf"} {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "pdfs", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		f.Add(data[:len(data)/2])
	}
	f.Add(onePagePDF(hexFont, hexStream))
	f.Add([]byte("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
		defer cancel()
		done := make(chan struct{})
		go func() {
			defer close(done)
			Glyphs{}.Extract(ctx, data)
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatal("Extract still running 5 s past its deadline")
		}
	})
}

func TestGlyphRune(t *testing.T) {
	tests := []struct {
		name string
		want rune
		ok   bool
	}{
		{"G59", 'Y', true},
		{"g6f", 'o', true},
		{"G93", '“', true}, // Windows-1252, not Unicode
		{"G46._", 'F', true},
		{"uni00E9", 'é', true},
		{"u1F600", '😀', true},
		{"G0A", 0, false}, // a control character
		{"G5", 0, false},
		{"Gxx", 0, false},
		{"uniD800", 0, false},
		{"a", 0, false},
		{"space", 0, false},
	}
	for _, tt := range tests {
		got, ok := glyphRune(tt.name)
		if got != tt.want || ok != tt.ok {
			t.Errorf("glyphRune(%q) = %q, %v; want %q, %v", tt.name, got, ok, tt.want, tt.ok)
		}
	}
}

// TestHexGlyphNames reads a page set in a font whose /Differences name
// glyphs by their Windows-1252 code in hex, as Windows PostScript drivers
// write them, with no ToUnicode map; code 10, which ledongthuc shows after
// every TJ, is a real letter in it.
func TestHexGlyphNames(t *testing.T) {
	pages, err := Glyphs{}.Extract(t.Context(), onePagePDF(hexFont, hexStream))
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) != 1 || pages[0] != "Your years\nFa" {
		t.Errorf("pages = %q, want [\"Your years\\nFa\"]", pages)
	}
}

const (
	hexFont = "<< /Type /Font /Subtype /Type1 /BaseFont /ABCDEF+MSTT31c20b /FirstChar 1 /LastChar 11" +
		" /Widths [500 500 500 500 250 500 500 500 500 500 500]" +
		" /Encoding << /Type /Encoding /Differences [1 /G59 /G6F /G75 /G72 /G20 /G79 /G65 /G61 10 /G73 /G46._] >> >>"
	// "Your years" and "Fa" on the next line, each one TJ.
	hexStream = "BT /F1 12 Tf 72 700 Td [(\\001\\002\\003\\004\\005\\006\\007\\010\\004\\012)] TJ 0 -14 Td [(\\013\\010)] TJ ET"
)

// onePagePDF writes a PDF of one page with font F1 and the content stream.
func onePagePDF(font, stream string) []byte { return pagesPDF(font, []string{stream}) }

// pagesPDF writes a PDF of a page for each content stream, with font F1.
func pagesPDF(font string, streams []string) []byte {
	n := len(streams)
	fontObj := 3 + 2*n
	kids := make([]string, n)
	objs := []string{"<< /Type /Catalog /Pages 2 0 R >>", ""}
	for i, st := range streams {
		kids[i] = fmt.Sprintf("%d 0 R", 3+2*i)
		objs = append(objs,
			fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R /Resources << /Font << /F1 %d 0 R >> >> >>", 4+2*i, fontObj),
			fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(st), st))
	}
	objs[1] = fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), n)
	objs = append(objs, font)
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	var offsets []int
	for i, o := range objs {
		offsets = append(offsets, b.Len())
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}
