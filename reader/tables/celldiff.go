package tables

import (
	"fmt"
	"math/big"
	"strings"

	"docqa/internal/inquiry"
	"docqa/internal/lazyre"
	textterms "docqa/internal/terms"
	"docqa/reader/base"
	"docqa/reader/sentences"
)

// "How much higher is the accuracy of PaLM-2L + RAG compared to PaLM-2L
// on TimeQA?" names two rows of a word-headed table ([cellQuestion]), one
// on each side of the comparison, and one column: the answer is the
// difference of their cells, both rows quoted.

// cellDifference is what such a question names: the terms of each side,
// and of the whole question for the column.
type cellDifference struct {
	a, b, all cellQuestion
	lower     bool // "how much lower": the second less the first
}

var (
	// reThan marks the second side of a difference: "higher than",
	// "compared to", "versus".
	reThan = lazyre.New(`(?i)\bthan\b|` + sentences.CompareMarker)
	// reLowerQ asks how much the first side falls short of the second.
	reLowerQ = lazyre.New(`(?i)\bhow (?:much|many) (?:lower|less|fewer|smaller|worse)\b`)
)

// parseCellDifference reads q; ok is false unless it asks for a
// difference ([sentences.AsksDifference]) between two sides.
func parseCellDifference(q *inquiry.Question) (cellDifference, bool) {
	a := q.Asked
	m := reThan.FindStringIndex(a)
	if !sentences.AsksDifference(a) || m == nil {
		return cellDifference{}, false
	}
	d := cellDifference{
		a:     cellQuestion{terms: textterms.Of(a[:m[0]])},
		b:     cellQuestion{terms: textterms.Of(a[m[1]:])},
		all:   cellQuestion{terms: textterms.Of(a)},
		lower: reLowerQ.MatchString(a),
	}
	return d, len(d.a.terms) > 0 && len(d.b.terms) > 0
}

// read answers d from the word-headed tables of the sources: the one
// group where the whole question names a column, the first side a row
// and the second side another.
func (d cellDifference) read(sources []base.Source, par base.Params) (base.Reading, bool) {
	for _, g := range rowGroups(sources, par) {
		cols, idx := headerColumns(&g, par)
		if cols == nil {
			continue
		}
		col, _, ok := d.all.named(cols, textterms.Of)
		if !ok {
			continue
		}
		labels := g.labels()
		ra, _, okA := d.a.named(labels, labelTerms)
		rb, _, okB := d.b.named(labels, labelTerms)
		if !okA || !okB || ra == rb {
			continue
		}
		ca, cb := g.rows[ra].Cells[idx[col]], g.rows[rb].Cells[idx[col]]
		if ca.Value == nil || cb.Value == nil || ca.Percent != cb.Percent {
			continue
		}
		diff := new(big.Rat).Sub(ca.Value, cb.Value)
		if d.lower {
			diff.Neg(diff)
		}
		unit := ""
		if ca.Percent {
			unit = "%"
		}
		dec := max(decimalsOf(ca.Text), decimalsOf(cb.Text))
		src := sources[g.src]
		minus := fmt.Sprintf("%s - %s", strings.TrimSpace(ca.Text), strings.TrimSpace(cb.Text))
		if d.lower {
			minus = fmt.Sprintf("%s - %s", strings.TrimSpace(cb.Text), strings.TrimSpace(ca.Text))
		}
		return base.Reading{
			Answer: fmt.Sprintf("%s%s (%s)", fmtRat(diff, dec), unit, minus),
			Quotes: []base.Quote{
				{Text: sentences.OneLine(g.heading), Doc: src.Doc, Page: src.Page},
				{Text: sentences.OneLine(src.Text[g.rows[ra].Start:g.rows[ra].End]), Doc: src.Doc, Page: src.Page},
				{Text: sentences.OneLine(src.Text[g.rows[rb].Start:g.rows[rb].End]), Doc: src.Doc, Page: src.Page},
			},
			Explanation: fmt.Sprintf("Computed from the cited table rows (no language model): %s, rows %q and %q under column %q on p. %d of %s.",
				minus, labels[ra], labels[rb], cols[col], src.Page, src.Doc),
		}, true
	}
	return base.Reading{}, false
}
