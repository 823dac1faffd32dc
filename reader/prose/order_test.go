package prose

import (
	"docqa/reader/base"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReadOrder(t *testing.T) {
	sources := []base.Source{
		{Doc: "m.pdf", Page: 8, Text: "Installing it properly\nAllow 1/2 in. of space on each side.\nLeveling it\nTurn the screw.\n"},
		{Doc: "m.pdf", Page: 7, Text: "Before Using Your Refrigerator\nCleaning it before use\nRemove the tape.\nPlugging it in\nUse a grounded outlet. (Refer to p. 6, \"Plugging it in.\")\n"},
	}
	tests := []struct {
		q      string
		answer string
		quotes []string
	}{
		{`In the "Before Using Your Refrigerator" Section, "Installing it properly" is the step before or after the step "Plugging it in"?`, "after", []string{"Installing it properly", "Plugging it in"}},
		{`Does "Cleaning it before use" come before or after "Leveling it"?`, "before", []string{"Cleaning it before use", "Leveling it"}},
		{`Is "leveling it" after or before "installing it properly"?`, "after", []string{"Leveling it", "Installing it properly"}},
		{`Is "Defrosting" before or after "Leveling it"?`, "", nil}, // not in the pages
		{`What comes after "Leveling it"?`, "", nil},                 // no order asked
		{`Is "Leveling it" before or after "Leveling it"?`, "", nil}, // one place
	}
	for _, tt := range tests {
		r, ok := readOrder(ask(tt.q), sources)
		var quotes []string
		for _, q := range r.Quotes {
			quotes = append(quotes, q.Text)
		}
		if ok != (tt.answer != "") || r.Answer != tt.answer || !cmp.Equal(quotes, tt.quotes) {
			t.Errorf("readOrder(ask(%q)) = %q %q, %v; want %q %q", tt.q, r.Answer, quotes, ok, tt.answer, tt.quotes)
		}
	}
}

func FuzzReadOrder(f *testing.F) {
	f.Add(`Is "a" before or after "b"?`, "a\nb\n")
	f.Add(`"x" after or before "x"`, "x x\n")
	f.Fuzz(func(t *testing.T, q, text string) {
		r, ok := readOrder(ask(q), []base.Source{{Doc: "d.pdf", Page: 1, Text: text}, {Doc: "d.pdf", Page: 2, Text: text}})
		if ok && (r.Answer != "before" && r.Answer != "after" || len(r.Quotes) != 2) {
			t.Fatalf("readOrder(ask(%q)) = %+v", q, r)
		}
	})
}
