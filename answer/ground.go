package answer

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"

	"docqa/ingest"
	"docqa/internal/inquiry"
	"docqa/prompts"
	"docqa/reader"
	"docqa/search"
)

// Fallback reasons of the bounded context loop, recorded in the trace.
const (
	ReasonNoNewEvidence   = "no_new_evidence"
	ReasonBudgetExhausted = "budget_exhausted"
	ReasonAbstain         = "abstain"
	ReasonContract        = "contract_version"
	ReasonMalformed       = "malformed_decision"
	ReasonUnavailable     = "evidence_unavailable"
	ReasonUnverified      = "unverified_quotes"
	ReasonLowConfidence   = "low_confidence"
)

// fetchFunc gathers more evidence of the given types beyond what the
// context already has.
type fetchFunc func(ctx context.Context, types []string, have []Source) ([]Source, error)

// loop is one question's run of the bounded context loop.
type loop struct {
	question  string
	parsed    *inquiry.Question // question, parsed once for every reader
	par       reader.Params     // the numbers the readers read it with
	options   []string
	history   []Turn
	kept      []Source // retained from the session cache
	fresh     []Source // found by this question's search
	fetch     fetchFunc
	pages     rangeFunc     // reads a run of pages ([rangesOf])
	page      pageFunc      // reads a whole page; may be nil
	structure structureFunc // reads a document's structure; may be nil
	doc       string        // the document asked about, for a question about all its pages; "" for none
	// attachment is the attached file the question names, read whole by
	// a question about all of a document's pages; nil for none
	attachment *ingest.Attachment
	// attachments are the files attached to the conversation
	attachments []*ingest.Attachment
	// candidates are the documents of the best pages, best first, at most
	// [maxCandidates]: those a question about "the document" may mean
	candidates []string
	scope      search.Filter // the pages in scope
	trace      func(stage string, fields map[string]any)
	step       func(search.Step) // progress for the user; may be nil
	budget     budget            // the characters of page text the context may hold
}

// with returns the whole context's sources: the retained pages, then
// fresh.
func (l *loop) with(fresh []Source) []Source {
	return append(slices.Clone(l.kept), fresh...)
}

// fingerprint identifies a set of evidence: equal sets, in any order,
// give equal fingerprints.
func fingerprint(sources []Source) string {
	keys := make([]string, 0, len(sources))
	for _, s := range sources {
		h := sha256.Sum256([]byte(s.Text))
		keys = append(keys, fmt.Sprintf("%s\x00%d\x00%x", s.Doc, s.Page, h[:8]))
	}
	slices.Sort(keys)
	h := sha256.Sum256([]byte(strings.Join(keys, "\n")))
	return hex.EncodeToString(h[:8])
}

// merge adds more to sources; a page both hold keeps the longer text.
func merge(sources, more []Source) []Source {
	out := slices.Clone(sources)
	for _, m := range more {
		i := slices.IndexFunc(out, func(s Source) bool { return s.Doc == m.Doc && s.Page == m.Page })
		switch {
		case i < 0:
			out = append(out, m)
		case len(m.Text) > len(out[i].Text):
			out[i] = m
		}
	}
	return out
}

// fit drops pages from sources, the worst-ranked first, until they fit in
// budget characters; the last nMore sources, the new evidence, stay.
func fit(sources []Source, nMore, budget int) []Source {
	out := slices.Clone(sources)
	for i := len(out) - nMore - 1; i >= 0 && size(out) > budget; i-- {
		out = slices.Delete(out, i, i+1)
	}
	for len(out) > 0 && size(out) > budget { // the evidence alone is too much
		out = out[:len(out)-1]
	}
	return out
}

