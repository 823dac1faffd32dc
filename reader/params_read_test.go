package reader

import (
	"docqa/reader/base"
	"strings"
	"testing"
)

// TestReadParamsChangesAnswer: the numbers read from a file are the ones
// the readers read with: a sentence that answers at the defaults covers
// too little of the question once every sentence must cover all of it.
func TestReadParamsChangesAnswer(t *testing.T) {
	sources := []base.Source{
		{Doc: "g.pdf", Page: 9, Text: "In 2018 the department held 40 workshops for school nurses."},
		{Doc: "g.pdf", Page: 10, Text: "The hangar closes at 8 pm every day of the week."},
	}
	const question = "How many workshops for teachers did the department hold in 2018?"
	strict, err := base.ReadParams(strings.NewReader(`{"min_coverage": 1.0, "min_top_coverage": 1.0, "min_kind_coverage": 1.0}`))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		par   base.Params
		found bool
		check string // the check that refused, "" for none
	}{
		{"defaults", base.DefaultParams(), true, ""},
		{"coverage 1.0 from JSON", strict, false, "low-coverage"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := ReadQuestion(ask(question), tt.par, sources)
			if r.Found() != tt.found || r.Check != tt.check {
				t.Errorf("found %v (check %q, %q), want %v (check %q)", r.Found(), r.Check, r.Answer, tt.found, tt.check)
			}
		})
	}
}
