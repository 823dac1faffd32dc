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

// A page of two procedures, one with a note between its steps, under
// announcements that share their words.
const trackPage = `NOTE: Shelf is heavy. Make sure you use
both hands when removing shelf.
To remove the shelf:
1. Remove all items from the shelf.
2. Lift front of shelf to 45° angle. Then pull
shelf straight out.
To replace shelf track:
1. Guide track hooks into the shelf support
slots on the back wall of the cabinet.
NOTE: Make sure both track hooks are in
slots and that the slots are parallel to
each other.
2. Push track backward and down.
3. Check that track is completely seated.
Lift front slightly.`

func TestReadStepsAsked(t *testing.T) {
	sources := []Source{{Doc: "fridge.pdf", Page: 12, Text: trackPage}}
	tests := []struct {
		q, want string
		quotes  int
	}{
		{"How many steps are needed to replace the shelf track?", "3", 2},
		{"How many steps are needed to remove the shelf?", "2", 2},
		{"What is the first step to replace the shelf track?", "Guide track hooks into the shelf support slots on the back wall of the cabinet.", 2},
		{"What is the last step to remove the shelf?", "Lift front of shelf to 45° angle. Then pull shelf straight out.", 2},
		{"What is the 2nd step to replace the shelf track?", "Push track backward and down.", 2},
		{"What is the fourth step to replace the shelf track?", "", 0}, // three steps
		{"What are the steps to remove the shelf?", "1. Remove all items from the shelf. 2. Lift front of shelf to 45° angle. Then pull shelf straight out.", 3},
		{"How do I replace the shelf track?", "1. Guide track hooks into the shelf support slots on the back wall of the cabinet. 2. Push track backward and down. 3. Check that track is completely seated.", 4},
		{"How do I clean the condenser?", "", 0},
	}
	for _, tt := range tests {
		r, ok := ReadSteps(tt.q, sources)
		if ok != (tt.want != "") || r.Answer != tt.want || len(r.Quotes) != tt.quotes {
			t.Errorf("ReadSteps(%q) = %q with %d quotes, %v; want %q with %d", tt.q, r.Answer, len(r.Quotes), ok, tt.want, tt.quotes)
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

// FuzzReadSteps: any question over any page is read without panicking,
// and every quote stands in the page.
func FuzzReadSteps(f *testing.F) {
	f.Add("What is the 2nd step to replace the shelf track?", trackPage)
	f.Add("How do I remove the grille?", grillePage)
	f.Add("What is the 0th step to x?", "To x:\n1. a\n2. b")
	f.Fuzz(func(t *testing.T, q, text string) {
		sources := []Source{{Doc: "d.pdf", Page: 1, Text: text}}
		if r, ok := ReadSteps(q, sources); ok && !quoted(r, sources) {
			t.Fatalf("ReadSteps(%q) quotes %+v not in the page", q, r.Quotes)
		}
	})
}