// enrich runs the loop's one retry budget: it fetches the requested
// evidence and reports the sources to retry with, or the fallback reason
// when there is nothing new.
func (l *loop) enrich(ctx context.Context, types []string) ([]Source, string, error) {
	have := l.with(l.fresh)
	l.trace("request_context", map[string]any{"evidence_types": types})
	more, err := l.fetch(ctx, types, have)
	if err != nil {
		return nil, "", err
	}
	if len(more) == 0 {
		l.trace("retry_fallback", map[string]any{"reason": ReasonUnavailable})
		return nil, ReasonUnavailable, nil
	}
	enriched := fit(merge(l.fresh, more), len(more), l.budget.evidence(l.kept))
	before, after := fingerprint(have), fingerprint(l.with(enriched))
	l.trace("evidence", map[string]any{"fingerprint_before": before, "fingerprint_after": after, "pages_added": len(more)})
	if before == after {
		l.trace("retry_fallback", map[string]any{"reason": ReasonNoNewEvidence})
		return nil, ReasonNoNewEvidence, nil
	}
	return enriched, "", nil
}

// extractive answers without a model. When no sentence covers enough of
// the question it asks, once, for the pages next to those it read and
// for the next search results, and tries again if they are new.
func (l *loop) extractive(ctx context.Context) (*Answer, error) {
	l.trace("loop_started", map[string]any{"engine": ExtractiveEngine, "pages": len(l.kept) + len(l.fresh)})
	if a, err := l.outlined(ctx); a != nil || err != nil {
		return a, err
	}
	if a, err := l.mentions(ctx); a != nil || err != nil {
		return a, err
	}
	if a, err := l.whole(ctx); a != nil || err != nil {
		return a, err
	}
	a, _ := extract(l.parsed, l.par, l.with(l.fresh))
	l.traceReaders(reader.Window, a.tried)
	if a.Status == StatusAnswered || l.fetch == nil {
		return a, nil
	}
	enriched, reason, err := l.enrich(ctx, []string{EvidenceAdjacentPages, EvidenceMoreResults})
	if err != nil || reason != "" {
		return a, err
	}
	l.trace("retry_called", nil)
	b, _ := extract(l.parsed, l.par, l.with(enriched))
	l.traceReaders(reader.Window, b.tried)
	if b.Status != StatusAnswered {
		// Nothing better: report the context the search chose.
		l.trace("retry_fallback", map[string]any{"reason": ReasonLowConfidence})
		return a, nil
	}
	l.trace("retry_resolved", map[string]any{"status": b.Status})
	return b, nil
}

// whole answers from the whole text of the first [reader.Params.WholePagesRead]
// context pages a question whose answer a window of a page would cut in
// two, when a reader of whole pages takes it ([reader.Pick]): the context
// holds a window of each page, which cuts a table's row from its header,
// a list's items (a procedure's steps) from the sentence that announces
// them, a table of contents from its heading and a statement from its
// note. It returns nil for any other question, or when the pages lack
// the answer.
func (l *loop) whole(ctx context.Context) (*Answer, error) {
	if l.page == nil {
		l.trace("readers", map[string]any{"need": reader.WholePages.String(), "skipped": "no index to read whole pages from"})
		return nil, nil
	}
	pr, tried, ok := reader.Pick(l.parsed, l.par, reader.WholePages)
	if !ok {
		l.traceReaders(reader.WholePages, tried)
		return nil, nil
	}
	sources := l.with(l.fresh)
	whole, err := l.wholeTexts(ctx, sources[:min(len(sources), l.par.WholePagesRead)])
	if err != nil {
		return nil, err
	}
	if pr.Turns() {
		if whole, err = l.withTurns(ctx, whole); err != nil {
			return nil, err
		}
	}
	r, ok := pr.Read(whole)
	l.traceReaders(reader.WholePages, r.Tried)
	if !ok {
		return nil, nil
	}
	a := fromReading(l.question, r, nil, whole)
	// the pages it read whole, and the rest of the context; a page
	// beside them only when quoted
	whole = slices.DeleteFunc(whole, func(s Source) bool {
		return s.Turn && !slices.ContainsFunc(r.Quotes, func(q reader.Quote) bool { return q.Doc == s.Doc && q.Page == s.Page })
	})
	a.readFrom(merge(sources, whole))
	l.trace(r.Reader, map[string]any{"pages": len(whole), "quotes": len(a.Citations)})
	return a, nil
}

