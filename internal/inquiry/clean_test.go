package inquiry

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestClean(t *testing.T) {
	tests := []struct{ in, want string }{
		{"What is the TBO?", "What is the TBO?"},
		{"what is \x1b[31mthe oil\x1b[0m temperature?", "what is the oil temperature?"},
		{"\x1b[1;4mbold\x1b[m and \x1b]0;title\x07plain", "bold and plain"},
		{"\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\ text", "link text"},
		{"bell\x07 and\x00 nul\x7f", "bell and nul"},
		{"two\nlines\tand a tab", "two lines and a tab"},
		{"\u00c9tat du moteur\u2028?", "\u00c9tat du moteur?"},
		{"bad \xff byte", "bad  byte"},
		{"\u009b31mcsi", "csi"},
		{"trailing escape \x1b", "trailing escape "},
		{"\x1b[31", ""},
		{"\x1bc reset", " reset"},
	}
	for _, tt := range tests {
		if got := Clean(tt.in); got != tt.want {
			t.Errorf("Clean(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func FuzzClean(f *testing.F) {
	for _, s := range []string{"plain", "a\x1b[31mb", "\x1b]0;t\x07x", "\u009b1m", "\xff", "é\u2028"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Clean(s)
		if !utf8.ValidString(got) {
			t.Fatalf("Clean(%q) = %q: not UTF-8", s, got)
		}
		if strings.ContainsFunc(got, unicode.IsControl) {
			t.Fatalf("Clean(%q) = %q holds a control character", s, got)
		}
		if len(got) > len(s) {
			t.Fatalf("Clean(%q) = %q: longer", s, got)
		}
		if Clean(got) != got {
			t.Fatalf("Clean is not idempotent on %q: %q then %q", s, got, Clean(got))
		}
	})
}
