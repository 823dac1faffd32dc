package chat

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"docqa/answer"
	"docqa/internal/inquiry"
	"docqa/internal/lazyre"
	"docqa/internal/terms"
	"docqa/search"
)

// ambiguity: a question matches several documents "about equally" when
// the next document's best page scores at least this share of the best
// one's.
const ambiguity = 0.85

// maxOptions caps the documents offered for one question.
const maxOptions = 4

// Hint is shown with the first options of a session.
const Hint = "You can reply 'first', 'second' or 'last'."

var reFollowUp = lazyre.New(`(?i)^(and|but|also|so|then|what about|how about)\b|\b(it|its|they|them|their|these|those|this|that|he|she|his|her)\b`)

// document answers a question from the documents. docs, when given, is
// the scope for this question only (an option the user picked).
func (s *Session) document(ctx context.Context, q string, docs []string) *Reply {
	req := s.cfg.Request
	req.Question = q
	req.Attachments = s.attachments
	req.Session = s.cache
	req.Trace = s.cfg.Trace
	req.Filter.Docs = s.scope
	if docs == nil {
		docs = s.namedDocs(q)
	}
	if docs != nil {
		req.Filter.Docs = docs
	}
	prev, followUp := s.previousQuestion(q)
	if pages, ok := pageOnly(q); ok && followUp {
		// "what about page 5?": the question before, read on that page
		base := s.askedBefore()
		var on []string
		for _, p := range pages {
			on = append(on, fmt.Sprintf("page %d", p.From))
		}
		// the pages named in the question too: the search reads them
		// first, whatever it ranks ([search.PageRefs])
		req.Question = strings.TrimRight(strings.TrimSpace(base.User), "?") + " on " + strings.Join(on, " and ") + "?"
		req.Filter.Pages = pages
		if len(req.Filter.Docs) == 0 {
			req.Filter.Docs = citedDocs(base)
		}
		s.trace("rewrite", map[string]any{"standalone": req.Question})
	} else if followUp {
		req.History = []answer.Turn{{Question: prev.User, Answer: prev.Reply}}
		s.trace("rewrite", map[string]any{"standalone": q + " " + inquiry.KeyWords(prev.User)})
	} else if len(req.Filter.Docs) == 0 && len(s.attachments) == 0 {
		// documents the question names alike ("the AE-300 document"),
		// then any the question matches about equally
		if tied := answer.TitledDocs(q, req.Docs); tied != nil {
			if opts := s.ambiguous(ctx, q, tied); len(opts) > 1 {
				return s.offer(q, opts)
			}
		}
		if opts := s.ambiguous(ctx, q, nil); len(opts) > 1 {
			return s.offer(q, opts)
		}
		if len(req.Docs) > 1 && answer.AsksOfOneDocument(q, req) {
			// "How many pages does the document have?" of several:
			// the ones that fit it best, and a way to name another
			if opts := s.bestDocs(ctx, q); len(opts) > 0 {
				r := s.offer(q, opts)
				r.Text += "\n" + OtherDocHint
				return r
			}
		}
	}
	a, err := s.cfg.Ask(ctx, req)
	if err != nil {
		return &Reply{Kind: KindError, Err: err}
	}
	var b strings.Builder
	answer.Render(&b, a)
	text := strings.TrimRight(b.String(), "\n")
	if a.Status == answer.StatusNotFound {
		// Static knowledge, only from a model and labelled as such.
		general, err := s.generalKnowledge(ctx, q)
		if err != nil {
			return &Reply{Kind: KindError, Err: err}
		}
		if general != "" {
			// Still an answer turn: "which page was that from?" and
			// /sources speak of its (absent) citations.
			return &Reply{Kind: KindAnswer, Text: text + "\n\n" + GeneralLabel + " " + general, Answer: a}
		}
	}
	return &Reply{Kind: KindAnswer, Text: text, Answer: a}
}

// pageOnly returns the pages a follow-up names when it names nothing
// else ("what about page 5?", "and on pages 7-8?"): a word of it other
// than the page words and the pages' numbers says what else it asks.
func pageOnly(q string) ([]search.PageRange, bool) {
	refs := search.PageRefs(q)
	if len(refs) == 0 {
		return nil, false
	}
	named := map[string]bool{}
	var out []search.PageRange
	for _, r := range refs {
		named[strconv.Itoa(r.Page)] = true
		out = append(out, search.PageRange{From: r.Page, To: r.Page})
	}
	for _, t := range terms.Of(q) {
		if !named[t] && !pageWords[t] {
			return nil, false
		}
	}
	return out, true
}

