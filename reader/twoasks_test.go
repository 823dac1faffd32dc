package reader

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
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
		first, second, ok := splitAsks(tt.q)
		if first != tt.first || second != tt.second || ok != tt.ok {
			t.Errorf("splitAsks(%q) = %q, %q, %v; want %q, %q, %v", tt.q, first, second, ok, tt.first, tt.second, tt.ok)
		}
	}
}

func TestReadAsks(t *testing.T) {
	sources := []Source{
		{Doc: "raptor.pdf", Page: 3, Text: "Our clustering algorithm is based on Gaussian Mixture Models (GMMs), an approach that offers flexibility. Trees are built bottom up."},
		{Doc: "raptor.pdf", Page: 4, Text: "The high dimensionality of vector embeddings presents a challenge for traditional GMMs. We reduce it with UMAP."},
		{Doc: "raptor.pdf", Page: 9, Text: "Summaries are written by a language model for every cluster of the tree."},
	}
	q := "What model is the clustering algorithm based on, and what presents a challenge to it?"
	r := Read(q, nil, sources)
	var pages []int
	for _, c := range r.Quotes {
		pages = append(pages, c.Page)
	}
	if !strings.Contains(r.Answer, "Gaussian Mixture Models") || !strings.Contains(r.Answer, "high dimensionality") || !cmp.Equal(pages, []int{3, 4}) {
		t.Errorf("Read(%q) = %q quoting pages %v; want both asks answered, from pp. 3 and 4", q, r.Answer, pages)
	}
	// the second ask's sentence lies far from the first's: one answer, read whole
	far := []Source{sources[0], {Doc: "raptor.pdf", Page: 9, Text: sources[1].Text}}
	r = Read(q, nil, far)
	if len(r.Quotes) != 1 {
		t.Errorf("Read(%q) over pages 3 and 9 quoted %d sentences; want the whole question's one", q, len(r.Quotes))
	}
}

func FuzzSplitAsks(f *testing.F) {
	for _, s := range []string{"What is A, and what is B?", ", and why", "x, and how", "What?"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		first, second, ok := splitAsks(q)
		if ok && (len(first) < 2 || second == "" || !strings.HasSuffix(first, "?")) {
			t.Errorf("splitAsks(%q) = %q, %q: an ask is empty", q, first, second)
		}
	})
}

// TestReadAsksAnalysis: a second ask that wants an analysis is said to
// be unanswered; the first is answered.
func TestReadAsksAnalysis(t *testing.T) {
	sources := []Source{{Doc: "m.pdf", Page: 20, Text: "Our effective tax rate was 18% for the three months ended September 30, 2023. Revenue grew 13%."}}
	q := "What was the effective tax rate as reported in the latest 10-Q, and how does it align with previous tax rates?"
	r := Read(q, nil, sources)
	if !strings.Contains(r.Answer, "18%") || !strings.Contains(r.Explanation, "analysis") {
		t.Errorf("Read(%q) = %q (%s); want the rate, and the analysis said to be left out", q, r.Answer, r.Explanation)
	}
}
