package ingest

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// threeColumns is a page of three columns of prose, three lines each.
var threeColumns = [3][]string{
	{"The first column begins", "with a sentence that runs", "over three lines here."},
	{"The second column holds", "another sentence that also", "runs over three lines."},
	{"The third column ends", "the page with a sentence", "of its own to read."},
}

// columnStream writes the columns at x 54, 234 and 414, twelve points a
// line from y 720: across each line through every column, or a column at
// a time.
func columnStream(cols [3][]string, across bool) string {
	var b strings.Builder
	b.WriteString("BT /F1 10 Tf\n")
	show := func(c, row int) {
		fmt.Fprintf(&b, "1 0 0 1 %d %d Tm (%s) Tj\n", 54+180*c, 720-row*12, cols[c][row])
	}
	for i := range 3 * len(cols[0]) {
		if across {
			show(i%3, i/3)
		} else {
			show(i/len(cols[0]), i%len(cols[0]))
		}
	}
	b.WriteString("ET")
	return b.String()
}

// pdftotext's words of a page written line by line across three columns
// are read column by column, as are those of one written a column at a
// time ([columnWords]).
func TestPdftotextColumns(t *testing.T) {
	p, err := NewPdftotext(0, 0)
	if err != nil {
		t.Skip(err)
	}
	readsColumns(t, p)
}

// A page written line by line across three columns is read column by
// column, as is one written a column at a time.
func TestPdfiumColumns(t *testing.T) {
	p, err := NewPdfium(t.Context(), PdfiumConfig{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	readsColumns(t, p)
}

// readsColumns checks that ex reads threeColumns column by column,
// written across or a column at a time.
func readsColumns(t *testing.T, ex Extractor) {
	t.Helper()
	want := strings.Join([]string{strings.Join(threeColumns[0], " "), strings.Join(threeColumns[1], " "), strings.Join(threeColumns[2], " ")}, " ")
	for _, across := range []bool{true, false} {
		pdf := onePagePDF("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>", columnStream(threeColumns, across))
		pages, err := ex.Extract(t.Context(), pdf)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(strings.Fields(Normalize(pages[0])), " "); got != want {
			t.Errorf("%s, written across %v: read\n%q\nwant\n%q", ex.Name(), across, got, want)
		}
	}
}

// rectsOf lays out lines of rectangles: each line is a list of
// [left, right] spans at one height, twelve points below the last.
func rectsOf(lines ...[][2]float64) []box {
	var out []box
	for i, l := range lines {
		top := 720 - 12*float64(i)
		for _, s := range l {
			out = append(out, box{s[0], top, s[1], top - 9})
		}
	}
	return out
}

func TestColumnLayout(t *testing.T) {
	threeAcross := [][2]float64{{54, 170}, {234, 350}, {414, 530}}
	twoAcross := [][2]float64{{54, 290}, {320, 556}}
	tests := []struct {
		name  string
		rects []box
		want  []box // nil: keep PDFium's order
	}{
		{"three columns across", rectsOf(threeAcross, threeAcross, threeAcross, threeAcross),
			[]box{{54, 720, 202.5, 675}, {202.5, 720, 382.5, 675}, {382.5, 720, 530, 675}}},
		{"two columns across under a title", append(rectsOf([][2]float64{{54, 556}}), rectsOf(nil, twoAcross, twoAcross, twoAcross)...),
			[]box{{54, 720, 556, 711}, {54, 708, 305.5, 675}, {305.5, 708, 556, 675}}},
		{"a page head with a date beside it, over two columns across", append(rectsOf([][2]float64{{54, 120}, {130, 400}, {480, 556}}), rectsOf(nil, twoAcross, twoAcross, twoAcross)...),
			[]box{{54, 720, 556, 711}, {54, 708, 305.5, 675}, {305.5, 708, 556, 675}}},
		{"columns a column at a time", func() []box {
			var out []box
			for c := range 3 {
				for row := range 4 {
					s := threeAcross[c]
					out = append(out, box{s[0], 720 - 12*float64(row), s[1], 711 - 12*float64(row)})
				}
			}
			return out
		}(), nil},
		{"one column", rectsOf([][2]float64{{54, 556}}, [][2]float64{{54, 550}}, [][2]float64{{54, 556}}, [][2]float64{{54, 400}}, [][2]float64{{54, 556}}, [][2]float64{{54, 556}}), nil},
		{"a table: a label column and narrow figures", rectsOf(
			[][2]float64{{54, 200}, {380, 420}, {480, 520}},
			[][2]float64{{54, 150}, {380, 420}, {480, 520}},
			[][2]float64{{54, 230}, {390, 420}, {490, 520}},
			[][2]float64{{54, 120}, {385, 420}, {485, 520}}), nil},
		{"a table of labels and their descriptions", rectsOf(
			[][2]float64{{54, 170}, {200, 556}},
			[][2]float64{{54, 160}, {200, 550}},
			[][2]float64{{54, 175}, {200, 556}},
			[][2]float64{{54, 150}, {200, 540}}), nil},
		{"a table of short cells in wide columns", rectsOf(
			[][2]float64{{54, 90}, {234, 260}, {414, 440}},
			[][2]float64{{54, 80}, {234, 270}, {414, 450}},
			[][2]float64{{54, 95}, {234, 250}, {414, 445}}), nil},
		{"a line beside the columns, not between", append(rectsOf(twoAcross, twoAcross, twoAcross, twoAcross), box{54, 700, 556, 690}), nil},
		{"text spread wider than a page", append(rectsOf(threeAcross, threeAcross, threeAcross), box{54, 600, 1e12, 590}), nil},
		{"too few rectangles", rectsOf(twoAcross, twoAcross), nil},
		{"empty rectangles only", []box{{10, 10, 10, 10}, {20, 5, 30, 9}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := columnLayout(tt.rects)
			if ok != (tt.want != nil) {
				t.Fatalf("ok = %v, want %v (plan %v)", ok, tt.want != nil, got)
			}
			if diff := cmp.Diff(tt.want, got); ok && diff != "" {
				t.Errorf("plan (-want +got):\n%s", diff)
			}
		})
	}
}

// FuzzColumnLayout: any rectangles, however odd, give no panic and a
// plan inside the page's text.
func FuzzColumnLayout(f *testing.F) {
	f.Add([]byte{54, 170, 234, 255, 10, 100, 54, 170, 234, 255, 22, 100})
	f.Fuzz(func(t *testing.T, data []byte) {
		var rects []box
		for i := 0; i+5 < len(data); i += 6 {
			l, r := float64(data[i])*3, float64(data[i+1])*3
			top, bottom := float64(data[i+2])*4, float64(data[i+3])*4
			if data[i+4] == 0 {
				l = math.Inf(1)
			}
			rects = append(rects, box{l, top, r + float64(data[i+5]), bottom})
		}
		plan, ok := columnLayout(rects)
		for _, b := range plan {
			if !ok || b.Left > b.Right || b.Top < b.Bottom {
				t.Fatalf("plan %v (ok %v) from %v", plan, ok, rects)
			}
		}
	})
}

// ledongthuc's glyphs of a page written line by line across three
// columns are read column by column too.
func TestGlyphsColumns(t *testing.T) { readsColumns(t, Glyphs{}) }
