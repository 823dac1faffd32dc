package tables

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
)

// A metric computed from the tables' rows: its items read year by year,
// or the metric as a table states it.

// metricAnswer computes the metric for each year it needs.
func (r *figureReader) metricAnswer(fq figureQuestion) (res result, err error) {
	mr := &metricRun{r: r, fq: fq, statedDec: 99}
	name := fq.metric.Names[0]
	show, dec := r.writer(fq)
	places := func() int { return min(dec, mr.statedDec) } // no more precision than the table's
	defer func() {
		if len(r.scales()) > 1 {
			// operands in millions and in billions: their ratio or
			// sum is off by a thousand
			res, err = result{}, errMixedScales
		}
	}()
	how := func(result string) string {
		return strings.TrimSpace(fmt.Sprintf("Computed from the cited table rows (no language model): %s = %s; %s. %s", name, fq.metric.Formula, strings.Join(mr.log, ", "), result))
	}
	switch {
	case fq.average:
		sum := new(big.Rat)
		var each []string
		for _, y := range fq.years {
			v, err := mr.at(y)
			if err != nil {
				return result{}, err
			}
			sum.Add(sum, v)
			each = append(each, fmt.Sprintf("%s %s", y, show(v, places()+1)))
		}
		avg := sum.Quo(sum, big.NewRat(int64(len(fq.years)), 1))
		out := show(avg, places())
		return result{out, how(fmt.Sprintf("Each year: %s; the %d-year average is %s.", strings.Join(each, ", "), len(fq.years), out)), avg, avg}, nil
	case fq.change:
		first, last := fq.span()
		v1, err := mr.at(first)
		if err != nil {
			return result{}, err
		}
		v2, err := mr.at(last)
		if err != nil {
			return result{}, err
		}
		d := new(big.Rat).Sub(v2, v1)
		out := fmt.Sprintf("%s in %s, %s in %s (change %s)", show(v1, places()), first, show(v2, places()), last, signed(d, places())[:1]+show(new(big.Rat).Abs(d), places()))
		return result{out, how(""), v1, v2}, nil
	}
	y := latest(fq.years)
	v, err := mr.at(y)
	if err != nil {
		return result{}, err
	}
	out := fmt.Sprintf("%s (%s)", show(v, places()), y)
	return result{out, how(""), v, v}, nil
}

// metricRun is one computation of a metric by [figureReader.metricAnswer]:
// the steps it logged, for the explanation, and the fewest decimals of a
// figure the tables state.
type metricRun struct {
	r         *figureReader
	fq        figureQuestion
	log       []string
	statedDec int
}

// at computes the metric in year: from its items' rows, or as a table
// states it where that is the company's figure.
func (mr *metricRun) at(year string) (*big.Rat, error) {
	r, m, name := mr.r, mr.fq.metric, mr.fq.metric.Names[0]
	sum := !strings.ContainsAny(m.Formula, "*/")
	sv, d, sf, stated := r.stated(m.Names, mr.fq.percent, sum, year)
	useStated := func() (*big.Rat, error) {
		r.cite(sf)
		mr.log = append(mr.log, fmt.Sprintf("%s %s as stated", name, year))
		mr.statedDec = min(mr.statedDec, d)
		return sv, nil
	}
	// A ratio a note or a segment's table states ("Operating margins
	// 29%" of one of Boeing's segments) is the company's where the
	// statements do not give its every item, or give it alike at the
	// stated precision ("Effective tax rate 24.0 %" of a tax note); a
	// sum stated is read as stated, since the statements' parts of it
	// may overlap ("Total debt").
	if stated && (sf.statement || sum) {
		return useStated()
	}
	cited, logged := len(r.cited), len(mr.log)
	r.amounts = true // the items are amounts, whatever the metric
	defer func() { r.amounts = false }()
	v, err := m.Eval(func(item string, average bool) (*big.Rat, error) {
		x, err := r.item(item, average, year)
		what := item
		if average {
			what = "average " + item
		}
		switch {
		case err == nil:
			mr.log = append(mr.log, fmt.Sprintf("%s %s = %s", what, year, exact(x)))
		case errors.Is(err, errNoFigure):
			mr.log = append(mr.log, fmt.Sprintf("%s %s: no row in the tables, counted as 0 in a sum", what, year))
		}
		return x, err
	})
	if err == nil && mr.fq.percent {
		v = new(big.Rat).Mul(v, big.NewRat(100, 1))
	}
	if stated && (err != nil || slices.ContainsFunc(r.cited[cited:], func(fr figureRow) bool { return !fr.statement }) || fmtRat(new(big.Rat).Abs(v), d) == fmtRat(new(big.Rat).Abs(sv), d)) {
		r.cited, mr.log = r.cited[:cited], mr.log[:logged]
		return useStated()
	}
	return v, err
}

// errMixedScales means a metric's operands come from tables in
// different scales (thousands and millions).
var errMixedScales = errors.New("operands in different scales")
