// Package base holds what every reader shares: the pages read
// ([Source]), the answer read from them ([Reading], [Quote]), the numbers
// the readers read with ([Params], [DefaultParams], [ReadParams]), what a
// reader needs and how it fared ([Need], [Attempt], [Outcome]), and what
// the page readers' take functions share ([ReadPages], [TakeParsed]).
package base

import "docqa/internal/doc"

// Source is a page of text a quote may come from.
type Source struct {
	Doc  string
	Page int
	Text string
	// Structure is what ingest read of the page ([doc.Page]): its
	// blocks, notes' marks and tables, the sections it stands in (from
	// the document's outline: the model's context names them), the lists
	// with an item on it. Its spans index the page's whole text: a page
	// cut to a window ([Source.Cut]) reads none of them. Quotes come from Text alone.
	Structure doc.Page
	// Turn marks a page read whole only as the neighbour of a best
	// page, for a reader of units that run over a page's turn (a
	// procedure's steps): the other readers never see it.
	Turn bool
	// Cut marks a page cut to a window of its text around its best
	// passage: a refusal says what the text read lacks, never what the
	// page does.
	Cut bool
	// Running are the keys ([doc.RunKey]) of the running heads and feet
	// of the page's document, sorted, when the page holds one among its
	// first or last three lines ([doc.Unrun]): such a line is no answer
	// and no quote, though its words are the page's.
	Running []string
}

// Quote is a span of a source's text, word for word, with the page it was
// taken from.
type Quote struct {
	Text string
	Doc  string
	Page int
}

// A Reading is what the reader made of the pages: an answer with the
// quotes that hold it, or, when Answer is empty, none and why.
type Reading struct {
	Answer      string  // the answer line; empty when the pages do not answer
	Explanation string  // how the answer was found, or why there is none
	Quotes      []Quote // the evidence, word for word; one per operand of a computed answer
	Option      int     // for a question with options, the one the quotes support (1-based); 0 for none
	Coverage    float64 // the weighted share of the question's terms the quoted sentence covers
	// Reader names the reader that answered or refused ([windowReaders],
	// [pageReaders]); "none" when the question has no terms or the pages
	// no text.
	Reader string
	// Check names the refusal check that fired ([checks],
	// [sentenceChecks]); "" for none.
	Check string
	// Tried lists every reader tried, in order, and the check that fired.
	Tried []Attempt
}

// Found reports whether the pages answer the question.
func (r Reading) Found() bool { return r.Answer != "" }

// NotFound is a Reading without an answer, saying why.
func NotFound(why string) Reading { return Reading{Explanation: why} }

// Covering is r with the coverage of the sentence it was judged on.
func (r Reading) Covering(c float64) Reading {
	r.Coverage = c
	return r
}

// Engine is the name the reader's answers carry.
const Engine = "extractive"
