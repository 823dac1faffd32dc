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
// terms it contains (with a small bonus for earlier, better-ranked pages and
// for neighbouring sentences that share terms), quotes the best sentence
// word for word, and says [NotFound] when no sentence covers enough of the
// question.
func Extractive(question string, sources []Source) *Answer {
	a := &Answer{Question: question, Engine: ExtractiveEngine, Citations: []Citation{}}
	for _, s := range sources {
		a.ContextPages = append(a.ContextPages, PageRef{s.Doc, s.Page})
		a.ContextChars += len(s.Text)
	}
	qterms := terms(question)
	if len(qterms) == 0 || len(sources) == 0 {
		return notFound(a, "The question has no searchable terms or nothing was retrieved.")
	}

	type cand struct {
		src      int
		span     ingest.Span
		terms    map[string]bool
		score    float64
		coverage float64
		fits     bool // holds a thing of the kind the question asks for
	}
	var cands []cand
	df := map[string]int{}
	for i, s := range sources {
		for _, sp := range ingest.Sentences(s.Text) {
			c := cand{src: i, span: sp, terms: map[string]bool{}}
			for _, t := range terms(s.Text[sp.Start:sp.End]) {
				c.terms[t] = true
			}
			for t := range c.terms {
				df[t]++
			}
			cands = append(cands, c)
		}
	}
	if len(cands) == 0 {
		return notFound(a, "The retrieved pages have no text.")
	}
	n := float64(len(cands))
	weight := map[string]float64{}
	total := 0.0
	for _, t := range qterms {
		if _, ok := weight[t]; ok {
			continue
		}
		w := math.Log(1 + n/float64(1+df[t]))
		weight[t] = w
		total += w
	}
	want := questionKind(question)
	cover := func(i int) float64 {
		got := 0.0
		for t, w := range weight {
			if cands[i].terms[t] {
				got += w
			}
		}
		return got / total
	}
	// same reports whether candidate j exists and is on i's page.
	same := func(i, j int) bool { return j >= 0 && j < len(cands) && cands[j].src == cands[i].src }
	for i := range cands {
		c := &cands[i]
		src := sources[c.src]
		c.fits = want != kindAny && holdsKind(want, src.Text[c.span.Start:c.span.End], question)
		c.coverage = cover(i)
		// Terms in the sentences either side count half: a table row or
		// a line of an address rarely repeats the words around it.
		near := 0.0
		for t, w := range weight {
			if !c.terms[t] && (same(i, i-1) && cands[i-1].terms[t] || same(i, i+1) && cands[i+1].terms[t]) {
				near += w
			}
		}
		c.coverage += nearWeight * near / total
		length := c.span.End - c.span.Start
		c.score = c.coverage - 0.02*float64(c.src)
		if c.fits {
			c.score += kindBonus
		}
		if length < 25 && !c.fits {
			c.score -= 0.15 // headings and fragments say little
		}
		if length > 600 {
			c.score -= 0.05
		}
	}
	best := 0
	for i := range cands {
		if cands[i].score > cands[best].score {
			best = i
		}
	}
	c := cands[best]
	if c.coverage < minCoverage && !(c.fits && c.coverage >= minKindCoverage) {
		return notFound(a, fmt.Sprintf("No sentence in the %d retrieved page(s) covers enough of the question's terms (best %.0f%%).", len(sources), 100*c.coverage))
	}
	src := sources[c.src]
	quote := src.Text[c.span.Start:c.span.End]
	// A short quote gets the sentence after it, when that is on the same page.
	if len(quote) < 40 && best+1 < len(cands) && cands[best+1].src == c.src {
		next := cands[best+1].span
		quote = src.Text[c.span.Start:next.End]
	}
	quote = oneLine(quote)
	cit := Citation{Quote: quote, Doc: src.Doc, Page: src.Page}
	if s, ok := Verify(quote, sources); ok {
		cit.Doc, cit.Page, cit.Verified = s.Doc, s.Page, true
	}
	a.Citations = append(a.Citations, cit)
	a.Status = StatusAnswered
	a.Answer = quote
	if want == kindAcronym {
		if ex := expansion(quote, acronym(question)); ex != "" {
			a.Answer = ex
		}
	}
	var matched []string
	for t := range weight {
		if c.terms[t] {
			matched = append(matched, t)
		}
	}
	sort.Strings(matched)
	a.Explanation = fmt.Sprintf("Extractive answer (no language model): the sentence on p. %d of %s that best matches the question, covering %.0f%% of its weighted terms (%s).",
		src.Page, src.Doc, 100*c.coverage, strings.Join(matched, ", "))
	return a
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
