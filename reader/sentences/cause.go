package sentences

import (
	"strings"

	"docqa/internal/inquiry"
	"docqa/internal/lazyre"
	"docqa/reader/base"
)

// A question that asks what caused something ("What drove the increase
// in merchandise inventories?", "Why did gross margin fall?") is answered
// by a sentence that gives a cause: "due to", "driven by", "as a result
// of". Filings most often state the change in one sentence and its cause
// in the next, which points back to it ("Merchandise inventories ...
// totaled $1.6 billion compared to $1.5 billion ... The $104.2 million
// increase was primarily due to the opening of 47 new stores"): such a
// pair is read, and quoted, as one answer.

var (
	reCauseQ = lazyre.New(`(?i)\b(?:why\b|what (?:drove|drives|caused|causes|led to|leads to|contributed to|explains)\b|what (?:were|was|are|is) the (?:main |primary |key |major |principal )?(?:reasons?|drivers?|causes?|factors?)\b|(?:reasons?|drivers?) (?:for|behind|of)\b)`)
	reCause  = lazyre.New(`(?i)\b(?:due (?:primarily |mainly |largely |principally )?to|driven (?:primarily |mainly |largely |principally )?by|drove|because|as a result of|result(?:ed|ing|s)? (?:primarily |mainly |largely )?from|attributable to|owing to|caused by|reflect(?:s|ed|ing)?|led by|on account of|offset by)\b`)
	// reBack is a sentence's opening that points back to the change the
	// sentence before states: "The $104.2 million increase", "This
	// decrease", "These changes".
	reBack = lazyre.New(`^(?i)(?:the|this|these|that|such)\s+(?:[$€£]?\s?[0-9][0-9.,]*\s*(?:million|billion|thousand|%|percent)?\s+)?(?:year-over-year\s+|net\s+)?(?:increase|decrease|change|decline|growth|improvement|rise|reduction|drop|variance|shortfall|gain|loss)e?s?\b`)
)

// asksCause reports whether text, a question's wording, asks what caused something; a
// request to "explain why" an answer holds does not ("If the quick ratio
// is not useful, state that and explain why.").
func asksCause(text string) bool {
	return reCauseQ.MatchString(reExplainWhy.ReplaceAllString(inquiry.StripInstructions(text), ""))
}

var reExplainWhy = lazyre.New(`(?i)\bexplain why\b`)

// givesCause reports whether sentence s states a cause.
func givesCause(s string) bool { return reCause.MatchString(s) }

// pointsBack reports whether sentence s opens by pointing back to the
// change the sentence before it states.
func pointsBack(s string) bool { return reBack.MatchString(strings.TrimSpace(s)) }

// CauseOfLast reports whether sentence i, read for a question of kind k,
// gives the cause of a change that the sentence before it on its page
// states.
func (p *Pool) CauseOfLast(i int, k Kind) bool {
	return k == KindCause && i > 0 && p.Sents[i-1].Src == p.Sents[i].Src && pointsBack(SentText(p, i)) && givesCause(SentText(p, i))
}

// CoverPair is [Pool.Cover] of sentence i read with the one before it,
// whose terms count in full. As cover does, it adds in the sentences'
// term order, never in map order, so that equal pairs score the same to
// the last bit on every run.
func (p *Pool) CoverPair(i int, w map[string]float64, total float64) float64 {
	before, own := p.Sents[i-1].Terms, p.Sents[i].Terms
	got := 0.0
	for _, t := range before {
		got += w[t]
	}
	for _, t := range own {
		if !before.Has(t) {
			got += w[t]
		}
	}
	return got / total
}

// CiteFrom quotes sentences from to i word for word, as [Pool.Cite]
// quotes i.
func (p *Pool) CiteFrom(from, i int) base.Quote {
	q := p.Cite(i)
	src := p.Sources[p.Sents[i].Src]
	q.Text = OneLine(src.Text[p.Sents[from].Span.Start:p.Sents[p.Quoted(i)].Span.End])
	return q
}

// CauseOf is the cause sentence s gives, from the words that give it to
// the sentence's end: "due to the opening of 47 new stores ...".
func CauseOf(s string) string {
	m := reCause.FindStringIndex(s)
	if m == nil {
		return ""
	}
	return OneLine(s[m[0]:])
}