// pageWords are the words a follow-up names pages with, stemmed.
var pageWords = map[string]bool{"page": true, "pp": true, "about": true, "instead": true, "there": true, "cover": true, "front": true, "titl": true,
	"first": true, "second": true, "third": true, "fourth": true, "fifth": true, "sixth": true, "seventh": true, "eighth": true, "ninth": true, "tenth": true,
	"on": true, "two": true, "three": true, "four": true, "five": true, "six": true, "seven": true, "eight": true, "nine": true, "ten": true}

// askedBefore returns the last answered question that was not itself a
// page's follow-up: what "what about page 6?" after "what about page
// 5?" asks again.
func (s *Session) askedBefore() Turn {
	for i := len(s.turns) - 1; i >= 0; i-- {
		if t := s.turns[i]; t.Kind == KindAnswer {
			if _, ok := pageOnly(t.User); !ok {
				return t
			}
		}
	}
	t, _ := s.lastAnswer()
	return t
}

// citedDocs returns the documents a turn's answer quoted, in order.
func citedDocs(t Turn) []string {
	var docs []string
	for _, c := range t.Citations {
		docs = append(docs, c.Doc)
	}
	return unique(docs)
}

// namedDocs returns the indexed documents q names ("what does
// ae300-handbook.pdf say about…"): a scope cue that binds this question
// to them, in place of the session's scope. Nil when it names none.
func (s *Session) namedDocs(q string) []string {
	docs := answer.NamedDocs(q, s.cfg.Request.Lookup)
	if docs != nil {
		s.trace("scope", map[string]any{"docs": docs, "from": "question"})
	}
	return docs
}

// previousQuestion returns the last document turn when q follows up on
// it: the session cache still holds its context (five minutes), and q
// leans on it ("and the minimum?", "how do pilots detect these?").
func (s *Session) previousQuestion(q string) (Turn, bool) {
	if _, ok := s.cache.Get(); !ok || !reFollowUp.MatchString(q) {
		return Turn{}, false
	}
	return s.lastAnswer()
}

// ambiguous ranks the whole index for q and returns the documents whose
// best pages score about as well as the best one's, best first; of those
// among names only, when it is not nil.
func (s *Session) ambiguous(ctx context.Context, q string, among []string) []Option {
	return s.ranked(ctx, q, among, ambiguity)
}

// bestDocs returns the documents whose best pages score best for q, as
// many as are offered at once, however far apart.
func (s *Session) bestDocs(ctx context.Context, q string) []Option {
	return s.ranked(ctx, q, nil, 0)
}

// ranked returns the documents of the best pages for q, best first, of
// those among names only when it is not nil, while their best page
// scores share of the best one's.
func (s *Session) ranked(ctx context.Context, q string, among []string, share float64) []Option {
	if s.cfg.Rank == nil {
		return nil
	}
	hits, err := s.cfg.Rank(ctx, q)
	if err != nil {
		return nil // the answer's own search will report it
	}
	best := map[string]search.PageHit{}
	for _, h := range hits {
		if among != nil && !slices.Contains(among, h.Doc) {
			continue
		}
		if b, ok := best[h.Doc]; !ok || h.Score > b.Score {
			best[h.Doc] = h
		}
	}
	ranked := make([]search.PageHit, 0, len(best))
	for _, h := range best {
		ranked = append(ranked, h)
	}
	sort.Slice(ranked, func(i, j int) bool {
		if ranked[i].Score != ranked[j].Score {
			return ranked[i].Score > ranked[j].Score
		}
		return ranked[i].Doc < ranked[j].Doc
	})
	var out []Option
	for _, h := range ranked {
		if len(out) == maxOptions || h.Score < share*ranked[0].Score {
			break
		}
		out = append(out, Option{Index: len(out) + 1, Label: h.Doc, Sublabel: fmt.Sprintf("p. %d: %s", h.Page, snippet(h.Best.Text, 60)), Type: "document"})
	}
	s.trace("ambiguity", map[string]any{"documents": len(ranked), "close": len(out)})
	return out
}

