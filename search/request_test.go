package search

import "testing"

func TestWithoutSourceNames(t *testing.T) {
	tests := []struct{ q, want string }{
		{"What was Intel's gross margin as reported in their latest 10-Q?", "What was Intel's gross margin as reported in  ?"},
		{"What were the cash flows as per the Q3 2022 10-Q?", "What were the cash flows as per the Q3 2022  ?"},
		{"What model is the clustering algorithm of this paper based on?", "What model is the clustering algorithm   based on?"},
		{"How many pages are in the user guide?", "How many pages are  ?"},
		{"According to the Free Culture book, who founded the Internet Archive?", " , who founded the Internet Archive?"},
		{"What does the review say in the Results section?", "What does the review say in the Results section?"},
		// A report as the thing asked about stays.
		{"Who wrote the report?", "Who wrote the report?"},
		{"What reported revenue grew fastest?", "What reported revenue grew fastest?"},
	}
	for _, tt := range tests {
		if got := WithoutSourceNames(tt.q); got != tt.want {
			t.Errorf("WithoutSourceNames(%q) = %q, want %q", tt.q, got, tt.want)
		}
	}
}
