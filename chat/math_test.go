package chat

import (
	"errors"
	"strings"
	"testing"
)

func TestEval(t *testing.T) {
	tests := []struct {
		expr string
		want string
		err  error
	}{
		{"128 * 64", "8192", nil},
		{"1 + 2 * 3", "7", nil},
		{"(1 + 2) * 3", "9", nil},
		{"2 ^ 3 ^ 2", "512", nil},
		{"-2 ^ 2", "-4", nil},
		{"(-2) ^ 2", "4", nil},
		{"10 / 4", "2.5", nil},
		{"0.1 + 0.2", "0.3", nil},
		{"10 % 3", "1", nil},
		{"15% of 80", "12", nil},
		{"50%", "0.5", nil},
		{"200 * 15%", "30", nil},
		{"1,234 + 1", "1235", nil},
		{"3 x 4", "12", nil},
		{"12 ÷ 4 × 2", "6", nil},
		{"--3", "3", nil},
		{"2^-1", "0.5", nil},
		{"1 / 0", "", ErrMathDomain},
		{"5 % 0", "", ErrMathDomain},
		{"2 ^ 5000", "", ErrMathDomain},
		{"10 ^ 300 * 10 ^ 300", "", ErrMathDomain},
		{"(-8) ^ 0.5", "", ErrMathDomain},
		{"(1 + 2", "", ErrNotMath},
		{"1 +", "", ErrNotMath},
		{"1 2", "", ErrNotMath},
		{"os.exit(1)", "", ErrNotMath},
		{"", "", ErrNotMath},
		{strings.Repeat("(", 60) + "1" + strings.Repeat(")", 60), "", ErrNotMath},
		{strings.Repeat("-", 300) + "1", "", ErrNotMath},
	}
	for _, tt := range tests {
		v, err := Eval(tt.expr)
		if tt.err != nil {
			if !errors.Is(err, tt.err) {
				t.Errorf("Eval(%q) = %v, %v; want error %v", tt.expr, v, err, tt.err)
			}
			continue
		}
		if err != nil || FormatNumber(v) != tt.want {
			t.Errorf("Eval(%q) = %s, %v; want %s", tt.expr, FormatNumber(v), err, tt.want)
		}
	}
}

func TestMathExpr(t *testing.T) {
	tests := []struct {
		line string
		want string
		ok   bool
	}{
		{"128 * 64", "128 * 64", true},
		{"what is 128*64?", "128*64", true},
		{"What's 15% of 80?", "15% of 80", true},
		{"calculate (2+3)^2 =", "(2+3)^2", true},
		{"what is the maximum oil temperature?", "", false},
		{"2024", "", false},
		{"page 12-20", "", false},
		{"is page 4 in the list?", "", false},
		{"hello", "", false},
	}
	for _, tt := range tests {
		got, ok := MathExpr(tt.line)
		if got != tt.want || ok != tt.ok {
			t.Errorf("MathExpr(%q) = %q, %v; want %q, %v", tt.line, got, ok, tt.want, tt.ok)
		}
	}
}

// FuzzEval: no panic, no hang, and a result is a finite number.
func FuzzEval(f *testing.F) {
	for _, s := range []string{"128 * 64", "2^3^2", "15% of 80", "(((1)))", "1,234.5 % 7", "-(-(2))^-2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := Eval(s)
		if err == nil && FormatNumber(v) == "" {
			t.Errorf("Eval(%q) = %v formats empty", s, v)
		}
		if expr, ok := MathExpr(s); ok {
			Eval(expr)
		}
	})
}
