package table

import (
	"math/big"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// grid builds a Grid from rows of cell texts, "" for an empty slot, and
// spanning cells given apart.
func grid(rows [][]string, spans ...GridCell) Grid {
	g := Grid{Rows: len(rows)}
	for r, row := range rows {
		g.Cols = max(g.Cols, len(row))
		for k, t := range row {
			if t != "" {
				g.Cells = append(g.Cells, GridCell{Row: r, Col: k, RowSpan: 1, ColSpan: 1, Text: t})
			}
		}
	}
	return Grid{Rows: g.Rows, Cols: g.Cols, Cells: append(g.Cells, spans...)}
}

func TestLabel(t *testing.T) {
	tests := []struct {
		name       string
		g          Grid
		head, stub int
		rows, cols []string
	}{
		{
			name: "a header over two columns, a level under it",
			g: grid([][]string{
				{"", "", "", "", ""},
				{"Power setting", "Min", "Max", "Min", "Max"},
				{"Take-off", "182", "205", "160", "181"},
				{"Idle", "31", "36", "27", "30"},
			}, GridCell{Row: 0, Col: 1, RowSpan: 1, ColSpan: 2, Text: "Sea level"}, GridCell{Row: 0, Col: 3, RowSpan: 1, ColSpan: 2, Text: "FL100"}),
			head: 2, stub: 1,
			rows: []string{"", "", "Take-off", "Idle"},
			cols: []string{"", "Sea level – Min", "Sea level – Max", "FL100 – Min", "FL100 – Max"},
		},
		{
			name: "a group heading heads the rows under it",
			g: grid([][]string{
				{"", "2022", "2023"},
				{"Female", "", ""},
				{"75-84", "1.2", "1.4"},
				{"85+", "2.0", "2.1"},
			}),
			head: 1, stub: 1,
			rows: []string{"", "", "Female – 75-84", "Female – 85+"},
			cols: []string{"", "2022", "2023"},
		},
		{
			name: "a group's label set once beside the middle of its rows names each",
			g: grid([][]string{
				{"", "", "Agriculture", "Industry"},
				{"", "Men", "11.0", "40.7"},
				{"1991", "Women", "6.6", "16.0"},
				{"", "Total", "8.9", "28.7"},
				{"", "Men", "9.5", "39.4"},
				{"1996", "Women", "5.3", "13.9"},
				{"", "Total", "7.5", "27.3"},
			}),
			head: 1, stub: 2,
			rows: []string{"", "1991 – Men", "1991 – Women", "1991 – Total", "1996 – Men", "1996 – Women", "1996 – Total"},
			cols: []string{"", "", "Agriculture", "Industry"},
		},
		{
			name: "a table of words has one header row",
			g: grid([][]string{
				{"Term", "Meaning"},
				{"AOX", "Halogenated organic compounds"},
				{"TOC", "Total organic carbon"},
			}),
			head: 1, stub: 1,
			rows: []string{"", "AOX", "TOC"},
			cols: []string{"", "Meaning"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := Label(tt.g)
			if l.HeadRows != tt.head || l.StubCols != tt.stub {
				t.Errorf("head rows %d, stub columns %d; want %d, %d", l.HeadRows, l.StubCols, tt.head, tt.stub)
			}
			if diff := cmp.Diff(tt.rows, l.RowLabels); diff != "" {
				t.Errorf("row labels (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.cols, l.ColLabels); diff != "" {
				t.Errorf("column labels (-want +got):\n%s", diff)
			}
		})
	}
}

func TestNumber(t *testing.T) {
	tests := []struct {
		in           string
		commaDecimal bool
		want         string // as a fraction; "" for no figure
	}{
		{"298 839", false, "298839/1"},
		{"298\u2009839", false, "298839/1"},
		{"3,9", false, "39/10"},
		{"0,0999", false, "999/10000"},
		{"1,577", false, "1577/1"},
		{"23.900", true, "23900/1"},
		{"23.900", false, "239/10"},
		{"(1,577)", false, "-1577/1"},
		{"+4", false, "4/1"},
		{"5.7%", false, "57/10"},
		{"1.234,5", false, "2469/2"},
		{"n/a", false, ""},
		{"2 700 and 3", false, ""},
	}
	for _, tt := range tests {
		v, ok := Number(tt.in, tt.commaDecimal)
		got := ""
		if ok {
			got = v.String()
		}
		if got != tt.want {
			t.Errorf("Number(%q, %v) = %q; want %q", tt.in, tt.commaDecimal, got, tt.want)
		}
	}
	if !Year("1992/3") || !Year("2019-2020") || Year("298 839") {
		t.Error("Year: want 1992/3 and 2019-2020 years, 298 839 not")
	}
}

func TestLikely(t *testing.T) {
	table := "Fuel flow\nTake-off 182 205\nClimb 151 170\nIdle 31 36\n"
	prose := "The engine delivered 212 units in 2023.\nIt had 188 in 2022, and 3 shops.\n"
	if !Likely(table) || Likely(prose) {
		t.Errorf("Likely: table %v, prose %v; want true, false", Likely(table), Likely(prose))
	}
	for _, tt := range []struct {
		text string
		want bool
	}{
		{"Table 3-2 Built-in global variables\nGlobal variable Type Description\n", true},
		{"TABLE 4. Scope of variables\n", true},
		{"Table 12: Parameters\n", true},
		{"as the results show.\nTable 3 lists the rest of them.\n", false},
		{"See Table 2 for the list.\n", false},
	} {
		if got := Likely(tt.text); got != tt.want {
			t.Errorf("Likely(%q) = %v; want %v", tt.text, got, tt.want)
		}
	}
}

// FuzzLabel: any grid is labelled, each row and column once, and its
// figures read or refused, never a panic.
func FuzzLabel(f *testing.F) {
	f.Add(3, 2, "Take-off", "182", "", 1, 2)
	f.Add(1, 1, "", "0,40", "x", 0, 0)
	f.Fuzz(func(t *testing.T, rows, cols int, a, b, c string, span, at int) {
		rows, cols = 1+abs(rows)%8, 1+abs(cols)%8
		var rs [][]string
		texts := []string{a, b, c}
		for r := range rows {
			var row []string
			for k := range cols {
				row = append(row, texts[(r+k)%3])
			}
			rs = append(rs, row)
		}
		g := grid(rs, GridCell{Row: at % rows, Col: at % cols, RowSpan: span % 4, ColSpan: span % 5, Text: a})
		l := Label(g)
		if len(l.RowLabels) != g.Rows || len(l.ColLabels) != g.Cols {
			t.Fatalf("labels %d x %d for a grid of %d x %d", len(l.RowLabels), len(l.ColLabels), g.Rows, g.Cols)
		}
		for k := range g.Cols {
			l.CommaDecimal(k)
		}
		_, _ = Number(a, true)
		_ = new(big.Rat)
		// the grid continued by one of other columns: cells within it
		// (a grid from the page has none outside it)
		if at < 0 || span < 0 {
			return
		}
		next := grid([][]string{{b, a}, {c, "1"}})
		for _, pair := range [][2]Grid{{g, next}, {next, g}} {
			cg, _ := Continue(pair[0], pair[1])
			for _, cell := range cg.Cells {
				if cell.Row < 0 || cell.Row >= cg.Rows || cell.Col < 0 || cell.Col >= cg.Cols {
					t.Fatalf("Continue: cell %+v outside its grid of %d x %d", cell, cg.Rows, cg.Cols)
				}
			}
			Label(cg)
		}
	})
}

func TestContinue(t *testing.T) {
	prev := grid([][]string{
		{"Measuring point", "Alert", "Limit"},
		{"Gearbox front", "0,40", "0,55"},
	})
	cont := grid([][]string{
		{"Turbine case", "0,45", "0,70"},
		{"Exhaust duct", "0,25", "0,40"},
	})
	g, ok := Continue(prev, cont)
	if !ok {
		t.Fatal("a table of the same columns starting with figures does not continue the one before")
	}
	l := Label(g)
	if diff := cmp.Diff([]string{"", "Alert", "Limit"}, l.ColLabels); diff != "" {
		t.Errorf("column labels (-want +got):\n%s", diff)
	}
	if l.Cell(1, 2) != "0,70" || l.RowLabels[1] != "Turbine case" {
		t.Errorf("row 1: %q, %q; want Turbine case, 0,70", l.RowLabels[1], l.Cell(1, 2))
	}
	own := grid([][]string{{"Point", "Alert", "Limit"}, {"Turbine case", "0,45", "0,70"}})
	if _, ok := Continue(prev, own); ok {
		t.Error("a table with its own header read as a continuation")
	}
	if _, ok := Continue(prev, grid([][]string{{"a", "1"}, {"b", "2"}})); ok {
		t.Error("a table of other columns read as a continuation")
	}
}

func TestContinueHeadedColumns(t *testing.T) {
	// the header's columns split where its two rows are set apart from
	// those of the page after: the headed columns are the page after's
	prev := grid([][]string{
		{"Month", "Notices", "Employees", "", "Closures"},
		{"July", "71", "8,574", "2", "13"},
	})
	cont := grid([][]string{
		{"December", "69", "8,729", "35"},
		{"January", "85", "6,617", "47"},
	})
	g, ok := Continue(prev, cont)
	if !ok {
		t.Fatal("a table of as many columns as the headed ones of the table before does not continue it")
	}
	l := Label(g)
	if diff := cmp.Diff([]string{"", "Notices", "Employees", "Closures"}, l.ColLabels); diff != "" {
		t.Errorf("column labels (-want +got):\n%s", diff)
	}
	if l.Cell(1, 2) != "8,729" {
		t.Errorf("December, Employees: %q; want 8,729", l.Cell(1, 2))
	}
	if _, ok := Continue(prev, grid([][]string{{"December", "69", "8,729"}, {"January", "85", "6,617"}})); ok {
		t.Error("a table of fewer columns than the headed ones read as a continuation")
	}
}
