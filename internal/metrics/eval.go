package metrics

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
)

// Errors of [Metric.Eval].
var (
	ErrBadFormula = errors.New("bad formula")
	ErrDivZero    = errors.New("division by zero")
	// ErrNoValue is what a value function returns, wrapped, for an item
	// the statements do not hold. An item written in square brackets
	// ("[marketable securities]") may be absent: in a sum with an item
	// they do hold it counts as zero (a company without marketable
	// securities shows no such line, and its quick ratio is the sum of
	// the rest). Any other item absent leaves the metric without a value:
	// EBITDA without a row of depreciation and amortization is no
	// operating income.
	ErrNoValue = errors.New("no value")
)

// absent is the error of an item that may be absent and is: [ErrNoValue]
// within, which a sum reads as zero.
type absent struct{ err error }

func (a absent) Error() string { return a.err.Error() }
func (a absent) Unwrap() error { return a.err }

// mayLack reports whether err is an item's that may be absent.
func mayLack(err error) bool {
	var a absent
	return errors.As(err, &a)
}

// Eval computes the metric's formula with exact arithmetic. value gives
// the figure of an item the formula names; average is true for "average
// X", the mean of X at the start and end of the period, which value
// works out. An error of value is returned as is.
func (m Metric) Eval(value func(item string, average bool) (*big.Rat, error)) (*big.Rat, error) {
	p := &formulaParser{s: m.Formula, value: value}
	v, err := p.expr()
	if err != nil {
		return nil, err
	}
	if p.skip(); p.i < len(p.s) {
		return nil, fmt.Errorf("%w: %q: unexpected %q", ErrBadFormula, m.Formula, p.s[p.i:])
	}
	return v, nil
}

// formulaParser is a recursive-descent reader of a formula: sums of
// products of numbers, items and bracketed formulas. A "-" is an
// operator only with a space before it, so "long-term debt" is an item.
type formulaParser struct {
	s     string
	i     int
	value func(string, bool) (*big.Rat, error)
}

func (p *formulaParser) skip() {
	for p.i < len(p.s) && p.s[p.i] == ' ' {
		p.i++
	}
}

func (p *formulaParser) expr() (*big.Rat, error) {
	v, err := p.term()
	var missing error // the first item of a sum that has no value
	found := err == nil
	if mayLack(err) && p.sum() {
		v, err, missing = new(big.Rat), nil, err
	}
	for err == nil {
		p.skip()
		if p.i >= len(p.s) || (p.s[p.i] != '+' && p.s[p.i] != '-') {
			break
		}
		op := p.s[p.i]
		p.i++
		var w *big.Rat
		w, err = p.term()
		if mayLack(err) && op == '+' {
			if missing == nil {
				missing = err
			}
			err = nil
			continue
		}
		if err == nil {
			found = true
			if op == '+' {
				v = new(big.Rat).Add(v, w)
			} else {
				v = new(big.Rat).Sub(v, w)
			}
		}
	}
	if err == nil && !found {
		return nil, missing // no item of the sum has a value
	}
	return v, err
}

// sum reports whether the term just read is followed by a "+": a missing
// first item of a sum counts as zero.
func (p *formulaParser) sum() bool {
	j := p.i
	for j < len(p.s) && p.s[j] == ' ' {
		j++
	}
	return j < len(p.s) && p.s[j] == '+'
}

func (p *formulaParser) term() (*big.Rat, error) {
	v, err := p.factor()
	for err == nil {
		p.skip()
		if p.i >= len(p.s) || (p.s[p.i] != '*' && p.s[p.i] != '/') {
			break
		}
		op := p.s[p.i]
		p.i++
		var w *big.Rat
		if w, err = p.factor(); err != nil {
			break
		}
		if op == '*' {
			v = new(big.Rat).Mul(v, w)
		} else if w.Sign() == 0 {
			err = fmt.Errorf("%w in %q", ErrDivZero, p.s)
		} else {
			v = new(big.Rat).Quo(v, w)
		}
	}
	return v, err
}

func (p *formulaParser) factor() (*big.Rat, error) {
	p.skip()
	if p.i >= len(p.s) {
		return nil, fmt.Errorf("%w: %q ends early", ErrBadFormula, p.s)
	}
	if p.s[p.i] == '(' {
		p.i++
		v, err := p.expr()
		if err != nil {
			return nil, err
		}
		if p.skip(); p.i >= len(p.s) || p.s[p.i] != ')' {
			return nil, fmt.Errorf("%w: %q: missing )", ErrBadFormula, p.s)
		}
		p.i++
		return v, nil
	}
	j := p.i
	for j < len(p.s) && !strings.ContainsRune("+*/()", rune(p.s[j])) && !(p.s[j] == '-' && j > 0 && p.s[j-1] == ' ') {
		j++
	}
	word := strings.TrimSpace(p.s[p.i:j])
	p.i = j
	if word == "" {
		return nil, fmt.Errorf("%w: %q: operand missing", ErrBadFormula, p.s)
	}
	if v, ok := new(big.Rat).SetString(word); ok {
		return v, nil
	}
	optional := strings.HasPrefix(word, "[") && strings.HasSuffix(word, "]")
	word = strings.Trim(word, "[]")
	item, avg := strings.CutPrefix(word, "average ")
	v, err := p.value(strings.TrimSpace(item), avg)
	if optional && errors.Is(err, ErrNoValue) {
		return nil, absent{err}
	}
	return v, err
}
