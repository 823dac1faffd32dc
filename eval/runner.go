package eval

import (
	"context"
	"errors"
	"time"
)

// Runner answers a question file into a [Result], continuing an earlier
// run of it when it has one (docqa eval --resume).
type Runner struct {
	// Concurrency and OnRecord are as in [Options].
	Concurrency int
	OnRecord    func(Record)
	// Earlier is an interrupted run of the same file: its questions are
	// not asked again, and its records, start and time are kept.
	Earlier *Result
}

// Skipped is how many questions the earlier run answered.
func (r Runner) Skipped() int {
	if r.Earlier == nil {
		return 0
	}
	return len(r.Earlier.Records)
}

// Run answers qs with ask into res, whose description (version, file,
// engine, scope) the caller fills, and sets its records, time and
// totals. When ctx ends, res holds what was finished, marked
// interrupted, and the error is ctx's.
func (r Runner) Run(ctx context.Context, res *Result, qs []Question, ask AskFunc) error {
	start := time.Now()
	if res.Started.IsZero() {
		res.Started = start.UTC()
	}
	skip := map[string]bool{}
	if r.Earlier != nil {
		res.Started = r.Earlier.Started
		for _, rec := range r.Earlier.Records {
			skip[rec.Question.ID] = true
		}
	}
	recs, err := Run(ctx, qs, ask, Options{Concurrency: r.Concurrency, Skip: skip, OnRecord: r.OnRecord})
	if err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	elapsed := time.Since(start).Seconds()
	if r.Earlier != nil {
		recs = Merge(qs, r.Earlier.Records, recs)
		elapsed += r.Earlier.Seconds
	}
	res.Records, res.Seconds = recs, elapsed
	res.Interrupted = err != nil || len(recs) < len(qs)
	res.Totals = Summarise(recs)
	return err
}
