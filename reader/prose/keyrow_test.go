package prose

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"docqa/internal/inquiry"
)

func TestRowKeys(t *testing.T) {
	tests := []struct {
		q    string
		want []string
	}{
		{"What are the error descriptions corresponding to error numbers 88 and 188?", []string{"88", "188"}},
		{"What's the geographic market name for EPS Code AR01?", []string{"AR01"}},
		{"What does fault code E5 mean?", []string{"E5"}},
		{"How many error codes does the manual list?", nil}, // a count, not a row
		{"When did error 42 first appear?", nil},            // a date
		{"What is the maximum oil temperature?", nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, rowKeys(inquiry.Parse(tt.q, nil, nil))); diff != "" {
			t.Errorf("rowKeys(%q) (-want +got):\n%s", tt.q, diff)
		}
	}
}

func TestRowValue(t *testing.T) {
	tests := []struct {
		s, key, want string
		ok           bool
	}{
		{"88 Boiler: over-temperature", "88", "Boiler: over-temperature", true},
		{"1. Little Rock AR01", "AR01", "Little Rock", true},
		{"E5: Water tank empty.", "E5", "Water tank empty.", true},
		{"The pump stopped after 88 cycles", "88", "", false}, // inside the row, not its key
		{"88 1,234 5,678", "88", "", false},                   // figures, no words
		{"88", "88", "", false},
	}
	for _, tt := range tests {
		got, ok := rowValue(tt.s, tt.key)
		if got != tt.want || ok != tt.ok {
			t.Errorf("rowValue(%q, %q) = %q, %v; want %q, %v", tt.s, tt.key, got, ok, tt.want, tt.ok)
		}
	}
}

// FuzzRowKeys: any question is read without panicking, its keys are its
// own words, and any row splits without panicking.
func FuzzRowKeys(f *testing.F) {
	f.Add("What are the error descriptions corresponding to error numbers 88 and 188?", "88 Boiler: over-temperature")
	f.Add("What's the name for EPS Code AR01?", "1. Little Rock AR01")
	f.Fuzz(func(t *testing.T, q, row string) {
		for _, k := range rowKeys(inquiry.Parse(q, nil, nil)) {
			if !strings.Contains(strings.ToLower(q), strings.ToLower(k)) {
				t.Fatalf("rowKeys(%q) gave %q, not in the question", q, k)
			}
			rowValue(row, k)
		}
	})
}
