package prose

import (
	"docqa/reader/base"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFootnote(t *testing.T) {
	opinion := []base.Source{
		{Doc: "o.pdf", Page: 13, Text: "He was not aware of the allegations against her. PIC also never\ndetermined if Hanson's qualified immunity defense\nwould overcome her conflicts of interest. FN54\nPIC did conclude otherwise."},
		{Doc: "o.pdf", Page: 14, Text: "Thus, it cannot be determined.\nFN54. Wong v. Allison, 208 F.3d 224, 2000\nWL 206572, FN3 (9th Cir.2000).\n(e) The Appearance of Impropriety"},
	}
	paper := []base.Source{
		{Doc: "p.pdf", Page: 6, Text: "Retrieval at the level of phrases is studied\nin CoG [12]. Others retrieve chunks [3, 7]."},
		{Doc: "p.pdf", Page: 17, Text: "References\n[12] T. Lan, D. Cai, Y. Wang, \"Copy is all you need,\" in ICLR, 2023.\n[13] Another entry."},
	}
	tests := []struct {
		q       string
		sources []base.Source
		answer  string
		quotes  []base.Quote
	}{
		{`Which case is related to the statement that "PIC also never determined if Hanson's qualified immunity defense would overcome her conflicts of interest."?`, opinion,
			"FN54. Wong v. Allison, 208 F.3d 224, 2000 WL 206572, FN3 (9th Cir.2000).",
			[]base.Quote{{Text: "PIC also never determined if Hanson's qualified immunity defense would overcome her conflicts of interest. FN54", Doc: "o.pdf", Page: 13}, {Text: "FN54. Wong v. Allison, 208 F.3d 224, 2000 WL 206572, FN3 (9th Cir.2000).", Doc: "o.pdf", Page: 14}}},
		{`Which paper is cited for "retrieval at the level of phrases is studied in CoG"?`, paper,
			`[12] T. Lan, D. Cai, Y. Wang, "Copy is all you need," in ICLR, 2023.`,
			[]base.Quote{{Text: "Retrieval at the level of phrases is studied in CoG [12]", Doc: "p.pdf", Page: 6}, {Text: `[12] T. Lan, D. Cai, Y. Wang, "Copy is all you need," in ICLR, 2023.`, Doc: "p.pdf", Page: 17}}},
		{`Which paper is cited for "others retrieve whole documents at once"?`, paper, "", nil},           // not stated
		{`Which case is related to "He was not aware of the allegations against her"?`, opinion, "", nil}, // no marker after it
	}
	for _, tt := range tests {
		f, ok := ParseFootnote(ask(tt.q), base.DefaultParams())
		if !ok {
			t.Fatalf("ParseFootnote(ask(%q), DefaultParams()) failed", tt.q)
		}
		r, ok := f.Read(tt.sources)
		if ok != (tt.answer != "") || r.Answer != tt.answer || !cmp.Equal(r.Quotes, tt.quotes) {
			t.Errorf("readText(%q) = %q %+v, %v; want %q %+v", tt.q, r.Answer, r.Quotes, ok, tt.answer, tt.quotes)
		}
	}
	if _, ok := ParseFootnote(ask(`What does "the court held that the vote was valid" mean?`), base.DefaultParams()); ok {
		t.Error("a question that asks no source was read as one")
	}
}

func FuzzFootnote(f *testing.F) {
	f.Add(`Which case is related to "a b c d e"?`, "x a b c d e. FN1 y\nFN1. Case v. Case.")
	f.Add(`Which paper is cited for "one two three four five"?`, "one two three four five [2]\n[2] Paper.")
	f.Fuzz(func(t *testing.T, q, text string) {
		fn, ok := ParseFootnote(ask(q), base.DefaultParams())
		if !ok {
			return
		}
		sources := []base.Source{{Doc: "d.pdf", Page: 1, Text: text}}
		if r, ok := fn.Read(sources); ok && (r.Answer == "" || !quoted(r, sources)) {
			t.Fatalf("readText(%q) over %q = %+v", q, text, r)
		}
	})
}
