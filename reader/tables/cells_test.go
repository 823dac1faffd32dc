package tables

import (
	"strings"
	"testing"

	"docqa/internal/table"
	"docqa/reader/base"
)

const resultsPage = `Table 1: Accuracy on two science tasks, averaged over 5 runs.
Method MMLU Physics MMLU Chemistry
Base 66.4% (0.8%) 70.9% (0.9%)
Base + CoT 65% (2%) 75.3% (1.5%)
Base + Recall (ours) 73.2% (1.9%) 81.8% (1.4%)
Table 1 shows that recall helps most on physics.`

const ratingsPage = `Absolute maximum ratings
Parameter Min Max
Supply voltage 2.7 5.5
Operating temperature -40 85
Storage temperature -65 150`

// A paper's comparison of data sets: columns name the data sets, a row of
// words stands between the header and the rows of figures, and rows are
// named by totals and averages.
const datasetsPage = `Statistics TabFact FEVEROUS SEM-TAB-FACTS SCITAB
Domain Wiki Tables Wiki Tables Scientific Articles Scientific Articles
Annotator AMT AMT AMT Experts
Max. Reasoning Hops 7 2 1 11
Supported 54% 56% 58% 37%
Total # of Claims 117,854 87,026 5,715 1,225
Avg. claims per table 7.11 0.07 5.27 6.16
Table 1: Comparison of SCITAB to three data sets.`

// A shareholding pattern: two rows a question may name at once.
const holdersPage = `Category Shares Percent
Foreign Companies 1,21,04,38,380 32.17
Foreign Institutional Investors 48,10,82,374 12.79
Public and Others 59,63,23,651 15.85`

func TestCellLookup(t *testing.T) {
	tests := []struct {
		page, q, want string
	}{
		{resultsPage, "What score did Base + Recall achieve in MMLU Physics?", "73.2%"},
		{resultsPage, "What is the MMLU Chemistry accuracy of Base + CoT?", "75.3%"},
		{ratingsPage, "What is the max storage temperature?", "150"},
		{ratingsPage, "What is the minimum supply voltage?", ""},               // "minimum" names no column "Min"
		{ratingsPage, "What is the min supply voltage?", "2.7"},                // it does when written so
		{resultsPage, "What score did the model achieve in MMLU Physics?", ""}, // no row named
		{resultsPage, "What did Base + Recall achieve?", ""},                   // no column named
		{resultsPage, "Which method is best in MMLU Physics?", ""},
		{knowledgePage, "What is the accuracy of Base + RAG on TimeQA?", "57.4%"},           // a header split at its repeated word
		{datasetsPage, "What is the total number of claims in FEVEROUS?", "87,026"},         // the header above rows of words; "total" names the row
		{datasetsPage, "What is the average number of claims per table in SCITAB?", "6.16"}, // "Avg." is the average
		{datasetsPage, "What is the average number of reasoning hops in SCITAB?", ""},       // an average no row holds
		{holdersPage, "What percent do foreign institutional investors hold?", "12.79"},
		{holdersPage, "What percent do foreign companies and institutional investors hold?", ""}, // two rows named
		// Columns named by years are the statement reader's.
		{"(Millions) 2022 2021\nNet sales 1,200 1,100\nCost of sales 700 650", "What were net sales in 2022?", ""},
	}
	for _, tt := range tests {
		checkCell(t, tt.q, []base.Source{{Doc: "p.pdf", Page: 5, Text: tt.page}}, tt.want, 2)
	}
}

// checkCell checks the table answer to q from sources: want, or none for
// "", with quotes (the header and the rows) word for word.
func checkCell(t *testing.T, q string, sources []base.Source, want string, quotes int) {
	t.Helper()
	got := ""
	if r, ok := readCells(ask(q), sources, base.DefaultParams()); ok {
		got = r.Answer
		if !quoted(r, sources) || len(r.Quotes) != quotes {
			t.Errorf("%q: quotes %+v, want the header and %d row(s) word for word", q, r.Quotes, quotes-1)
		}
	}
	if got != want {
		t.Errorf("%q: answer %q, want %q", q, got, want)
	}
}

