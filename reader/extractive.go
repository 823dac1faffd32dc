package reader

import (
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"

	"docqa/internal/inquiry"
	"docqa/internal/segment"
	textterms "docqa/internal/terms"
)

// minCoverage is the share of the question's weighted terms the best
// sentence must contain for the extractive engine to answer.
const minCoverage = 0.4

// A sentence that holds the kind of thing the question asks for (a number
// for "how many", an address for "what is the e-mail") scores kindBonus
// more, and answers with minKindCoverage of the terms (not a cause, which
// most sentences of a filing's discussion give: it needs minCoverage); a
// new number next to one of the question's words ("18 data centers")
// nearBonus more.
const (
	kindBonus       = 0.3
	nearBonus       = 0.3
	minKindCoverage = 0.2
	nearWeight      = 0.3
)

// Read answers from the sources without a model: it scores every
// sentence of every source by the IDF-weighted share of the question's
// terms it contains (with a small bonus for earlier, better-ranked pages,
// for neighbouring sentences that share terms and for holding the kind of
// thing the question asks for), quotes the best sentence word for word,
// and answers nothing when no sentence covers enough of the question.
// With options it picks the option the sources support best
// ([readChoice]). A question that asks for a table figure is answered
// from the tables first ([Figure]); one that asks two things, ask by ask
// ([readAsks]).
func Read(question string, options []string, sources []Source) Reading {
	p := newPool(sources) // the sources' sentences, whatever is asked of them
	if len(options) == 0 {
		if r, ok := readAsks(question, p); ok {
			return r
		}
	}
	return readOne(question, options, p)
}

