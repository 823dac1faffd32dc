package answer

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"unicode"

	porterstemmer "github.com/blevesearch/go-porterstemmer"

	"docqa/ingest"
)

// ExtractiveEngine is the engine name the extractive answers carry.
const ExtractiveEngine = "extractive"

// minCoverage is the share of the question's weighted terms the best
// sentence must contain for the extractive engine to answer.
const minCoverage = 0.4

// A sentence that holds the kind of thing the question asks for (a number
// for "how many", an address for "what is the e-mail") scores kindBonus
// more, and answers with minKindCoverage of the terms.
const (
	kindBonus       = 0.3
	minKindCoverage = 0.2
	nearWeight      = 0.3
)

// Extractive answers from the sources without a model: it scores every
// sentence of every source by the IDF-weighted share of the question's
// terms it contains (with a small bonus for earlier, better-ranked pages,
// for neighbouring sentences that share terms and for holding the kind of
// thing the question asks for), quotes the best sentence word for word,
// and says [NotFound] when no sentence covers enough of the question. With
// options it picks the option the sources support best ([extractChoice]).
func Extractive(question string, options []string, sources []Source) *Answer {
	a := &Answer{Question: question, Engine: ExtractiveEngine, Citations: []Citation{}}
	for _, s := range sources {
		a.ContextPages = append(a.ContextPages, PageRef{s.Doc, s.Page})
		a.ContextChars += len(s.Text)
	}
	p := newPool(sources)
	w, total := p.weights(terms(question), nil)
	if total == 0 || len(sources) == 0 {
		return notFound(a, "The question has no searchable terms or nothing was retrieved.")
	}
	if len(p.sents) == 0 {
		return notFound(a, "The retrieved pages have no text.")
	}
	if len(options) > 0 {
		return extractChoice(a, p, w, total, options)
	}
	want := questionKind(question)
	best, bestScore, coverage, fits := 0, math.Inf(-1), 0.0, false
	for i, c := range p.sents {
		text := sources[c.src].Text[c.span.Start:c.span.End]
		f := want != kindAny && holdsKind(want, text, question)
		cov := p.cover(i, w, total)
		score := cov - 0.02*float64(c.src)
		if f {
			score += kindBonus
		}
		length := c.span.End - c.span.Start
		if length < 25 && !f {
			score -= 0.15 // headings and fragments say little
		}
		if length > 600 {
			score -= 0.05
		}
		if score > bestScore {
			best, bestScore, coverage, fits = i, score, cov, f
		}
	}
	if coverage < minCoverage && !(fits && coverage >= minKindCoverage) {
		return notFound(a, fmt.Sprintf("No sentence in the %d retrieved page(s) covers enough of the question's terms (best %.0f%%).", len(sources), 100*coverage))
	}
	cit := p.cite(best)
	a.Citations = append(a.Citations, cit)
	a.Status = StatusAnswered
	a.Answer = cit.Quote
	if want == kindAcronym {
		if ex := expansion(cit.Quote, acronym(question)); ex != "" {
			a.Answer = ex
		}
	}
	a.Explanation = fmt.Sprintf("Extractive answer (no language model): the sentence on p. %d of %s that best matches the question, covering %.0f%% of its weighted terms (%s).",
		cit.Page, cit.Doc, 100*coverage, strings.Join(p.matched(best, w), ", "))
	return a
}

// sentence is one sentence of a source and its stemmed terms.
type sentence struct {
	src   int
	span  ingest.Span
	terms map[string]bool
}

// pool is the sentences of the sources with their document frequencies,
// which weight the question's terms.
type pool struct {
	sources []Source
	sents   []sentence
	df      map[string]int
}

func newPool(sources []Source) *pool {
	p := &pool{sources: sources, df: map[string]int{}}
	for i, s := range sources {
		for _, sp := range ingest.Sentences(s.Text) {
			c := sentence{src: i, span: sp, terms: map[string]bool{}}
			for _, t := range terms(s.Text[sp.Start:sp.End]) {
				c.terms[t] = true
			}
			for t := range c.terms {
				p.df[t]++
			}
			p.sents = append(p.sents, c)
		}
	}
	return p
}

// weights gives each term (but those in skip) its inverse sentence
// frequency, and returns their sum.
func (p *pool) weights(ts []string, skip map[string]float64) (map[string]float64, float64) {
	n := float64(len(p.sents))
	w := map[string]float64{}
	total := 0.0
	for _, t := range ts {
		if _, ok := w[t]; ok {
			continue
		}
		if _, ok := skip[t]; ok {
			continue
		}
		w[t] = math.Log(1 + n/float64(1+p.df[t]))
		total += w[t]
	}
	return w, total
}

// cover is the weighted share of the terms w that sentence i holds, the
// terms only its neighbours on the same page hold counting nearWeight: a
// table row or a line of an address rarely repeats the words around it.
func (p *pool) cover(i int, w map[string]float64, total float64) float64 {
	same := func(j int) bool { return j >= 0 && j < len(p.sents) && p.sents[j].src == p.sents[i].src }
	got := 0.0
	for t, x := range w {
		switch {
		case p.sents[i].terms[t]:
			got += x
		case same(i-1) && p.sents[i-1].terms[t], same(i+1) && p.sents[i+1].terms[t]:
			got += nearWeight * x
		}
	}
	return got / total
}

// cite quotes sentence i word for word, with the next one on the same
// page when it is short, and verifies the quote.
func (p *pool) cite(i int) Citation {
	c := p.sents[i]
	src := p.sources[c.src]
	end := c.span.End
	if c.span.End-c.span.Start < 40 && i+1 < len(p.sents) && p.sents[i+1].src == c.src {
		end = p.sents[i+1].span.End
	}
	quote := oneLine(src.Text[c.span.Start:end])
	cit := Citation{Quote: quote, Doc: src.Doc, Page: src.Page}
	if s, ok := Verify(quote, p.sources); ok {
		cit.Doc, cit.Page, cit.Verified = s.Doc, s.Page, true
	}
	return cit
}

// matched lists the terms of w that sentence i holds, sorted.
func (p *pool) matched(i int, w map[string]float64) []string {
	var out []string
	for t := range w {
		if p.sents[i].terms[t] {
			out = append(out, t)
		}
	}
	sort.Strings(out)
	return out
}

func notFound(a *Answer, why string) *Answer {
	a.Status = StatusNotFound
	a.Answer = NotFound
	a.Explanation = why
	return a
}

// oneLine folds a quote's line breaks and runs of spaces into single spaces.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// terms returns the stemmed content words of s, stop words removed.
func terms(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		if stopWords[w] || (len(w) < 2 && !unicode.IsDigit(rune(w[0]))) {
			continue
		}
		out = append(out, porterstemmer.StemString(w))
	}
	return out
}

var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a about above after again against all am an and any are as at be because been
		before being below between both but by can could did do does doing down during each few for from further had has
		have having he her here hers herself him himself his how i if in into is it its itself just me more most my myself
		no nor not now of off on once only or other our ours ourselves out over own same she should so some such than that
		the their theirs them themselves then there these they this those through to too under until up very was we were
		what when where which while who whom why will with would you your yours yourself yourselves tell please give list
		describe explain according document page pdf often much many long`) {
		m[w] = true
	}
	return m
}()
