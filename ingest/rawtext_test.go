package ingest

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"docqa/internal/table"
)

var rawAgree = flag.Bool("rawtext", false, "measure how often rawText's word boundaries differ from pdftotext -raw's over ../shared/eval/dev")

// boxWord is a word of box height 10 (font size about 8.7) on the baseline
// whose box foot is at y, from x0 to x1.
func boxWord(text string, x0, x1, y float64) table.Word {
	return table.Word{Text: text, X0: x0, Y0: y - 10, X1: x1, Y1: y}
}

func TestRawText(t *testing.T) {
	tests := []struct {
		name  string
		words []table.Word
		want  string
	}{
		{"space, none, line end", []table.Word{boxWord("Net", 10, 25, 100), boxWord("sales", 28, 50, 100), boxWord(".", 50.5, 53, 100), boxWord("Total", 10, 30, 112)}, "Net sales.\nTotal\n"},
		{"a word left of the one before starts a line", []table.Word{boxWord("2019", 200, 220, 100), boxWord("Revenue", 10, 50, 100)}, "2019\nRevenue\n"},
		{"a footnote mark raised a little stays on the line", []table.Word{boxWord("shares", 10, 40, 100), {Text: "(1)", X0: 41.5, Y0: 92, X1: 47, Y1: 98}, boxWord("6.3", 200, 212, 100)}, "shares (1) 6.3\n"},
		{"no words", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := rawText(tt.words, DefaultRawTextParams()); got != tt.want {
				t.Errorf("rawText = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestRawTextGaps: on a page whose font sets its words far apart, a gap
// that the box height alone calls no space is a space when it is as wide
// as the page's other gaps of that font ("Staten Island" in a table set
// in a font whose boxes are 1.3 font sizes tall).
func TestRawTextGaps(t *testing.T) {
	var ws []table.Word
	x := 10.0
	for i := range 12 {
		ws = append(ws, table.Word{Text: fmt.Sprint("w", i), X0: x, Y0: 90, X1: x + 20, Y1: 102})
		x += 21.56 // gaps of 1.56 under boxes 12 tall: 0.15 * 12/1.15 = 1.57
	}
	got := rawText(ws, DefaultRawTextParams())
	if strings.Count(got, " ") != 11 {
		t.Errorf("rawText = %q, want the 12 words apart", got)
	}
	p := DefaultRawTextParams()
	p.GapSamples = 100
	if got := rawText(ws, p); strings.Count(got, " ") != 0 {
		t.Errorf("rawText by box height alone = %q, want the words run together", got)
	}
}

// TestRawTextAgreement measures, over the PDFs of every dev set, how many
// word boundaries rawText writes otherwise than pdftotext -raw (a space,
// nothing or a line end): the figures in rawText's comment.
// Run it with: go test ./ingest -run TestRawTextAgreement -rawtext -v
func TestRawTextAgreement(t *testing.T) {
	if !*rawAgree {
		t.Skip("pass -rawtext to measure rawText against pdftotext -raw")
	}
	sets, _ := filepath.Glob("../../shared/eval/dev/*/pdfs")
	if len(sets) == 0 {
		t.Skip("no ../shared/eval/dev beside the project")
	}
	p, err := NewPdftotext(0, 0)
	if err != nil {
		t.Skip(err)
	}
	rp := DefaultRawTextParams()
	for _, dir := range sets {
		files, _ := filepath.Glob(filepath.Join(dir, "*.pdf"))
		var bounds, differ, lineEnds, pages, same int
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var raw strings.Builder
			if err := p.run(t.Context(), data, &raw, "-raw"); err != nil {
				continue
			}
			words, err := p.Words(t.Context(), data, 0, 0)
			if err != nil {
				continue
			}
			texts := strings.Split(raw.String(), "\f")
			for i, pw := range words {
				if i >= len(texts) {
					break
				}
				got := rawText(pw.Words, rp)
				pages++
				if got == texts[i] {
					same++
				}
				b, d, l, ok := boundaries(texts[i], got, pw.Words)
				if ok {
					bounds, differ, lineEnds = bounds+b, differ+d, lineEnds+l
				}
			}
		}
		fmt.Printf("%s: pages the same %d/%d; word boundaries written otherwise %d of %d (line ends %d)\n",
			filepath.Base(filepath.Dir(dir)), same, pages, differ, bounds, lineEnds)
	}
}

// boundaries compares what follows each word in want and got (pages of
// the same words): the boundaries, how many differ, and how many of
// those are a line end in one and not the other; ok is false when the
// words cannot be found in want in order.
func boundaries(want, got string, words []table.Word) (n, differ, lineEnds int, ok bool) {
	seps := func(s string) ([]string, bool) {
		var out []string
		for _, w := range words {
			if !strings.HasPrefix(s, w.Text) {
				return nil, false
			}
			s = s[len(w.Text):]
			rest := strings.TrimLeft(s, " \n")
			out = append(out, s[:len(s)-len(rest)])
			s = rest
		}
		return out, true
	}
	a, ok1 := seps(want)
	b, ok2 := seps(got)
	if !ok1 || !ok2 {
		return 0, 0, 0, false
	}
	for i := 0; i+1 < len(a); i++ {
		n++
		if a[i] != b[i] {
			differ++
			if strings.Contains(a[i], "\n") != strings.Contains(b[i], "\n") {
				lineEnds++
			}
		}
	}
	return n, differ, lineEnds, true
}
