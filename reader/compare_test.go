package reader

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
		if diff := cmp.Diff(tt.want, ComparedWith(inquiry.StripInstructions(tt.q))); diff != "" {
			t.Errorf("comparedWith(%q) (-want +got):\n%s", tt.q, diff)
		}
	}
}

// A sentence about one side of a comparison does not answer it; one
// that speaks of both does.
func TestReadComparison(t *testing.T) {
	one := []Source{{Doc: "q.pdf", Page: 4, Text: "The growth in research and development expense during the first quarter of 2023 compared to the same quarter in 2022 was driven by headcount."}}
	if a := readText("How did the research and development expense for the first quarter compare to net sales?", nil, one); a.Found() {
		t.Errorf("one side: answered %q, want a refusal", a.Answer)
	}
	both := []Source{{Doc: "q.pdf", Page: 4, Text: "Research and development expense in the first quarter was 7% of net sales, up from 6%."}}
	if a := readText("How did the research and development expense for the first quarter compare to net sales?", nil, both); !a.Found() {
		t.Errorf("both sides: refused (%s), want the sentence", a.Explanation)
	}
}

func FuzzComparedWith(f *testing.F) {
	f.Add("How did Apple's operating expenses compare to its revenue?")
	f.Add("A vs. B?")
	f.Add("compared with")
	f.Fuzz(func(t *testing.T, q string) {
		for _, term := range ComparedWith(inquiry.StripInstructions(q)) {
			if term == "" {
				t.Fatalf("comparedWith(%q) holds an empty term", q)
			}
		}
	})
}

func TestWhichMost(t *testing.T) {
	asks := map[string]bool{
		"Which signal has the least frequency?":                                                  true,
		"In the table at page 28, which signal has the least frequency in the guidebook?":        true,
		"Among the three strategies: A, B, and C, which one has the most representative papers?": true,
		"What is the maximum hours of the buddy scheme?":                                         false, // a figure, not a rank
		"How many data centers does China's largest cloud provider have?":                        false,
	}
	for q, want := range asks {
		if got := AsksWhichMost(inquiry.StripInstructions(q)); got != want {
			t.Errorf("asksWhichMost(%q) = %v, want %v", q, got, want)
		}
	}
	lists := []Source{{Doc: "s.pdf", Page: 13, Text: "We categorize and analyze various self-correction strategies, including training-time, generation-time, and post-hoc corrections."}}
	if a := readText("Among the three strategies: training-time, generation-time, and post-hoc correction, which one has the most papers?", nil, lists); a.Found() {
		t.Errorf("a sentence that ranks nothing: answered %q", a.Answer)
	}
	ranked := []Source{{Doc: "s.pdf", Page: 13, Text: "Post-hoc correction has the most papers of the three strategies, ahead of training-time and generation-time correction."}}
	if a := readText("Among the three strategies: training-time, generation-time, and post-hoc correction, which one has the most papers?", nil, ranked); !a.Found() {
		t.Errorf("a sentence that ranks them: refused (%s)", a.Explanation)
	}
}
