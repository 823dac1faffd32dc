package reader

import (
	"docqa/internal/inquiry"
	"docqa/reader/base"
	"docqa/reader/prose"
	"docqa/reader/sentences"
	"docqa/reader/tables"
)

// A Finder is a reader's request to the search: put first the page that
// holds the line Find finds, since the question's words rank it low (a
// byline under a title, a term's definition at its first use, a part's
// heading). The answer package applies the finders of [Finders] in
// order, before the readers read.
type Finder struct {
	// Name is the reader's that asks.
	Name string
	// PageOne: the line stands on page 1 of the document asked about;
	// else on any page of it, the best-ranked first, then in page order.
	PageOne bool
	// Find returns the line of a page's text the reader answers from, or
	// "".
	Find func(text string) string
}

// Finders returns the finders that take q, read with par, in the order
// of [finders].
func Finders(q *inquiry.Question, par base.Params) []Finder {
	var out []Finder
	for _, f := range finders() {
		if find := f.take(q, par); find != nil {
			out = append(out, Finder{Name: f.name, PageOne: f.pageOne, Find: find})
		}
	}
	return out
}

// finder is an entry of [finders].
type finder struct {
	name    string
	pageOne bool
	take    func(q *inquiry.Question, par base.Params) func(text string) string
}

func bylineFinder(q *inquiry.Question, par base.Params) func(string) string {
	if prose.AsksByline(q) {
		return func(text string) string { return prose.Byline(text, par) }
	}
	return nil
}

func captionFinder(q *inquiry.Question, par base.Params) func(string) string {
	if prose.AsksParty(q) {
		return func(text string) string { return prose.Caption(text, par) }
	}
	return nil
}

func definerFinder(q *inquiry.Question, _ base.Params) func(string) string {
	return sentences.Definer(q)
}

func titleFinder(q *inquiry.Question, par base.Params) func(string) string {
	return prose.TitleFinder(q, par)
}

// RankRows returns the table rows the best pages should hold for q: a
// figure question's ([ParseFigure]), or, for a question that names a
// metric and a year but asks a judgement, the metric's ([tables.ParseRanking]);
// ok is false for a question with options or neither. The answer
// package puts first the pages whose tables hold them, for the figure
// reader. par are the numbers the rows are read with.
func RankRows(q *inquiry.Question, par base.Params) (*tables.Figure, bool) {
	if len(q.Options) > 0 {
		return nil, false
	}
	if f, ok := tables.FigureOf(q, par); ok {
		return f, true
	}
	return tables.ParseRanking(q, par)
}
