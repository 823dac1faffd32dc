package eval

import "testing"

func TestInContext(t *testing.T) {
	tests := []struct {
		name, gold, text string
		want             bool
	}{
		{"figure as printed", "$1577.00", "Purchases of property, plant and equipment (PP&E) (1,577) (1,373)", true},
		{"billions against millions, within 1%", "$8.70", "Property, plant and equipment — net 8,738 8,866", true},
		{"billions against millions, written", "$8.74 billion", "Property, plant and equipment — net 8,738 8,866", true},
		{"percent as fraction", "12.4%", "return on assets was 0.124", true},
		{"number absent", "$1577.00", "Purchases of property, plant and equipment (1,373)", false},
		{"a year range written short", "2015-2016", "Annual Report 2015-16 of the board", true},
		{"a year alone is no number", "FY2018: 2.5", "In 2018 the ratio was 3.1", false},
		{"year-only gold falls back to words", "2018", "the year 2018", true},
		{"text by content words", "Global Environmental Management", "3M's global environmental management policy", true},
		{"text missing", "Global Environmental Management", "nothing of the kind", false},
		{"empty gold", "", "anything", false},
	}
	for _, tt := range tests {
		if got := InContext(tt.gold, tt.text); got != tt.want {
			t.Errorf("%s: InContext(%q, %q) = %v, want %v", tt.name, tt.gold, tt.text, got, tt.want)
		}
	}
}

func TestKindOf(t *testing.T) {
	tests := []struct {
		q    Question
		want string
	}{
		{Question{Question: "Is it raining?", Answer: "Not answerable"}, KindNotAnswerable},
		{Question{Question: "What is the FY2018 capital expenditure (in USD millions)?", Answer: "$1577.00"}, KindLookup},
		{Question{Question: "What is the FY2022 gross margin?", Answer: "24.1%"}, KindComputed},
		{Question{Question: "How much did revenue change between FY2021 and FY2022?", Answer: "$1.2 billion"}, KindComputed},
		{Question{Question: "What industry does AMCOR operate in?", Answer: "Packaging"}, KindText},
		{Question{Question: "In which year was it founded?", Answer: "1902"}, KindText}, // a year alone is no figure
	}
	for _, tt := range tests {
		if got := KindOf(tt.q); got != tt.want {
			t.Errorf("KindOf(%q, gold %q) = %q, want %q", tt.q.Question, tt.q.Answer, got, tt.want)
		}
	}
}
