// Package answer turns retrieved passages into a grounded answer: the three
// sections [CITATION], [ANSWER] and [EXPLANATION], with every quote checked
// against the page text by [Verify] and mapped to its document and page.
//
// [Ask] retrieves through a [Retriever] and answers with the [Extractive]
// engine, which copies its quote from the page text, so it verifies by
// construction.
package answer

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"docqa/cache"
	"docqa/ingest"
	"docqa/internal/inquiry"
	"docqa/internal/metrics"
	"docqa/prompts"
	"docqa/reader"
	"docqa/search"
)

// Status values of an [Answer], as in the JSON contract.
const (
	StatusAnswered = "answered"
	StatusNotFound = "not_found"
	StatusError    = "error"
)

// NotFound is the answer text when nothing supports an answer.
const NotFound = "Not found in provided context."

// ErrEmptyQuestion means the question has no words.
var ErrEmptyQuestion = errors.New("empty question")

// Citation is one quote and where it was found.
type Citation struct {
	Quote    string `json:"quote"`
	Doc      string `json:"doc"`
	Page     int    `json:"page"`
	Verified bool   `json:"verified"`
	// OCR tells that the page's text was read by OCR from its picture:
	// the quote is verified against that reading.
	OCR bool `json:"ocr,omitempty"`
}

// PageRef names a page that was part of the context.
type PageRef struct {
	Doc  string `json:"doc"`
	Page int    `json:"page"`
}

// Answer is docqa's answer to one question; its JSON form is the contract
// of `docqa ask --json`.
type Answer struct {
	Question    string     `json:"question"`
	Status      string     `json:"status"`
	Answer      string     `json:"answer"`
	Explanation string     `json:"explanation"`
	Citations   []Citation `json:"citations"`
	Option      *Choice    `json:"option,omitempty"`
	Need        *Need      `json:"need,omitempty"`
	Engine      string     `json:"engine"`
	// Reader names what answered or refused: an extractive reader
	// ([reader.Reading.Reader]), "model" for a model's answer, or
	// "needs-document" when the question names a document docqa lacks.
	Reader string `json:"reader"`
	// Check names the refusal check that fired, when one did.
	Check string `json:"check,omitempty"`
	// ModelError says why the model did not answer when the extractive
	// engine answered in its place (Request.Fallback).
	ModelError   string           `json:"model_error,omitempty"`
	SubQuestions []string         `json:"sub_questions"`
	ContextPages []PageRef        `json:"context_pages"`
	TimingsMS    map[string]int64 `json:"timings_ms"`
	ContextChars int              `json:"context_chars"`
	// ContextText is the page text the engine read, in order: what eval's
	// answer-in-context measure searches for the gold answer.
	ContextText string `json:"-"`
	// Attachments are the files given with the question, with provenance.
	Attachments []*ingest.Attachment `json:"attachments,omitempty"`
	// tried lists the readers tried, for the trace.
	tried []reader.Attempt
}

// A Retriever finds pages and reads them; *search.Index is one.
type Retriever interface {
	MultiSearch(ctx context.Context, subs []string, opt search.MultiOptions) ([]search.PageHit, error)
	Page(ctx context.Context, doc string, page int) (string, bool, error)
}

// Search modes of a [Request].
const (
	// ModeMulti plans sub-questions, fuses their rankings and expands hit
	// pages to their neighbours.
	ModeMulti = "multi"
	// ModePlain is the baseline: one search of the whole question.
	ModePlain = "plain"
)

