package reader

import (
	"docqa/internal/inquiry"
	"docqa/reader/base"
	"docqa/reader/sentences"
	"testing"
)

// A sentence about one side of a comparison does not answer it; one
// that speaks of both does.
func TestReadComparison(t *testing.T) {
	one := []base.Source{{Doc: "q.pdf", Page: 4, Text: "The growth in research and development expense during the first quarter of 2023 compared to the same quarter in 2022 was driven by headcount."}}
	if a := readText("How did the research and development expense for the first quarter compare to net sales?", nil, one); a.Found() {
		t.Errorf("one side: answered %q, want a refusal", a.Answer)
	}
	both := []base.Source{{Doc: "q.pdf", Page: 4, Text: "Research and development expense in the first quarter was 7% of net sales, up from 6%."}}
	if a := readText("How did the research and development expense for the first quarter compare to net sales?", nil, both); !a.Found() {
		t.Errorf("both sides: refused (%s), want the sentence", a.Explanation)
	}
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
		if got := sentences.AsksWhichMost(inquiry.Parse(q, nil, nil)); got != want {
			t.Errorf("asksWhichMost(%q) = %v, want %v", q, got, want)
		}
	}
	lists := []base.Source{{Doc: "s.pdf", Page: 13, Text: "We categorize and analyze various self-correction strategies, including training-time, generation-time, and post-hoc corrections."}}
	if a := readText("Among the three strategies: training-time, generation-time, and post-hoc correction, which one has the most papers?", nil, lists); a.Found() {
		t.Errorf("a sentence that ranks nothing: answered %q", a.Answer)
	}
	ranked := []base.Source{{Doc: "s.pdf", Page: 13, Text: "Post-hoc correction has the most papers of the three strategies, ahead of training-time and generation-time correction."}}
	if a := readText("Among the three strategies: training-time, generation-time, and post-hoc correction, which one has the most papers?", nil, ranked); !a.Found() {
		t.Errorf("a sentence that ranks them: refused (%s)", a.Explanation)
	}
}
