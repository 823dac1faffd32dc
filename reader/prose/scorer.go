package prose

import (
	"fmt"
	"maps"
	"math"
	"regexp"
	"strings"

	"docqa/internal/inquiry"
	textterms "docqa/internal/terms"
	"docqa/reader/base"
	"docqa/reader/sentences"
)

// The sentence scorer is the last window reader: it scores every
// sentence of the window by the IDF-weighted share of the question's
// terms it contains (with a small bonus for earlier, better-ranked pages,
// for neighbouring sentences that share terms and for holding the kind
// of thing the question asks for), quotes the best sentence word for
// word, and answers nothing when no sentence covers enough of the
// question or when a check of the best sentence fails
// (the checks the dispatcher hands it, reader's sentenceChecks).

// A SentenceCheck refuses the best sentence: Check returns why the
// sentence does not answer the question, or ""; Name is the check's name
// in the trace.
type SentenceCheck struct {
	Name  string
	Check func(q *inquiry.Question, b best) string
}

// best is the sentence the scorer chose, with what it holds.
type best struct {
	in       *sentences.Context
	sc       scorer
	i        int     // the sentence
	coverage float64 // the weighted share of the question's terms it covers
	fits     bool    // it holds the kind of thing asked for
	near     bool    // ... next to a question term
	// ownFits is fits before the sentence's end on the next page is read
	ownFits bool
}

// text is the best sentence's text.
func (b best) text() string { return sentences.SentText(b.in.P, b.i) }

// where is "p. N of DOC", the best sentence's page.
func (b best) where() string {
	src := b.in.P.Sources[b.in.P.Sents[b.i].Src]
	return fmt.Sprintf("p. %d of %s", src.Page, src.Doc)
}

// ReadSentence answers q with the window's best sentence ([scorer]),
// refused by the first of checks that fails.
func ReadSentence(q *inquiry.Question, in *sentences.Context, checks []SentenceCheck) base.Reading {
	p := in.P
	sc := newScorer(p, q, in.W, in.Total)
	b := best{in: in, sc: sc}
	bestScore := math.Inf(-1)
	for i := range p.Sents {
		score, cov, f, nr, ok := sc.score(i)
		if ok && score > bestScore {
			b.i, bestScore, b.coverage, b.fits, b.near = i, score, cov, f, nr
		}
	}
	b.ownFits = b.fits
	back, turn := p.TurnBack(b.i), p.Turn(p.Quoted(b.i))
	if turn >= 0 && (!b.fits || !b.near) {
		// what the sentence holds once its end on the next page is read
		joined := b.text() + " " + sentences.SentText(p, turn)
		if !b.fits {
			b.fits = sc.holds(joined)
		}
		if sc.number != nil && !b.near {
			_, b.near = sc.number(joined)
		}
	}
	for _, c := range checks {
		if why := c.Check(q, b); why != "" {
			r := base.NotFound(why).Covering(b.coverage)
			r.Check = c.Name
			return r
		}
	}
	return quoteBest(q, b, back, turn)
}

// quoteBest answers with the best sentence, quoted from where it begins
// (back, the page before, or -1) to where it ends (turn, the next page,
// or -1), its answer the kind of thing asked for where it can be told.
func quoteBest(q *inquiry.Question, b best, back, turn int) base.Reading {
	p, sc := b.in.P, b.sc
	cited := p.Cite(b.i)
	if p.CauseOfLast(b.i, sc.want) {
		cited = p.CiteFrom(b.i-1, b.i)
	}
	r := base.Reading{Answer: cited.Text, Quotes: []base.Quote{cited}, Coverage: b.coverage}
	if back >= 0 {
		// the sentence began on the page before: quote its start there
		start := p.Cite(back)
		r.Quotes = []base.Quote{start, cited}
		r.Answer = start.Text + " " + cited.Text
	}
	if turn >= 0 {
		// the sentence runs over the page turn: quote its end on its page
		more := p.Cite(turn)
		r.Quotes = append(r.Quotes, more)
		r.Answer += " " + more.Text
	}
	switch sc.want {
	case sentences.KindAcronym:
		if ex := sentences.Expansion(r.Answer, sentences.Acronym(q)); ex != "" {
			r.Answer = ex
		}
	case sentences.KindDate:
		if d := sentences.DateAnswer(q.Text, r.Answer); d != "" {
			r.Answer = d
		}
	case sentences.KindNumber:
		if n, ok := sc.number(r.Answer); ok {
			r.Answer = n
		}
	case sentences.KindCause:
		if c := sentences.CauseOf(b.text()); c != "" {
			r.Answer = c
		}
	}
	r.Explanation = fmt.Sprintf("Extractive answer (no language model): the sentence on p. %d of %s that best matches the question, covering %.0f%% of its weighted terms (%s).",
		cited.Page, cited.Doc, 100*b.coverage, strings.Join(p.Matched(b.i, b.in.W), ", "))
	if v := sentenceVerdict(q, b.text()); v != "" {
		r.Answer = v + ". " + r.Answer
		r.Explanation += " The sentence says " + strings.ToLower(v) + "."
	}
	return r
}

