package reader

import (
	"docqa/reader/base"
	"docqa/reader/sentences"
	"testing"
)

// A look-up of an item the tables cannot give is answered only by a
// sentence that names the item and states an amount of it.
func TestItemSentence(t *testing.T) {
	q := "What were the total revenues in the first quarter of fiscal 2024?"
	tests := []struct {
		s     string
		found bool
	}{
		{"Sales outside the United States were 67% of total revenue for the first quarter of fiscal 2024.", false}, // a share, no amount
		{"During the first quarter of fiscal 2024, we returned $99 million to shareholders.", false},               // an amount, not of revenue
		{"Total revenue for the first quarter of fiscal 2024 was $7.19 billion.", true},
	}
	for _, tt := range tests {
		r := readText(q, nil, []base.Source{{Doc: "n.pdf", Page: 25, Text: tt.s}})
		if r.Found() != tt.found {
			t.Errorf("readText(%q) over %q = %q (%s), want found %v", q, tt.s, r.Answer, r.Explanation, tt.found)
		}
	}
}

// A question of a metric the tables cannot give is answered only by a
// sentence that states it, with its figure.
func TestMetricSentence(t *testing.T) {
	q := "What was Costco's inventory turnover in FY2021?"
	tests := []struct {
		s     string
		found bool
	}{
		{"Costco operates membership warehouses that offer low prices and rapid inventory turnover in 2021.", false}, // names it, states no figure
		{"Costco Wholesale Corporation operates membership warehouses in 2021.", false},
		{"Inventory turnover was 12.3 times in FY2021 at Costco.", true},
	}
	for _, tt := range tests {
		r := readText(q, nil, []base.Source{{Doc: "c.pdf", Page: 41, Text: tt.s}})
		if r.Found() != tt.found {
			t.Errorf("readText(%q) over %q = %q, want found %v", q, tt.s, r.Answer, tt.found)
		}
	}
	for s, want := range map[string]bool{"rose 12.3 times": true, "in 2021 and 2022": false, "up 8%": true, "$1,234 million": true, "47 new stores": true,
		"near break-even gross margins at December 31, 2022": false, "42.1% at Dec. 31, 2022": true} {
		if got := sentences.StatesFigure(s); got != want {
			t.Errorf("statesFigure(%q) = %v, want %v", s, got, want)
		}
	}
}

// A question that names a metric but no year the tables could be read in
// is answered by a sentence only if the sentence states the metric.
func TestMetricWithoutYear(t *testing.T) {
	sources := []base.Source{{Doc: "u.pdf", Page: 1, Text: "BOLINGBROOK, Ill.--(BUSINESS WIRE)-- Ulta Beauty, Inc. (NASDAQ: ULTA) today announced financial results for the thirteen-week (fourth quarter) and fifty-two-week (fiscal year) periods ended January 28, 2023 compared to the same periods ended January 29, 2022."}}
	r := readText("What is the quick ratio at the end of the quarter? Round to two decimal places.", nil, sources)
	if r.Found() {
		t.Errorf("quick ratio from a sentence that does not state it: %q", r.Answer)
	}
}
