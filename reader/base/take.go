package base

import "docqa/internal/inquiry"

// ReadPages reads an answer from pages; ok is false when they lack it.
type ReadPages func(pages []Source) (r Reading, ok bool)

// TakeParsed takes q when parse reads it and it has no options.
func TakeParsed(q *inquiry.Question, parse func(*inquiry.Question) (ReadPages, bool)) (ReadPages, string) {
	if len(q.Options) > 0 {
		return nil, withOptions
	}
	if read, ok := parse(q); ok {
		return read, ""
	}
	return nil, NotAsked
}

// CountTake is the take of a count over the whole document. A question
// about the document's sections is first read from its outline (answer's
// outline stage, [TakeOutline]), before these.
func CountTake(q *inquiry.Question, parse func(*inquiry.Question) (ReadPages, bool)) (ReadPages, string) {
	return TakeParsed(q, parse)
}

// A question with options is read from the context alone: its options
// are weighed against each other there ([readChoice]).
const withOptions = "the question has options"
