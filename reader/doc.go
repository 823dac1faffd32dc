// Package reader answers a question from pages of text without a language
// model: it finds the sentence, or the table rows, that answer it, says
// the thing asked for (a number with its unit, a date, a figure computed
// from table cells) and quotes its evidence word for word.
//
// [ReadQuestion] takes the question, the numbers it is read with
// ([Params]) and the pages the search found and returns a [Reading]; it
// reads sentences (extractive.go), recognises what kind of
// thing a question asks for (kind.go), refuses a question whose names the
// pages never mention (premise.go), and reads tables by row label and
// column year (figures.go, figureq.go, figureanswer.go). It does no I/O
// and keeps no state but a cache of split pages ([ForgetPages]).
//
// The package answer turns a Reading into an answer: it verifies every
// quote against the pages, and renders the result.
package reader
