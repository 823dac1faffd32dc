package reader

import (
	"io"

	"docqa/internal/inquiry"

	"docqa/reader/base"
	"docqa/reader/sentences"
	"docqa/reader/tables"
	"docqa/reader/units"
)

// The reader's public API outside reader/ (answer, eval, chat,
// internal/cli): the names of its sub-packages it is used by, re-exported
// (type aliases keep their methods and fields).

// Source is a page of text a quote may come from ([base.Source]).
type Source = base.Source

// Quote is a quoted span of a page ([base.Quote]).
type Quote = base.Quote

// Reading is what a reader read of the pages ([base.Reading]).
type Reading = base.Reading

// Params are the numbers the readers read with ([base.Params]).
type Params = base.Params

// Need is the pages a reader reads ([base.Need]).
type Need = base.Need

// Attempt is a reader that took a question and what it read
// ([base.Attempt]).
type Attempt = base.Attempt

// The pages a reader reads ([base.Window], [base.WholePages],
// [base.Document]).
const (
	Window     = base.Window
	WholePages = base.WholePages
	Document   = base.Document
)

// An attempt's verdicts ([base.VerdictAnswered] and the rest).
const (
	VerdictAnswered = base.VerdictAnswered
	VerdictRefused  = base.VerdictRefused
	VerdictDeclined = base.VerdictDeclined
	VerdictFired    = base.VerdictFired
)

// Engine is the name the reader's answers carry ([base.Engine]).
const Engine = base.Engine

// ErrBadParams means a file of reader parameters could not be used
// ([base.ErrBadParams]).
var ErrBadParams = base.ErrBadParams

// DefaultParams returns the numbers the readers read with by default
// ([base.DefaultParams]).
func DefaultParams() Params { return base.DefaultParams() }

// ReadParams reads parameters as JSON over [DefaultParams]
// ([base.ReadParams]).
func ReadParams(r io.Reader) (Params, error) { return base.ReadParams(r) }

// Focus is the sentence of a source that holds most of a question's
// weighted terms ([sentences.Focus]).
type Focus = sentences.Focus

// Focuses returns, for each source, its sentence that covers most of the
// weighted terms of text
// ([sentences.Focuses]).
func Focuses(text string, sources []Source, par Params) []Focus {
	return sentences.Focuses(text, sources, par)
}

// ForgetPages empties the cache of split pages ([sentences.ForgetPages]).
func ForgetPages() { sentences.ForgetPages() }

// Figure is what a question asks of a table ([tables.Figure]).
type Figure = tables.Figure

// ParseFigure reads what q asks of a table ([tables.ParseFigure]).
func ParseFigure(q *inquiry.Question, par Params) (*Figure, bool) { return tables.ParseFigure(q, par) }

// StatementHeaded reports whether text, a page, is headed by a primary
// statement's title ([tables.StatementHeaded]).
func StatementHeaded(text string, par Params) bool { return tables.StatementHeaded(text, par) }

// An Outline is one document's outline ([units.Outline]).
type Outline = units.Outline

// TakeOutline reports whether q asks about a document's sections, and
// how to read it from outlines with par ([units.TakeOutline]).
func TakeOutline(q *inquiry.Question, par Params) (func([]Outline) (Reading, bool), bool) {
	return units.TakeOutline(q, par)
}

// Locate returns a title as it stands in a page's text ([units.Locate]).
func Locate(text, title string) (string, bool) { return units.Locate(text, title) }
