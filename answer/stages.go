package answer

import (
	"context"
	"errors"

	"docqa/internal/inquiry"
	"docqa/reader"
	"docqa/search"
)

// The stages of [Ask], in order.

// needsDocument answers that the question needs a document that is
// neither indexed nor attached, when it names one; nil otherwise.
func needsDocument(q string, req Request) *Answer {
	need := missingContext(q, req.Lookup, req.Attachments)
	if need == nil {
		return nil
	}
	engine := ExtractiveEngine
	if req.Model != nil {
		engine = req.ModelName
	}
	a := &Answer{Question: q, Engine: engine, Reader: NeedsDocumentReader, Citations: []Citation{}, SubQuestions: []string{}, Attachments: req.Attachments}
	emit(req.Trace, "context_required", map[string]any{"documents": need.Documents})
	return contextRequired(a, need)
}

// The readers of answers no extractive reader gave ([Answer.Reader]).
const (
	ModelReader         = "model"          // a model's answer or refusal
	NeedsDocumentReader = "needs-document" // the question names a document docqa lacks
)

// planSearch returns the sub-questions of q: q alone in plain mode, else
// the planner's (the rules', or with a model the model's too).
func planSearch(ctx context.Context, q string, req Request) ([]string, error) {
	if req.Mode == ModePlain {
		return []string{q}, nil
	}
	planner := req.Planner
	if planner == nil {
		planner = search.RulePlanner{}
	}
	var history []string
	for _, t := range req.History {
		history = append(history, t.Question)
	}
	search.Tell(req.OnStep, search.Step{Label: "Planning the search"}) // drawn over by the next step
	p, err := planner.Plan(ctx, search.Question{Text: q, Options: req.Options, History: history})
	if err != nil || len(p) == 0 {
		return []string{q}, err
	}
	return p, nil
}

// rankPages searches the sub-questions and ranks the pages found; beyond
// plain mode, pages the question names come first, and for a figure
// question the statement pages that hold its rows.
func rankPages(ctx context.Context, r Retriever, parsed *inquiry.Question, subs []string, figure *reader.Figure, req Request) ([]search.PageHit, error) {
	q := parsed.Text
	plain := req.Mode == ModePlain
	ranked, err := r.MultiSearch(ctx, subs, search.MultiOptions{K: req.K, Filter: req.Filter, OnStep: req.OnStep, Plain: plain, Focus: !plain})
	if err != nil && !errors.Is(err, search.ErrEmptyQuery) {
		return nil, err
	}
	if plain {
		return ranked, nil
	}
	if ranked, err = withPageRefs(ctx, r, q, ranked, req.Filter); err != nil {
		return nil, err
	}
	if ranked, err = firstPages(ctx, r, parsed, req.readerParams(), ranked, req.Filter); err != nil || figure == nil {
		return ranked, err
	}
	return tableFirst(ctx, r, ranked, figure, req.readerParams(), req.Filter)
}

// read answers from what the loop holds: with the model when there is
// one (the extractive engine taking over when it fails and req.Fallback
// allows), else with the extractive engine.
func read(ctx context.Context, l *loop, req Request) (*Answer, error) {
	if req.Model == nil {
		return l.extractive(ctx)
	}
	if req.Prompts == nil {
		return nil, errors.New("answer: a model needs prompts")
	}
	search.Tell(req.OnStep, search.Step{Label: "Asking " + req.ModelName})
	a, err := l.llm(ctx, req.Model, req.Prompts, req.ModelName, req.OnToken)
	if err != nil && req.Fallback && ctx.Err() == nil {
		failed := err
		l.trace("model_failed", map[string]any{"error": failed.Error()})
		if a, err = l.extractive(ctx); err == nil {
			a.ModelError = failed.Error()
		}
	}
	return a, err
}