// mentions answers a question that a reader of the whole document
// takes ([reader.Pick]: how often or where the document asked about
// names a thing, how many things of a kind it names by label, how many
// pages it has) from every page of it in scope; the pages quoted join
// the context. It returns nil for any other question, or when the pages
// lack the answer.
func (l *loop) mentions(ctx context.Context) (*Answer, error) {
	if l.attachment == nil && (l.doc == "" || l.page == nil) {
		l.trace("readers", map[string]any{"need": reader.Document.String(), "skipped": "no one document is asked about"})
		return nil, nil
	}
	m, tried, ok := reader.Pick(l.parsed, l.par, reader.Document)
	if !ok {
		l.traceReaders(reader.Document, tried)
		return nil, nil
	}
	if l.attachment == nil && len(l.scope.Docs) != 1 && len(l.candidates) > 1 && !m.OfWhole() {
		// a count of one kind of listed things ("how many references"),
		// of none of several documents: left to the other stages
		l.trace("readers", map[string]any{"need": reader.Document.String(), "skipped": "several documents, none named", "candidates": l.candidates})
		return nil, nil
	}
	if l.attachment == nil && len(l.scope.Docs) != 1 && len(l.candidates) > 1 {
		// "How many pages does the document have?" with several
		// documents and none named: which one is the user's to say
		l.trace("readers", map[string]any{"need": reader.Document.String(), "skipped": "several documents, none named", "candidates": l.candidates})
		a := &Answer{Question: l.question, Engine: ExtractiveEngine, Reader: m.Name, Check: WhichDocumentCheck, Citations: []Citation{}}
		a.readFrom(l.with(l.fresh)) // where to look: the pages the search found, as every refusal keeps them
		return notFound(a, fmt.Sprintf("The question asks about one document, and it names none of the %d that match it: name one with --doc NAME (or its file name in the question): %s.",
			len(l.candidates), strings.Join(l.candidates, ", "))), nil
	}
	pages, err := l.wholeDocument(ctx)
	if err != nil {
		return nil, err
	}
	r, ok := m.Read(pages)
	l.traceReaders(reader.Document, r.Tried)
	if !ok {
		return nil, nil
	}
	var quoted []Source
	for _, s := range pages {
		if slices.ContainsFunc(r.Quotes, func(q reader.Quote) bool { return q.Page == s.Page }) {
			quoted = append(quoted, s)
		}
	}
	a := fromReading(l.question, r, nil, quoted)
	a.readFrom(merge(l.with(l.fresh), quoted)) // the context the search chose, and the pages quoted
	l.trace("mentions", map[string]any{"pages": len(pages), "quoted": len(quoted)})
	return a, nil
}

// wholeDocument returns every page in scope of the document asked about:
// the attachment the question names, or the indexed document.
func (l *loop) wholeDocument(ctx context.Context) ([]Source, error) {
	var pages []Source
	if a := l.attachment; a != nil {
		for i, text := range a.Pages {
			if l.scope.Allows(i + 1) {
				pages = append(pages, withStructure(Source{Doc: a.Name, Page: i + 1, Text: text}, a.Structure.Of(i+1)))
			}
		}
		return pages, nil
	}
	err := eachPage(ctx, l.pages, l.doc, func(n int, text string) bool {
		if l.scope.Allows(n) {
			pages = append(pages, Source{Doc: l.doc, Page: n, Text: text})
		}
		return true
	})
	if err != nil || len(pages) == 0 || l.structure == nil {
		return pages, err
	}
	st, _, err := l.structure(ctx, l.doc, pages[0].Page, pages[len(pages)-1].Page)
	for i := range pages {
		pages[i] = withStructure(pages[i], st.Of(pages[i].Page))
	}
	return pages, err
}

