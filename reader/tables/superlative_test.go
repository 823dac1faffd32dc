package tables

import (
	"docqa/reader/base"
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

// FuzzSuperlative: any question and page are read without panicking.
func FuzzSuperlative(f *testing.F) {
	f.Add("Which type of debt received the largest investment among the short-term investments in FY2023?", debtInvestments)
	f.Fuzz(func(t *testing.T, q, page string) {
		if s, ok := parseSuperlative(ask(q)); ok {
			s.read([]base.Source{{Doc: "a.pdf", Page: 1, Text: page}}, base.DefaultParams())
		}
	})
}