// readOne is [Read] of one ask, over the pool of the sources' sentences.
func readOne(question string, options []string, p *pool) Reading {
	sources := p.sources
	w, total := p.weights(textterms.Of(inquiry.WithoutSourceNames(question)), nil)
	w, total = dateWeighed(question, w, total)
	if total == 0 || len(sources) == 0 {
		return notFound("The question has no searchable terms or nothing was retrieved.")
	}
	if len(p.sents) == 0 {
		return notFound("The retrieved pages have no text.")
	}
	if len(options) > 0 {
		return readChoice(p, w, total, options)
	}
	if AsksParty(question) {
		if r, ok := readParty(question, sources); ok {
			return r.covering(1)
		}
	}
	if AsksByline(question) {
		if r, ok := readByline(question, sources); ok && r.Found() {
			return r.covering(1)
		} else if ok {
			return r
		}
		return notFound("The question asks about the document's authors; no page 1 among the retrieved pages names them under its title.")
	}
	if r, ok := readDegree(question, sources); ok {
		return r.covering(1)
	}
	if s, ok := parseSuperlative(question); ok {
		if r, ok := s.read(sources); ok {
			return r.covering(1)
		}
	}
	var metric []string // the names of the metric asked for, when the tables could not give it
	var item []string   // the names of the item whose amount is asked for, when the tables could not give it
	if f, ok := ParseFigure(question, nil); ok {
		if r, ok := f.Read(sources); ok {
			return r.covering(1)
		}
		if f.fq.metric != nil {
			metric = f.fq.metric.Names
		}
		if f.fq.metric == nil && !f.fq.percent {
			item = f.fq.item()
		}
	} else if m := namedMetric(inquiry.StripInstructions(question), standardMetrics); m != nil && reFigureQ.MatchString(question) && !reNotFigureQ.MatchString(asked(question)) {
		// "What is the quick ratio at the end of the quarter?" names
		// no year the tables could be read in: a sentence answers only
		// if it states the ratio
		metric = m.Names
	}
	if r, ok := readCells(question, sources); ok {
		return r.covering(1)
	}
	if r, ok := readSteps(p, question); ok {
		return r.covering(1)
	}
	if r, ok := readListed(p, question); ok {
		return r.covering(1)
	}
	if r, ok := readOrder(question, sources); ok {
		return r.covering(1)
	}
	if r, ok := readConditionRow(p, question); ok {
		return r.covering(1)
	}
	if f, ok := ParseFootnote(question); ok {
		if r, ok := f.Read(sources); ok {
			return r.covering(1)
		}
	}
	if c, ok := ParseContents(question); ok {
		if r, ok := c.Read(sources); ok {
			return r.covering(1)
		}
	}
	if r, ok := readTitles(question, sources); ok {
		return r.covering(1)
	}
	if keys := rowKeys(question); keys != nil {
		if r, ok := readKeyed(p, keys, w, total); ok {
			return r.covering(1)
		}
	}
	if t := p.missingNamed(question); t != "" {
		return notFound(fmt.Sprintf("The question names %q, which none of the %d retrieved page(s) mention.", t, len(sources)))
	}
	if t := p.missingPredicate(question); t != "" {
		return notFound(fmt.Sprintf("The question asks whether %q applies, but none of the %d retrieved page(s) mention it.", t, len(sources)))
	}
	if reAnalysisQ.MatchString(inquiry.StripInstructions(question)) {
		return notFound("The question asks for an analysis that ties parts of the document together, which no one sentence states: the extractive engine quotes, it does not write one (a model can: --engine ollama).")
	}
	if reMentions.MatchString(question) {
		return notFound("The question asks how often the document mentions something: a count over all its pages, which no sentence states.")
	}
	sc := newScorer(p, question, w, total)
	best, bestScore, coverage, fits, near := 0, math.Inf(-1), 0.0, false, false
	for i := range p.sents {
		score, cov, f, nr, ok := sc.score(i)
		if ok && score > bestScore {
			best, bestScore, coverage, fits, near = i, score, cov, f, nr
		}
	}
	if coverage < minCoverage && !(fits && coverage >= minKindCoverage && sc.want != kindCause) {
		return notFound(fmt.Sprintf("No sentence in the %d retrieved page(s) covers enough of the question's terms (best %.0f%%).", len(sources), 100*coverage)).covering(coverage)
	}
	back, turn := p.turnBack(best), p.turn(p.quoted(best))
	if turn >= 0 && (!fits || !near) {
		// what the sentence holds once its end on the next page is read
		joined := sentText(p, best) + " " + sentText(p, turn)
		if !fits {
			fits = sc.holds(joined)
		}
		if sc.number != nil && !near {
			_, near = sc.number(joined)
		}
	}
	if sc.want != kindAny && sc.want != kindName && !fits || sc.want == kindNumber && !near {
		// the question asks for a kind of thing the best sentence lacks
		// (a name is not told by its form: "Who is Aurora Propulsion
		// Works?" asks for what it is)
		what := sc.want.String()
		if fits {
			what += " beside the question's words"
		}
		src := p.sources[p.sents[best].src]
		return notFound(fmt.Sprintf("The sentence that best matches the question (p. %d of %s) holds no %s.", src.Page, src.Doc, what)).covering(coverage)
	}
	if side := comparedWith(question); side != nil && !speaksOf(sentText(p, best), side) {
		src := p.sources[p.sents[best].src]
		return notFound(fmt.Sprintf("The question compares with %s; the sentence that best matches it (p. %d of %s) does not speak of it.", strings.Join(side, ", "), src.Page, src.Doc)).covering(coverage)
	}
	if t := p.unmetCondition(best, question); t != "" {
		src := p.sources[p.sents[best].src]
		return notFound(fmt.Sprintf("The question asks what follows a condition; the sentence that best matches it (p. %d of %s) does not speak of %q.", src.Page, src.Doc, t)).covering(coverage)
	}
	if why := p.unstated(best, metric, item); why != "" {
		return notFound(why).covering(coverage)
	}
	if asksWhichMost(question) && !ranks(sentText(p, best)) {
		src := p.sources[p.sents[best].src]
		return notFound(fmt.Sprintf("The question asks which ranks first or last; the sentence that best matches it (p. %d of %s) ranks nothing.", src.Page, src.Doc)).covering(coverage)
	}
	if sc.want == kindNumber {
		src := p.sources[p.sents[best].src]
		if n := p.unnamedNear(best, question); n != "" {
			return notFound(fmt.Sprintf("The sentence that best matches the question (p. %d of %s) holds a number but does not name %q, which the question asks about.", src.Page, src.Doc, n)).covering(coverage)
		}
		if asksDifference(question) && !statesDifference(sentText(p, best)) {
			return notFound(fmt.Sprintf("The question asks for a difference; the sentence that best matches it (p. %d of %s) states a figure, not a difference, and the figures to subtract were not found.", src.Page, src.Doc)).covering(coverage)
		}
		if asksSum(question) && !statesSum(sentText(p, best)) {
			return notFound(fmt.Sprintf("The question asks for a total; the sentence that best matches it (p. %d of %s) states one figure, not a total, and the figures to add were not found.", src.Page, src.Doc)).covering(coverage)
		}
	}
	q := p.cite(best)
	if p.causeOfLast(best, sc.want) {
		q = p.citeFrom(best-1, best)
	}
	r := Reading{Answer: q.Text, Quotes: []Quote{q}, Coverage: coverage}
	if back >= 0 {
		// the sentence began on the page before: quote its start there
		start := p.cite(back)
		r.Quotes = []Quote{start, q}
		r.Answer = start.Text + " " + q.Text
	}
	if turn >= 0 {
		// the sentence runs over the page turn: quote its end on its page
		more := p.cite(turn)
		r.Quotes = append(r.Quotes, more)
		r.Answer += " " + more.Text
	}
	switch sc.want {
	case kindAcronym:
		if ex := expansion(r.Answer, acronym(question)); ex != "" {
			r.Answer = ex
		}
	case kindDate:
		if d := dateAnswer(question, r.Answer); d != "" {
			r.Answer = d
		}
	case kindNumber:
		if n, ok := sc.number(r.Answer); ok {
			r.Answer = n
		}
	case kindCause:
		if c := causeOf(sentText(p, best)); c != "" {
			r.Answer = c
		}
	}
	r.Explanation = fmt.Sprintf("Extractive answer (no language model): the sentence on p. %d of %s that best matches the question, covering %.0f%% of its weighted terms (%s).",
		q.Page, q.Doc, 100*coverage, strings.Join(p.matched(best, w), ", "))
	return r
}

