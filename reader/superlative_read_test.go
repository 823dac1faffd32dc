package reader

import (
	"docqa/reader/base"
	"strings"
	"testing"
)

// A total the items do not add up to (rows left out, a subtotal) gives
// no share.
func TestSuperlativeNoShare(t *testing.T) {
	page := strings.Replace(debtInvestments, "Short-term investments 507,726 284,706", "Short-term investments 600,000 284,706", 1)
	r := readText("Which type of debt received the largest investment among the short-term investments in FY2023?", nil, []base.Source{{Doc: "mgm.pdf", Page: 11, Text: page}})
	if want := "Corporate bonds Level 2 (416,420, in thousands, 2023)"; r.Answer != want || len(r.Quotes) != 2 {
		t.Errorf("answer %q with %d quotes; want %q, the heading and the row", r.Answer, len(r.Quotes), want)
	}
}

// The largest and the smallest item of the group the question names by
// its heading, its total left out, both rows quoted from the page.
func TestSuperlativeRead(t *testing.T) {
	sources := []base.Source{{Doc: "mgm.pdf", Page: 11, Text: debtInvestments}}
	tests := []struct {
		q, answer string
	}{
		{"Which type of debt received the largest investment among the short-term investments in FY2023?", "Corporate bonds Level 2 (416,420, in thousands, 2023), 82.0% of the total 507,726"},
		{"Which type of debt received the smallest investment among the short-term investments in 2022?", "Commercial paper and certificates of deposit Level 2 (4,466, in thousands, 2022), 1.6% of the total 284,706"},
		{"Which cash equivalent was the largest in 2022?", "Money market funds Level 1 ($ 12,009, in thousands, 2022), 66.7% of the total 18,001"},
		{"Which security was the largest in 2022?", ""},              // no heading is named whole
		{"Which short-term investment was the largest in 2019?", ""}, // no such column
	}
	for _, tt := range tests {
		r := readText(tt.q, nil, sources)
		if r.Answer != tt.answer && (tt.answer != "" || strings.Contains(r.Explanation, "rows under")) {
			t.Errorf("readText(%q) = %q (%s); want %q", tt.q, r.Answer, r.Explanation, tt.answer)
		}
		if tt.answer != "" && !quoted(r, sources) {
			t.Errorf("quotes %+v not word for word from the page", r.Quotes)
		}
	}
}
