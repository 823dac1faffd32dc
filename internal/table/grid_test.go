package table

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// layout places the cells of rows at the given column starts, from y
// down, one line every 12 points, each word 5 points a letter: a page
// as pdftotext reads it.
func layout(y0 float64, cols []float64, rows ...[]string) []Word {
	var out []Word
	for r, row := range rows {
		y := y0 + 12*float64(r)
		for c, cell := range row {
			x := cols[c]
			for _, w := range strings.Fields(cell) {
				out = append(out, Word{Text: w, X0: x, Y0: y, X1: x + 5*float64(len(w)), Y1: y + 10})
				x += 5*float64(len(w)) + 2.5
			}
		}
	}
	return out
}

// texts lays a grid out as rows of cells, "" for an empty slot.
func texts(g Grid) [][]string {
	m := make([][]string, g.Rows)
	for r := range m {
		m[r] = make([]string, g.Cols)
	}
	for _, c := range g.Cells {
		m[c.Row][c.Col] = c.Text
	}
	return m
}

func TestGrids(t *testing.T) {
	tests := []struct {
		name  string
		words []Word
		want  [][][]string
	}{
		{"unruled table under prose", append(layout(76, []float64{50}, []string{"The thresholds below apply to every facility that reports its releases each year."}),
			layout(100, []float64{50, 250, 350},
				[]string{"", "to air", "to water"},
				[]string{"Ammonia", "10 000", "-"},
				[]string{"Methane", "100 000", "-"},
				[]string{"Arsenic", "20", "5"})...),
			[][][]string{{{"", "to air", "to water"}, {"Ammonia", "10 000", "-"}, {"Methane", "100 000", "-"}, {"Arsenic", "20", "5"}}}},
		{"prose in two columns is no table", layout(100, []float64{50, 300},
			[]string{"The committee met in March and agreed on", "the budget for the coming year was set at"},
			[]string{"a plan for the new building that will house", "a level that allows the library to open on"},
			[]string{"the archive and the reading rooms of it", "Sundays from the spring of next year on"}), nil},
		{"a wrapped label joins its row", layout(100, []float64{50, 250, 350},
			[]string{"Region", "2020", "2021"},
			[]string{"North", "12", "14"},
			[]string{"South and", "15", "16"},
			[]string{"(islands)", "", ""},
			[]string{"East", "9", "8"}),
			[][][]string{{{"Region", "2020", "2021"}, {"North", "12", "14"}, {"South and (islands)", "15", "16"}, {"East", "9", "8"}}}},
		{"a table of words whose rows end in a description", layout(100, []float64{50, 160, 240},
			[]string{"Global variable", "Type", "Description"},
			[]string{"CLIENT_HOST", "VARCHAR(255)", "Host name of the current client as returned by the system"},
			[]string{"CLIENT_PORT", "INTEGER", "Port used by the current client to communicate with the server"},
			[]string{"PACKAGE_NAME", "VARCHAR(128)", "Name of the currently running package"}),
			[][][]string{{{"Global variable", "Type", "Description"},
				{"CLIENT_HOST", "VARCHAR(255)", "Host name of the current client as returned by the system"},
				{"CLIENT_PORT", "INTEGER", "Port used by the current client to communicate with the server"},
				{"PACKAGE_NAME", "VARCHAR(128)", "Name of the currently running package"}}}},
		{"too few rows", layout(100, []float64{50, 250}, []string{"Total", "12"}, []string{"Net", "3"}), nil},
		{"a table laid out sideways", layout(100, []float64{50, 200, 260, 320},
			[]string{"Years", "1990", "1992", "1993"},
			[]string{"Budget Coefficient", "0.323", "0.272", "0.265"}),
			[][][]string{{{"Years", "1990", "1992", "1993"}, {"Budget Coefficient", "0.323", "0.272", "0.265"}}}},
		{"a chart's axes are no table", layout(100, []float64{50, 100, 150, 200, 250, 300, 350, 400},
			[]string{"450", "", "", "", "", "", "", "450"},
			[]string{"", "Diff 5-y CDS spread", "", "", "", "", "", ""},
			[]string{"400", "", "", "", "", "", "", "400"},
			[]string{"350", "", "", "", "", "", "", "350"},
			[]string{"300", "", "", "", "", "", "", "300"},
			[]string{"250", "", "", "", "", "", "", "250"},
			[]string{"200", "", "", "", "", "", "", "200"},
			[]string{"150", "", "", "", "", "", "", "150"},
			[]string{"100", "", "", "", "", "", "", "100"},
			[]string{"50", "", "", "", "", "", "", "50"},
			[]string{"Jan-08", "Jul-08", "Jan-09", "Jul-09", "Jan-10", "Jul-10", "Jan-11", "Jul-11"}), nil},
		{"two lines of words are no table", layout(100, []float64{50, 200, 320},
			[]string{"Name", "Role", "Office"},
			[]string{"Jane", "Chair", "Room"}), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got [][][]string
			for _, g := range Grids(tt.words, DefaultGridParams()) {
				got = append(got, texts(g))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Grids (-want +got):\n%s", diff)
			}
		})
	}
}

// FuzzGrids: any words, however placed, give grids whose cells stand in
// their grid and hold the words' text.
func FuzzGrids(f *testing.F) {
	f.Add("a b c\nd e f\ng h i", 40.0, 3.0)
	f.Add("x\n\ny z", 0.0, -1.0)
	f.Fuzz(func(t *testing.T, text string, gap, jitter float64) {
		var words []Word
		for r, l := range strings.Split(text, "\n") {
			x := 10.0
			for _, w := range strings.Fields(l) {
				y := 10 + 12*float64(r) + jitter*float64(len(w)%3)
				words = append(words, Word{Text: w, X0: x, Y0: y, X1: x + 5*float64(len(w)), Y1: y + 10})
				x += 5*float64(len(w)) + gap
			}
		}
		for _, g := range Grids(words, DefaultGridParams()) {
			for _, c := range g.Cells {
				if c.Row < 0 || c.Col < 0 || c.Row >= g.Rows || c.Col+c.ColSpan > g.Cols || c.Text == "" {
					t.Fatalf("cell %+v outside its %dx%d grid or empty", c, g.Rows, g.Cols)
				}
			}
		}
	})
}

// A grid whose first row repeats two headers, either of which could
// split it, splits at the one that stands first, every time.
func TestSideBySideDeterministic(t *testing.T) {
	var g Grid
	g.Rows, g.Cols = 4, 5
	add := func(r, c int, text string) {
		g.Cells = append(g.Cells, GridCell{Row: r, Col: c, RowSpan: 1, ColSpan: 1, Text: text})
	}
	for c, h := range []string{"", "Units", "Region", "Units", "Region"} {
		if h != "" {
			add(0, c, h)
		}
	}
	for r := 1; r < 4; r++ {
		for c := range 5 {
			add(r, c, []string{"north", "east", "south", "west", "centre"}[(r+c)%5])
		}
	}
	first := sideBySide(g)
	for range 50 {
		if got := sideBySide(g); !cmp.Equal(first, got, cmpopts.IgnoreUnexported(Grid{})) {
			t.Fatalf("split differs between runs:\n%+v\n%+v", first, got)
		}
	}
	if len(first) != 2 || first[0].Cols != 2 {
		t.Errorf("split into %d grid(s), the first of %d columns; want two of two, at the first header (Units, column 1)", len(first), first[0].Cols)
	}
}
