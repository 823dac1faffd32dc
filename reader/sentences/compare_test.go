package sentences

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"docqa/internal/inquiry"
	textterms "docqa/internal/terms"
)

func TestComparedWith(t *testing.T) {
	tests := []struct {
		q    string
		want []string
	}{
		{"How did Apple's operating expenses for Q1 2023 compare to its revenue for the same quarter?", []string{"revenu"}},
		{"Whose support rate increased by 5% in his last year compared to first year?", []string{"first"}},
		{"How does Boeing's effective tax rate in FY2022 compare to FY2021?", []string{"2021"}},
		{"How does the new model fare versus the baseline?", []string{textterms.Stem("baseline")}},
		{"How did Microsoft's operating expenses measure up against its revenue?", []string{"revenu"}},
		{"What was the revenue in 2022?", nil},
		{"How does the tax rate compare to the tax rate?", nil}, // nothing new on the second side
		{"What was the revenue compared with? Answer in one word.", nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, ComparedWith(inquiry.Parse(tt.q, nil, nil))); diff != "" {
			t.Errorf("comparedWith(%q) (-want +got):\n%s", tt.q, diff)
		}
	}
}

func FuzzComparedWith(f *testing.F) {
	f.Add("How did Apple's operating expenses compare to its revenue?")
	f.Add("A vs. B?")
	f.Add("compared with")
	f.Fuzz(func(t *testing.T, q string) {
		for _, term := range ComparedWith(inquiry.Parse(q, nil, nil)) {
			if term == "" {
				t.Fatalf("comparedWith(%q) holds an empty term", q)
			}
		}
	})
}
