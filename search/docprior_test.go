package search

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDocPrior(t *testing.T) {
	// course.pdf holds every word of the question across its passages;
	// chip.pdf's best page matches only the numbers and scores higher.
	hits := []Hit{
		{Doc: "chip.pdf", Page: 12, Text: "Ports 4, 5 and 6 of unit P1."},
		{Doc: "course.pdf", Page: 3, Text: "Units 4 and 5: two quizzes."},
		{Doc: "course.pdf", Page: 4, Text: "Unit 6 ends the course with quizzes."},
		{Doc: "atlas.pdf", Page: 1, Text: "Nothing asked here."},
	}
	pages := func() []PageHit {
		return []PageHit{
			{Doc: "chip.pdf", Page: 12, Score: 10},
			{Doc: "course.pdf", Page: 3, Score: 8},
			{Doc: "course.pdf", Page: 4, Score: 7},
			{Doc: "atlas.pdf", Page: 1, Score: 6},
		}
	}
	order := func(ps []PageHit) []string {
		var out []string
		for _, p := range ps {
			out = append(out, p.Doc)
		}
		return out
	}
	tests := []struct {
		name string
		q    string
		hits []Hit
		want []string
	}{
		{"the document that covers the question first", "How many quizzes are there in units 4, 5 and 6 of the course?", hits,
			[]string{"course.pdf", "course.pdf", "chip.pdf", "atlas.pdf"}},
		{"one term weighs no document", "quizzes?", hits,
			[]string{"chip.pdf", "course.pdf", "course.pdf", "atlas.pdf"}},
		{"one document: nothing to weigh", "How many quizzes are in unit 4?", hits[1:3],
			[]string{"chip.pdf", "course.pdf", "course.pdf", "atlas.pdf"}},
	}
	for _, tt := range tests {
		ps := pages()
		docPrior(tt.q, tt.hits, ps, wordsOf)
		if diff := cmp.Diff(tt.want, order(ps)); diff != "" {
			t.Errorf("%s: order (-want +got):\n%s", tt.name, diff)
		}
	}
}

// TestDocPriorDeterministic: the weights are the same to the last bit
// on every run; a sum in map order was not, and pages that tied flipped.
func TestDocPriorDeterministic(t *testing.T) {
	q := "turbine compressor bearing lubrication temperature vibration overhaul interval inspection"
	hits := []Hit{
		{Doc: "a.pdf", Page: 1, Text: "Turbine compressor bearing lubrication."},
		{Doc: "a.pdf", Page: 2, Text: "Temperature vibration overhaul interval inspection."},
		{Doc: "b.pdf", Page: 1, Text: "Compressor bearing temperature inspection."},
		{Doc: "c.pdf", Page: 1, Text: "Lubrication vibration interval."},
	}
	run := func() []PageHit {
		ps := []PageHit{{Doc: "a.pdf", Page: 1, Score: 1}, {Doc: "b.pdf", Page: 1, Score: 1}, {Doc: "c.pdf", Page: 1, Score: 1}}
		docPrior(q, hits, ps, wordsOf)
		return ps
	}
	want := run()
	for range 200 {
		if got := run(); !cmp.Equal(want, got) {
			t.Fatalf("docPrior differs between runs:\n%v\n%v", want, got)
		}
	}
}
