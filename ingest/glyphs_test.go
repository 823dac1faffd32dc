package ingest

import (
	"context"
	"os"
	"path/filepath"
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