// offer shows options for q and waits for the pick.
func (s *Session) offer(q string, opts []Option) *Reply {
	s.pending = &PendingQuestion{Question: q, Options: opts}
	s.lastOptions = opts
	var b strings.Builder
	b.WriteString("Several documents match; which one do you mean?")
	for _, o := range opts {
		fmt.Fprintf(&b, "\n  %d. %s", o.Index, o.Label)
		if o.Sublabel != "" {
			fmt.Fprintf(&b, " (%s)", o.Sublabel)
		}
	}
	if !s.hinted {
		s.hinted = true
		b.WriteString("\n" + Hint)
	}
	return &Reply{Kind: KindOptions, Text: b.String(), Options: opts}
}

var reSelectish = lazyre.New(`(?i)^(the|that|this)\s+(one|document|doc|file|pdf)\b|^(the one|one)\s`)

// selection handles a reply to pending options: an ordinal picks
// locally, with no model; a reply naming an option's label or sublabel
// picks it; otherwise the model, when one answers, is asked which option
// the reply means (select_option). A reply that reads as a pick ("the one
// from 2022") but matches none gets a clarification. Anything else is not
// a selection.
func (s *Session) selection(ctx context.Context, line string) (*Reply, bool) {
	opts := s.pending.Options
	if n, ok := ParseOrdinal(line); ok {
		if n == Last {
			n = len(opts)
		}
		if n < 1 || n > len(opts) {
			return &Reply{Kind: KindClarify, Text: "Please pick one of the options shown."}, true
		}
		return s.pick(ctx, opts[n-1], "ordinal", 0), true
	}
	if o, ok := matchOption(line, opts); ok {
		return s.pick(ctx, o, "label", 0), true
	}
	if m, _ := s.model(); m != nil {
		o, ok, err := s.selectByModel(ctx, line, opts)
		if err != nil {
			return &Reply{Kind: KindError, Err: err}, true
		}
		if ok {
			return s.pick(ctx, o, "model", 1), true
		}
	}
	if reSelectish.MatchString(strings.TrimSpace(line)) {
		return &Reply{Kind: KindClarify, Text: "I couldn't tell which one you meant. " + Hint}, true
	}
	return nil, false
}

// pick answers the pending question in the chosen document.
func (s *Session) pick(ctx context.Context, o Option, by string, modelCalls int) *Reply {
	q := s.pending.Question
	s.picked = &lastPick{Question: q, Options: s.pending.Options, Picked: o.Index}
	s.pending = nil
	s.trace("select_option", map[string]any{"index": o.Index, "label": o.Label, "by": by, "model_calls": modelCalls})
	return s.document(ctx, q, []string{o.Label})
}

// matchOption finds the one option whose label or sublabel the reply
// names (all the reply's words in it, or the label's name in the reply).
func matchOption(line string, opts []Option) (Option, bool) {
	words := contentWords(line)
	if len(words) == 0 {
		return Option{}, false
	}
	var found []Option
	for _, o := range opts {
		hay := " " + strings.Join(contentWords(o.Label+" "+o.Sublabel), " ") + " "
		label := strings.Join(contentWords(strings.TrimSuffix(strings.ToLower(o.Label), ".pdf")), " ")
		all := true
		for _, w := range words {
			if !strings.Contains(hay, " "+w+" ") {
				all = false
				break
			}
		}
		if all || (label != "" && strings.Contains(" "+strings.Join(words, " ")+" ", " "+label+" ")) {
			found = append(found, o)
		}
	}
	if len(found) != 1 {
		return Option{}, false
	}
	return found[0], true
}

// contentWords lowercases s and drops punctuation and the words a pick
// is phrased with.
func contentWords(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127)
	}) {
		if !pickWords[w] {
			out = append(out, w)
		}
	}
	return out
}

var pickWords = map[string]bool{"the": true, "one": true, "from": true, "about": true, "with": true, "in": true, "of": true, "that": true, "this": true, "document": true, "doc": true, "file": true, "pdf": true, "i": true, "mean": true, "want": true, "please": true, "a": true, "p": true, "page": true}

// snippet shortens s to about n bytes on a word boundary.
func snippet(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	if i := strings.LastIndexByte(s[:n], ' '); i > n/2 {
		return s[:i] + "…"
	}
	return s[:n] + "…"
}
