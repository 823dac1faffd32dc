package inquiry

import (
	"sync"

	"docqa/internal/metrics"
)

// A Question is a question as every reader sees it, parsed once per ask
// ([Parse]): its wording with and without the instructions that say how
// to answer, the options of a multiple-choice question, the user's metric
// definitions, and, for a question that asks two things at once, each
// ask parsed on its own. A Question is read-only once parsed, but for
// what readers derive from it once ([Question.Derived]); it is safe for
// concurrent use, and passed by pointer.
type Question struct {
	// Text is the question as asked.
	Text string
	// Stripped is Text without its trailing answer-format instructions
	// ([StripInstructions]).
	Stripped string
	// Asked is Stripped up to its first question mark ([Asked]): what is
	// asked, not how to answer.
	Asked string
	// Lead is Text up to its first question mark ([Asked] of Text): as
	// Asked, but read before the instructions are stripped, so that a
	// question with no question mark before its instructions keeps them.
	Lead string
	// Options are the choices of a multiple-choice question; nil for none.
	Options []string
	// Metrics are the metric definitions figures are computed from (the
	// user's --metrics file); nil means the standard ones.
	Metrics []metrics.Metric
	// Asks are the two asks of a question that asks two things at once
	// ("How much did Apple spend on research, and what was its focus?",
	// [SplitAsks]), each parsed on its own; nil for a question of one
	// ask or with options.
	Asks []*Question
	// derived holds what readers derive from the question, each once
	// ([Question.Derived]).
	derived sync.Map
}

// Derived returns what compute derives from q, computed once for key
// however many stages ask: a reader's parse of the question (the table
// figure it asks for) that ranks the pages, picks the reader of whole
// pages and reads the window. compute must depend on q alone.
func (q *Question) Derived(key string, compute func() any) any {
	if v, ok := q.derived.Load(key); ok {
		return v
	}
	v, _ := q.derived.LoadOrStore(key, compute())
	return v
}

// Parse parses question once for every reader: options and ms are the
// request's (nil for none and for the standard metrics).
func Parse(question string, options []string, ms []metrics.Metric) *Question {
	q := parseOne(question, options, ms)
	if len(options) == 0 {
		if first, second, ok := SplitAsks(q.Text); ok {
			q.Asks = []*Question{parseOne(first, nil, ms), parseOne(second, nil, ms)}
		}
	}
	return q
}

// parseOne parses one ask, with no asks of its own.
func parseOne(question string, options []string, ms []metrics.Metric) *Question {
	stripped := StripInstructions(question)
	return &Question{Text: question, Stripped: stripped, Asked: Asked(stripped), Lead: Asked(question), Options: options, Metrics: ms}
}
