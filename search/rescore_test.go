package search

import (
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFeatures(t *testing.T) {
	tests := []struct {
		text    string
		pairs   []string
		numbers []string
	}{
		{"", nil, nil},
		{"What happens when you press and hold the Down button?", []string{"down button", "hold down", "press hold"}, nil},
		// Two function words apart is no pair.
		{"oil of the engine", nil, nil},
		{"GDP growth in 2018 for code AR01", []string{"2018 code", "ar 01", "code ar", "gdp growth", "growth 2018"}, []string{"01", "2018", "ar01"}},
		{"FY2018 capex of $1,577.00", []string{"2018 capex", "capex 1577", "fy 2018"}, []string{"1577", "2018", "fy2018"}},
		{"Table 2, row 3", []string{"2 row", "row 3", "tabl 2"}, []string{"2", "3"}},
	}
	for _, tt := range tests {
		p, n := features(wordsOf(tt.text), nil)
		if diff := cmp.Diff(tt.pairs, keys(p)); diff != "" {
			t.Errorf("features(%q) pairs (-want +got):\n%s", tt.text, diff)
		}
		if diff := cmp.Diff(tt.numbers, keys(n)); diff != "" {
			t.Errorf("features(%q) numbers (-want +got):\n%s", tt.text, diff)
		}
	}
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func TestRescore(t *testing.T) {
	hits := []Hit{
		{Seq: 0, Score: 10, Text: "Press the button to start. Hold it down for help."},
		{Seq: 1, Score: 8, Text: "Press and hold the Down button to wake the assistant."},
		{Seq: 2, Score: 9, Text: "In 2017 the button was new."},
		{Seq: 3, Score: 7, Text: "Nothing the question asks."},
	}
	rescore("What happens when you press and hold the Down button in 2018?", hits, DefaultParams(), wordsOf)
	var got []int
	for _, h := range hits {
		got = append(got, h.Seq)
	}
	// The question's pairs: press hold, hold down, down button, button
	// 2018. Seq 1 holds three of the four; the others hold
	// none and not the number, so keep their order.
	if diff := cmp.Diff([]int{1, 0, 2, 3}, got); diff != "" {
		t.Errorf("rescore order (-want +got):\n%s", diff)
	}
	if want := 8 * (1 + DefaultParams().PairWeight*3/4); hits[0].Score != want {
		t.Errorf("rescored score = %v, want %v", hits[0].Score, want)
	}
	// Holding the question's number counts numberWeight.
	hits = []Hit{{Seq: 0, Score: 10, Text: "Sales in 2017."}, {Seq: 1, Score: 9, Text: "Sales in 2018."}}
	rescore("sales 2018", hits, DefaultParams(), wordsOf)
	if want := 9 * (1 + DefaultParams().PairWeight + DefaultParams().NumberWeight); hits[0].Seq != 1 || hits[0].Score != want {
		t.Errorf("rescore with a number: got %+v first, want seq 1 scoring %v", hits[0], want)
	}
	// A question without pairs or numbers leaves the hits as they are.
	hits = []Hit{{Seq: 0, Score: 1, Text: "oil"}, {Seq: 1, Score: 2, Text: "oil"}}
	rescore("oil", hits, DefaultParams(), wordsOf)
	if hits[0].Seq != 0 || hits[0].Score != 1 {
		t.Errorf("rescore of a one-word question changed %+v", hits)
	}
}

// TestFeaturesStarts: stemming only the words that can meet a question's
// pairs finds the same pairs of the question as stemming every word.
func TestFeaturesStarts(t *testing.T) {
	texts := []string{
		"Purchases of property, plant and equipment (PP&E) (1,577) (1,373) (1,420)",
		"The companies' operating activities provided cash; operations of the company were running.",
		"Press and hold the Down button for three seconds to reset the relational databases.",
	}
	questions := []string{
		"What were the purchases of property and equipment in FY2018?",
		"How much cash did operating activities of the company provide?",
		"What happens when you press and hold the down button? relational database",
	}
	for _, q := range questions {
		qp, _ := features(wordsOf(q), nil)
		starts := stemStarts(qp)
		for _, text := range texts {
			all, _ := features(wordsOf(text), nil)
			some, _ := features(wordsOf(text), starts)
			if a, s := share(qp, all), share(qp, some); a != s {
				t.Errorf("question %q, text %q: share %v with every word stemmed, %v with starts", q, text, a, s)
			}
		}
	}
}
