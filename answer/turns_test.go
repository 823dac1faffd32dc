package answer

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPageTurns(t *testing.T) {
	page9 := "Retrieval adapters differ.\nAAR introduces a universal adapter for many tasks. BGM keeps the retriever fixed.\nFurthermore, PKG\n9"
	page10 := "10\nintroduces an innovative method for integrating knowledge into white-box models. This method helps."
	full := map[PageRef]string{
		{"rag.pdf", 9}:  page9,
		{"rag.pdf", 10}: page10,
		{"rag.pdf", 11}: "A new section opens here.",
		{"rag.pdf", 12}: "The adapter ends here, without a stop",
		{"rag.pdf", 13}: "13\nsign at its end. Then the page goes on. Its best passage is here.",
	}
	whole12 := Source{Doc: "rag.pdf", Page: 12, Text: "The adapter ends here, without a stop"}
	window13 := Source{Doc: "rag.pdf", Page: 13, Text: "Its best passage is here."}
	window9 := Source{Doc: "rag.pdf", Page: 9, Text: "AAR introduces a universal adapter for many tasks."}
	tail9 := Source{Doc: "rag.pdf", Page: 9, Text: "Furthermore, PKG"}
	whole10 := Source{Doc: "rag.pdf", Page: 10, Text: page10}
	tests := []struct {
		name    string
		sources []Source
		room    int
		want    []Source
	}{
		{"window misses the page end", []Source{whole10, window9}, 1000, []Source{whole10, window9, tail9}},
		{"no room", []Source{whole10, window9}, 10, []Source{whole10, window9}},
		{"next page not in context", []Source{window9}, 1000, []Source{window9}},
		{"whole page holds its end", []Source{{Doc: "rag.pdf", Page: 9, Text: page9}, whole10}, 1000, []Source{{Doc: "rag.pdf", Page: 9, Text: page9}, whole10}},
		{"next page opens a sentence", []Source{{Doc: "rag.pdf", Page: 10, Text: "This method helps."}, {Doc: "rag.pdf", Page: 11, Text: "A new section opens here."}}, 1000,
			[]Source{{Doc: "rag.pdf", Page: 10, Text: "This method helps."}, {Doc: "rag.pdf", Page: 11, Text: "A new section opens here."}}},
		{"next page's window misses its start", []Source{window13, whole12}, 1000,
			[]Source{window13, whole12, {Doc: "rag.pdf", Page: 13, Text: "13\nsign at its end."}}},
		{"next page not in context, start not added", []Source{whole12}, 1000, []Source{whole12}},
		{"next page in context from its middle", []Source{window9, {Doc: "rag.pdf", Page: 10, Text: "This method helps."}}, 1000,
			[]Source{window9, {Doc: "rag.pdf", Page: 10, Text: "This method helps."}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, pageTurns(tt.sources, full, tt.room)); diff != "" {
				t.Errorf("pageTurns (-want +got):\n%s", diff)
			}
		})
	}
}

func TestLastSentence(t *testing.T) {
	tests := []struct{ page, want string }{
		{"One ends. Furthermore, PKG\n9", "Furthermore, PKG"},
		{"One ends. Furthermore, PKG", "Furthermore, PKG"},
		{"One ends. Two ends.\n12", ""}, // the page ends a sentence
		{"A list follows:", ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := lastSentence(tt.page); got != tt.want {
			t.Errorf("lastSentence(%q) = %q, want %q", tt.page, got, tt.want)
		}
	}
}
