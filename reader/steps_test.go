package reader

import (
	"slices"
	"testing"
)

const grillePage = `Removing the base grille
To remove the grille:
1. Open both doors.
2. Pull base grille forward to release the
support tabs from the metal clips.
To replace the grille:
1. Line up grille support tabs with metal
clips.
2. Push firmly to snap into place.
3. Close the doors.
See cleaning instructions for defrost pan and
condenser coils on page 22.`

func TestReadSteps(t *testing.T) {
	sources := []Source{{Doc: "fridge.pdf", Page: 17, Text: grillePage}}
	tests := []struct {
		q, want string
	}{
		{"How many steps are required to replace the grille? Write the answer in integer format.", "3"},
		{"How many steps does it take to remove the grille?", "2"},
		{"How many steps are there to descale the machine?", ""}, // no list announces that
	}
	for _, tt := range tests {
		p := newPool(sources)
		r, ok := readSteps(p, tt.q)
		if got := r.Answer; ok != (tt.want != "") || got != tt.want {
			t.Errorf("readSteps(%q) = %q, %v; want %q", tt.q, got, ok, tt.want)
		}
		if ok && !quoted(r, sources) {
			t.Errorf("quotes %+v not word for word from the page", r.Quotes)
		}
	}
}

func TestStepLists(t *testing.T) {
	tests := []struct {
		text string
		want []int
	}{
		{grillePage, []int{2, 3}},
		{"Steps:\n1. One.\n3. Three.", []int{1}},                       // a gap ends the list
		{"1. No announcement above.\n2. Two.", nil},                    // the first line has none
		{"Do this:\n1. One.\na\nb\nc\nd\n2. Too far below.", []int{1}}, // wrapped too long
	}
	for _, tt := range tests {
		var got []int
		for _, l := range stepLists(tt.text) {
			got = append(got, l.n)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("stepLists(%q) counts %v, want %v", tt.text, got, tt.want)
		}
	}
}

// FuzzStepLists: any page is read without panicking, and every list's
// announcement lies within the page.
func FuzzStepLists(f *testing.F) {
	f.Add(grillePage)
	f.Fuzz(func(t *testing.T, text string) {
		for _, l := range stepLists(text) {
			if l.start < 0 || l.end > len(text) || l.start > l.end || l.n < 1 {
				t.Fatalf("list %+v out of the page's %d bytes", l, len(text))
			}
		}
	})
}
