package tables

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"unicode"

	"docqa/internal/metrics"
	"docqa/internal/synonyms"
	"docqa/internal/table"
	textterms "docqa/internal/terms"
	"docqa/internal/textmemo"
	"docqa/reader/base"
)

// The table reader answers a question that asks for a figure of a
// statement table, reading the tables of the sources as rows under year
// columns ([table.Rows]): a look-up quotes the item's row and answers
// with the cell in the year's column; a metric is computed from its
// items' cells with exact arithmetic ([metrics.Metric.Eval]), every
// operand's row cited. When the question asks for no such figure or the
// tables do not hold every figure it needs, the sentence reader answers.

// figureRow is a table row of a source.
type figureRow struct {
	src   int
	row   table.Row
	terms []string // [labelTerms] of the label
	full  []string // the terms of the whole label, each once
	// under: the terms of a short label read after the heading it
	// stands under ("Earnings per share" "Diluted"); nil for none
	under []string
	total bool // the label starts with "Total"
	// parent: the label gives the item attributable to the company
	// ("Net income attributable to CVS Health"), not to its minority
	// owners
	parent bool
	// statement: the row is a primary statement's (its page is headed
	// by one's title, [StatementHeaded])
	statement bool
	// balance: the statement is a balance sheet
	balance bool
	// other: the terms of the label read with its other sign, "Net loss"
	// for "Net income (loss)"; nil when it writes none
	other []string
}

// figureReader finds items' figures in the rows of the sources.
type figureReader struct {
	// amounts: the figures sought are amounts, a formula's items, which
	// no percent cell holds ("Cost of sales 50.9 %" of a segment table)
	amounts bool
	// fullYear: the question asks a fiscal year's or a year to date's
	// figure; of a row's two columns of the year (a quarter's and the
	// year's, as an earnings release sets them, or the quarter's and the
	// six months', as a quarterly report does), the last is the one asked
	fullYear bool
	sources  []base.Source
	rows     []figureRow
	cited    []figureRow // the rows used, in order of first use
	depth    int         // items being worked out from their own definitions
	metrics  []metrics.Metric
	read     map[rowAt]string // the item each row was read for
	par      base.Params      // the numbers it reads with
}

// rowAt is a row by its source and its start.
type rowAt struct{ src, start int }

// errSameRow means two items of one formula were read from one row: the
// tables name neither apart, and their ratio would be 100%.
var errSameRow = errors.New("two items read from one row")

// metricNamed returns the metric one of whose names is name, or nil.
func (r *figureReader) metricNamed(name string) *metrics.Metric {
	for i := range r.metrics {
		for _, n := range r.metrics[i].Names {
			if strings.EqualFold(n, name) {
				return &r.metrics[i]
			}
		}
	}
	return nil
}

func newFigureReader(sources []base.Source, ms []metrics.Metric, memo *rowMemo, par base.Params) *figureReader {
	r := &figureReader{sources: sources, metrics: ms, par: par}
	rowsOf := func(text string) []figureRow { return figureRows(text, par) }
	for i, s := range sources {
		for _, fr := range memo.Get(s.Text, rowsOf) {
			fr.src = i
			r.rows = append(r.rows, fr)
		}
	}
	return r
}

// A rowMemo keeps the figure rows of each page text read for one
// question, read once: [Figure.RowsHeld] reads the best pages', and
// [Figure.Read] again those of them its context holds (1.8 ms of a
// FinanceBench figure question's CPU at issue 40's 27.5k pages); a nil
// one keeps none.
type rowMemo = textmemo.Memo[[]figureRow]

// figureRows reads the rows of text's tables a figure may be read from,
// with par.
func figureRows(text string, par base.Params) []figureRow {
	var out []figureRow
	rows := table.Rows(text)
	ctx := rowContexts(text, rows)
	title := statementTitle(text, par)
	for k, row := range rows {
		if wrapped(row.Label) || ctx[k].change {
			continue // no row of its own; a change, not the balance
		}
		total := row.Total || strings.HasPrefix(strings.ToLower(row.Label), "total")
		fr := figureRow{row: row, terms: labelTerms(row.Label), full: slices.Compact(slices.Sorted(slices.Values(textterms.Of(row.Label)))), total: total, parent: attributed(row.Label), statement: title != "", balance: balanceTitle(title)}
		if o := otherSign(row.Label); o != "" {
			fr.other = labelTerms(o)
		} else if title != "" && reLossResult.MatchString(row.Label) {
			// a statement's result in a year of loss: "Net loss" is
			// its net income, below zero
			fr.other = labelTerms(reLossResult.ReplaceAllString(row.Label, "${1}income"))
		}
		if h := ctx[k].heading; listHeading(h, par) && len(strings.Fields(row.Label)) <= par.MaxSubLabel && !reChangesEnd.MatchString(row.Label) && !remainder(row.Label) {
			fr.under = labelTerms(strings.TrimRight(h, ":") + " " + row.Label) // "Earnings per share: Diluted"
		}
		out = append(out, fr)
	}
	return out
}

