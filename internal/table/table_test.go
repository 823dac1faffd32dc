package table

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const statement = `3M Company and Subsidiaries
Consolidated Statement of Cash Flows
Years ended December 31
(Millions) 2018 2017 2016
Cash Flows from Operating Activities
Net income including noncontrolling interest $ 5,363 $ 4,869 $ 5,058
Interest (1) $ 287 $ 298 $ 248
Purchases of property, plant and equipment (PP&E) (1,577) (1,373) (1,420)
Proceeds from sale of businesses, net of cash sold
846 1,065 142
Loss on extinguishment of debt — 40 12
Net sales 11,151 11,154 11,100 0 %
The accompanying Notes are an integral part of this statement.
60`

func TestRows(t *testing.T) {
	type row struct {
		Label   string
		Cells   []string
		Columns []string
		Scale   string
	}
	var got []row
	for _, r := range Rows(statement) {
		var cells []string
		for _, c := range r.Cells {
			v := "nil"
			if c.Value != nil {
				v = c.Value.FloatString(0)
			}
			cells = append(cells, c.Text+"="+v)
		}
		got = append(got, row{r.Label, cells, r.Columns, r.Scale})
		if quote := statement[r.Start:r.End]; !strings.HasPrefix(quote, r.Label[:4]) {
			t.Errorf("row %q: text %q does not start with its label", r.Label, quote)
		}
	}
	years := []string{"2018", "2017", "2016"}
	want := []row{
		{"Net income including noncontrolling interest", []string{"$ 5,363=5363", "$ 4,869=4869", "$ 5,058=5058"}, years, "millions"},
		{"Interest (1)", []string{"$ 287=287", "$ 298=298", "$ 248=248"}, years, "millions"},
		{"Purchases of property, plant and equipment (PP&E)", []string{"(1,577)=-1577", "(1,373)=-1373", "(1,420)=-1420"}, years, "millions"},
		{"Proceeds from sale of businesses, net of cash sold", []string{"846=846", "1,065=1065", "142=142"}, years, "millions"},
		{"Loss on extinguishment of debt", []string{"—=nil", "40=40", "12=12"}, years, "millions"},
		{"Net sales", []string{"11,151=11151", "11,154=11154", "11,100=11100", "0 %=0"}, []string{"2018", "2017", "2016", ""}, "millions"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Rows (-want +got):\n%s", diff)
	}
}

func TestColumn(t *testing.T) {
	rows := Rows("(in thousands) 2023 2022\nMerchandise inventories $ 1,742,136 $ 1,603,269\n")
	if len(rows) != 1 {
		t.Fatalf("got %d rows, want 1", len(rows))
	}
	c, ok := rows[0].Column("2022")
	if !ok || c.Value.FloatString(0) != "1603269" || rows[0].Scale != "thousands" {
		t.Errorf("Column(2022) = %+v, %v; scale %q", c, ok, rows[0].Scale)
	}
	if _, ok := rows[0].Column("2019"); ok {
		t.Error("Column(2019) found a cell")
	}
}

// TestRowsNoteColumn: a note number or a fair-value level between a
// row's label and its figures goes with the label.
func TestRowsNoteColumn(t *testing.T) {
	rows := Rows("(In thousands) June 30, 2023 December 31, 2022\nCorporate bonds Level 2 416,420 213,875\nInventories 6 1,234 1,100\nProvision for taxes on income (Note 8) 3,784 1,898\nTrade accounts receivable, net of doubtful accounts - $40 and $42 1,721 2,004\n")
	want := []string{"Corporate bonds Level 2", "Inventories 6", "Provision for taxes on income (Note 8)", "Trade accounts receivable, net of doubtful accounts - $40 and $42"}
	var got []string
	for _, r := range rows {
		got = append(got, r.Label)
		if c, ok := r.Column("2023"); !ok || c.Value == nil {
			t.Errorf("%q: no figure under 2023", r.Label)
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("labels (-want +got):\n%s", diff)
	}
}

func FuzzRows(f *testing.F) {
	f.Add(statement)
	f.Add("2019 2018\n$\n% 12 %\n(1) (2)\n— — —\n")
	f.Fuzz(func(t *testing.T, text string) {
		for _, r := range Rows(text) {
			if r.Start < 0 || r.End > len(text) || r.Start > r.End || len(r.Cells) == 0 {
				t.Fatalf("row %+v out of the text's %d bytes", r, len(text))
			}
			if r.Columns != nil && len(r.Columns) != len(r.Cells) {
				t.Fatalf("row %q: %d columns for %d cells", r.Label, len(r.Columns), len(r.Cells))
			}
			for _, c := range r.Cells {
				if text[c.Start:c.End] == "" {
					t.Fatalf("empty cell in %q", r.Label)
				}
			}
		}
	})
}

// TestRowsTotal: a line of figures without a label under a heading is
// the heading's total when, and only when, it adds up the rows above.
func TestRowsTotal(t *testing.T) {
	const page = `CONSOLIDATED STATEMENTS OF OPERATIONS
(In thousands)
2020 2019 2018
Revenues
Casino $ 2,871,720 $ 6,517,759 $ 5,753,150
Rooms 830,382 2,322,579 2,212,573
Reimbursed costs 244,949 — 425,492
3,947,051 8,840,338 8,391,215
Expenses
Casino 1,701,783 3,623,899 3,199,775
Rooms 419,156 829,677 791,761
9,999 9,999 9,999
Other 5 6 7
8 9 10`
	type row struct {
		Label string
		Total bool
		Text  string
	}
	var got []row
	for _, r := range Rows(page) {
		got = append(got, row{r.Label, r.Total, page[r.Start:r.End]})
	}
	want := []row{
		{"Casino", false, "Casino $ 2,871,720 $ 6,517,759 $ 5,753,150"},
		{"Rooms", false, "Rooms 830,382 2,322,579 2,212,573"},
		{"Reimbursed costs", false, "Reimbursed costs 244,949 — 425,492"},
		{"Revenues", true, page[strings.Index(page, "Revenues") : strings.Index(page, "8,391,215")+len("8,391,215")]},
		{"Casino", false, "Casino 1,701,783 3,623,899 3,199,775"},
		{"Rooms", false, "Rooms 419,156 829,677 791,761"},
		{"Other", false, "Other 5 6 7"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Rows (-want +got):\n%s", diff)
	}
}

// TestRowsStackedHeader: a header written a date to a line names the
// columns of the rows under it.
func TestRowsStackedHeader(t *testing.T) {
	const page = `CONSOLIDATED STATEMENTS OF CASH FLOWS
(In millions)
Years Ended
December 2,
2022
December 3,
2021
November 27,
2020
Net income $ 4,756 $ 4,822 $ 5,260
Net cash provided by operating activities 7,838 7,230 5,727`
	rows := Rows(page)
	if len(rows) != 2 {
		t.Fatalf("Rows: %d rows, want 2: %+v", len(rows), rows)
	}
	for _, r := range rows {
		if want := []string{"2022", "2021", "2020"}; !cmp.Equal(r.Columns, want) {
			t.Errorf("row %q: columns %v, want %v", r.Label, r.Columns, want)
		}
	}
}

// A closing bracket set apart from its figure ("(28,107 )") closes it.
func TestRowsBracketApart(t *testing.T) {
	rows := Rows("(In millions)\nYear Ended June 30, 2023 2022 2021\nAdditions to property and equipment (28,107 ) (23,886 ) (20,622 )\nInventories 1,242 (1,123) (737 )\n")
	if len(rows) != 2 {
		t.Fatalf("got %d rows, want 2", len(rows))
	}
	for i, want := range []string{"-28107 -23886 -20622", "1242 -1123 -737"} {
		var got []string
		for _, c := range rows[i].Cells {
			got = append(got, c.Value.FloatString(0))
		}
		if strings.Join(got, " ") != want || rows[i].Columns[0] != "2023" {
			t.Errorf("row %q: figures %v in %v, want %s", rows[i].Label, got, rows[i].Columns, want)
		}
	}
}
