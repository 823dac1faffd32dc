package search

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPageCues(t *testing.T) {
	tests := []struct {
		q    string
		want []PageRange
	}{
		{"What is on pages 10-20?", []PageRange{{10, 20}}},
		{"Summarise pages 4 to 9 and pages 12–13", []PageRange{{4, 9}, {12, 13}}},
		{"between pages 3 and 5, what changed?", []PageRange{{3, 5}}},
		{"pp. 7-2", []PageRange{{2, 7}}},
		{"PAGES 1 through 3", []PageRange{{1, 3}}},
		{"What is on page 5?", nil},
		{"pages 0-3", nil},
		{"How many pages are there?", nil},
		{"The 10-20 rule", nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, PageCues(tt.q)); diff != "" {
			t.Errorf("PageCues(%q) (-want +got):\n%s", tt.q, diff)
		}
	}
}

func FuzzPageCues(f *testing.F) {
	f.Add("pages 10-20")
	f.Add("pp. 99999-1 and pages 3 to 3")
	f.Fuzz(func(t *testing.T, q string) {
		for _, r := range PageCues(q) {
			if r.From < 1 || r.From > r.To {
				t.Fatalf("PageCues(%q) gave %+v", q, r)
			}
		}
	})
}
