package reader

import (
	"docqa/reader/base"
	"docqa/reader/prose"
	"docqa/reader/sentences"
	"github.com/google/go-cmp/cmp"
	"testing"
)

// A question that names rows by their keys is answered with the rows,
// each quoted from its page; a running head that starts with the same
// number is no row, and a key with no row leaves the question to the
// sentence reader.
func TestReadKeyed(t *testing.T) {
	sources := []base.Source{
		{Doc: "m.pdf", Page: 88, Text: "88 User Manual WMF 1500 S\nError messages\n88 Boiler:\nover-temperature\nSwitch off the coffee machine and allow it to cool."},
		{Doc: "m.pdf", Page: 89, Text: "89 User Manual WMF 1500 S\n188 Heater error\nCall the service."},
		{Doc: "m.pdf", Page: 90, Text: "90 User Manual WMF 1500 S\nCleaning the milk system."},
	}
	r := readText("What are the error descriptions corresponding to error numbers 88 and 188?", nil, sources)
	want := []base.Quote{
		{Text: "88 Boiler: over-temperature", Doc: "m.pdf", Page: 88},
		{Text: "188 Heater error", Doc: "m.pdf", Page: 89},
	}
	if !cmp.Equal(r.Quotes, want) || r.Answer != "88: Boiler: over-temperature; 188: Heater error" {
		t.Errorf("answer %q, quotes %+v; want the two rows", r.Answer, r.Quotes)
	}
	if !quoted(r, sources) {
		t.Errorf("quotes %+v not word for word from their pages", r.Quotes)
	}
	p := sentences.NewPool(sources, base.DefaultParams())
	w, total := p.Weights([]string{"error"}, nil)
	if r, ok := prose.ReadKeyed(p, []string{"88", "77"}, w, total); ok {
		t.Errorf("error 77 has no row, got %q", r.Answer)
	}
	if i, _, ok := prose.KeyRow(p, "89", w, total); ok {
		t.Errorf("89 is a running head's page number, not a row; got %q", sentences.SentText(p, i))
	}
}