// Request is a question and how to search for it.
type Request struct {
	Question string
	// Options are the choices of a multiple-choice question; each is
	// searched as its own sub-question.
	Options []string
	Filter  search.Filter
	K       int // passages to retrieve per sub-question; zero means the index's (search.Params.K)
	// MaxContext caps the characters of page text considered; zero means 6000.
	MaxContext int
	// Mode is ModeMulti (the default) or ModePlain.
	Mode string
	// Planner plans the sub-questions; nil means search.RulePlanner.
	Planner search.Planner
	// Expand adds the pages this far either side of each hit page to the
	// context when the budget allows (PAGE_EXPANSION_RANGE); negative
	// means none, zero means 1.
	Expand int
	// OnStep, when set, is told of each stage.
	OnStep func(search.Step)
	// History holds the conversation's earlier turns, oldest first; a
	// question with history is a follow-up.
	History []Turn
	// Session, when set, keeps each answer's context for five minutes; a
	// follow-up starts from it and adds what its own search finds.
	Session *cache.Session
	// Model, when set, answers through a language model under Prompts;
	// nil means the extractive engine.
	Model     Generator
	ModelName string // the engine name answers carry, e.g. "ollama:llama3.2"
	Prompts   *prompts.Set
	// Fallback answers with the extractive engine when the model fails
	// on the question (does not answer in time, errs, goes away): the
	// answer's ModelError says why. --engine auto sets it.
	Fallback bool
	// OnToken, when set, receives the model's reply as it is generated.
	OnToken func(string)
	// Trace, when set, receives telemetry of every stage.
	Trace func(Event)
	// Attachments are files given with the question: their pages best
	// matching it take up to half the context (all of it when there is no
	// index to search).
	Attachments []*ingest.Attachment
	// Metrics are the metric definitions the table reader computes from
	// (internal/metrics layout); nil means the standard ones.
	Metrics []metrics.Metric
	// ReaderParams are the numbers the extractive readers read with
	// (docqa eval --reader-params); nil means [reader.DefaultParams].
	ReaderParams *reader.Params
	// Lookup maps a file name to the index's document of that name,
	// reporting whether there is one. A question naming a file that is
	// neither indexed nor attached is answered context_required; one
	// naming indexed documents, when no documents are in scope, is
	// searched in those only (a scope cue).
	Lookup func(name string) (string, bool)
	// Docs are the index's documents by name: a question that names one
	// as people do, by words of its file name before a word for a
	// document ("the tracemonkey paper": pdfjs__tracemonkey.pdf), when
	// no documents are in scope, is searched in it only ([titledDoc]).
	Docs []string
	// Titles are the index's documents' titles, by document
	// (ingest.Document.Titles): a question that holds one whole, when no
	// documents are in scope and it names none by its file name, is
	// searched in that document only ([titleDoc]).
	Titles map[string][]string
}

// readerParams are the numbers the readers read req's question with:
// [Request.ReaderParams], else the defaults.
func (req Request) readerParams() reader.Params {
	if req.ReaderParams != nil {
		return *req.ReaderParams
	}
	return reader.DefaultParams()
}

// Turn is one earlier question of a conversation and its answer.
type Turn struct {
	Question string `json:"question"`
	Answer   string `json:"answer"`
}

// Ask retrieves pages for the question, gathers their text and answers
// with the request's model, or the extractive engine. r may be nil when
// the request has attachments: they are then the whole context.
func Ask(ctx context.Context, r Retriever, req Request) (*Answer, error) {
	req.Question = inquiry.Clean(req.Question) // a terminal's escapes are no words to search for
	q := strings.TrimSpace(req.Question)
	if q == "" {
		return nil, ErrEmptyQuestion
	}
	if a := needsDocument(q, req); a != nil {
		return a, nil
	}
	readAs := q // what the readers read: without the name of a document bound by it
	cue, name := bindCues(q, &req)
	if cue != nil {
		emit(req.Trace, "scope", cue)
	}
	switch {
	case name != "" && cue["by"] == "title":
		readAs = asTheDocument(q, name)
	case name != "":
		readAs = strings.Join(strings.Fields(strings.Replace(q, name, "", 1)), " ")
	}
	parsed := inquiry.Parse(readAs, req.Options, req.Metrics) // the question every reader reads
	b := newBudget(req.MaxContext)
	if req.Expand == 0 {
		req.Expand = 1
	}
	start := time.Now()
	kept := retained(req)
	if req.Session != nil && len(req.History) > 0 {
		emit(req.Trace, "cache", map[string]any{"hit": len(kept) > 0, "pages": len(kept)})
	}
	if len(kept) > 0 {
		search.Tell(req.OnStep, search.Step{Label: "Using the previous context", Done: true, Detail: fmt.Sprintf("%d page(s)", len(kept))})
		if a := fromKept(parsed, req, kept, start); a != nil {
			return a, nil
		}
	}
	subs, err := planSearch(ctx, q, req)
	if err != nil {
		return nil, err
	}
	indexed := r != nil
	if !indexed {
		r = noIndex{}
	}
	rows, _ := reader.RankRows(parsed, req.readerParams()) // the table rows the best pages should hold
	ranked, err := rankPages(ctx, r, parsed, subs, rows, req)
	if err != nil {
		return nil, err
	}
	expand := req.Expand
	if req.Mode == ModePlain {
		expand = -1
	}
	search.Tell(req.OnStep, search.Step{Label: "Reading pages"})
	sources := attached(q, req.Attachments, b.attachments(kept, indexed), req.readerParams())
	found, err := contextPages(ctx, r, ranked, b.search(kept, sources), expand, req.Filter)
	if err != nil {
		return nil, err
	}
	sources = append(sources, found...)
	kept = fitKept(kept, sources, b.keptRoom(sources))
	search.Tell(req.OnStep, search.Step{Label: "Reading pages", Done: true, Detail: fmt.Sprintf("%d page(s)", len(sources))})
	searched := time.Now()
	tr := func(stage string, fields map[string]any) { emit(req.Trace, stage, fields) }
	tr("search", map[string]any{"sub_questions": len(subs), "candidates": len(ranked), "pages": len(sources), "retained": len(kept), "scope": req.Filter.Docs})
	doc, _ := docAsked(ranked, req.Filter)
	l := &loop{question: q, parsed: parsed, par: req.readerParams(), options: req.Options, history: req.History, kept: kept, fresh: sources, fetch: fetcher(r, ranked, req.Filter), page: r.Page, pages: rangesOf(r), structure: structureOf(r), doc: doc, candidates: namedAmong(parsed.Stripped, candidateDocs(ranked)), attachment: namedAttachment(q, req.Attachments), attachments: req.Attachments, scope: req.Filter, trace: tr, step: req.OnStep, budget: b}
	a, err := read(ctx, l, req)
	if err != nil {
		return nil, err
	}
	a.SubQuestions = subs
	a.Attachments = req.Attachments
	remember(req.Session, q, kept, sources, a)
	a.TimingsMS = map[string]int64{
		"search":   searched.Sub(start).Milliseconds(),
		"generate": time.Since(searched).Milliseconds(),
		"total":    time.Since(start).Milliseconds(),
	}
	return a, nil
}