// The checks of the best sentence.

// CheckLowCoverage: no sentence covers enough of the question's terms
// (MinCoverage), or, holding the kind of thing asked for, the less
// MinKindCoverage (not a cause, which most sentences of a filing's
// discussion give).
func CheckLowCoverage(_ *inquiry.Question, b best) string {
	least := b.in.P.Par.MinCoverage
	if b.in.P.Sents[b.i].Src == 0 {
		least = b.in.P.Par.MinTopCoverage
	}
	if b.coverage < least && !(b.ownFits && b.coverage >= b.in.P.Par.MinKindCoverage && b.sc.want != sentences.KindCause) {
		return fmt.Sprintf("No sentence in the %d retrieved page(s) covers enough of the question's terms (best %.0f%%).", len(b.in.P.Sources), 100*b.coverage)
	}
	return ""
}

// CheckKindMissing: the question asks for a kind of thing the best
// sentence lacks (a name is not told by its form: "Who is Aurora
// Propulsion Works?" asks for what it is).
func CheckKindMissing(_ *inquiry.Question, b best) string {
	want := b.sc.want
	if !(want != sentences.KindAny && want != sentences.KindName && !b.fits || want == sentences.KindNumber && !b.near) {
		return ""
	}
	what := want.String()
	if b.fits {
		what += " beside the question's words"
	}
	return fmt.Sprintf("The sentence that best matches the question (%s) holds no %s.", b.where(), what)
}

func CheckComparedSide(q *inquiry.Question, b best) string {
	if side := sentences.ComparedWith(q); side != nil && !sentences.SpeaksOf(b.text(), side) {
		return fmt.Sprintf("The question compares with %s; the sentence that best matches it (%s) does not speak of it.", strings.Join(side, ", "), b.where())
	}
	return ""
}

func CheckUnmetCondition(q *inquiry.Question, b best) string {
	if t := b.in.P.UnmetCondition(b.i, q); t != "" {
		return fmt.Sprintf("The question asks what follows a condition; the sentence that best matches it (%s) does not speak of %q.", b.where(), t)
	}
	return ""
}

func CheckUnstated(_ *inquiry.Question, b best) string {
	return b.in.P.Unstated(b.i, b.in.Metric, b.in.Item)
}

func CheckRanksNothing(q *inquiry.Question, b best) string {
	if sentences.AsksWhichMost(q) && !sentences.Ranks(b.text()) {
		return fmt.Sprintf("The question asks which ranks first or last; the sentence that best matches it (%s) ranks nothing.", b.where())
	}
	return ""
}

func CheckUnnamedNear(q *inquiry.Question, b best) string {
	if b.sc.want != sentences.KindNumber {
		return ""
	}
	if n := b.in.P.UnnamedNear(b.i, q); n != "" {
		return fmt.Sprintf("The sentence that best matches the question (%s) holds a number but does not name %q, which the question asks about.", b.where(), n)
	}
	return ""
}

func CheckNoDifference(q *inquiry.Question, b best) string {
	if b.sc.want == sentences.KindNumber && sentences.AsksDifference(q.Stripped) && !sentences.StatesDifference(b.text()) {
		return fmt.Sprintf("The question asks for a difference; the sentence that best matches it (%s) states a figure, not a difference, and the figures to subtract were not found.", b.where())
	}
	return ""
}

func CheckNoSum(q *inquiry.Question, b best) string {
	if b.sc.want == sentences.KindNumber && sentences.AsksSum(q) && !sentences.StatesSum(b.text()) {
		return fmt.Sprintf("The question asks for a total; the sentence that best matches it (%s) states one figure, not a total, and the figures to add were not found.", b.where())
	}
	return ""
}

