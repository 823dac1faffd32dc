package chat

import "testing"

func TestParseOrdinal(t *testing.T) {
	tests := []struct {
		in string
		n  int
		ok bool
	}{
		{"first", 1, true},
		{"First!", 1, true},
		{"1", 1, true},
		{"2.", 2, true},
		{"one", 1, true},
		{"the second one", 2, true},
		{"second option", 2, true},
		{"option 3", 3, true},
		{"#4", 4, true},
		{"no. 2", 2, true},
		{"the last", Last, true},
		{"the last one", Last, true},
		{"last one please", Last, true},
		{"I'll take the third", 0, false},
		{"I want the third", 3, true},
		{"third one", 3, true},
		{"10th", 10, true},
		{"0", 0, false},
		{"-1", 1, true},
		{"first and second", 0, false},
		{"what is the first limit?", 0, false},
		{"the one from 2022", 0, false},
		{"2022", 0, false},
		{"", 0, false},
		{"the", 0, false},
		{"one two", 0, false},
	}
	for _, tt := range tests {
		n, ok := ParseOrdinal(tt.in)
		if n != tt.n || ok != tt.ok {
			t.Errorf("ParseOrdinal(%q) = %d, %v; want %d, %v", tt.in, n, ok, tt.n, tt.ok)
		}
	}
}

// FuzzParseOrdinal: never panics; a hit is a position from 1 to 999 or Last.
func FuzzParseOrdinal(f *testing.F) {
	for _, s := range []string{"first", "the last one", "option 3", "0", "2022", "one two"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, ok := ParseOrdinal(s)
		if ok && n != Last && (n < 1 || n > 999) {
			t.Errorf("ParseOrdinal(%q) = %d", s, n)
		}
		if !ok && n != 0 {
			t.Errorf("ParseOrdinal(%q) = %d, false", s, n)
		}
	})
}