// wrapped reports whether a row's label is the end of a longer one
// wrapped onto its line: its first word is in small letters ("income,
// net" of "Amounts recognized in accumulated other comprehensive\nincome,
// net"), where a label begins with a capital or a name ("iPhone").
func wrapped(label string) bool {
	w, _, _ := strings.Cut(label, " ")
	return w != "" && strings.ToLower(w) == w && unicode.IsLetter([]rune(w)[0])
}

// attributed reports whether label names an item attributable to the
// company: "attributable to" it, not to its noncontrolling interests.
func attributed(label string) bool { return companysAt(strings.ToLower(label)) > 0 }

// companysAt returns where " attributable to " the company begins in the
// lower-case label l (not to its minority owners), or -1.
func companysAt(l string) int {
	if i := strings.Index(l, " attributable to "); i > 0 && !reMinority.MatchString(l[i:]) {
		return i
	}
	return -1
}

// errNoFigure means the tables hold no figure for an item in a year.
var errNoFigure = metrics.ErrNoValue

// figure is one cell read for an item.
type figure struct {
	value *big.Rat
	cell  table.Cell
	row   figureRow
	year  string
}

// find returns the figure of the item named by any of names, or by a
// label all of whose terms (two or more) are in own, in year's column:
// the best-matching row, earlier sources first on a tie. A label the
// question names outright wins over an item's row, the longer the label
// the more: "What was the revenue of the More Personal Computing
// segment?" wants that segment's row, not total revenue.
func (r *figureReader) find(names []string, own []string, year string) (figure, error) {
	var best figure
	bestScore := 0.0
	phrases := make([][]string, len(names))
	for i, n := range names {
		phrases[i] = phraseTerms(n)
	}
	netQuals := own
	if !slices.Contains(own, "gross") && !slices.Contains(own, "net") {
		netQuals = append(slices.Clone(own), "net") // an asset's balance is its carrying amount, net
	}
	for _, fr := range r.rows {
		quals := own
		if fr.balance && reNetAfter.MatchString(fr.row.Label) {
			quals = netQuals
		}
		c, ok := fr.row.Column(year)
		if r.fullYear {
			c, ok = lastColumn(fr.row, year)
		}
		if !ok || r.amounts && c.Percent {
			continue // none; or a share, not the amount a formula's item is
		}
		s := labelMatch(fr.terms, fr.full, own, quals, phrases, r.par)
		if fr.other != nil {
			s = max(s, labelMatch(fr.other, fr.full, own, quals, phrases, r.par))
		}
		if fr.under != nil {
			s = max(s, labelMatch(fr.under, slices.Concat(fr.full, fr.under), own, quals, phrases, r.par))
		}
		if len(phrases) > 0 && rowMatch(fr.terms, phrases[0]) > 0 {
			s += r.par.TotalBonus / 2 // the name the question (or the formula) writes
		}
		if s > 0 && fr.total {
			s += r.par.TotalBonus // a total is the item as a whole
		}
		if s > 0 && fr.parent {
			s += parentBonus(r.par) // the company's own, as its ratios take it
		}
		if s > 0 && fr.statement {
			s += statementBonus(r.par) // the company's, not a note's part of it
		}
		if s > bestScore || s == bestScore && s > 0 && better(r, c, fr, best) {
			best, bestScore = figure{c.Value, c, fr, year}, s
		}
	}
	if bestScore < r.par.MinRowMatch {
		return figure{}, fmt.Errorf("%w for %q in %s", errNoFigure, strings.Join(append(names, own...), " / "), year)
	}
	if best.value == nil { // a dash: none
		best.value = new(big.Rat)
	}
	return best, nil
}

// lastColumn returns the last of a row's cells under column col, or
// false: "Operating income 252 325 1,239 1,508" under "2022 2023 2022
// 2023" (the fourth quarter's, then the year's) gives the year's 1,508
// for 2023.
func lastColumn(row table.Row, col string) (table.Cell, bool) {
	for i := len(row.Columns) - 1; i >= 0; i-- {
		if row.Columns[i] == col {
			return row.Cells[i], true
		}
	}
	return table.Cell{}, false
}

