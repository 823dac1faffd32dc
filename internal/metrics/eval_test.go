package metrics

import (
	"errors"
	"fmt"
	"math/big"
	"testing"
)

func TestEval(t *testing.T) {
	items := map[string]int64{"gross profit": 5063, "revenue": 14082, "current assets": 7453, "current liabilities": 5175, "cost of goods sold": 9019, "long-term debt": 100}
	avg := map[string]int64{"accounts payable": 1000, "inventory": 300}
	value := func(item string, average bool) (*big.Rat, error) {
		m := items
		if average {
			m = avg
		}
		v, ok := m[item]
		if !ok {
			return nil, fmt.Errorf("%w: %q (average %v)", ErrNoValue, item, average)
		}
		return big.NewRat(v, 1), nil
	}
	tests := []struct {
		formula string
		want    string // rounded to 4 decimals; "" for an error
	}{
		{"gross profit / revenue", "0.3595"},
		{"current assets - current liabilities", "2278.0000"},
		{"365 * average accounts payable / cost of goods sold", "40.4701"},
		{"(current assets + 0) / current liabilities", "1.4402"},
		{"cost of goods sold / average inventory", "30.0633"},
		{"long-term debt * 2", "200.0000"},
		{"revenue / (current assets - current assets)", ""},
		{"revenue / (current assets", ""},
		{"revenue +", ""},
		{"net income / revenue", ""},
		{"([marketable securities] + current assets) / current liabilities", "1.4402"}, // an item that may be absent is zero in a sum
		{"(current assets + [marketable securities]) / current liabilities", "1.4402"},
		{"([marketable securities] + [net income]) / current liabilities", ""}, // but a sum of nothing is not
		{"(current assets + marketable securities) / current liabilities", ""}, // nor is an item that must be there
		{"(operating income + depreciation and amortization) / revenue", ""},
		{"current assets - [marketable securities]", ""},
	}
	for _, tt := range tests {
		got, err := Metric{Formula: tt.formula}.Eval(value)
		switch {
		case tt.want == "" && err == nil:
			t.Errorf("Eval(%q) = %s, want an error", tt.formula, got.FloatString(4))
		case tt.want != "" && err != nil:
			t.Errorf("Eval(%q): %v", tt.formula, err)
		case tt.want != "" && got.FloatString(4) != tt.want:
			t.Errorf("Eval(%q) = %s, want %s", tt.formula, got.FloatString(4), tt.want)
		}
	}
	_, err := Metric{Formula: "revenue / (revenue - revenue)"}.Eval(value)
	if !errors.Is(err, ErrDivZero) {
		t.Errorf("division by zero: err = %v, want ErrDivZero", err)
	}
}

// Every standard metric's formula reads: only its items are asked for.
func TestStandardFormulasEval(t *testing.T) {
	for _, m := range Standard() {
		_, err := m.Eval(func(string, bool) (*big.Rat, error) { return big.NewRat(3, 1), nil })
		if err != nil {
			t.Errorf("%s: %v", m.Names[0], err)
		}
	}
}
