package sentences

import (
	"testing"
)

func TestAsksCause(t *testing.T) {
	for q, want := range map[string]bool{
		"What drove the increase in merchandise inventories at the end of FY2023?": true,
		"Why did gross margin fall in 2022?":                                       true,
		"What were the key factors behind the decline in sales?":                   true,
		"What was the primary driver of the change in net income?":                 true,
		"What are the reasons for the restructuring?":                              true,
		"What was the gross margin in 2022?":                                       false,
		"Is the quick ratio useful? If not, then state that and explain why.":      false, // an instruction asks nothing
	} {
		if got := asksCause(q); got != want {
			t.Errorf("asksCause(%q) = %v, want %v", q, got, want)
		}
	}
}

func TestCauseSentences(t *testing.T) {
	tests := []struct {
		s            string
		gives, point bool
		cause        string
	}{
		{"The $104.2 million increase was primarily due to the opening of 47 new stores.", true, true, "due to the opening of 47 new stores."},
		{"This decrease reflects lower volumes in Europe.", true, true, "reflects lower volumes in Europe."},
		{"Net sales rose 8% driven by higher prices.", true, false, "driven by higher prices."},
		{"The increase in headcount continued.", false, true, ""},
		{"Merchandise inventories totaled $1.6 billion.", false, false, ""},
	}
	for _, tt := range tests {
		if got := givesCause(tt.s); got != tt.gives {
			t.Errorf("givesCause(%q) = %v, want %v", tt.s, got, tt.gives)
		}
		if got := pointsBack(tt.s); got != tt.point {
			t.Errorf("pointsBack(%q) = %v, want %v", tt.s, got, tt.point)
		}
		if got := CauseOf(tt.s); got != tt.cause {
			t.Errorf("causeOf(%q) = %q, want %q", tt.s, got, tt.cause)
		}
	}
}

func FuzzCauseOf(f *testing.F) {
	f.Add("The $104.2 million increase was primarily due to the opening of 47 new stores.")
	f.Add("due to")
	f.Fuzz(func(t *testing.T, s string) {
		c := CauseOf(s)
		if c != "" && !givesCause(s) {
			t.Fatalf("causeOf(%q) = %q from a sentence that gives no cause", s, c)
		}
	})
}
