// Package reader answers a question from pages of text without a language
// model: it finds the sentence, or the table rows, that answer it, says
// the thing asked for (a number with its unit, a date, a figure computed
// from table cells) and quotes its evidence word for word.
//
// [ReadQuestion] takes the question, the numbers it is read with
// ([Params]) and the pages the search found and returns a [Reading]; it
// tries the readers of the table in readers.go in order, and the
// sentence scorer last. The readers live in sub-packages, arrows only
// down: reader/prose (the sentence scorer and the readers of sentences
// and lines), reader/tables (table rows, figures, cells, grids),
// reader/units (lists, steps, notes, fields, contents) and
// reader/document (whole-document counts), none of which imports
// another, over reader/sentences (the pages' sentences and what questions
// and sentences say: kinds, premises, numbers) over reader/base (Source,
// Reading, Params and what every reader shares). This package holds the
// table, the dispatch and the public API ([Params], [Reading] ... are
// aliases of base's). It does no I/O and keeps no state but a cache of
// split pages ([ForgetPages]).
//
// The package answer turns a Reading into an answer: it verifies every
// quote against the pages, and renders the result.
package reader