// readFrom records sources as the answer's context: their pages, in
// order, and the characters they hold.
func (a *Answer) readFrom(sources []Source) {
	a.ContextPages, a.ContextChars = nil, 0
	var b strings.Builder
	for _, s := range sources {
		if ref := (PageRef{s.Doc, s.Page}); !slices.Contains(a.ContextPages, ref) { // a page turn's end is its page's second source
			a.ContextPages = append(a.ContextPages, ref)
		}
		a.ContextChars += len(s.Text)
		b.WriteString(s.Text)
		b.WriteByte('\n')
	}
	a.ContextText = b.String()
}

// noIndex is the Retriever of a request with no index to search, only
// attachments: it finds nothing and has no pages.
type noIndex struct{}

func (noIndex) MultiSearch(context.Context, []string, search.MultiOptions) ([]search.PageHit, error) {
	return nil, nil
}

func (noIndex) Page(context.Context, string, int) (string, bool, error) { return "", false, nil }

// withPageRefs puts the pages a question names ("the second page",
// "page 9", the table of contents when it asks how many chapters there
// are) first, in the document searched (or the best-ranked one when
// several are), followed by the ranking. A page named by its number
// where the document prints numbers that run behind the file's (a cover
// and a contents page before page 1) is first the page printed so, then
// the file's page of that number.
func withPageRefs(ctx context.Context, r Retriever, q string, ranked []search.PageHit, f search.Filter) ([]search.PageHit, error) {
	refs := search.PageRefs(q)
	contents := search.AsksContents(q)
	if len(refs) == 0 && !contents {
		return ranked, nil
	}
	doc := ""
	switch {
	case len(f.Docs) == 1:
		doc = f.Docs[0]
	case len(ranked) > 0:
		doc = namedDoc(ranked, refs)
	default:
		return ranked, nil
	}
	var pages []int
	texts := sync.OnceValues(func() ([]string, error) { return docPages(ctx, r, doc) })
	if contents {
		t, err := texts()
		if err != nil {
			return nil, err
		}
		pages = append(pages, search.ContentsPages(t)...)
	}
	offset := sync.OnceValues(func() (int, error) {
		t, err := texts()
		d, _ := search.PrintedOffset(t)
		return d, err
	})
	for _, ref := range refs {
		if ref.Number {
			d, err := offset()
			if err != nil {
				return nil, err
			}
			if d != 0 {
				pages = append(pages, ref.Page+d, ref.Page+d+1)
			}
		}
		// The page after too: a cover or a blank page often shifts the
		// numbering a reader uses by one.
		pages = append(pages, ref.Page, ref.Page+1)
	}
	var out []search.PageHit
	named := map[int]bool{}
	for _, n := range pages {
		if f.Allows(n) && !named[n] {
			named[n] = true
			out = append(out, search.PageHit{Doc: doc, Page: n})
		}
	}
	// Named pages the ranking found come first, in its order, keeping
	// their best passage for the window; the others follow in the order
	// named.
	var found, rest []search.PageHit
	for _, p := range ranked {
		if p.Doc == doc && named[p.Page] {
			found = append(found, p)
			delete(named, p.Page)
			continue
		}
		rest = append(rest, p)
	}
	for _, p := range out {
		if named[p.Page] {
			found = append(found, p)
		}
	}
	return append(found, rest...), nil
}