// withTurns returns pages and, after them, the pages beside each (the
// one before, the one after) that pages lack, in scope, marked
// [reader.Source.Turn]: a procedure's steps run over a page's turn.
func (l *loop) withTurns(ctx context.Context, pages []Source) ([]Source, error) {
	out := slices.Clone(pages)
	have := map[PageRef]bool{}
	for _, s := range pages {
		have[PageRef{s.Doc, s.Page}] = true
	}
	for _, s := range pages {
		for _, n := range []int{s.Page - 1, s.Page + 1} {
			ref := PageRef{s.Doc, n}
			if have[ref] || n < 1 || !l.scope.Allows(n) || l.attachment != nil && s.Doc == l.attachment.Name {
				continue
			}
			have[ref] = true
			text, ok, err := l.page(ctx, s.Doc, n)
			if err != nil {
				return nil, err
			}
			if ok {
				p, err := l.structure.page(ctx, s.Doc, n)
				if err != nil {
					return nil, err
				}
				out = append(out, withStructure(Source{Doc: s.Doc, Page: n, Text: text, Turn: true}, p))
			}
		}
	}
	return out, nil
}

// attachedAs returns the attached file of name; nil for none.
func (l *loop) attachedAs(name string) *ingest.Attachment {
	for _, a := range l.attachments {
		if a.Name == name {
			return a
		}
	}
	return nil
}

// wholeTexts returns sources, each with its page's whole text and
// structure: an indexed page's, or an attached file's.
func (l *loop) wholeTexts(ctx context.Context, sources []Source) ([]Source, error) {
	out := make([]Source, 0, len(sources))
	for _, s := range sources {
		text, ok, err := l.page(ctx, s.Doc, s.Page)
		if err != nil {
			return nil, err
		}
		switch a := l.attachedAs(s.Doc); {
		case ok:
			s.Text, s.Cut = text, false
			if s.Structure.Number != s.Page { // a page the session kept, whose context carried its sections only
				p, err := l.structure.page(ctx, s.Doc, s.Page)
				if err != nil {
					return nil, err
				}
				s = withStructure(s, p)
			}
		case a != nil && s.Page >= 1 && s.Page <= len(a.Pages):
			s.Text, s.Cut = a.Pages[s.Page-1], false
			s = withStructure(s, a.Structure.Of(s.Page))
		}
		out = append(out, s)
	}
	return out, nil
}

// outcome is what one exchange with the model came to.
type outcome struct {
	reply     Reply
	citations []Citation
	decision  *Decision // the model answered with a JSON decision
	decErr    error     // ... that did not parse
	rejected  []string  // quotes that did not verify
	moved     []string  // quotes found on another page than the model cited
}

func (o outcome) verified() bool {
	return len(o.citations) > 0 && len(o.rejected) == 0 && !o.reply.NotFound()
}

