package prose

import (
	"fmt"

	"docqa/internal/inquiry"
	textterms "docqa/internal/terms"
	"docqa/reader/base"
	"docqa/reader/sentences"
)

// readChoice picks the option whose terms occur best together with
// the question's in one sentence (or its neighbours), and quotes that
// sentence. When no option is supported, or two are about equally, it
// says not found rather than guess.
func readChoice(p *sentences.Pool, qw map[string]float64, qtotal float64, options []string) base.Reading {
	type support struct {
		score, cov float64
		sent       int
	}
	best := make([]support, len(options))
	for o, opt := range options {
		ow, ototal := p.Weights(textterms.Of(opt), qw)
		best[o] = support{sent: -1}
		if ototal == 0 {
			continue
		}
		for i := range p.Sents {
			cov := p.Cover(i, ow, ototal)
			if cov == 0 {
				continue
			}
			if s := cov + p.Cover(i, qw, qtotal) - p.Par.SourcePenalty*float64(p.Sents[i].Src); s > best[o].score {
				best[o] = support{score: s, cov: cov, sent: i}
			}
		}
	}
	first, second := -1, -1
	for o := range best {
		switch {
		case best[o].sent < 0:
		case first < 0 || best[o].score > best[first].score:
			first, second = o, first
		case second < 0 || best[o].score > best[second].score:
			second = o
		}
	}
	if first < 0 {
		return base.NotFound(fmt.Sprintf("None of the %d options is mentioned in the retrieved pages.", len(options)))
	}
	if second >= 0 && best[first].score-best[second].score < p.Par.MinChoiceMargin {
		return base.NotFound(fmt.Sprintf("The retrieved pages support options %d and %d about equally; ask about one of them.", first+1, second+1)).Covering(best[first].cov)
	}
	q := p.Cite(best[first].sent)
	return base.Reading{
		Answer: fmt.Sprintf("%d. %s", first+1, options[first]),
		Explanation: fmt.Sprintf("Extractive answer (no language model): option %d is the one the sentence on p. %d of %s supports best, covering %.0f%% of the option's terms.",
			first+1, q.Page, q.Doc, 100*best[first].cov),
		Quotes:   []base.Quote{q},
		Option:   first + 1,
		Coverage: best[first].cov,
	}
}

func ReadChoiceOf(q *inquiry.Question, in *sentences.Context) base.Outcome {
	if len(q.Options) == 0 {
		return base.Declined("the question has no options")
	}
	return base.Took(readChoice(in.P, in.W, in.Total, q.Options))
}
