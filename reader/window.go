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
	read  func(q *inquiry.Question, in *Context) Outcome
}

// A check refuses a question before the sentence scorer reads it: it
// returns why no sentence of the window can answer, or "".
type check struct {
	name  string
	check func(q *inquiry.Question, in *Context) string
}

// window is what the window readers read: the sources' sentences and the
// question's terms weighted by them, and what a reader that declined
// leaves for the checks after it. The pool carries the numbers the
// readers read with ([Context.Par]).
type Context struct {
	P     *Pool
	W     map[string]float64
	Total float64
	// metric names the metric asked for, and item the item whose amount
	// is asked for, when the tables could not give them: a sentence
	// answers only if it states them ([Pool.Unstated])
	Metric, Item []string
}

// par are the numbers the window is read with.
func (in *Context) Par() Params { return in.P.Par }

// ReadQuestion answers q from the sources without a model, read with
// par: the window readers in their order ([windowReaders]), then the
// refusal checks, then the sentence scorer ([ReadSentence]). A question
// that asks two things is read ask by ask first ([readAsks]). The
// Reading names the reader that answered or refused, and every reader
// tried.
func ReadQuestion(q *inquiry.Question, par Params, sources []Source) Reading {
	p := NewPool(sources, par) // the sources' sentences, whatever is asked of them
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
func readOne(q *inquiry.Question, p *Pool) Reading {
	w, total := p.Weights(textterms.Of(inquiry.WithoutSourceNames(q.Text)), nil)
	w, total = DateWeighed(q.Text, w, total)
	if total == 0 || len(p.Sources) == 0 {
		return refusedBy(noReader, "no-terms", NotFound("The question has no searchable terms or nothing was retrieved."), nil)
	}
	if len(p.Sents) == 0 {
		return refusedBy(noReader, "no-text", NotFound("The retrieved pages have no text."), nil)
	}
	in := &Context{P: p, W: w, Total: total}
	var tried []Attempt
	for _, wr := range windowReaders() {
		v := wr.read(q, in)
		if v.Took {
			v.R.Reader = wr.name
			v.R.Tried = append(tried, AttemptOf(wr.name, Window, v.R))
			return v.R
		}
		tried = append(tried, Attempt{Name: wr.name, Need: Window.String(), Verdict: VerdictDeclined, Why: DeclineReason(v.Why, wr.reads)})
	}
	for _, c := range checks() {
		if why := c.check(q, in); why != "" {
			return refusedBy(sentenceReader, c.name, NotFound(why), tried)
		}
	}
	r := ReadSentence(q, in)
	r.Reader = sentenceReader
	r.Tried = append(tried, AttemptOf(sentenceReader, Window, r))
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

func ReadChoiceOf(q *inquiry.Question, in *Context) Outcome {
	if len(q.Options) == 0 {
		return Declined("the question has no options")
	}
	return Took(readChoice(in.P, in.W, in.Total, q.Options))
}

func ReadPartyOf(q *inquiry.Question, in *Context) Outcome {
	if !AsksParty(q.Text) {
		return Declined(NotAsked)
	}
	if r, ok := readParty(q, in.P.Sources, in.Par()); ok {
		return Took(r.Covering(1))
	}
	return Declined("no caption of a case on the pages")
}

func ReadBylineOf(q *inquiry.Question, in *Context) Outcome {
	if !AsksByline(q.Text) {
		return Declined(NotAsked)
	}
	r, ok := readByline(q, in.P.Sources, in.Par())
	switch {
	case ok && r.Found():
		return Took(r.Covering(1))
	case ok:
		return Took(r)
	}
	return Took(NotFound("The question asks about the document's authors; no page 1 among the retrieved pages names them under its title."))
}

func ReadDegreeOf(q *inquiry.Question, in *Context) Outcome {
	return Answered(readDegree(q, in.P.Sources))
}

func ReadSuperlativeOf(q *inquiry.Question, in *Context) Outcome {
	s, ok := parseSuperlative(q)
	if !ok {
		return Declined(NotAsked)
	}
	if r, ok := s.read(in.P.Sources, in.Par()); ok {
		return Took(r.Covering(1))
	}
	return Declined("no table of the pages ranks the items asked about")
}

// readFigureOf reads a table figure. When the tables lack it, it leaves
// the metric or item asked for, which a sentence must then state.
func ReadFigureOf(q *inquiry.Question, in *Context) Outcome {
	f, ok := FigureOf(q, in.Par())
	if !ok {
		if m := namedMetric(q.Stripped, standardMetrics(), in.Par()); m != nil && reFigureQ.MatchString(q.Text) && !reNotFigureQ.MatchString(q.Lead) {
			// "What is the quick ratio at the end of the quarter?" names
			// no year the tables could be read in: a sentence answers only
			// if it states the ratio
			in.Metric = m.Names
		}
		return Declined(NotAsked)
	}
	if r, ok := f.Read(in.P.Sources); ok {
		return Took(r.Covering(1))
	}
	if f.fq.metric != nil {
		in.Metric = f.fq.metric.Names
	}
	if f.fq.metric == nil && !f.fq.percent {
		in.Item = f.fq.item()
	}
	return Declined("the tables of the pages lack a figure it needs")
}

func ReadCellsOf(q *inquiry.Question, in *Context) Outcome {
	return Answered(readCells(q, in.P.Sources, in.Par()))
}

func ReadOrderOf(q *inquiry.Question, in *Context) Outcome {
	return Answered(readOrder(q, in.P.Sources))
}

func ReadConditionRowOf(q *inquiry.Question, in *Context) Outcome {
	return Answered(readConditionRow(in.P, q))
}

func ReadFootnoteOf(q *inquiry.Question, in *Context) Outcome {
	f, ok := ParseFootnote(q, in.Par())
	if !ok {
		return Declined(NotAsked)
	}
	return Answered(f.Read(in.P.Sources))
}

func ReadTitlesOf(q *inquiry.Question, in *Context) Outcome {
	return Answered(readTitles(q, in.P.Sources, in.Par()))
}

func ReadKeyedOf(q *inquiry.Question, in *Context) Outcome {
	keys := rowKeys(q.Text)
	if keys == nil {
		return Declined(NotAsked)
	}
	return Answered(ReadKeyed(in.P, keys, in.W, in.Total))
}

// answered is the outcome of a reader that reports only whether it
// answered: r with full coverage, or a decline.
func Answered(r Reading, ok bool) Outcome {
	if ok {
		return Took(r.Covering(1))
	}
	return Declined(notAskedNor)
}

// The checks before the sentence scorer.

func checkMissingNamed(q *inquiry.Question, in *Context) string {
	if t := in.P.MissingNamed(q); t != "" {
		return fmt.Sprintf("The question names %q, which %s.", t, noneMention(in.P.Sources))
	}
	return ""
}

func checkMissingPredicate(q *inquiry.Question, in *Context) string {
	if t := in.P.MissingPredicate(q); t != "" {
		return fmt.Sprintf("The question asks whether %q applies, which %s.", t, noneMention(in.P.Sources))
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

func checkAnalysis(q *inquiry.Question, _ *Context) string {
	if ReAnalysisQ.MatchString(q.Stripped) {
		return "The question asks for an analysis that ties parts of the document together, which no one sentence states: the extractive engine quotes, it does not write one (a model can: --engine ollama)."
	}
	return ""
}

func checkMentions(q *inquiry.Question, _ *Context) string {
	if ReMentions.MatchString(q.Text) {
		return "The question asks how often the document mentions something: a count over all its pages, which no sentence states."
	}
	return ""
}