// better breaks a tie between two rows of one document that name an
// item alike: the larger amount ([cmpAmount]), then the row on a page
// already cited (a formula's items from one statement). Of two
// documents' rows, the first source's stands: the better ranked.
func better(r *figureReader, c table.Cell, fr figureRow, best figure) bool {
	if r.sources[fr.src].Doc != r.sources[best.row.src].Doc {
		return false // another document's: the better-ranked one's stands
	}
	if d := cmpAmount(c, fr, best); d != 0 {
		return d > 0
	}
	return r.onCitedPage(fr) && !r.onCitedPage(best.row)
}

// cmpAmount compares the amount of cell c of row fr with the figure
// best's, both in units (their tables' scales applied), as [big.Rat.Cmp]
// does: of two rows that name an item alike, a segment's and the
// company's ("Total assets" of Boeing Capital and of Boeing, "Sales" of
// a segment and "Net sales"), the company's is the whole of which the
// segment's is a part. A dash holds less than any figure.
func cmpAmount(c table.Cell, fr figureRow, best figure) int {
	switch {
	case c.Value == nil && best.cell.Value == nil:
		return 0
	case c.Value == nil:
		return -1
	case best.cell.Value == nil:
		return 1
	}
	a := new(big.Rat).Mul(new(big.Rat).Abs(c.Value), big.NewRat(scaleFactor(fr.row.Scale), 1))
	b := new(big.Rat).Mul(new(big.Rat).Abs(best.cell.Value), big.NewRat(scaleFactor(best.row.row.Scale), 1))
	return a.Cmp(b)
}

// item returns the figure of a metric's item in a year, or its average
// over the year and the one before. An item named as a cost or an
// outflow ("capital expenditure", "interest expense") is its magnitude:
// statements show such amounts in brackets, the metric means the amount.
func (r *figureReader) item(name string, average bool, year string) (*big.Rat, error) {
	if rest, ok := strings.CutPrefix(name, "change in "); ok && !average { // over the year: "change in inventory"
		v, err := r.item(rest, false, year)
		if err != nil {
			return nil, err
		}
		p, err := r.item(rest, false, fmt.Sprint(atoi(year)-1))
		if err != nil {
			return nil, err
		}
		return new(big.Rat).Sub(v, p), nil
	}
	names := synonyms.Of(name)
	f, err := r.use(names, nil, year)
	if errors.Is(err, errNoFigure) && !average && r.depth < r.par.MaxDepth {
		if m := r.metricNamed(name); m != nil { // an item a table may not state: gross profit
			r.depth++
			v, err := m.Eval(func(item string, avg bool) (*big.Rat, error) { return r.item(item, avg, year) })
			r.depth--
			return v, err
		}
	}
	if err != nil {
		return nil, err
	}
	at := rowAt{f.row.src, f.row.row.Start}
	if r.read == nil {
		r.read = map[rowAt]string{}
	}
	if prev, ok := r.read[at]; ok && prev != name {
		return nil, fmt.Errorf("%w: %q and %q", errSameRow, prev, name)
	}
	r.read[at] = name
	v := f.value
	if average {
		prev := fmt.Sprint(atoi(year) - 1)
		g, err := r.use(names, nil, prev)
		if err != nil {
			return nil, err
		}
		v = new(big.Rat).Quo(new(big.Rat).Add(v, g.value), big.NewRat(2, 1))
	}
	if outflow(name) {
		v = new(big.Rat).Abs(v)
	}
	return v, nil
}

// use finds a figure and remembers its row for the citations.
func (r *figureReader) use(names, own []string, year string) (figure, error) {
	f, err := r.find(names, own, year)
	if err == nil {
		r.cite(f.row)
	}
	return f, err
}

// onCitedPage reports whether row fr is on the page of a row already
// cited.
func (r *figureReader) onCitedPage(fr figureRow) bool {
	return slices.ContainsFunc(r.cited, func(c figureRow) bool { return c.src == fr.src })
}

// cite remembers a row for the citations, once.
func (r *figureReader) cite(fr figureRow) {
	if !slices.ContainsFunc(r.cited, func(c figureRow) bool { return c.src == fr.src && c.row.Start == fr.row.Start }) {
		r.cited = append(r.cited, fr)
	}
}

func outflow(name string) bool {
	// by any of its names: "COGS" is a cost of goods sold
	for _, n := range synonyms.Of(name) {
		n = strings.ToLower(n)
		for _, w := range []string{"expense", "expenditure", "cost", "paid", "purchase", "payment", "capex", "dividend", "repurchase", "buyback"} {
			if strings.Contains(n, w) {
				return true
			}
		}
	}
	return false
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		n = n*10 + int(r-'0')
	}
	return n
}
