package reader

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReadParams(t *testing.T) {
	changed := DefaultParams()
	changed.MinCoverage, changed.MaxListed = 0.6, 4
	tests := []struct {
		name, in string
		want     Params
		err      error
	}{
		{"empty object keeps the defaults", "{}", DefaultParams(), nil},
		{"named ones change", `{"min_coverage": 0.6, "max_listed": 4}`, changed, nil},
		{"unknown name", `{"bogus": 1}`, Params{}, ErrBadParams},
		{"not JSON", `min_coverage=0.6`, Params{}, ErrBadParams},
		{"wrong type", `{"max_listed": 2.5}`, Params{}, ErrBadParams},
		{"negative fraction", `{"min_coverage": -0.1}`, Params{}, ErrBadParams},
		{"negative count", `{"running_pages": -1}`, Params{}, ErrBadParams},
		{"no memo", `{"memo_pages": 0}`, Params{}, ErrBadParams},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ReadParams(strings.NewReader(tt.in))
			if !errors.Is(err, tt.err) {
				t.Fatalf("err %v, want %v", err, tt.err)
			}
			if err == nil {
				if diff := cmp.Diff(tt.want, got); diff != "" {
					t.Errorf("(-want +got):\n%s", diff)
				}
			}
		})
	}
}

// TestReadParamsChangesAnswer: the numbers read from a file are the ones
// the readers read with: a sentence that answers at the defaults covers
// too little of the question once every sentence must cover all of it.
func TestReadParamsChangesAnswer(t *testing.T) {
	sources := []Source{
		{Doc: "g.pdf", Page: 9, Text: "In 2018 the department held 40 workshops for school nurses."},
		{Doc: "g.pdf", Page: 10, Text: "The hangar closes at 8 pm every day of the week."},
	}
	const question = "How many workshops for teachers did the department hold in 2018?"
	strict, err := ReadParams(strings.NewReader(`{"min_coverage": 1.0, "min_top_coverage": 1.0, "min_kind_coverage": 1.0}`))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		par   Params
		found bool
		check string // the check that refused, "" for none
	}{
		{"defaults", DefaultParams(), true, ""},
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

// FuzzReadParams: any input gives parameters or ErrBadParams, never a
// panic, and parameters it accepts are in range.
func FuzzReadParams(f *testing.F) {
	f.Add(`{"min_coverage": 0.6, "max_listed": 4}`)
	f.Add(`{}`)
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ReadParams(strings.NewReader(s))
		if err != nil {
			if !errors.Is(err, ErrBadParams) {
				t.Fatalf("error %v is not ErrBadParams", err)
			}
			return
		}
		if p.MinCoverage < 0 || p.MemoPages < 1 || p.RunningPages < 0 {
			t.Fatalf("accepted out-of-range parameters %+v", p)
		}
	})
}
