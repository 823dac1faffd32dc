package reader

import (
	"docqa/internal/inquiry"
	"docqa/reader/base"
)

// ask parses text as a question with no options and the standard
// metrics.
func ask(text string) *inquiry.Question { return inquiry.Parse(text, nil, nil) }

// readText reads text as a question with options (nil for none) from
// the sources, with the default numbers ([DefaultParams]).
func readText(text string, options []string, sources []base.Source) base.Reading {
	return ReadQuestion(inquiry.Parse(text, options, nil), base.DefaultParams(), sources)
}
