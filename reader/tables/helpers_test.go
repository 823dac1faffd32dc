package tables

import (
	"docqa/internal/inquiry"
	"docqa/reader/base"
	"docqa/reader/sentences"
	"slices"
	"strings"
)

// ask parses text as a question with no options and the standard
// metrics.
func ask(text string) *inquiry.Question { return inquiry.Parse(text, nil, nil) }

// quoted reports whether r has quotes and each is its page's text word
// for word (line breaks folded).
func quoted(r base.Reading, sources []base.Source) bool {
	for _, q := range r.Quotes {
		if !slices.ContainsFunc(sources, func(s base.Source) bool {
			return s.Doc == q.Doc && s.Page == q.Page && strings.Contains(sentences.OneLine(s.Text), q.Text)
		}) {
			return false
		}
	}
	return len(r.Quotes) > 0
}
