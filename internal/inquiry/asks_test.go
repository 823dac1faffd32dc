package inquiry

import (
	"strings"
	"testing"
)

func TestSplitAsks(t *testing.T) {
	tests := []struct {
		q, first, second string
		ok               bool
	}{
		{"What model is the clustering based on, and what presents a challenge to it?",
			"What model is the clustering based on?", "what presents a challenge to it?", true},
		{"How much did Apple spend on research, and how does this compare to 2022?",
			"How much did Apple spend on research?", "how does this compare to 2022?", true},
		{"What are the inputs and outputs of the model?", "", "", false}, // one ask, two things
		{"What is the revenue, and the margin?", "", "", false},
		{", and what?", "", "", false},
	}
	for _, tt := range tests {
		first, second, ok := SplitAsks(tt.q)
		if first != tt.first || second != tt.second || ok != tt.ok {
			t.Errorf("SplitAsks(%q) = %q, %q, %v; want %q, %q, %v", tt.q, first, second, ok, tt.first, tt.second, tt.ok)
		}
	}
}

func FuzzSplitAsks(f *testing.F) {
	for _, s := range []string{"What is A, and what is B?", ", and why", "x, and how", "What?"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		first, second, ok := SplitAsks(q)
		if ok && (len(first) < 2 || second == "" || !strings.HasSuffix(first, "?")) {
			t.Errorf("SplitAsks(%q) = %q, %q: an ask is empty", q, first, second)
		}
	})
}
