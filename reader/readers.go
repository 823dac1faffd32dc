package reader

import (
	"docqa/reader/base"
	"docqa/reader/document"
	"docqa/reader/prose"
	"docqa/reader/tables"
	"docqa/reader/units"
)

// The readers of the extractive engine, in the order they are tried:
// this file is the one place that order is written.
//
// A question is read in three stages, each over the pages its readers
// need ([Need]); the answer package runs them in this order and fetches
// each stage's pages only when one of its readers takes the question:
//
//  1. [Document] readers count over every page of the document asked
//     about. The first that takes the question reads; its answer stands,
//     else the next stage runs.
//  2. [WholePages] readers read the whole text of the best context pages.
//     The first that takes the question reads, as in stage 1.
//  3. [Window] readers read the context the search assembled (a window
//     of each page; the retained pages of a follow-up; attachments):
//     each in turn until one takes the question, then the refusal checks
//     ([checks]), then the sentence scorer, which always answers or
//     refuses. A question that asks two things is first read ask by ask
//     ([readAsks]).
//
// Why each stands where it does is said beside it. A new way of
// answering is one more entry here.

// pageReaders are the readers of stages 1 and 2, in order. Each takes a
// question or says why not, before any page is fetched.
func pageReaders() []pageReader {
	return []pageReader{
		// Counts over the whole document. A question about the
		// document's sections ("How many chapters are there?") is the
		// outline's (answer's outline stage, [TakeOutline]), not a count.
		{"labels", base.Document, "a count of labelled tables, figures or exhibits", document.TakeLabels, false, true},
		{"page-count", base.Document, "the number of pages", document.TakePageCount, false, true},
		{"list-count", base.Document, "the number of items of a numbered list of a kind", units.TakeListCount, false, false},
		{"mentions", base.Document, "how often or where a thing is named", document.TakeMentions, false, true},
		// Whole pages. A figure question first: a table's rows stand far
		// from its header, and a statement question names footnotes and
		// lists in its words.
		{"figure", base.WholePages, "a table figure by row and year, or one computed from them", tables.TakeTable, false, false},
		// A procedure's steps run over a page's turn: it reads the
		// pages beside the best ones too.
		{"procedure", base.WholePages, "a numbered procedure's step by its place, or its count", units.TakeProcedure, true, false},
		{"items", base.WholePages, "the items of the list a question asks for", units.TakeItems, true, false},
		{"note", base.WholePages, "the note a sentence's marker points to", units.TakeNote, false, false},
		{"footnote", base.WholePages, "the note a statement's marker points to", prose.TakeFootnote, false, false},
		// A label/value line ("Weight: 2.3 kg") whose label the
		// question names, before the grid: a spec sheet's lines are
		// often found as a table of two columns too.
		{"field", base.WholePages, "the value of a label/value line whose label the question names", units.TakeField, false, false},
		// A table's cell by the labels of its row and column, last of
		// the whole pages' readers: it takes every question, and reads
		// one only when a table's labels name a cell.
		{"grid", base.WholePages, "a table's cell by the labels of its row and column", tables.TakeGrid, false, false},
	}
}

// windowReaders are the readers of stage 3, in order: from the most
// particular question to the most general, so that a reader that
// recognises a question's form (its options, a party, a byline, a
// degree, a superlative, a figure) answers before one that reads any
// table row, list or heading. The choice reader always answers a
// question with options; the byline reader refuses one about authors
// that no page 1 answers.
func windowReaders() []windowReader {
	return []windowReader{
		{"choice", "the option the pages support best", prose.ReadChoiceOf},
		{"party", "the parties in a case's caption", prose.ReadPartyOf},
		{"byline", "the authors under a title on page 1", prose.ReadBylineOf},
		{"degree", "a degree and where it was earned", prose.ReadDegreeOf},
		{"superlative", "the largest or smallest of a table's items", tables.ReadSuperlativeOf},
		{"figure", "a table figure by row and year, or one computed from them", tables.ReadFigureOf},
		{"cells", "a cell of a word-headed table by row and column", tables.ReadCellsOf},
		{"order", "which of two quoted steps comes first", prose.ReadOrderOf},
		{"condition-row", "the row of a table a condition names", prose.ReadConditionRowOf},
		{"footnote", "the note a statement's marker points to", prose.ReadFootnoteOf},
		{"titles", "the title of a labelled table, figure or part", prose.ReadTitlesOf},
		{"keyed", "a table row named by its key (\"Model AB-12\")", prose.ReadKeyedOf},
		{"verdict", "yes or no, by the sentence that settles it", prose.ReadVerdictOf},
	}
}

// finders are the readers that ask the search, before any reader reads,
// to put first a page the question's words rank low ([Finders]), in the
// order they are applied: each puts its page before the last's.
func finders() []finder {
	return []finder{
		{"byline", true, bylineFinder},   // page 1's names under the title: "authors" finds any page about authors
		{"party", true, captionFinder},   // page 1's caption: "defendant" finds every page that speaks of one
		{"define", false, definerFinder}, // the first use that spells out an abbreviation or defines a term
		{"titles", false, titleFinder},   // the heading of the numbered part whose title is asked
	}
}

// checks are the refusals tried after every window reader declined and
// before the sentence scorer: each says why no sentence can answer, or
// "" to let it try.
func checks() []check {
	return []check{
		{"missing-named", checkMissingNamed},         // a name the question gives, on none of the pages
		{"missing-predicate", checkMissingPredicate}, // what it asks whether applies, on none of them
		{"analysis", checkAnalysis},                  // an analysis no one sentence states
		{"mentions", checkMentions},                  // a count over all pages, which no sentence states
	}
}

// sentenceChecks are the refusals of the sentence scorer's best sentence,
// in order: each says why the best sentence does not answer, or "". The
// first reads the sentence as it stands on its page; the others read it
// with its end on the next page when it runs over the page turn.
func sentenceChecks() []prose.SentenceCheck {
	return []prose.SentenceCheck{
		{Name: "low-coverage", Check: prose.CheckLowCoverage},       // it covers too little of the question's terms
		{Name: "kind-missing", Check: prose.CheckKindMissing},       // it lacks the kind of thing asked for (a number, a date)
		{Name: "compared-side", Check: prose.CheckComparedSide},     // it does not speak of what the question compares with
		{Name: "unmet-condition", Check: prose.CheckUnmetCondition}, // it does not speak of the question's condition
		{Name: "unstated-figure", Check: prose.CheckUnstated},       // it does not state the metric or item asked for
		{Name: "ranks-nothing", Check: prose.CheckRanksNothing},     // the question asks which ranks first; it ranks nothing
		{Name: "unnamed-number", Check: prose.CheckUnnamedNear},     // its number is not of the thing asked about
		{Name: "no-difference", Check: prose.CheckNoDifference},     // it states a figure, not the difference asked for
		{Name: "no-sum", Check: prose.CheckNoSum},                   // it states one figure, not the total asked for
		{Name: "no-verdict", Check: prose.CheckNoVerdict},           // it does not hold enough of a yes-or-no question to settle it
		{Name: "no-money", Check: prose.CheckNoMoney},               // the question asks for money; it writes none
	}
}
