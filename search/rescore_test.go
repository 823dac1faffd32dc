package search

import (
	"sort"
	"strings"
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
// pairs finds the same pairs of the question as stemming every word, and
// held counts the pairs and numbers features finds.
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
	texts = append(texts, questions...)
	for _, q := range questions {
		qp, qn := features(wordsOf(q), nil)
		starts := stemStarts(qp)
		firsts := map[string]bool{}
		for p := range qp {
			first, _, _ := strings.Cut(p, " ")
			firsts[first] = true
		}
		for _, text := range texts {
			all, nums := features(wordsOf(text), nil)
			some, _ := features(wordsOf(text), starts)
			if a, s := share(qp, all), share(qp, some); a != s {
				t.Errorf("question %q, text %q: share %v with every word stemmed, %v with starts", q, text, a, s)
			}
			pairs, numbers := held(wordsOf(text), starts, firsts, qp, qn)
			if a, h := share(qp, all), float64(pairs)/float64(len(qp)); a != h {
				t.Errorf("question %q, text %q: pairs held %v, features %v", q, text, h, a)
			}
			if a, h := share(qn, nums), float64(numbers)/float64(len(qn)); len(qn) > 0 && a != h {
				t.Errorf("question %q, text %q: numbers held %v, features %v", q, text, h, a)
			}
		}
	}
}

// share is the fraction of want's keys that got holds.
func share(want, got map[string]bool) float64 {
	n := 0
	for k := range want {
		if got[k] {
			n++
		}
	}
	return float64(n) / float64(len(want))
}

// FuzzHeld: for any question and passage, held counts the question's
// pairs and numbers that features finds in the passage.
func FuzzHeld(f *testing.F) {
	f.Add("What were the purchases of property and equipment in FY2018?", "Purchases of property, plant and equipment (PP&E) (1,577) in 2018")
	f.Add("press and hold the down button AR01", "Press and hold the Down button; code AR01, ar01")
	f.Fuzz(func(t *testing.T, q, text string) {
		qp, qn := features(wordsOf(q), nil)
		firsts := map[string]bool{}
		for p := range qp {
			first, _, _ := strings.Cut(p, " ")
			firsts[first] = true
		}
		all, nums := features(wordsOf(text), nil)
		pairs, numbers := held(wordsOf(text), stemStarts(qp), firsts, qp, qn)
		if len(qp) > 0 && share(qp, all) != float64(pairs)/float64(len(qp)) {
			t.Fatalf("q %q, text %q: %d pairs held, features share %v of %d", q, text, pairs, share(qp, all), len(qp))
		}
		if len(qn) > 0 && share(qn, nums) != float64(numbers)/float64(len(qn)) {
			t.Fatalf("q %q, text %q: %d numbers held, features share %v of %d", q, text, numbers, share(qn, nums), len(qn))
		}
	})
}