// sentText is the text of sentence i of the pool.
func sentText(p *pool, i int) string {
	c := p.sents[i]
	return p.sources[c.src].Text[c.span.Start:c.span.End]
}

// scorer scores the sentences of a pool as answers to one question.
type scorer struct {
	p     *pool
	w     map[string]float64
	total float64
	want  kind
	holds func(string) bool // the sentence holds the kind of thing asked for
	// number finds a new number next to a question term, and the typed
	// answer it makes ([numberNear]); nil unless the question asks for
	// a number
	number func(string) (string, bool)
	// rest is w without the terms of the question's form cue ([formCue]),
	// which a sentence holding the kind counts as held, cue their share.
	rest map[string]float64
	cue  float64
	// dated[i] is false for a source that lacks a year the question names
	dated []bool
	// labels are the numbered things the question names ([labelled])
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
	// ([definedTerm], [definition]); nil unless the question asks so
	defines *regexp.Regexp
}

func newScorer(p *pool, question string, w map[string]float64, total float64) scorer {
	s := scorer{p: p, w: w, total: total, want: questionKind(question)}
	s.holds = kindTest(s.want, question)
	if s.want == kindNumber {
		s.number = numberNear(question)
	}
	s.dated = datedSources(p.sources, question)
	s.labels = labelled(inquiry.StripInstructions(question))
	s.asksWhere = reWhereQ.MatchString(question)
	s.asksCertified = reCertifiedQ.MatchString(question)
	s.asksTitle = reTitleQ.MatchString(question)
	if t := definedTerm(question); t != "" && (s.want == kindAny || s.want == kindAcronym) {
		s.defines = definition(t) // nil when none can be made
	}
	s.rest = w
	if cue := textterms.Of(formCue(s.want, question)); len(cue) > 0 {
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
	if p.sents[i].running || p.sents[i].folio || p.sents[i].leader || !s.dated[p.sents[i].src] || !p.adds(i, s.w) || p.asks(i) || p.fragment(i) {
		return 0, 0, false, false, false
	}
	c := p.sents[i]
	text := sentText(p, i)
	if s.asides(text) || s.want == kindAny && !s.asksTitle && heading(p.sources[c.src].Text, c.span.Start, c.span.End) {
		return 0, 0, false, false, false
	}
	if otherReferent(text, s.labels) {
		return 0, 0, false, false, false
	}
	fits = s.holds(text)
	switch {
	case fits && p.causeOfLast(i, s.want):
		// a change and the sentence giving its cause: the words that
		// ask for a cause are answered
		cov = p.coverPair(i, s.rest, s.total) + s.cue
	case fits && s.cue > 0 && s.want != kindCause:
		cov = p.cover(i, s.rest, s.total) + s.cue
	default:
		cov = p.cover(i, s.w, s.total)
	}
	score = cov - 0.02*float64(c.src)
	if s.defines != nil && s.defines.MatchString(text) {
		score += kindBonus // the sentence that says what it is
	}
	if fits {
		score += kindBonus
		if s.number != nil {
			_, near = s.number(text)
		}
		if near {
			score += nearBonus
		}
	}
	length := c.span.End - c.span.Start
	if length < 25 && !fits {
		score -= 0.15 // headings and fragments say little
	}
	if length > 600 {
		score -= 0.05
	}
	return score, cov, fits, near, true
}

// sentence is one sentence of a source and its stemmed terms.
type sentence struct {
	src     int
	span    segment.Span
	terms   termSet
	running bool // a running head or foot
	folio   bool // a page number alone on its line at the top or foot of the page
	leader  bool // a line of a table of contents or an index: "Frequency Table ....... 28", "permission culture, 8, 173"
}

// termSet is a sentence's distinct terms, sorted: a few dozen at most,
// so a binary search beats a map's allocations.
type termSet []string

func (ts termSet) has(t string) bool {
	_, ok := slices.BinarySearch(ts, t)
	return ok
}

// pool is the sentences of the sources with their document frequencies,
// which weight the question's terms.
type pool struct {
	sources  []Source
	sents    []sentence
	df       map[string]int
	flatText string // see [pool.flat]
}

func newPool(sources []Source) *pool {
	p := &pool{sources: sources, df: map[string]int{}}
	var keys []string
	pages := map[string][]int{} // the sources a sentence's words occur in
	for i, s := range sources {
		for _, c := range sentencesOf(s.Text) {
			c.src = i
			for _, t := range c.terms {
				p.df[t]++
			}
			k := c.words()
			if k != "" && !slices.Contains(pages[k], i) {
				pages[k] = append(pages[k], i)
			}
			keys = append(keys, k)
			p.sents = append(p.sents, c)
		}
	}
	for i, k := range keys {
		p.sents[i].running = k != "" && len(pages[k]) >= runningPages
	}
	return p
}

// runningPages: a sentence whose words occur on this many of the pages
// is a running head or foot ("12 The Limes Residential Home Inspection
// report 05/10/2015"), never an answer.
const runningPages = 3

// words is the sentence's terms without numbers, which running heads
// and feet vary (the page number, a date).
func (c sentence) words() string {
	var b strings.Builder
	for _, t := range c.terms {
		if strings.IndexFunc(t, unicode.IsLetter) < 0 {
			continue
		}
		b.WriteString(t)
		b.WriteByte(' ')
	}
	return b.String()
}

// weights gives each term (but those in skip) its inverse sentence
// frequency, and returns their sum.
func (p *pool) weights(ts []string, skip map[string]float64) (map[string]float64, float64) {
	w := map[string]float64{}
	total := 0.0
	for _, t := range ts {
		if _, ok := w[t]; ok {
			continue
		}
		if _, ok := skip[t]; ok {
			continue
		}
		w[t] = textterms.IDF(len(p.sents), p.df[t])
		total += w[t]
	}
	return w, total
}

// weightOf sums the weights w of the distinct terms of text s, in
// sorted order, so that texts holding the same terms weigh the same to
// the last bit.
func weightOf(w map[string]float64, s string) float64 {
	ts := textterms.Of(s)
	slices.Sort(ts)
	held := 0.0
	for _, t := range slices.Compact(ts) {
		held += w[t]
	}
	return held
}

// cover is the weighted share of the terms w that sentence i holds, the
// terms only its neighbours on the same page hold counting nearWeight: a
// table row or a line of an address rarely repeats the words around it.
// It adds in the sentences' term order, never in map order, so that two
// sentences holding the same terms score the same to the last bit and
// the first of them wins on every run.
func (p *pool) cover(i int, w map[string]float64, total float64) float64 {
	own := p.sents[i].terms
	got := 0.0
	for _, t := range own {
		got += w[t]
	}
	var before, after termSet
	if i > 0 && p.sents[i-1].src == p.sents[i].src {
		before = p.sents[i-1].terms
	}
	if i+1 < len(p.sents) && p.sents[i+1].src == p.sents[i].src {
		after = p.sents[i+1].terms
	}
	near := 0.0
	for _, t := range before {
		if x, ok := w[t]; ok && !own.has(t) {
			near += x
		}
	}
	for _, t := range after {
		if x, ok := w[t]; ok && !own.has(t) && !before.has(t) {
			near += x
		}
	}
	return (got + nearWeight*near) / total
}

// quoted is the index of the last sentence a quote of sentence i holds:
// the next one on the same page too when sentence i is short (a label
// and its value: "The Limes Residential Home" / "Tel: 01983 873655"), or
// a question that a short one answers (a form's "Has the plan changed
// since last year? No").
func (p *pool) quoted(i int) int {
	c := p.sents[i]
	if i+1 >= len(p.sents) || p.sents[i+1].src != c.src {
		return i
	}
	if short := func(c sentence) bool { return c.span.End-c.span.Start < 40 }; short(c) || short(p.sents[i+1]) && strings.HasSuffix(sentText(p, i), "?") {
		return i + 1
	}
	if !p.announces(i) {
		return i
	}
	j := i
	text := p.sources[c.src].Text
	for j+1 < len(p.sents) && j-i < maxListed && p.sents[j+1].src == c.src && p.sents[j+1].span.End-c.span.Start <= maxListChars &&
		!strings.Contains(text[p.sents[j].span.End:p.sents[j+1].span.Start], "\n\n") { // a blank line ends the list
		j++
	}
	return j
}

// A sentence that announces a list ("We always ask the following five
// questions of services.", "The kit contains:") is quoted with what
// follows it on its page, up to a blank line, maxListed sentences and
// maxListChars.
const (
	maxListed    = 8
	maxListChars = 600
)

// reAnnounce matches the words that announce what follows.
var reAnnounce = regexp.MustCompile(`(?i)\b(?:the following|as follows)\b|:\s*$`)

// announces reports whether sentence i announces a list that follows it.
func (p *pool) announces(i int) bool {
	return reAnnounce.MatchString(sentText(p, i))
}

// adds reports whether the quote of sentence i holds a term that the
// question's weighted terms w do not.
func (p *pool) adds(i int, w map[string]float64) bool {
	for j := i; j <= p.quoted(i); j++ {
		for _, t := range p.sents[j].terms {
			if _, ok := w[t]; !ok {
				return true
			}
		}
	}
	return false
}

// cite quotes sentence i word for word, with the next one on the same
// page when it is short.
func (p *pool) cite(i int) Quote {
	c := p.sents[i]
	src := p.sources[c.src]
	end := p.sents[p.quoted(i)].span.End
	return Quote{Text: oneLine(src.Text[c.span.Start:end]), Doc: src.Doc, Page: src.Page}
}

// matched lists the terms of w that sentence i holds, sorted.
func (p *pool) matched(i int, w map[string]float64) []string {
	var out []string
	for t := range w {
		if p.sents[i].terms.has(t) {
			out = append(out, t)
		}
	}
	sort.Strings(out)
	return out
}

// oneLine folds a quote's line breaks and runs of spaces into single
// spaces, and drops them between two Chinese or Japanese characters.
func oneLine(s string) string {
	return strings.Join(strings.Fields(textterms.JoinUnspaced(s)), " ")
}

// asks reports whether the quote of sentence i ends in a question mark:
// the document asks the question ("b. Has the Risk Management Plan been
// significantly changed since last year's submission?"), its answer is
// elsewhere, and a question quoted back is not an answer.
func (p *pool) asks(i int) bool {
	return !p.announces(i) && strings.HasSuffix(strings.TrimSpace(sentText(p, p.quoted(i))), "?")
}
