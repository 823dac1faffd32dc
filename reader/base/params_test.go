package base

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
