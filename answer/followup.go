package answer

import (
	"math"
	"time"

	"docqa/cache"
	"docqa/internal/inquiry"
)

// A follow-up's context is the previous answer's context, retained from
// the session cache, followed by what the follow-up's own search found:
//
//	[Previous context retained]
//	[handbook.pdf, p. 4]
//	...
//	---NEW CONTEXT---
//	[handbook.pdf, p. 7]
//	...
//
// Both parts share the one budget (budget.go), and a page both parts
// hold is kept once, with the new ones.

// retained returns the cached pages a follow-up starts from: none unless
// the request has history and a session whose entry is still fresh.
func retained(req Request) []Source {
	if req.Session == nil || len(req.History) == 0 {
		return nil
	}
	e, ok := req.Session.Get()
	if !ok {
		return nil
	}
	out := make([]Source, 0, len(e.Pages))
	for _, p := range e.Pages {
		out = append(out, Source{Doc: p.Doc, Page: p.Page, Text: p.Text})
	}
	return out
}

// keptCoverage is how much of a follow-up's terms one sentence of the
// retained pages must cover for the extractive engine to answer from
// them at once, without a new search.
const keptCoverage = 0.75

// fromKept answers a follow-up from the retained pages alone when the
// extractive engine finds a sentence there that covers keptCoverage of
// it; nil means search as usual. A model always gets a new search: its
// time dwarfs the search's.
func fromKept(parsed *inquiry.Question, req Request, kept []Source, start time.Time) *Answer {
	if req.Model != nil {
		return nil
	}
	q := parsed.Text
	a, cov := extract(parsed, req.readerParams(), kept)
	if a.Status != StatusAnswered || cov < keptCoverage {
		return nil
	}
	emit(req.Trace, "cache_answer", map[string]any{"pages": len(kept), "coverage": cov})
	a.SubQuestions = []string{q}
	remember(req.Session, q, nil, kept, a)
	total := time.Since(start).Milliseconds()
	a.TimingsMS = map[string]int64{"search": 0, "generate": total, "total": total}
	return a
}

// fitKept drops the retained pages the new ones repeat and keeps the rest,
// most recent context first, within room characters. A page that does not
// fit whole is cut at a line break.
func fitKept(kept, fresh []Source, room int) []Source {
	have := map[PageRef]bool{}
	for _, s := range fresh {
		have[PageRef{s.Doc, s.Page}] = true
	}
	var out []Source
	for _, s := range kept {
		if have[PageRef{s.Doc, s.Page}] {
			continue
		}
		if len(s.Text) > room {
			if room < minPage {
				break
			}
			s.Text = cache.Cut(s.Text, room)
		}
		room -= len(s.Text)
		out = append(out, s)
	}
	return out
}

// minPage is the least text worth keeping of a page.
const minPage = 200

func size(sources []Source) int {
	n := 0
	for _, s := range sources {
		n += len(s.Text)
	}
	return n
}

// FollowUpContext assembles a follow-up's context: the retained pages
// after [cache.Retained], the new ones after [cache.NewContext], in the
// layout of [cache.FollowUp]. Without retained pages it is the new context
// alone. Spans map every page as in [Assemble].
func FollowUpContext(kept, fresh []Source) Context {
	if len(kept) == 0 {
		return Assemble(fresh)
	}
	old, cur := Assemble(kept), Assemble(fresh)
	// The budget was spent choosing the pages: nothing is cut here.
	c := Context{Text: cache.FollowUp(old.Text, cur.Text, math.MaxInt)}
	c.Spans = append(shift(old.Spans, len(cache.Retained)+1), shift(cur.Spans, len(c.Text)-len(cur.Text))...)
	return c
}

// shift returns spans moved off bytes later.
func shift(spans []Span, off int) []Span {
	out := make([]Span, len(spans))
	for i, sp := range spans {
		sp.Start += off
		sp.End += off
		sp.Tables += off
		out[i] = sp
	}
	return out
}

// remember stores the answer's context in the session for the next
// follow-up: its pages, new ones first.
func remember(s *cache.Session, q string, kept, fresh []Source, a *Answer) {
	if s == nil {
		return
	}
	c := FollowUpContext(kept, fresh)
	var pages []cache.Page
	for _, src := range append(append([]Source(nil), fresh...), kept...) {
		pages = append(pages, cache.Page{Doc: src.Doc, Page: src.Page, Text: src.Text})
	}
	s.Put(cache.Entry{Context: c.Text, Pages: pages, Question: q, Answer: a.Answer})
}