// namedDoc is the document a question that names pages but no document
// asks about: the one whose named page the search ranks best ("the name
// of the governor on the first page": the first page that speaks of a
// governor), or the best-ranked document when no named page was found.
func namedDoc(ranked []search.PageHit, refs []search.NamedPage) string {
	for _, p := range ranked {
		for _, ref := range refs {
			if p.Page == ref.Page {
				return p.Doc
			}
		}
	}
	return ranked[0].Doc
}

// maxDocPages bounds the pages read to find a document's printed page
// numbers or its table of contents.
const maxDocPages = 5000

// docPages returns the text of doc's pages, index 0 being page 1.
func docPages(ctx context.Context, r Retriever, doc string) ([]string, error) {
	var pages []string
	err := eachPage(ctx, rangesOf(r), doc, func(_ int, text string) bool {
		pages = append(pages, text)
		return true
	})
	return pages, err
}

// pageFunc reads a whole page: its text, and false past the document's
// end. A [Retriever]'s Page is one.
type pageFunc func(ctx context.Context, doc string, page int) (string, bool, error)

// eachPage calls fn with the number and text of each of doc's pages, in
// order, while it returns true. It reads them in runs ([rangeFunc]),
// firstRun pages and then twice as many each time, up to lastRun: a
// reader that stops on an early page reads few past it, one that reads a
// whole document reads it in a few reads.
func eachPage(ctx context.Context, pages rangeFunc, doc string, fn func(n int, text string) bool) error {
	run := firstRun
	for from := 1; from <= maxDocPages; {
		to := min(from+run-1, maxDocPages)
		texts, err := pages(ctx, doc, from, to)
		if err != nil {
			return err
		}
		for i, text := range texts {
			if !fn(from+i, text) {
				return nil
			}
		}
		if len(texts) < to-from+1 {
			return nil // the document's end
		}
		from, run = to+1, min(2*run, lastRun)
	}
	return nil
}

// The runs of pages [eachPage] reads.
const (
	firstRun = 16
	lastRun  = 512
)

// A pageRanger is a [Retriever] that reads a run of a document's pages
// at once: *search.Index is one ([search.Index.Pages]).
type pageRanger interface {
	Pages(ctx context.Context, doc string, from, to int) ([]string, error)
}

// rangeFunc reads pages from to to of doc, as far as they run on: fewer
// past its end.
type rangeFunc func(ctx context.Context, doc string, from, to int) ([]string, error)

// rangesOf returns how r reads a run of pages: at once where it can
// ([pageRanger]), else a page at a time.
func rangesOf(r Retriever) rangeFunc {
	if pr, ok := r.(pageRanger); ok {
		return pr.Pages
	}
	return func(ctx context.Context, doc string, from, to int) ([]string, error) {
		var out []string
		for n := from; n <= to; n++ {
			text, ok, err := r.Page(ctx, doc, n)
			if err != nil || !ok {
				return out, err
			}
			out = append(out, text)
		}
		return out, nil
	}
}

// bindCues narrows a search to the documents and page ranges the
// question names ("in ae300-handbook.pdf", "pages 10-20"), where the
// request has none in scope: the scope binds before the search, so the
// candidates never mix it with pages outside it. It returns what it
// bound, for the trace, or nil, and the words that named a document it
// bound by its file name's words ([titledDoc]): "the tracemonkey paper"
// reads as "the paper" once bound.
func bindCues(q string, req *Request) (bound map[string]any, name string) {
	bound = map[string]any{}
	if len(req.Filter.Docs) == 0 {
		if docs := NamedDocs(q, req.Lookup); len(docs) > 0 {
			req.Filter.Docs = docs
			bound["docs"] = docs
		} else if d, n := titledDoc(q, req.Docs); len(d) == 1 {
			// one document named; several named alike bind none: the
			// company a question names beside "the Q3 2022 10-Q" is no
			// word of "2022 Q3 AAPL.pdf" (Docugami whole index 6 -> 4 right
			// when the five Q3 2022 filings were the scope). Chat asks
			// which ([TitledDocs]).
			req.Filter.Docs = d
			bound["docs"] = req.Filter.Docs
			bound["by"] = "name before a word for a document"
			bound["name"] = n
			name = n
		} else if d, t := titleDoc(q, req.Titles); d != "" {
			req.Filter.Docs = []string{d}
			bound["docs"] = req.Filter.Docs
			bound["by"] = "title"
			bound["name"] = t
			name = t
		}
	}
	if len(req.Filter.Pages) == 0 {
		if pages := search.PageCues(q); len(pages) > 0 {
			req.Filter.Pages = pages
			bound["pages"] = pages
		}
	}
	if len(bound) == 0 {
		return nil, ""
	}
	bound["from"] = "question"
	return bound, name
}
