package sentences

import (
	"docqa/internal/segment"
	"docqa/reader/base"
	"github.com/google/go-cmp/cmp"
	"testing"
)

func TestSplitFolios(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"10\nintroduces a method. It works.", []string{"10", "introduces a method.", "It works."}},
		{"It ends here. The next one runs on\n11", []string{"It ends here.", "The next one runs on", "11"}},
		{"2,200 rpm is the limit.", []string{"2,200 rpm is the limit."}},
		{"12345\nfive digits is no page number", []string{"12345\nfive digits is no page number"}},
	}
	for _, tt := range tests {
		var got []string
		for _, sp := range splitFolios(tt.text, segment.Sentences(tt.text), base.DefaultParams()) {
			got = append(got, tt.text[sp.Start:sp.End])
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("splitFolios(%q, DefaultParams()) (-want +got):\n%s", tt.text, diff)
		}
	}
}
