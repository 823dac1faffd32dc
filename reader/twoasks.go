package reader

import (
	"fmt"

	"docqa/internal/inquiry"
	"docqa/reader/base"
	"docqa/reader/sentences"
)

// A question may ask two things at once: "What model is the clustering
// based on, and what presents a challenge to it?", "How much did Apple
// spend on research, and what was the focus of this expenditure?". One
// sentence rarely answers both; each ask is read on its own and the two
// answers are given together, each with its quote.

// readAsks reads each of q's two asks and answers with both; ok is false
// unless both are answered by different quotes. tried lists the readers
// that read each ask, or the reason the two-asks reader declined.
func readAsks(q *inquiry.Question, p *sentences.Pool) (r base.Reading, tried []base.Attempt, ok bool) {
	if len(q.Asks) != 2 {
		return base.Reading{}, nil, false
	}
	decline := func(why string) (base.Reading, []base.Attempt, bool) {
		return base.Reading{}, []base.Attempt{{Name: twoAsksReader, Need: base.Window.String(), Verdict: base.VerdictDeclined, Why: why}}, false
	}
	first, second := q.Asks[0], q.Asks[1]
	a := readOne(first, p)
	if !a.Found() {
		return decline("its first ask is not answered")
	}
	b := readOne(second, p)
	if !b.Found() && sentences.ReAnalysisQ.MatchString(second.Text) {
		// "What was the effective tax rate, and how does it align with
		// previous rates?": the figure is a quote's, the analysis a
		// model's; answer what a quote can
		a.Explanation += fmt.Sprintf(" The question's second ask (%q) asks for an analysis that ties parts of the document together, which the extractive engine does not write (a model can: --engine ollama).", second.Text)
		return asked(a, a, b)
	}
	if !b.Found() {
		return decline("its second ask is not answered")
	}
	for _, qa := range a.Quotes {
		for _, qb := range b.Quotes {
			if qa == qb || qa.Doc != qb.Doc || qa.Page-qb.Page > 1 || qb.Page-qa.Page > 1 {
				// one sentence, or sentences apart: not one thing's two sides
				return decline("one sentence, or sentences pages apart, answer its two asks")
			}
		}
	}
	return asked(base.Reading{
		Answer:      a.Answer + " " + b.Answer,
		Explanation: "The question asks two things; each was read on its own. " + a.Explanation + " " + b.Explanation,
		Quotes:      append(append([]base.Quote(nil), a.Quotes...), b.Quotes...),
		Coverage:    min(a.Coverage, b.Coverage),
	}, a, b)
}

// twoAsksReader is the name of the reader of a question's two asks.
const twoAsksReader = "two-asks"

// asked is r, the answer of the two asks read as a and b, with the
// readers each ask reached.
func asked(r, a, b base.Reading) (base.Reading, []base.Attempt, bool) {
	var tried []base.Attempt
	for i, ask := range []base.Reading{a, b} {
		for _, t := range ask.Tried {
			t.Name = fmt.Sprintf("ask %d: %s", i+1, t.Name)
			tried = append(tried, t)
		}
	}
	r.Reader, r.Check = twoAsksReader, ""
	return r, append(tried, base.AttemptOf(twoAsksReader, base.Window, r)), true
}
