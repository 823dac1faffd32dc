package inquiry

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name, q         string
		options         []string
		stripped, asked string
		first, second   string // the two asks; "" for one
	}{
		{"plain", "What is the maximum oil temperature?", nil,
			"What is the maximum oil temperature?", "What is the maximum oil temperature?", "", ""},
		{"instructions", "What is the FY2018 capex for 3M? Answer in USD millions.", nil,
			"What is the FY2018 capex for 3M?", "What is the FY2018 capex for 3M?", "", ""},
		{"two asks", "How much did Apple spend on research, and what was the focus of this expenditure?", nil,
			"How much did Apple spend on research, and what was the focus of this expenditure?",
			"How much did Apple spend on research, and what was the focus of this expenditure?",
			"How much did Apple spend on research?", "what was the focus of this expenditure?"},
		{"options read as one ask", "What is A, and what is B?", []string{"a", "b"},
			"What is A, and what is B?", "What is A, and what is B?", "", ""},
		{"asked stops at the first question mark", "Is it hot? If so, why", nil,
			"Is it hot? If so, why", "Is it hot?", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Parse(tt.q, tt.options, nil)
			if got.Text != tt.q || got.Stripped != tt.stripped || got.Asked != tt.asked || !cmp.Equal(got.Options, tt.options) {
				t.Errorf("Parse(%q) = text %q stripped %q asked %q options %q; want stripped %q asked %q", tt.q, got.Text, got.Stripped, got.Asked, got.Options, tt.stripped, tt.asked)
			}
			var first, second string
			if len(got.Asks) == 2 {
				first, second = got.Asks[0].Text, got.Asks[1].Text
				if got.Asks[0].Asks != nil || got.Asks[1].Asks != nil {
					t.Errorf("an ask has asks of its own")
				}
			}
			if first != tt.first || second != tt.second {
				t.Errorf("asks %q, %q; want %q, %q", first, second, tt.first, tt.second)
			}
		})
	}
}

// FuzzParse: whatever the user types, the parse holds only the
// question's own words: the stripped text within it, what is asked a
// prefix of that, and two asks or none.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"What is X? Answer in millions.", "What is A, and what is B?", "", "?", " , and why", "Give a response. What?"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q := Parse(s, nil, nil)
		if q.Text != s || !strings.Contains(s, q.Stripped) || !strings.HasPrefix(q.Stripped, q.Asked) {
			t.Fatalf("Parse(%q) = text %q stripped %q asked %q", s, q.Text, q.Stripped, q.Asked)
		}
		if q.Asks != nil && (len(q.Asks) != 2 || q.Asks[0].Text == "" || q.Asks[1].Text == "") {
			t.Fatalf("Parse(%q) asks %d: %v", s, len(q.Asks), q.Asks)
		}
	})
}
