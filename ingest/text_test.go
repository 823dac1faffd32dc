package ingest

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"docqa/internal/segment"
)

func TestNormalize(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", ""},
		{"crlf and spaces", "a  b\r\n\r\n\r\nc\t d  ", "a b\n\nc d"},
		{"hyphen join", "exam-\nple text", "example text"},
		{"pdfium soft hyphen", "exam\u0002\r\nple", "example"},
		{"keep real hyphen", "AE-\n300 engine", "AE-\n300 engine"},
		{"nfkc ligature", "ﬁnal ｆｕｌｌ", "final full"},
		{"controls dropped", "a\x00b\x07c", "abc"},
		{"a symbol font's bullet kept as one", "3.2 Switch on\n\u0099\n\u0099 Slide the panel upward\nThe switch is\u0099 here", "3.2 Switch on\n\n• Slide the panel upward\nThe switch is here"},
		{"leading blank lines", "\n\n  \nx", "x"},
		{"invalid utf8", "a\xffb", "a\uFFFDb"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Normalize(tt.in)); diff != "" {
				t.Errorf("Normalize(%q) (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestPassages(t *testing.T) {
	var b strings.Builder
	for i := range 60 {
		b.WriteString("Sentence number ")
		b.WriteString(strings.Repeat("x", i%7+3))
		b.WriteString(" keeps the passage shape honest. ")
	}
	text := Normalize(b.String())
	opt := PassageOptions{Size: 300, Overlap: 1}
	ps := Passages(text, opt)
	if len(ps) < 5 {
		t.Fatalf("got %d passages, want several", len(ps))
	}
	for i, p := range ps {
		if !strings.Contains(text, p) {
			t.Errorf("passage %d is not a substring of the page", i)
		}
		if len(p) > opt.Size*3/2 {
			t.Errorf("passage %d has %d bytes, over 1.5×Size", i, len(p))
		}
		if i < len(ps)-1 && len(p) < opt.Size/3 {
			t.Errorf("passage %d has %d bytes, under Size/3", i, len(p))
		}
	}
	// Neighbours overlap by a sentence.
	last := segment.Sentences(ps[0])
	tail := ps[0][last[len(last)-1].Start:]
	if !strings.HasPrefix(ps[1], tail) {
		t.Errorf("passage 1 does not start with the last sentence of passage 0 (%q)", tail)
	}
	if got := Passages("", opt); len(got) != 0 {
		t.Errorf("Passages(\"\") = %q, want none", got)
	}
	long := strings.Repeat("word ", 500)
	for _, p := range Passages(Normalize(long), opt) {
		if len(p) > opt.Size*3/2 {
			t.Errorf("unpunctuated text gave a %d-byte passage", len(p))
		}
	}
}

func FuzzNormalizePassages(f *testing.F) {
	for _, s := range []string{"", "exam-\nple. Next!", "a\r\nb\u0002\nc", "これは本です。", "Fig. 3. e.g. x", strings.Repeat("long ", 300)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := Normalize(s)
		if !utf8.ValidString(n) {
			t.Fatalf("Normalize gave invalid UTF-8")
		}
		if again := Normalize(n); again != n {
			t.Fatalf("Normalize is not idempotent: %q -> %q", n, again)
		}
		for _, sp := range segment.Sentences(n) {
			if sp.Start < 0 || sp.End > len(n) || sp.Start >= sp.End {
				t.Fatalf("bad span %+v for %d bytes", sp, len(n))
			}
		}
		for _, p := range Passages(n, PassageOptions{Size: 120, Overlap: 1}) {
			if !strings.Contains(n, p) || p == "" || !utf8.ValidString(p) {
				t.Fatalf("bad passage %q", p)
			}
		}
	})
}
