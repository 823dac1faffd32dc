package answer

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReadChoice(t *testing.T) {
	opts := []string{"Oil temperature", "Propeller speed", "Fuel flow"}
	tests := []struct {
		answer string
		want   *Choice
	}{
		{"2. Propeller speed, limited to 2,200 rpm.", &Choice{2, "Propeller speed"}},
		{"**3.** Fuel flow", &Choice{3, "Fuel flow"}},
		{"(B) the propeller", &Choice{2, "Propeller speed"}},
		{"Option 1: oil", &Choice{1, "Oil temperature"}},
		{"C.", &Choice{3, "Fuel flow"}},
		{"3", &Choice{3, "Fuel flow"}},
		{"The limit that matters is the propeller speed.", &Choice{2, "Propeller speed"}},
		{"4. Something else", nil},
		{"A propeller is fitted.", nil},
		{"Not found in provided context.", nil},
		{"", nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, ReadChoice(tt.answer, opts)); diff != "" {
			t.Errorf("ReadChoice(%q) (-want +got):\n%s", tt.answer, diff)
		}
	}
	if got := ReadChoice("1. yes", nil); got != nil {
		t.Errorf("no options: got %+v, want nil", got)
	}
	// With two options a lone "a" is a word, not option A; "(a)" is.
	two := []string{"north", "south"}
	if got := ReadChoice("a north wind", two); !cmp.Equal(got, &Choice{1, "north"}) {
		t.Errorf("two options, a word: got %+v", got)
	}
	if got := ReadChoice("(b)", two); !cmp.Equal(got, &Choice{2, "south"}) {
		t.Errorf("two options, (b): got %+v", got)
	}
}

func TestExtractChoice(t *testing.T) {
	sources := []Source{
		{Doc: "h.pdf", Page: 4, Text: "3. Operating Limits\nThe maximum oil temperature is 110 degrees Celsius in all phases of flight. Propeller speed must not exceed 2,200 rpm."},
		{Doc: "h.pdf", Page: 6, Text: "Change the oil every 400 flight hours or 12 months, whichever comes first. Fuel flow is shown on the right gauge."},
	}
	tests := []struct {
		question string
		options  []string
		status   string
		option   *Choice
		page     int
	}{
		{"Which limit is 2,200 rpm?", []string{"oil temperature", "propeller speed", "fuel flow"}, StatusAnswered, &Choice{2, "propeller speed"}, 4},
		{"Which gauge is on the right?", []string{"oil temperature", "fuel flow"}, StatusAnswered, &Choice{2, "fuel flow"}, 6},
		{"Which limit applies?", []string{"cabin pressure", "tyre pressure"}, StatusNotFound, nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.question, func(t *testing.T) {
			a := Extractive(tt.question, tt.options, sources)
			if a.Status != tt.status || !cmp.Equal(a.Option, tt.option) {
				t.Fatalf("status %s option %+v, want %s %+v (%s)", a.Status, a.Option, tt.status, tt.option, a.Explanation)
			}
			if tt.page != 0 && (len(a.Citations) != 1 || a.Citations[0].Page != tt.page || !a.Citations[0].Verified) {
				t.Errorf("citations %+v, want one verified on p. %d", a.Citations, tt.page)
			}
		})
	}
}

// FuzzReadChoice: any model text gives no option or one in range.
func FuzzReadChoice(f *testing.F) {
	for _, s := range []string{"2. Propeller", "(B)", "Option 10:", "a", "", "**1.**"} {
		f.Add(s)
	}
	opts := []string{"one", "two words", "three"}
	f.Fuzz(func(t *testing.T, s string) {
		if c := ReadChoice(s, opts); c != nil && (c.Index < 1 || c.Index > len(opts) || c.Label != opts[c.Index-1]) {
			t.Errorf("ReadChoice(%q) = %+v", s, c)
		}
	})
}
