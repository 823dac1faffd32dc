package reader

import (
	"fmt"
	"strings"

	"docqa/internal/inquiry"
	textterms "docqa/internal/terms"
	"docqa/reader/base"
	"docqa/reader/prose"
	"docqa/reader/sentences"
)

// A windowReader reads a question from the context ([Window]).
type windowReader struct {
	name  string
	reads string // what it reads, for its reasons to decline
	read  func(q *inquiry.Question, in *sentences.Context) base.Outcome
}

// A check refuses a question before the sentence scorer reads it: it
// returns why no sentence of the window can answer, or "".
type check struct {
	name  string
	check func(q *inquiry.Question, in *sentences.Context) string
}

// ReadQuestion answers q from the sources without a model, read with
// par: the window readers in their order ([windowReaders]), then the
// refusal checks, then the sentence scorer ([prose.ReadSentence]). A question
// that asks two things is read ask by ask first ([readAsks]). The
// Reading names the reader that answered or refused, and every reader
// tried.
func ReadQuestion(q *inquiry.Question, par base.Params, sources []base.Source) base.Reading {
	p := sentences.NewPool(sources, par) // the sources' sentences, whatever is asked of them
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
func readOne(q *inquiry.Question, p *sentences.Pool) base.Reading {
	w, total := p.Weights(textterms.Of(inquiry.WithoutSourceNames(q.Text)), nil)
	w, total = sentences.DateWeighed(q, w, total)
	if total == 0 || len(p.Sources) == 0 {
		return refusedBy(noReader, "no-terms", base.NotFound("The question has no searchable terms or nothing was retrieved."), nil)
	}
	if len(p.Sents) == 0 {
		return refusedBy(noReader, "no-text", base.NotFound("The retrieved pages have no text."), nil)
	}
	in := &sentences.Context{P: p, W: w, Total: total}
	var tried []base.Attempt
	for _, wr := range windowReaders() {
		v := wr.read(q, in)
		if v.Took {
			v.R.Reader = wr.name
			v.R.Tried = append(tried, base.AttemptOf(wr.name, base.Window, v.R))
			return v.R
		}
		tried = append(tried, base.Attempt{Name: wr.name, Need: base.Window.String(), Verdict: base.VerdictDeclined, Why: base.DeclineReason(v.Why, wr.reads)})
	}
	for _, c := range checks() {
		if why := c.check(q, in); why != "" {
			return refusedBy(sentenceReader, c.name, base.NotFound(why), tried)
		}
	}
	r := prose.ReadSentence(q, in, sentenceChecks())
	r.Reader = sentenceReader
	r.Tried = append(tried, base.AttemptOf(sentenceReader, base.Window, r))
	if r.Check != "" {
		r.Tried = append(r.Tried, base.Attempt{Name: r.Check, Need: base.Window.String(), Verdict: base.VerdictFired, Why: r.Explanation})
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
func refusedBy(reader, name string, r base.Reading, tried []base.Attempt) base.Reading {
	r.Reader, r.Check = reader, name
	r.Tried = append(tried, base.Attempt{Name: name, Need: base.Window.String(), Verdict: base.VerdictFired, Why: r.Explanation})
	return r
}

// The window readers: each adapts one reader of its own file to the
// table's shape.

// The checks before the sentence scorer.

func checkMissingNamed(q *inquiry.Question, in *sentences.Context) string {
	if t := in.P.MissingNamed(q); t != "" {
		return fmt.Sprintf("The question names %q, which %s.", t, noneMention(in.P.Sources))
	}
	return ""
}

func checkMissingPredicate(q *inquiry.Question, in *sentences.Context) string {
	if t := in.P.MissingPredicate(q); t != "" {
		return fmt.Sprintf("The question asks whether %q applies, which %s.", t, noneMention(in.P.Sources))
	}
	return ""
}

// noneMention says where a term the question gives was not found: in
// the retrieved pages, or in the parts of them that were read, naming
// the pages cut to a window, where the rest of a page may hold it.
func noneMention(sources []base.Source) string {
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

func checkAnalysis(q *inquiry.Question, _ *sentences.Context) string {
	if sentences.ReAnalysisQ.MatchString(q.Stripped) {
		return "The question asks for an analysis that ties parts of the document together, which no one sentence states: the extractive engine quotes, it does not write one (a model can: --engine ollama)."
	}
	return ""
}

func checkMentions(q *inquiry.Question, _ *sentences.Context) string {
	if sentences.ReMentions.MatchString(q.Text) {
		return "The question asks how often the document mentions something: a count over all its pages, which no sentence states."
	}
	return ""
}
