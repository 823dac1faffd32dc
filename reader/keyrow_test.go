package reader

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestRowKeys(t *testing.T) {
	tests := []struct {
		q    string
		want []string
	}{
		{"What are the error descriptions corresponding to error numbers 88 and 188?", []string{"88", "188"}},
		{"What's the geographic market name for EPS Code AR01?", []string{"AR01"}},
		{"What does fault code E5 mean?", []string{"E5"}},
		{"How many error codes does the manual list?", nil}, // a count, not a row
		{"When did error 42 first appear?", nil},            // a date
		{"What is the maximum oil temperature?", nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, rowKeys(tt.q)); diff != "" {
			t.Errorf("rowKeys(%q) (-want +got):\n%s", tt.q, diff)
		}
	}
}

func TestRowValue(t *testing.T) {
	tests := []struct {
		s, key, want string
		ok           bool
	}{
		{"88 Boiler: over-temperature", "88", "Boiler: over-temperature", true},
		{"1. Little Rock AR01", "AR01", "Little Rock", true},
		{"E5: Water tank empty.", "E5", "Water tank empty.", true},
		{"The pump stopped after 88 cycles", "88", "", false}, // inside the row, not its key
		{"88 1,234 5,678", "88", "", false},                   // figures, no words
		{"88", "88", "", false},
	}
	for _, tt := range tests {
		got, ok := rowValue(tt.s, tt.key)
		if got != tt.want || ok != tt.ok {
			t.Errorf("rowValue(%q, %q) = %q, %v; want %q, %v", tt.s, tt.key, got, ok, tt.want, tt.ok)
		}
	}
}

// A question that names rows by their keys is answered with the rows,
// each quoted from its page; a running head that starts with the same
// number is no row, and a key with no row leaves the question to the
// sentence reader.
func TestReadKeyed(t *testing.T) {
	sources := []Source{
		{Doc: "m.pdf", Page: 88, Text: "88 User Manual WMF 1500 S\nError messages\n88 Boiler:\nover-temperature\nSwitch off the coffee machine and allow it to cool."},
		{Doc: "m.pdf", Page: 89, Text: "89 User Manual WMF 1500 S\n188 Heater error\nCall the service."},
		{Doc: "m.pdf", Page: 90, Text: "90 User Manual WMF 1500 S\nCleaning the milk system."},
	}
	r := readText("What are the error descriptions corresponding to error numbers 88 and 188?", nil, sources)
	want := []Quote{
		{Text: "88 Boiler: over-temperature", Doc: "m.pdf", Page: 88},
		{Text: "188 Heater error", Doc: "m.pdf", Page: 89},
	}
	if !cmp.Equal(r.Quotes, want) || r.Answer != "88: Boiler: over-temperature; 188: Heater error" {
		t.Errorf("answer %q, quotes %+v; want the two rows", r.Answer, r.Quotes)
	}
	if !quoted(r, sources) {
		t.Errorf("quotes %+v not word for word from their pages", r.Quotes)
	}
	p := NewPool(sources, DefaultParams())
	w, total := p.Weights([]string{"error"}, nil)
	if r, ok := ReadKeyed(p, []string{"88", "77"}, w, total); ok {
		t.Errorf("error 77 has no row, got %q", r.Answer)
	}
	if i, _, ok := KeyRow(p, "89", w, total); ok {
		t.Errorf("89 is a running head's page number, not a row; got %q", SentText(p, i))
	}
}

// FuzzRowKeys: any question is read without panicking, its keys are its
// own words, and any row splits without panicking.
func FuzzRowKeys(f *testing.F) {
	f.Add("What are the error descriptions corresponding to error numbers 88 and 188?", "88 Boiler: over-temperature")
	f.Add("What's the name for EPS Code AR01?", "1. Little Rock AR01")
	f.Fuzz(func(t *testing.T, q, row string) {
		for _, k := range rowKeys(q) {
			if !strings.Contains(strings.ToLower(q), strings.ToLower(k)) {
				t.Fatalf("rowKeys(%q) gave %q, not in the question", q, k)
			}
			rowValue(row, k)
		}
	})
}
