package reader

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const debtInvestments = `The following tables present information regarding the Company's debt investments:
Fair value level June 30, 2023 December 31, 2022
(In thousands)
Cash and cash equivalents:
Money market funds Level 1 $ 2,195 $ 12,009
Commercial paper and certificates of deposit Level 2 — 5,992
Cash and cash equivalents 2,195 18,001
Short-term investments:
U.S. government securities Level 1 57,696 56,835
U.S. agency securities Level 2 29,049 9,530
Commercial paper and certificates of deposit Level 2 4,561 4,466
Corporate bonds Level 2 416,420 213,875
Short-term investments 507,726 284,706
Total debt investments $ 509,921 $ 302,707
`

func TestParseSuperlative(t *testing.T) {
	tests := []struct {
		q    string
		want superlative
		ok   bool
	}{
		{"Which type of debt received the largest investment among the short term investments in FY2023?",
			superlative{most: true, year: "2023", terms: []string{"type", "debt", "receiv", "invest", "among", "short", "term", "invest"}}, true},
		{"Which segment had the lowest net revenue in 2021?", superlative{year: "2021", terms: []string{"segment", "net", "revenu"}}, true},
		{"Which segment had the lowest net revenue?", superlative{}, false},          // no year, no column
		{"What was the largest acquisition in 2019 and 2020?", superlative{}, false}, // two years
		{"How many segments had the highest margin in 2021?", superlative{}, false},  // a count
	}
	for _, tt := range tests {
		got, ok := parseSuperlative(ask(tt.q))
		if ok != tt.ok || ok && !cmp.Equal(got, tt.want, cmp.AllowUnexported(superlative{})) {
			t.Errorf("parseSuperlative(ask(%q)) = %+v, %v; want %+v, %v", tt.q, got, ok, tt.want, tt.ok)
		}
	}
}

// The largest and the smallest item of the group the question names by
// its heading, its total left out, both rows quoted from the page.
func TestSuperlativeRead(t *testing.T) {
	sources := []Source{{Doc: "mgm.pdf", Page: 11, Text: debtInvestments}}
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

// A total the items do not add up to (rows left out, a subtotal) gives
// no share.
func TestSuperlativeNoShare(t *testing.T) {
	page := strings.Replace(debtInvestments, "Short-term investments 507,726 284,706", "Short-term investments 600,000 284,706", 1)
	r := readText("Which type of debt received the largest investment among the short-term investments in FY2023?", nil, []Source{{Doc: "mgm.pdf", Page: 11, Text: page}})
	if want := "Corporate bonds Level 2 (416,420, in thousands, 2023)"; r.Answer != want || len(r.Quotes) != 2 {
		t.Errorf("answer %q with %d quotes; want %q, the heading and the row", r.Answer, len(r.Quotes), want)
	}
}

// FuzzSuperlative: any question and page are read without panicking.
func FuzzSuperlative(f *testing.F) {
	f.Add("Which type of debt received the largest investment among the short-term investments in FY2023?", debtInvestments)
	f.Fuzz(func(t *testing.T, q, page string) {
		if s, ok := parseSuperlative(ask(q)); ok {
			s.read([]Source{{Doc: "a.pdf", Page: 1, Text: page}}, DefaultParams())
		}
	})
}