const knowledgePage = `Table 2: Accuracy on knowledge tasks.
Method TimeQA TQA Easy TQA Hard SituatedQA
Base 41.5% 42.6% 40.4% 54.3% (0.3%)
Base + RAG 57.4% 67.8% 46.8% 59.3% (0.4%)
Base + Recall 66% 70.4% 61.6% 57.5% (0.3%)`

// A difference of two rows under one column: the first side's row less
// the second's, both rows and the header quoted.
func TestCellDifference(t *testing.T) {
	tests := []struct{ q, want string }{
		{"How much higher is the accuracy of Base + RAG compared to Base on TimeQA?", "15.9% (57.4% - 41.5%)"},
		{"How much lower is Base than Base + Recall on TQA Hard?", "21.2% (61.6% - 40.4%)"},
		{"How much higher is Base + RAG than Base?", ""},                    // no column named
		{"How much higher is Base + RAG on TimeQA than on SituatedQA?", ""}, // one row, two columns
	}
	for _, tt := range tests {
		checkCell(t, tt.q, []base.Source{{Doc: "p.pdf", Page: 6, Text: knowledgePage}}, tt.want, 3)
	}
}

func TestHeaderColumns(t *testing.T) {
	tests := []struct {
		heading string
		k       int
		want    string
	}{
		{"Method MMLU Physics MMLU Chemistry", 2, "MMLU Physics|MMLU Chemistry"},
		{"Parameter Min Max", 2, "Min|Max"},
		{"Min Max", 2, "Min|Max"},
		{"Method TimeQA TQA Easy TQA Hard SituatedQA", 4, "TimeQA|TQA Easy|TQA Hard|SituatedQA"},
		{"Method TimeQA TQA Easy SituatedQA", 3, ""}, // "TQA Easy" or "TimeQA TQA"? cannot be told from the text
		{"Model Exact Match F1 Score", 2, ""},
		{"Results 2 3", 2, ""},           // figures are no header
		{"Financing activities:", 2, ""}, // a list's heading: "Repurchases of common stock" under it is no cell of a column "activities:"
	}
	for _, tt := range tests {
		g := &rowGroup{heading: tt.heading}
		for range 2 {
			var cells []string
			for j := range tt.k {
				cells = append(cells, strings.Repeat("1", j+1))
			}
			g.rows = append(g.rows, tableRow(t, "Row "+strings.Join(cells, " ")))
		}
		cols, _ := headerColumns(g, base.DefaultParams())
		if got := strings.Join(cols, "|"); got != tt.want {
			t.Errorf("headerColumns(%q, DefaultParams()) = %q, want %q", tt.heading, got, tt.want)
		}
	}
}

func FuzzCellLookup(f *testing.F) {
	f.Add(resultsPage, "What score did Base + Recall achieve in MMLU Physics?")
	f.Add(ratingsPage, "What is the max storage temperature?")
	f.Add(knowledgePage, "How much higher is Base + RAG than Base on TimeQA?")
	f.Fuzz(func(t *testing.T, page, q string) {
		sources := []base.Source{{Doc: "f.pdf", Page: 1, Text: page}}
		if r, ok := readCells(ask(q), sources, base.DefaultParams()); ok && !quoted(r, sources) {
			t.Fatalf("quotes %+v not word for word from the page", r.Quotes)
		}
	})
}

// tableRow reads line as the one table row it is.
func tableRow(t *testing.T, line string) table.Row {
	t.Helper()
	rows := table.Rows(line)
	if len(rows) != 1 {
		t.Fatalf("table.Rows(%q) = %d rows, want 1", line, len(rows))
	}
	return rows[0]
}
