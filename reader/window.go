package reader

import (
	"fmt"
	"strings"

	"docqa/internal/inquiry"
	textterms "docqa/internal/terms"
)

// A windowReader reads a question from the context ([Window]).
type windowReader struct {
	name  string
	reads string // what it reads, for its reasons to decline
	read  func(q *inquiry.Question, in *window) outcome
}

// A check refuses a question before the sentence scorer reads it: it
// returns why no sentence of the window can answer, or "".
type check struct {
	name  string
	check func(q *inquiry.Question, in *window) string
}

// window is what the window readers read: the sources' sentences and the
// question's terms weighted by them, and what a reader that declined
// leaves for the checks after it. The pool carries the numbers the
// readers read with ([window.par]).
type window struct {
	p     *pool
	w     map[string]float64
	total float64
	// metric names the metric asked for, and item the item whose amount
	// is asked for, when the tables could not give them: a sentence
	// answers only if it states them ([pool.unstated])
	metric, item []string
}

// par are the numbers the window is read with.
func (in *window) par() Params { return in.p.par }

// ReadQuestion answers q from the sources without a model, read with
// par: the window readers in their order ([windowReaders]), then the
// refusal checks, then the sentence scorer ([readSentence]). A question
// that asks two things is read ask by ask first ([readAsks]). The
// Reading names the reader that answered or refused, and every reader
// tried.
func ReadQuestion(q *inquiry.Question, par Params, sources []Source) Reading {
	p := newPool(sources, par) // the sources' sentences, whatever is asked of them
	if len(q.Options) == 0 {
		r, tried, ok := readAsks(q, p)
		if ok {
			r.Tried = tried
			return r
		}
		out := readOne(q, p)
		out.Tried = append(tried, out.Tried...)
		return out
	}
	return readOne(q, p)
}

// readOne is [ReadQuestion] of one ask, over the pool of the sources'
// sentences.
func readOne(q *inquiry.Question, p *pool) Reading {
	w, total := p.weights(textterms.Of(inquiry.WithoutSourceNames(q.Text)), nil)
	w, total = dateWeighed(q.Text, w, total)
	if total == 0 || len(p.sources) == 0 {
		return refusedBy(noReader, "no-terms", notFound("The question has no searchable terms or nothing was retrieved."), nil)
	}
	if len(p.sents) == 0 {
		return refusedBy(noReader, "no-text", notFound("The retrieved pages have no text."), nil)
	}
	in := &window{p: p, w: w, total: total}
	var tried []Attempt
	for _, wr := range windowReaders() {
		v := wr.read(q, in)
		if v.took {
			v.r.Reader = wr.name
			v.r.Tried = append(tried, attempt(wr.name, Window, v.r))
			return v.r
		}
		tried = append(tried, Attempt{Name: wr.name, Need: Window.String(), Verdict: VerdictDeclined, Why: declineReason(v.why, wr.reads)})
	}
	for _, c := range checks() {
		if why := c.check(q, in); why != "" {
			return refusedBy(sentenceReader, c.name, notFound(why), tried)
		}
	}
	r := readSentence(q, in)
	r.Reader = sentenceReader
	r.Tried = append(tried, attempt(sentenceReader, Window, r))
	if r.Check != "" {
		r.Tried = append(r.Tried, Attempt{Name: r.Check, Need: Window.String(), Verdict: VerdictFired, Why: r.Explanation})
	}
	return r
}

// sentenceReader is the name of the sentence scorer, the last reader.
const sentenceReader = "sentence"

// noReader is the reader of a refusal made before any reader read: the
// question has no terms, or the pages no text.
const noReader = "none"

// refusedBy is r refused by the check named, on behalf of reader: the
// sentence scorer's premise, or none before any reader read.
func refusedBy(reader, name string, r Reading, tried []Attempt) Reading {
	r.Reader, r.Check = reader, name
	r.Tried = append(tried, Attempt{Name: name, Need: Window.String(), Verdict: VerdictFired, Why: r.Explanation})
	return r
}

// The window readers: each adapts one reader of its own file to the
// table's shape.

func readChoiceOf(q *inquiry.Question, in *window) outcome {
	if len(q.Options) == 0 {
		return declined("the question has no options")
	}
	return took(readChoice(in.p, in.w, in.total, q.Options))
}

func readPartyOf(q *inquiry.Question, in *window) outcome {
	if !AsksParty(q.Text) {
		return declined(notAsked)
	}
	if r, ok := readParty(q, in.p.sources, in.par()); ok {
		return took(r.covering(1))
	}
	return declined("no caption of a case on the pages")
}

