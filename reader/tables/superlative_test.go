package tables

import (
	"docqa/reader/base"
	"docqa/reader/internal/readertest"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const debtInvestments = readertest.DebtInvestments

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
