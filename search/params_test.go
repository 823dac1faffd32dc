package search

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReadParams(t *testing.T) {
	changed := DefaultParams()
	changed.HeadBoost, changed.K = 2, 40
	tests := []struct {
		name, in string
		want     Params
		err      error
	}{
		{"empty object keeps the defaults", "{}", DefaultParams(), nil},
		{"named ones change", `{"head_boost": 2, "k": 40}`, changed, nil},
		{"unknown name", `{"bogus": 1}`, Params{}, ErrBadParams},
		{"not JSON", `k=40`, Params{}, ErrBadParams},
		{"k below 1", `{"k": 0}`, Params{}, ErrBadParams},
		{"k too large", `{"k": 1000000000}`, Params{}, ErrBadParams},
		{"negative weight", `{"pair_weight": -1}`, Params{}, ErrBadParams},
		{"no focus pages", `{"focus_pages": 0}`, Params{}, ErrBadParams},
	}
	for _, tt := range tests {
		got, err := ReadParams(strings.NewReader(tt.in))
		if !errors.Is(err, tt.err) {
			t.Errorf("%s: err %v, want %v", tt.name, err, tt.err)
			continue
		}
		if err == nil {
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tt.name, diff)
			}
		}
	}
}

// FuzzReadParams: any input gives parameters or ErrBadParams, never a
// panic, and parameters it accepts are in range.
func FuzzReadParams(f *testing.F) {
	f.Add(`{"head_boost": 2, "k": 40}`)
	f.Add(`{}`)
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ReadParams(strings.NewReader(s))
		if err != nil {
			if !errors.Is(err, ErrBadParams) {
				t.Fatalf("error %v is not ErrBadParams", err)
			}
			return
		}
		if p.K < 1 || p.SubDocs < 1 || p.FocusPages < 1 || p.HeadBoost < 0 {
			t.Fatalf("accepted out-of-range parameters %+v", p)
		}
	})
}
