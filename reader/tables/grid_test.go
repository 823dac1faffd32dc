package tables

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"docqa/internal/doc"
	"docqa/internal/inquiry"
	"docqa/internal/table"
	"docqa/reader/base"
)

// fuelPage is a page of a data sheet: its text as pdftotext gives it and
// the grid ingest found on it.
func fuelPage() base.Source {
	text := "AE-300 Data Sheet\nTable 1: Fuel flow by power setting (kg/h)\nSea level FL100\n" +
		"Power setting Min Max Min Max\nTake-off 182 205 160 181\nClimb 151 170 133 149\nIdle 31 36 27 30\n" +
		"Table 2: Overhaul costs\nOperator class Cost (EUR)\nAir taxi 31 200\nRegional airline 298 839\n"
	cell := func(r, k int, t string) table.GridCell {
		return table.GridCell{Row: r, Col: k, RowSpan: 1, ColSpan: 1, Text: t}
	}
	fuel := table.Grid{Rows: 5, Cols: 5, Cells: []table.GridCell{
		{Row: 0, Col: 1, RowSpan: 1, ColSpan: 2, Text: "Sea level"}, {Row: 0, Col: 3, RowSpan: 1, ColSpan: 2, Text: "FL100"},
		cell(1, 0, "Power setting"), cell(1, 1, "Min"), cell(1, 2, "Max"), cell(1, 3, "Min"), cell(1, 4, "Max"),
		cell(2, 0, "Take-off"), cell(2, 1, "182"), cell(2, 2, "205"), cell(2, 3, "160"), cell(2, 4, "181"),
		cell(3, 0, "Climb"), cell(3, 1, "151"), cell(3, 2, "170"), cell(3, 3, "133"), cell(3, 4, "149"),
		cell(4, 0, "Idle"), cell(4, 1, "31"), cell(4, 2, "36"), cell(4, 3, "27"), cell(4, 4, "30"),
	}}
	cost := table.Grid{Rows: 3, Cols: 2, Cells: []table.GridCell{
		cell(0, 0, "Operator class"), cell(0, 1, "Cost (EUR)"),
		cell(1, 0, "Air taxi"), cell(1, 1, "31 200"),
		cell(2, 0, "Regional airline"), cell(2, 1, "298 839"),
	}}
	return base.Source{Doc: "sheet.pdf", Page: 1, Text: text, Structure: doc.Page{Grids: []table.Grid{fuel, cost}}}
}

func TestReadGrid(t *testing.T) {
	tests := []struct {
		question string
		want     string   // the answer; "" for a refusal that stands
		quotes   []string // the quotes of an answer
		declined bool     // the grid reader leaves the question to others
	}{
		{"What is the maximum fuel flow at FL100 for climb?", "149", []string{"Climb 151 170 133 149", "FL100", "Max"}, false},
		{"Sea level min fuel flow at take-off?", "182", []string{"Take-off 182", "Sea level", "Min"}, false},
		{"How much does it cost to overhaul for a regional airline?", "298 839", []string{"Regional airline 298 839", "Cost (EUR)"}, false},
		{"By how much does the regional airline's cost exceed the air taxi's?", "267 639", []string{"Regional airline 298 839", "Cost (EUR)", "Air taxi 31 200"}, false},
		{"What is the difference between take-off and idle max fuel flow at sea level?", "169", []string{"Take-off 182 205", "Sea level", "Max", "Idle 31 36"}, false},
		// Min and Max under FL100 are named alike: refused
		{"What is the fuel flow for climb at FL100?", "", nil, false},
		// a question about something the table does not hold
		{"Who designed the AE-300 turbine blades?", "", nil, true},
		// a coined name the table lacks: not the take-off row's figure
		{"What is the sea level min fuel flow at take-off for the AE-500X?", "", nil, true},
		{"Is the take-off fuel flow at sea level above 200?", "", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.question, func(t *testing.T) {
			q := inquiry.Parse(tt.question, nil, nil)
			read, _ := TakeGrid(q, base.DefaultParams())
			if read == nil {
				if !tt.declined {
					t.Fatal("the grid reader did not take the question")
				}
				return
			}
			r, ok := read([]base.Source{fuelPage()})
			if !ok {
				if !tt.declined {
					t.Fatalf("declined: %s", r.Explanation)
				}
				return
			}
			if tt.declined {
				t.Fatalf("read %q (%s); want it declined", r.Answer, r.Explanation)
			}
			if r.Answer != tt.want {
				t.Fatalf("answer %q (%s); want %q", r.Answer, r.Explanation, tt.want)
			}
			var quotes []string
			for _, qt := range r.Quotes {
				quotes = append(quotes, qt.Text)
			}
			if diff := cmp.Diff(tt.quotes, quotes); diff != "" {
				t.Errorf("quotes (-want +got):\n%s", diff)
			}
		})
	}
}

// A coined name that only the document's file name holds is the
// subject of the whole document, which no table of it names again; a
// plain word of the file name is not.
func TestReadGridDocumentName(t *testing.T) {
	src := fuelPage()
	src.Doc = "ae500x-sheet.pdf"
	q := inquiry.Parse("What is the sea level min fuel flow at take-off for the AE-500X?", nil, nil)
	if r, ok := readGrid(q, []base.Source{src}, base.DefaultParams()); !ok || r.Answer != "182" {
		t.Errorf("answer %q (%s, %v); want 182", r.Answer, r.Explanation, ok)
	}
	src.Doc = "turbine-blades-sheet.pdf"
	q = inquiry.Parse("Who designed the turbine blades?", nil, nil)
	if r, ok := readGrid(q, []base.Source{src}, base.DefaultParams()); ok && r.Found() {
		t.Errorf("read %q (%s); want it declined", r.Answer, r.Explanation)
	}
}

// FuzzReadGrid: any question over any cell text gives an answer whose
// quotes stand in the page, or none, never a panic.
func FuzzReadGrid(f *testing.F) {
	f.Add("What is the maximum fuel flow at FL100 for climb?", "149", "Climb")
	f.Add("By how much does A exceed B?", "0,40", "A")
	f.Add("", "", "")
	f.Fuzz(func(t *testing.T, question, value, label string) {
		src := fuelPage()
		src.Text += label + " " + value + "\n"
		src.Structure.Grids = append(src.Structure.Grids, table.Grid{Rows: 2, Cols: 2, Cells: []table.GridCell{
			{Row: 0, Col: 1, RowSpan: 1, ColSpan: 1, Text: "Value"},
			{Row: 1, Col: 0, RowSpan: 1, ColSpan: 1, Text: label},
			{Row: 1, Col: 1, RowSpan: 1, ColSpan: 1, Text: value},
		}})
		r, ok := readGrid(inquiry.Parse(question, nil, nil), []base.Source{src}, base.DefaultParams())
		if !ok || !r.Found() {
			return
		}
		for _, q := range r.Quotes {
			if q.Text == "" {
				t.Fatalf("an empty quote for %q", question)
			}
		}
	})
}
