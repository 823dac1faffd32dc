package search

import (
	"cmp"
	"slices"
	"strings"
)

// A question's words are not always the document's ("capital
// expenditure" where the statement says "purchases of property, plant
// and equipment"). Pseudo-relevance feedback closes part of the gap
// without a thesaurus: the best passages the question finds are taken
// to be relevant, and the words they hold most weigh in a second search.
// docqa uses RM3 (Lavrenko and Croft, "Relevance-Based Language Models",
// SIGIR 2001; Abdul-Jaleel et al., "UMass at TREC 2004"), as Anserini
// implements it, with Anserini's defaults: the 10 best passages, the 10
// heaviest terms, and the question keeping half the weight.

// expand returns the RM3 query of question q, whose search found hits
// (best first): the question's terms, weighted by how often it says
// them, mixed with the terms of the relevance model of the best hits
// (Params.FeedbackDocs, FeedbackTerms, FeedbackWeight). It returns false
// when the hits hold nothing to learn from, or feedback is off.
func (x *Index) expand(q string, hits []Hit) (searchQuery, bool) {
	a := x.analyzer
	p := x.params
	if a == nil || len(hits) == 0 || p.FeedbackDocs == 0 || p.FeedbackTerms == 0 {
		return searchQuery{}, false
	}
	orig := map[string]float64{}
	n := 0.0
	for _, tok := range a.Analyze([]byte(q)) {
		orig[string(tok.Term)]++
		n++
	}
	top := hits[:min(p.FeedbackDocs, len(hits))]
	sum := 0.0
	for _, h := range top {
		sum += h.Score
	}
	if n == 0 || sum <= 0 {
		return searchQuery{}, false
	}
	// P(w|R) = Σ_d P(w|d) P(d|q), P(d|q) the passage's share of the
	// scores
	model := map[string]float64{}
	for _, h := range top {
		c := x.counts(a, h.Text)
		for t, f := range c.tf {
			if feedbackTerm(t) {
				model[t] += float64(f) / float64(c.n) * h.Score / sum
			}
		}
	}
	type tw struct {
		t string
		w float64
	}
	var all []tw
	for t, v := range model {
		all = append(all, tw{t, v})
	}
	slices.SortFunc(all, func(a, b tw) int {
		if c := cmp.Compare(b.w, a.w); c != 0 {
			return c
		}
		return strings.Compare(a.t, b.t)
	})
	all = all[:min(p.FeedbackTerms, len(all))]
	norm := 0.0
	for _, e := range all {
		norm += e.w
	}
	if norm == 0 {
		return searchQuery{}, false
	}
	w := map[string]float64{}
	for t, f := range orig {
		w[t] = p.FeedbackWeight * f / n
	}
	words := []string{q}
	for _, e := range all {
		if _, ok := w[e.t]; !ok {
			words = append(words, e.t)
		}
		w[e.t] += (1 - p.FeedbackWeight) * e.w / norm
	}
	return searchQuery{text: strings.Join(words, " "), weights: w, original: q}, true
}

// feedbackTerm reports whether an analysed term may expand a query: as
// in Anserini, terms of letters and digits only, of two bytes or more;
// numbers are left out too, since a figure names one fact, not a topic.
func feedbackTerm(t string) bool {
	if len(t) < 2 {
		return false
	}
	letter := false
	for _, r := range t {
		switch {
		case r >= 'a' && r <= 'z':
			letter = true
		case r >= '0' && r <= '9':
		default:
			return false
		}
	}
	return letter
}
