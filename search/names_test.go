package search

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestNames(t *testing.T) {
	tests := []struct {
		q    string
		want []string
	}{
		{"Has AMCOR's quick ratio improved between FY2023 and FY2022?", []string{"amcor"}},
		{"What drove gross margin change for JnJ and Boeing?", []string{"jnj", "boe"}},
		{"what is the plain question here?", nil},
		{"WHAT IS THE CASE NUMBER OF SMITH?", nil}, // written in capitals
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, names(tt.q)); diff != "" {
			t.Errorf("names(%q) (-want +got):\n%s", tt.q, diff)
		}
	}
}

// A search over several documents keeps to those that mention the
// question's rare names; a name most documents hold selects nothing.
func TestNamedDocs(t *testing.T) {
	x := openTest(t)
	put(t, x, "acme-2022.pdf", "Acme Corporation annual report.", "Total current assets 500 and total current liabilities 300 give the quick ratio.")
	put(t, x, "zenith-2022.pdf", "Zenith Inc. annual report.", "The quick ratio of the company improved: quick ratio 1.2 against 0.9.")
	put(t, x, "orbit-2022.pdf", "Orbit Ltd. annual report.", "Quick ratio tables of the Company.")
	tests := []struct {
		q    string
		want []string
	}{
		{"Has Acme's quick ratio improved?", []string{"acme-2022.pdf"}},
		{"Compare the quick ratio of Acme and Zenith.", []string{"acme-2022.pdf", "zenith-2022.pdf"}},
		{"Has the quick ratio improved?", nil},
		{"What does the Company report?", nil},      // in most of the documents
		{"Has Nobody's quick ratio improved?", nil}, // in none
	}
	for _, tt := range tests {
		got, err := x.namedDocs(t.Context(), tt.q)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("namedDocs(%q) (-want +got):\n%s", tt.q, diff)
		}
	}
	hits, err := x.MultiSearch(t.Context(), []string{"Has Zenith's quick ratio improved?"}, MultiOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range hits {
		if h.Doc != "zenith-2022.pdf" {
			t.Errorf("MultiSearch for Zenith returned a page of %s", h.Doc)
		}
	}
}