// llm answers through a model: the answer prompt, one corrective retry
// when quotes do not verify or the reply has no sections, and, when the
// model finds no answer, one JSON decision that may request more
// evidence, for one more attempt.
func (l *loop) llm(ctx context.Context, gen Generator, ps *prompts.Set, name string, onToken func(string)) (*Answer, error) {
	system, err := ps.System()
	if err != nil {
		return nil, err
	}
	l.trace("loop_started", map[string]any{"engine": name, "pages": len(l.kept) + len(l.fresh)})
	c := FollowUpContext(l.kept, l.fresh)
	o, err := l.exchange(ctx, gen, ps, system, c, true, onToken)
	if err != nil {
		return nil, err
	}
	a := &Answer{Question: l.question, Engine: name, Reader: ModelReader, Citations: []Citation{}}
	if o.verified() {
		return l.answered(a, o, c), nil
	}
	if len(o.rejected) > 0 {
		return l.fallback(a, c, ReasonUnverified, fmt.Sprintf("The model's quotes were not found in the documents after a corrective retry: %s.", shortQuotes(o.rejected))), nil
	}
	d, derr := o.decision, o.decErr
	if d == nil && derr == nil {
		d, derr = l.decide(ctx, gen, ps, system, c)
		if derr != nil && !errors.Is(derr, ErrBadDecision) && !errors.Is(derr, ErrContractVersion) {
			return nil, derr
		}
	}
	switch {
	case errors.Is(derr, ErrContractVersion):
		return l.fallback(a, c, ReasonContract, "The model answered in an unknown decision contract; nothing it said is used."), nil
	case derr != nil:
		return l.fallback(a, c, ReasonMalformed, "The model's decision could not be read; nothing it said is used."), nil
	case d.Decision == DecideAbstain:
		return l.fallback(a, c, ReasonAbstain, "The model found no answer in the documents: "+d.Reason), nil
	case d.Decision == DecideAnswer:
		return l.fallback(a, c, ReasonLowConfidence, "The model gave no verifiable answer."), nil
	}
	enriched, reason, err := l.enrich(ctx, d.EvidenceTypes)
	if err != nil {
		return nil, err
	}
	if reason != "" {
		return l.fallback(a, c, reason, "More evidence was requested ("+strings.Join(d.EvidenceTypes, ", ")+") but none was new."), nil
	}
	l.trace("retry_called", map[string]any{"evidence_types": d.EvidenceTypes})
	search.Tell(l.step, search.Step{Label: "Reading more evidence", Done: true, Detail: strings.Join(d.EvidenceTypes, ", ")})
	c2 := FollowUpContext(l.kept, enriched)
	o2, err := l.exchange(ctx, gen, ps, system, c2, false, onToken)
	if err != nil {
		return nil, err
	}
	switch {
	case o2.verified():
		l.trace("retry_resolved", map[string]any{"status": StatusAnswered})
		return l.answered(a, o2, c2), nil
	case o2.decision != nil && o2.decision.Decision == DecideRequestContext:
		return l.fallback(a, c2, ReasonBudgetExhausted, "The model asked for more evidence a second time; the loop allows one request."), nil
	case len(o2.rejected) > 0:
		return l.fallback(a, c2, ReasonUnverified, fmt.Sprintf("The model's quotes were not found in the documents: %s.", shortQuotes(o2.rejected))), nil
	}
	return l.fallback(a, c2, ReasonLowConfidence, "The model found no answer in the enriched context."), nil
}

// exchange asks for an answer from context c and sorts out the reply;
// with corrective set, a reply with unverifiable quotes or no sections
// gets one corrective retry.
func (l *loop) exchange(ctx context.Context, gen Generator, ps *prompts.Set, system string, c Context, corrective bool, onToken func(string)) (outcome, error) {
	prompt, err := ps.Answer(prompts.AnswerData{Question: l.question, Options: l.options, History: promptTurns(l.history), Context: c.Text})
	if err != nil {
		return outcome{}, err
	}
	msgs := []Message{{Role: "user", Content: prompt}}
	var o outcome
	for attempt := 0; ; attempt++ {
		reply, err := gen.Generate(ctx, Generation{System: system, Messages: msgs, OnToken: onToken})
		l.trace("generation", map[string]any{"attempt": attempt + 1, "chars": len(reply), "error": ErrText(err)})
		if err != nil {
			return outcome{}, err
		}
		o = classifyReply(reply, c)
		if o.decision != nil || o.decErr != nil || o.verified() || o.reply.NotFound() || !corrective || attempt == 1 {
			return o, nil
		}
		retry, err := ps.Retry(prompts.RetryData{Rejected: o.rejected})
		if err != nil {
			return outcome{}, err
		}
		l.trace("corrective_retry", map[string]any{"rejected": len(o.rejected)})
		search.Tell(l.step, search.Step{Label: "Checking quotes", Done: true, Detail: "not found in the documents; asking once more"})
		msgs = append(msgs, Message{Role: "assistant", Content: reply}, Message{Role: "user", Content: retry})
	}
}

// classifyReply parses a reply: a JSON decision, or sections whose quotes
// are verified against the context. A reply with no sections and no
// quotes counts as one unverifiable quote: itself.
func classifyReply(reply string, c Context) outcome {
	if t := strings.TrimSpace(reply); strings.HasPrefix(t, "{") || strings.HasPrefix(t, "```") {
		d, err := ParseDecision(t)
		if err == nil {
			return outcome{decision: &d}
		}
		return outcome{decErr: err}
	}
	r, err := ParseReply(reply)
	if err != nil {
		return outcome{rejected: []string{oneLine(truncate(reply, 200))}}
	}
	o := outcome{reply: r}
	sources := c.Sources()
	for i, q := range r.Quotes {
		if s, ok := Verify(q, sources); ok {
			o.citations = append(o.citations, Citation{Quote: oneLine(q), Doc: s.Doc, Page: s.Page, Verified: true})
			if i < len(r.Pages) && r.Pages[i] != 0 && r.Pages[i] != s.Page {
				// the citation carries the page the quote is on; say so
				o.moved = append(o.moved, fmt.Sprintf("the model cited p. %d for a quote found on p. %d of %s", r.Pages[i], s.Page, s.Doc))
			}
		} else {
			o.rejected = append(o.rejected, q)
		}
	}
	if len(r.Quotes) == 0 && !r.NotFound() {
		o.rejected = append(o.rejected, "(no quote)")
	}
	return o
}

