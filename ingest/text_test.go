package ingest

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
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

func spans(text string, ss []Span) []string {
	var out []string
	for _, s := range ss {
		out = append(out, text[s.Start:s.End])
	}
	return out
}

func TestSentences(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"two", "The oil is hot. Check it now.", []string{"The oil is hot.", "Check it now."}},
		{"abbreviation", "See Fig. 3 for e.g. details. Next one.", []string{"See Fig. 3 for e.g. details.", "Next one."}},
		{"decimal", "Ratio is 15.2 to 1. Done.", []string{"Ratio is 15.2 to 1.", "Done."}},
		{"heading line", "5. Lubrication System\nThe AE-300 has oil.", []string{"5. Lubrication System", "The AE-300 has oil."}},
		{"wrapped line", "the oil\nis warm.", []string{"the oil\nis warm."}},
		{"cjk", "これは本です。それはペンです。", []string{"これは本です。", "それはペンです。"}},
		{"quote closes", `He said "stop." Then left.`, []string{`He said "stop."`, "Then left."}},
		{"blank", "  \n ", nil},
		// issue 18, item 4: a quote must not stop before its number
		{"month", "The merger closed on Aug. 5, 2023 for $4.2 billion. Shares rose.", []string{"The merger closed on Aug. 5, 2023 for $4.2 billion.", "Shares rose."}},
		{"company", "Smith Corp. and Jones Co. Ltd. signed on Sept. 3. The end.", []string{"Smith Corp. and Jones Co. Ltd. signed on Sept. 3.", "The end."}},
		{"lowercase next", "The U.S. economy grew 2.1% in the quarter. Exports fell.", []string{"The U.S. economy grew 2.1% in the quarter.", "Exports fell."}},
		{"number sign", "See Note No. 5 for the 3,000 employees. Next.", []string{"See Note No. 5 for the 3,000 employees.", "Next."}},
		{"footnote mark", "Sales in Asia rose 12%.3 Costs fell.", []string{"Sales in Asia rose 12%.3", "Costs fell."}},
		{"footnote after word", "It has 18 data centers.12 New ones open.", []string{"It has 18 data centers.12", "New ones open."}},
		{"decimal then capital", "The ratio was 2.5 Percent of sales.", []string{"The ratio was 2.5 Percent of sales."}},
		{"bullet glyph", "It is cold. l Use it only for food.", []string{"It is cold.", "l Use it only for food."}},
		{"line break in sentence", "Revenue was $5 million, up from\n$4 million last year. Next.", []string{"Revenue was $5 million, up from\n$4 million last year.", "Next."}},
		{"dotted abbreviation", "The U.S. Copyright Office issued it at 10 a.m. Eastern time. Then U.S.\nNext line.", []string{"The U.S. Copyright Office issued it at 10 a.m. Eastern time.", "Then U.S.", "Next line."}},
		{"footnote line", "The Digital Millennium Copyright Act (DMCA) was signed into law by\n1\nPresident Clinton on October 28, 1998. The end.", []string{"The Digital Millennium Copyright Act (DMCA) was signed into law by\n1\nPresident Clinton on October 28, 1998.", "The end."}},
		{"folio after prose", "The report ends with this line of text that is a long one.\n12\nNext Page", []string{"The report ends with this line of text that is a long one.", "12", "Next Page"}},
		{"narrow column, joiner at the end", "We used twelve newspapers published mainly in the\nUnited States. We collected them.", []string{"We used twelve newspapers published mainly in the\nUnited States.", "We collected them."}},
		{"narrow column, a sentence inside", "(from Sep. 21, 2005 - Nov. 27, 2005). We obtained\n643,767 basic patterns. Then", []string{"(from Sep. 21, 2005 - Nov. 27, 2005).", "We obtained\n643,767 basic patterns.", "Then"}},
		{"narrow column, the line before runs on", "Preemptive Information Extraction is an\nattempt to automatically create all feasible\nIE systems in advance. We propose", []string{"Preemptive Information Extraction is an\nattempt to automatically create all feasible\nIE systems in advance.", "We propose"}},
		{"heading after a short line", "Source articles\n28,009\nBasic clusters", []string{"Source articles", "28,009", "Basic clusters"}},
		{"max and min", "Insert ground coffee (max. 16 g). Wait min. 5 minutes. Done.", []string{"Insert ground coffee (max. 16 g).", "Wait min. 5 minutes.", "Done."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, spans(tt.in, Sentences(tt.in))); diff != "" {
				t.Errorf("Sentences(%q) (-want +got):\n%s", tt.in, diff)
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
	last := Sentences(ps[0])
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
		for _, sp := range Sentences(n) {
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
