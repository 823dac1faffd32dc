package synonyms

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSynonyms(t *testing.T) {
	tests := []struct {
		q    string
		want []string
	}{
		{"What is the oil temperature?", nil},
		{"What is the FY2018 capital expenditure for 3M?", []string{"fy 2018 3 capex purchases of property, plant and equipment purchases of property and equipment payments for property and equipment additions to property, plant and equipment additions to property and equipment payments to acquire property, plant and equipment"}},
		{"What were net sales in the income statement?", []string{
			"incom statement revenue total revenues net revenues",
			"net sale statement of income statement of operations statement of earnings profit and loss",
		}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, Subquestions(tt.q)); diff != "" {
			t.Errorf("Subquestions(%q) (-want +got):\n%s", tt.q, diff)
		}
	}
}

func TestParseSynonyms(t *testing.T) {
	got := parseSynonyms("# comment\n\nrevenue | net sales |  \ntotal assets\nthe | a\n")
	if len(got) != 2 || len(got[0].texts) != 2 || got[0].texts[1] != "net sales" || strings.Join(got[0].terms[1], " ") != "net sale" || got[1].texts[0] != "total assets" {
		t.Errorf("parseSynonyms: %+v, want the group of revenue and net sales and the item total assets alone (stop words dropped)", got)
	}
	// an item of one name is named, and searched by no other
	if items := NamedItems("What are the year end total assets?"); len(items) != 1 || items[0][0] != "total assets" {
		t.Errorf("NamedItems: %q, want total assets", items)
	}
	if subs := Subquestions("What are the year end total assets?"); len(subs) != 0 {
		t.Errorf("Synonyms: %q, want none for an item of one name", subs)
	}
	// a label in square brackets names the item's rows, and searches for
	// nothing
	g := parseSynonyms("cash from operations | operating cash flow | [net cash from operations]\n")
	if len(g) != 1 || len(g[0].texts) != 2 || len(g[0].labels) != 1 {
		t.Fatalf("parseSynonyms with a label: %+v", g)
	}
	if names := NamedItems("What is the operating cash flow?"); !slices.Contains(names[0], "net cash from operations") {
		t.Errorf("NamedItems: %q, want the label among the names", names)
	}
	for _, s := range Subquestions("What is the operating cash flow?") {
		if strings.Contains(s, "net cash from operations") {
			t.Errorf("Synonyms searched a label: %q", s)
		}
	}
	if len(groups()) < 10 {
		t.Errorf("synonyms.txt gave %d groups", len(groups()))
	}
}

func TestMetricItems(t *testing.T) {
	tests := []struct {
		q    string
		want []string
	}{
		{"What is the oil temperature?", nil},
		{"Has AMCOR's quick ratio improved between FY2023 and FY2022?", []string{"amcor improv fy 2023 fy 2022 cash and cash equivalents marketable securities accounts receivable current liabilities"}},
		{"Does Corning have positive working capital?", []string{"corn posit current assets current liabilities"}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, MetricItems(tt.q)); diff != "" {
			t.Errorf("MetricItems(%q) (-want +got):\n%s", tt.q, diff)
		}
	}
}