func readBylineOf(q *inquiry.Question, in *window) outcome {
	if !AsksByline(q.Text) {
		return declined(notAsked)
	}
	r, ok := readByline(q, in.p.sources, in.par())
	switch {
	case ok && r.Found():
		return took(r.covering(1))
	case ok:
		return took(r)
	}
	return took(notFound("The question asks about the document's authors; no page 1 among the retrieved pages names them under its title."))
}

func readDegreeOf(q *inquiry.Question, in *window) outcome {
	return answered(readDegree(q, in.p.sources))
}

func readSuperlativeOf(q *inquiry.Question, in *window) outcome {
	s, ok := parseSuperlative(q)
	if !ok {
		return declined(notAsked)
	}
	if r, ok := s.read(in.p.sources, in.par()); ok {
		return took(r.covering(1))
	}
	return declined("no table of the pages ranks the items asked about")
}

// readFigureOf reads a table figure. When the tables lack it, it leaves
// the metric or item asked for, which a sentence must then state.
func readFigureOf(q *inquiry.Question, in *window) outcome {
	f, ok := figureOf(q, in.par())
	if !ok {
		if m := namedMetric(q.Stripped, standardMetrics(), in.par()); m != nil && reFigureQ.MatchString(q.Text) && !reNotFigureQ.MatchString(q.Lead) {
			// "What is the quick ratio at the end of the quarter?" names
			// no year the tables could be read in: a sentence answers only
			// if it states the ratio
			in.metric = m.Names
		}
		return declined(notAsked)
	}
	if r, ok := f.Read(in.p.sources); ok {
		return took(r.covering(1))
	}
	if f.fq.metric != nil {
		in.metric = f.fq.metric.Names
	}
	if f.fq.metric == nil && !f.fq.percent {
		in.item = f.fq.item()
	}
	return declined("the tables of the pages lack a figure it needs")
}

func readCellsOf(q *inquiry.Question, in *window) outcome {
	return answered(readCells(q, in.p.sources, in.par()))
}

func readOrderOf(q *inquiry.Question, in *window) outcome {
	return answered(readOrder(q, in.p.sources))
}

func readConditionRowOf(q *inquiry.Question, in *window) outcome {
	return answered(readConditionRow(in.p, q))
}

func readFootnoteOf(q *inquiry.Question, in *window) outcome {
	f, ok := ParseFootnote(q, in.par())
	if !ok {
		return declined(notAsked)
	}
	return answered(f.Read(in.p.sources))
}

func readTitlesOf(q *inquiry.Question, in *window) outcome {
	return answered(readTitles(q, in.p.sources, in.par()))
}

func readKeyedOf(q *inquiry.Question, in *window) outcome {
	keys := rowKeys(q.Text)
	if keys == nil {
		return declined(notAsked)
	}
	return answered(readKeyed(in.p, keys, in.w, in.total))
}

// answered is the outcome of a reader that reports only whether it
// answered: r with full coverage, or a decline.
func answered(r Reading, ok bool) outcome {
	if ok {
		return took(r.covering(1))
	}
	return declined(notAskedNor)
}

// The checks before the sentence scorer.

func checkMissingNamed(q *inquiry.Question, in *window) string {
	if t := in.p.missingNamed(q); t != "" {
		return fmt.Sprintf("The question names %q, which %s.", t, noneMention(in.p.sources))
	}
	return ""
}

func checkMissingPredicate(q *inquiry.Question, in *window) string {
	if t := in.p.missingPredicate(q); t != "" {
		return fmt.Sprintf("The question asks whether %q applies, which %s.", t, noneMention(in.p.sources))
	}
	return ""
}

// noneMention says where a term the question gives was not found: in
// the retrieved pages, or in the parts of them that were read, naming
// the pages cut to a window, where the rest of a page may hold it.
func noneMention(sources []Source) string {
	var cut []string
	for _, s := range sources {
		if s.Cut {
			cut = append(cut, fmt.Sprintf("p. %d of %s", s.Page, s.Doc))
		}
	}
	if len(cut) == 0 {
		return fmt.Sprintf("none of the %d retrieved page(s) mention", len(sources))
	}
	return fmt.Sprintf("the text read of the %d retrieved page(s) does not mention (%s read in part)", len(sources), strings.Join(cut, ", "))
}

func checkAnalysis(q *inquiry.Question, _ *window) string {
	if reAnalysisQ.MatchString(q.Stripped) {
		return "The question asks for an analysis that ties parts of the document together, which no one sentence states: the extractive engine quotes, it does not write one (a model can: --engine ollama)."
	}
	return ""
}

func checkMentions(q *inquiry.Question, _ *window) string {
	if reMentions.MatchString(q.Text) {
		return "The question asks how often the document mentions something: a count over all its pages, which no sentence states."
	}
	return ""
}
