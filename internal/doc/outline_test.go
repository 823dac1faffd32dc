package doc

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestOutline(t *testing.T) {
	contents := "Contents\n1 Safety ........ 2\n2 Installation ....... 2\n2.1 Priming the Pump ...... 3\n2.2 Wiring ...... 3\n"
	body := []string{
		contents,
		"1 Safety\nThe pump must be installed by a qualified person.\n",
		"2.1 Priming the Pump\nFill the casing.\n2.2 Wiring\nThe motor must be earthed.\n",
	}
	tests := []struct {
		name  string
		pages []string
		want  []Part
		from  string
	}{
		{"contents, placed by headings and by the offset they share", body, []Part{
			{Title: "Safety", Level: 1, Page: 2, Label: "2", Number: "1", Listed: 1},
			{Title: "Installation", Level: 1, Page: 2, Label: "2", Number: "2", Listed: 1},
			{Title: "Priming the Pump", Level: 2, Page: 3, Label: "3", Number: "2.1", Listed: 1},
			{Title: "Wiring", Level: 2, Page: 3, Label: "3", Number: "2.2", Listed: 1},
		}, FromContents},
		{"numbered headings when there are no contents", body[1:], []Part{
			{Title: "Priming the Pump", Level: 2, Page: 2, Number: "2.1"},
			{Title: "Wiring", Level: 2, Page: 2, Number: "2.2"},
		}, FromHeadings},
		{"none", []string{"Just a page of text.\n"}, nil, ""},
		// a back-of-book index lists terms, their pages in any order;
		// a sentence that names a section of a law is no chapter
		{"an index is no contents", []string{
			"Index\nAddress change ........ 31\nAdjustments ........ 15\nAmended return ........ 31\nCharity ........ 26\nDecedents ........ 3\n",
			"income under section 871(d) or a tax treaty.\nSection A—Use if you checked box 1. Complete the row.\n",
		}, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var blocks [][]Block
			for _, p := range tt.pages {
				blocks = append(blocks, Blocks(p, nil))
			}
			got, from := Outline(blocks)
			if d := cmp.Diff(tt.want, got); d != "" || from != tt.from {
				t.Errorf("Outline from %q, want %q (-want +got):\n%s", from, tt.from, d)
			}
		})
	}
}

func TestSectionAt(t *testing.T) {
	o := []Part{
		{Title: "Safety", Level: 1, Page: 2},
		{Title: "Installation", Level: 1, Page: 2},
		{Title: "Priming", Level: 2, Page: 3},
		{Title: "Wiring", Level: 2, Page: 4},
		{Title: "Unplaced", Level: 2},
		{Title: "Maintenance", Level: 1, Page: 6},
	}
	for page, want := range map[int][]string{1: {}, 2: {"Installation"}, 3: {"Installation", "Priming"}, 5: {"Installation", "Wiring"}, 7: {"Maintenance"}} {
		if d := cmp.Diff(want, SectionAt(o, page)); d != "" {
			t.Errorf("SectionAt(%d) (-want +got):\n%s", page, d)
		}
	}
}
