package tables

import (
	"fmt"
	"math/big"

	"docqa/internal/inquiry"
	"docqa/reader/sentences"
)

// A look-up that compares two items of one year ("How did NVIDIA's
// operating expenses compare to its revenues in Q1 2023?") is answered
// with both figures and the first as a share of the second, each row
// cited: a figure of one side alone answers half the question, and which
// half would depend on which row matched better.

// comparedSides splits look-up question q at its comparison ([reCompared])
// into what each side names: its statement items and its content terms
// but years. ok is false unless each side names a row, and for no
// question (nil).
func comparedSides(q *inquiry.Question) (a, b figureQuestion, ok bool) {
	if q == nil {
		return a, b, false
	}
	first, second, ok := sentences.Sides(q)
	if !ok {
		return a, b, false
	}
	a, b = sideOf(first), sideOf(second)
	named := func(f figureQuestion) bool { return len(f.items) > 0 || len(f.own) >= 2 }
	return a, b, named(a) && named(b)
}

// sideOf reads what one side of a comparison names.
func sideOf(s string) figureQuestion {
	var f figureQuestion
	f.own, f.items = rowNamesOf(s)
	return f
}

// compareAnswer reads both sides of a comparison in year y from two
// different rows.
func (r *figureReader) compareAnswer(fq, a, b figureQuestion, y string) (result, error) {
	get := func(side figureQuestion) (figure, error) { return r.find(side.item(), side.own, y) }
	fa, err := get(a)
	if err != nil {
		return result{}, err
	}
	fb, err := get(b)
	if err != nil {
		return result{}, err
	}
	if fa.row.src == fb.row.src && fa.row.row.Start == fb.row.row.Start {
		return result{}, errSameRow
	}
	r.cite(fa.row)
	r.cite(fb.row)
	out := fmt.Sprintf("%s %s vs %s %s (%s)", fa.row.row.Label, r.amount(fa, fq), fb.row.row.Label, r.amount(fb, fq), y)
	how := fmt.Sprintf("Read from the cited table rows (no language model): %q and %q, column %s.", fa.row.row.Label, fb.row.row.Label, y)
	if fb.value.Sign() > 0 && fa.value.Sign() >= 0 {
		pct := percentOf(fa.value, fb.value)
		out += fmt.Sprintf(": %s%% of %s", pct.FloatString(1), fb.row.row.Label)
		how += fmt.Sprintf(" Share: %s / %s = %s%%.", fa.cell.Text, fb.cell.Text, pct.FloatString(1))
	}
	return result{out, how, fa.value, fb.value}, nil
}

// percentOf is a as a percentage of b, exactly; b is not zero.
func percentOf(a, b *big.Rat) *big.Rat {
	return new(big.Rat).Quo(new(big.Rat).Mul(a, big.NewRat(100, 1)), b)
}
