package terms

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestOf(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"What is the maximum oil temperature?", []string{"maximum", "oil", "temperatur"}},
		{"Running runs in 2018, x and 7", []string{"run", "run", "2018", "7"}},
		{"ÉCOLE Straße", []string{"école", "straße"}}, // the Porter stemmer leaves non-ASCII words alone
		{"the of and", nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, Of(tt.in)); diff != "" {
			t.Errorf("Of(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestStemMemo(t *testing.T) {
	long := "antidisestablishmentarianisms"
	for range 2 {
		if got := Stem(long); got != "antidisestablishmentarian" {
			t.Errorf("Stem(%q) = %q", long, got)
		}
		if got := Stem("temperatures"); got != "temperatur" {
			t.Errorf("Stem(temperatures) = %q", got)
		}
	}
}

func TestUpperShare(t *testing.T) {
	for s, want := range map[string]float64{"": 0, "12 34": 0, "WHAT IS IT": 1, "What": 0.25, "ABCDe": 0.8} {
		if got := UpperShare(s); got != want {
			t.Errorf("UpperShare(%q) = %v, want %v", s, got, want)
		}
	}
}
