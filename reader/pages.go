package reader

import (
	"slices"

	"docqa/internal/inquiry"
	"docqa/reader/base"
)

// A pageReader reads a question from pages it needs whole ([WholePages])
// or all of ([Document]): take says, before any page is fetched, whether
// it takes q, and returns the function that reads them, or why not.
type pageReader struct {
	name  string
	need  base.Need
	reads string // what it reads, for its reasons to decline
	take  func(q *inquiry.Question, par base.Params) (base.ReadPages, string)
	turns bool // it reads the pages beside the best ones too ([Source.Turn])
	// whole reports whether its answer is of the document as a whole
	// (how many pages it has, how often it names a thing): asked of
	// several documents that none is named, the user must say which
	// ([PageReading.OfWhole]); another reader of every page is skipped.
	whole bool
}

// A PageReading is the readers a stage of whole pages or of the whole
// document picked for a question ([Pick]): each that takes it, in order.
type PageReading struct {
	// Name is the first reader's name; the Reading names the reader
	// that answered.
	Name string
	// Tried lists the readers of the stage that declined before the
	// first.
	Tried []base.Attempt
	need  base.Need
	picks []picked
}

// picked is a reader that took a question, and how it reads it.
type picked struct {
	name, reads string
	read        base.ReadPages
	turns       bool
	whole       bool
}

// OfWhole reports whether the first reader that took the question
// answers of the document as a whole ([pageReader.whole]).
func (pr *PageReading) OfWhole() bool { return len(pr.picks) > 0 && pr.picks[0].whole }

// Turns reports whether a reader that took the question reads the pages
// beside the best ones too ([Source.Turn]).
func (pr *PageReading) Turns() bool {
	return slices.ContainsFunc(pr.picks, func(p picked) bool { return p.turns })
}

// Read reads the answer from pages (the whole text of the best context
// pages, or every page in scope of the document asked about, as the
// stage needs) with each reader that took the question, in order, until
// one finds it; ok is false when none does. The Reading names its reader
// and every reader tried.
func (pr *PageReading) Read(pages []base.Source) (base.Reading, bool) {
	tried := slices.Clone(pr.Tried)
	var r base.Reading
	best := slices.DeleteFunc(slices.Clone(pages), func(s base.Source) bool { return s.Turn })
	for _, p := range pr.picks {
		var ok bool
		if p.turns {
			r, ok = p.read(pages)
		} else {
			r, ok = p.read(best)
		}
		if r.Reader == "" {
			r.Reader = p.name
		}
		tried = append(tried, base.AttemptOf(r.Reader, pr.need, r))
		if ok {
			r.Tried = tried
			return r, true
		}
		tried[len(tried)-1].Verdict, tried[len(tried)-1].Why = base.VerdictDeclined, base.DeclineReason(base.NotOnPages, p.reads)
	}
	r.Tried = tried
	return r, false
}

// Pick returns the readers of the stage of need (WholePages or Document)
// that take q, read with par, in the order of [pageReaders]. ok is
// false when none does; tried then says why each declined.
func Pick(q *inquiry.Question, par base.Params, need base.Need) (pr *PageReading, tried []base.Attempt, ok bool) {
	pr = &PageReading{need: need}
	for _, r := range pageReaders() {
		if r.need != need {
			continue
		}
		read, why := r.take(q, par)
		if read != nil {
			if len(pr.picks) == 0 {
				pr.Name, pr.Tried = r.name, slices.Clone(tried)
			}
			pr.picks = append(pr.picks, picked{name: r.name, reads: r.reads, read: read, turns: r.turns, whole: r.whole})
			continue
		}
		if len(pr.picks) == 0 {
			tried = append(tried, base.Attempt{Name: r.name, Need: need.String(), Verdict: base.VerdictDeclined, Why: base.DeclineReason(why, r.reads)})
		}
	}
	if len(pr.picks) == 0 {
		return nil, tried, false
	}
	return pr, tried, true
}
