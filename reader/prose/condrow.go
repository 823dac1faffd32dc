package prose

import (
	"fmt"
	"slices"
	"strings"

	"docqa/internal/inquiry"
	"docqa/reader/base"
	"docqa/reader/sentences"
)

// A manual sets out what its controls do as a table under each control's
// heading: "Down button", then rows of an operation and its function
// ("Press and hold" | "Wake up the voice assistant."). "What will happen
// when you press and hold the Down button?" names both the row's label
// ("press and hold") and the heading ("the Down button"); no one sentence
// holds them together, and a sentence elsewhere that does ("press the
// Down button twice") tells of another operation. readConditionRow reads
// the table: the row whose label is made of the condition's words, under
// the nearest heading above it that holds the rest of them, answered by
// the sentence after the label.

// condRow is a row of a control's table that a condition names.
type condRow struct {
	heading, label, function int // sentences of the pool
}

// readConditionRow answers a question that asks what follows a condition
// ([reConditionQ]) from the row of a table its words name ([condRow]).
// ok is false when no row does, or rows on the retrieved pages disagree.
func readConditionRow(p *sentences.Pool, q *inquiry.Question) (base.Reading, bool) {
	cond := slices.Compact(slices.Sorted(slices.Values(sentences.ConditionTerms(q))))
	if len(cond) < 2 {
		return base.Reading{}, false
	}
	var found []condRow
	for i := range p.Sents {
		if r, ok := conditionRow(p, i, cond); ok {
			found = append(found, r)
		}
	}
	if len(found) == 0 {
		return base.Reading{}, false
	}
	r := found[0]
	for _, o := range found[1:] {
		if sentences.OneLine(sentences.SentText(p, o.function)) != sentences.OneLine(sentences.SentText(p, r.function)) {
			return base.Reading{}, false
		}
	}
	src := p.Sources[p.Sents[r.label].Src]
	text := src.Text
	head := sentences.OneLine(sentences.SentText(p, r.heading))
	row := sentences.OneLine(text[p.Sents[r.label].Span.Start:p.Sents[r.function].Span.End])
	return base.Reading{
		Answer: sentences.OneLine(sentences.SentText(p, r.function)),
		Quotes: []base.Quote{
			{Text: head, Doc: src.Doc, Page: src.Page},
			{Text: row, Doc: src.Doc, Page: src.Page},
		},
		Explanation: fmt.Sprintf("Extractive answer (no language model): the row %q under %q on p. %d of %s.", sentences.OneLine(sentences.SentText(p, r.label)), head, src.Page, src.Doc),
	}, true
}

// conditionRow reports the row whose label is sentence i, when the
// condition's terms cond (sorted) name it: the label is a few words, all
// of them the condition's; the nearest short sentence above it on its
// page that holds a term the label lacks holds all of them (a heading of
// another control, "Up button", ends the search); and the sentence after
// the label says something.
func conditionRow(p *sentences.Pool, i int, cond []string) (condRow, bool) {
	c := p.Sents[i]
	if c.Running || c.Folio || c.Leader || len(c.Terms) == 0 || len(strings.Fields(sentences.SentText(p, i))) > p.Par.MaxLabelWords {
		return condRow{}, false
	}
	for _, t := range c.Terms {
		if _, ok := slices.BinarySearch(cond, t); !ok {
			return condRow{}, false
		}
	}
	var rest []string
	for _, t := range cond {
		if !c.Terms.Has(t) {
			rest = append(rest, t)
		}
	}
	f := i + 1
	if len(rest) == 0 || f >= len(p.Sents) || p.Sents[f].Src != c.Src || len(strings.Fields(sentences.SentText(p, f))) < p.Par.MinFunctionWords {
		return condRow{}, false
	}
	for j := i - 1; j >= 0 && j >= i-p.Par.MaxRowsBack && p.Sents[j].Src == c.Src; j-- {
		h := p.Sents[j]
		if len(strings.Fields(sentences.SentText(p, j))) > p.Par.MaxHeadingWords || !slices.ContainsFunc(rest, h.Terms.Has) {
			continue
		}
		if slices.ContainsFunc(rest, func(t string) bool { return !h.Terms.Has(t) }) {
			return condRow{}, false
		}
		return condRow{heading: j, label: i, function: f}, true
	}
	return condRow{}, false
}

func ReadConditionRowOf(q *inquiry.Question, in *sentences.Context) base.Outcome {
	return base.Answered(readConditionRow(in.P, q))
}
