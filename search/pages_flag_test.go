package search

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParsePages(t *testing.T) {
	tests := []struct {
		in   string
		want []PageRange
		bad  bool
	}{
		{"", nil, false},
		{" 7 ", []PageRange{{7, 7}}, false},
		{"10-20", []PageRange{{10, 20}}, false},
		{"10-20, 31", []PageRange{{10, 20}, {31, 31}}, false},
		{"20-10", nil, true},
		{"0", nil, true},
		{"-3", nil, true},
		{"a-b", nil, true},
		{"4,", nil, true},
	}
	for _, tt := range tests {
		got, err := ParsePages(tt.in)
		if tt.bad != errors.Is(err, ErrBadPages) {
			t.Errorf("ParsePages(%q) error = %v, want bad: %v", tt.in, err, tt.bad)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("ParsePages(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

func FuzzParsePages(f *testing.F) {
	for _, s := range []string{"", "7", "10-20,31", "20-10", "1-1-1", " 3 - 4 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParsePages(s)
		if err != nil && got != nil {
			t.Fatalf("ParsePages(%q) = %v with error %v", s, got, err)
		}
		for _, r := range got {
			if r.From < 1 || r.To < r.From {
				t.Fatalf("ParsePages(%q) gave the range %+v", s, r)
			}
		}
	})
}