// decide asks the model for a JSON decision, in Ollama's structured
// output format.
func (l *loop) decide(ctx context.Context, gen Generator, ps *prompts.Set, system string, c Context) (*Decision, error) {
	var types []prompts.EvidenceType
	for _, t := range EvidenceTypes {
		types = append(types, prompts.EvidenceType{Name: t, Description: evidenceHelp[t]})
	}
	prompt, err := ps.Decision(prompts.DecisionData{Question: l.question, Context: c.Text, ContractVersion: ContractVersion, MaxTypes: maxEvidenceTypes, EvidenceTypes: types})
	if err != nil {
		return nil, err
	}
	reply, err := gen.Generate(ctx, Generation{System: system, Messages: []Message{{Role: "user", Content: prompt}}, Format: DecisionSchema})
	l.trace("decision", map[string]any{"chars": len(reply), "error": ErrText(err)})
	if err != nil {
		return nil, err
	}
	d, err := ParseDecision(reply)
	if err != nil {
		return nil, err
	}
	return &d, nil
}

var evidenceHelp = map[string]string{
	EvidenceAdjacentPages:   "the pages before and after those in the context",
	EvidenceMoreResults:     "the next best search results",
	EvidenceFullPage:        "the whole text of pages the context shows only in part",
	EvidenceChatHistory:     "older turns of this conversation",
	EvidenceDocumentOutline: "the first pages of the documents in the context (title, contents)",
}

func (l *loop) answered(a *Answer, o outcome, c Context) *Answer {
	a.Status = StatusAnswered
	a.Answer = strings.TrimSpace(o.reply.Answer)
	a.Explanation = strings.TrimSpace(o.reply.Explanation)
	if len(o.moved) > 0 {
		a.Explanation = strings.TrimSpace(a.Explanation + " (docqa: " + strings.Join(o.moved, "; ") + ".)")
	}
	a.Citations = o.citations
	a.Option = ReadChoice(a.Answer, l.options)
	a.readFrom(c.Sources())
	l.trace("answered", map[string]any{"citations": len(o.citations)})
	return a
}

func (l *loop) fallback(a *Answer, c Context, reason, why string) *Answer {
	l.trace("fallback", map[string]any{"reason": reason})
	notFound(a, why)
	a.readFrom(c.Sources())
	return a
}

// traceReaders records the readers of a stage tried on the question,
// each with its verdict or why it declined, and the check that fired.
func (l *loop) traceReaders(need reader.Need, tried []reader.Attempt) {
	if len(tried) > 0 {
		l.trace("readers", map[string]any{"need": need.String(), "tried": tried})
	}
}

func promptTurns(h []Turn) []prompts.Turn {
	out := make([]prompts.Turn, 0, len(h))
	for _, t := range h {
		out = append(out, prompts.Turn{Question: t.Question, Answer: t.Answer})
	}
	return out
}

// ErrText is err's message for a trace field, "" for none.
func ErrText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// shortQuotes lists rejected quotes for an explanation, each on one line
// and cut to 80 bytes: a model's rambling has no place in it.
func shortQuotes(qs []string) string {
	short := make([]string, len(qs))
	for i, q := range qs {
		q = oneLine(q)
		if t := truncate(q, 80); t != q {
			q = t + "…"
		}
		short[i] = q
	}
	return fmt.Sprintf("%q", short)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8Start(s[n]) {
		n--
	}
	return s[:n]
}