// scorer scores the sentences of a pool as answers to one question.
type scorer struct {
	p     *sentences.Pool
	w     map[string]float64
	total float64
	want  sentences.Kind
	holds func(string) bool // the sentence holds the kind of thing asked for
	// number finds a new number next to a question term, and the typed
	// answer it makes ([sentences.NumberNear]); nil unless the question asks for
	// a number
	number func(string) (string, bool)
	// rest is w without the terms of the question's form cue ([sentences.FormCue]),
	// which a sentence holding the kind counts as held, cue their share.
	rest map[string]float64
	cue  float64
	// dated[i] is false for a source that lacks a year the question names
	dated []bool
	// labels are the numbered things the question names ([sentences.Labelled])
	labels map[string][]string
	// asksWhere: the question asks where something is told ("Which
	// table lists ...?"), which a pointer ([rePointer]) answers
	asksWhere bool
	// asksCertified: the question asks about a filing's certification
	// ([reCertification])
	asksCertified bool
	// asksTitle: the question asks for a title, topic or name, which a
	// heading answers ([reTitleQ])
	asksTitle bool
	// defines tells a sentence that says what the question's thing is
	// ([sentences.DefinedTerm], [sentences.Definition]); nil unless the question asks so
	defines *regexp.Regexp
}

func newScorer(p *sentences.Pool, q *inquiry.Question, w map[string]float64, total float64) scorer {
	question := q.Text
	s := scorer{p: p, w: w, total: total, want: sentences.QuestionKind(question)}
	s.holds = sentences.KindTest(s.want, q, p.Par)
	if s.want == sentences.KindNumber {
		s.number = sentences.NumberNear(q, p.Par)
	}
	s.dated = sentences.DatedSources(p.Sources, q)
	s.labels = sentences.Labelled(q.Stripped)
	s.asksWhere = reWhereQ.MatchString(question)
	s.asksCertified = reCertifiedQ.MatchString(question)
	s.asksTitle = reTitleQ.MatchString(question)
	if t := sentences.DefinedTerm(question); t != "" && (s.want == sentences.KindAny || s.want == sentences.KindAcronym) {
		s.defines = sentences.Definition(t) // nil when none can be made
	}
	s.rest = w
	if cue := textterms.Of(sentences.FormCue(s.want, question, p.Par)); len(cue) > 0 {
		s.rest = maps.Clone(w)
		for _, t := range cue {
			s.cue += s.rest[t] / total
			delete(s.rest, t)
		}
	}
	return s
}

// score rates sentence i: the weighted share of the question's terms it
// covers, less a little for later sources, with the kind and nearness
// bonuses, less for fragments and very long sentences. near reports
// that it holds the kind asked for next to a question term. ok is false
// for a sentence whose quote adds nothing to the question ("Revised May
// 2016").
func (s scorer) score(i int) (score, cov float64, fits, near, ok bool) {
	p := s.p
	if p.Sents[i].Running || p.Sents[i].Folio || p.Sents[i].Leader || !s.dated[p.Sents[i].Src] || !p.Adds(i, s.w) || p.Asks(i) || p.Fragment(i) {
		return 0, 0, false, false, false
	}
	c := p.Sents[i]
	text := sentences.SentText(p, i)
	if s.asides(text) || s.want == sentences.KindAny && !s.asksTitle && Heading(p.Sources[c.Src].Text, c.Span.Start, c.Span.End, p.Par) {
		return 0, 0, false, false, false
	}
	if sentences.OtherReferent(text, s.labels) {
		return 0, 0, false, false, false
	}
	fits = s.holds(text)
	switch {
	case fits && p.CauseOfLast(i, s.want):
		// a change and the sentence giving its cause: the words that
		// ask for a cause are answered
		cov = p.CoverPair(i, s.rest, s.total) + s.cue
	case fits && s.cue > 0 && s.want != sentences.KindCause:
		cov = p.Cover(i, s.rest, s.total) + s.cue
	default:
		cov = p.Cover(i, s.w, s.total)
	}
	score = cov - p.Par.SourcePenalty*float64(c.Src)
	if s.defines != nil && s.defines.MatchString(text) {
		score += p.Par.KindBonus // the sentence that says what it is
	}
	if fits {
		score += p.Par.KindBonus
		if s.number != nil {
			_, near = s.number(text)
		}
		if near {
			score += p.Par.NearBonus
		}
	}
	length := c.Span.End - c.Span.Start
	if length < p.Par.ShortSentence && !fits {
		score -= p.Par.ShortPenalty // headings and fragments say little
	}
	if length > p.Par.LongSentence {
		score -= p.Par.LongPenalty
	}
	return score, cov, fits, near, true
}
