package reader

import (
	"docqa/reader/base"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReadAsks(t *testing.T) {
	sources := []base.Source{
		{Doc: "raptor.pdf", Page: 3, Text: "Our clustering algorithm is based on Gaussian Mixture Models (GMMs), an approach that offers flexibility. Trees are built bottom up."},
		{Doc: "raptor.pdf", Page: 4, Text: "The high dimensionality of vector embeddings presents a challenge for traditional GMMs. We reduce it with UMAP."},
		{Doc: "raptor.pdf", Page: 9, Text: "Summaries are written by a language model for every cluster of the tree."},
	}
	q := "What model is the clustering algorithm based on, and what presents a challenge to it?"
	r := readText(q, nil, sources)
	var pages []int
	for _, c := range r.Quotes {
		pages = append(pages, c.Page)
	}
	if !strings.Contains(r.Answer, "Gaussian Mixture Models") || !strings.Contains(r.Answer, "high dimensionality") || !cmp.Equal(pages, []int{3, 4}) {
		t.Errorf("readText(%q) = %q quoting pages %v; want both asks answered, from pp. 3 and 4", q, r.Answer, pages)
	}
	// the second ask's sentence lies far from the first's: one answer, read whole
	far := []base.Source{sources[0], {Doc: "raptor.pdf", Page: 9, Text: sources[1].Text}}
	r = readText(q, nil, far)
	if len(r.Quotes) != 1 {
		t.Errorf("readText(%q) over pages 3 and 9 quoted %d sentences; want the whole question's one", q, len(r.Quotes))
	}
}

// TestReadAsksAnalysis: a second ask that wants an analysis is said to
// be unanswered; the first is answered.
func TestReadAsksAnalysis(t *testing.T) {
	sources := []base.Source{{Doc: "m.pdf", Page: 20, Text: "Our effective tax rate was 18% for the three months ended September 30, 2023. Revenue grew 13%."}}
	q := "What was the effective tax rate as reported in the latest 10-Q, and how does it align with previous tax rates?"
	r := readText(q, nil, sources)
	if !strings.Contains(r.Answer, "18%") || !strings.Contains(r.Explanation, "analysis") {
		t.Errorf("readText(%q) = %q (%s); want the rate, and the analysis said to be left out", q, r.Answer, r.Explanation)
	}
}
