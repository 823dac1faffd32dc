package answer

import (
	"context"
	"errors"
	"strings"
	"time"
	"unicode"

	"docqa/internal/inquiry"
	textterms "docqa/internal/terms"
	"docqa/prompts"
	"docqa/search"
)

// ModelPlanner plans a question's sub-questions with a model under
// plan.tmpl, when a model answers. The
// rule plan comes first, so the whole question is always searched; the
// model's queries follow, a follow-up restated as a standalone query
// among them. A query that shares no word with the question, its options
// or the earlier questions is dropped: a model that drifts off the
// subject would only bring in unrelated pages. When the model fails, the
// rule plan stands.
type ModelPlanner struct {
	Model   Generator
	Prompts *prompts.Set
	// Trace, when set, is told what the model planned.
	Trace func(Event)
}

// planTokens caps the model's plan: a few short lines.
const planTokens = 160

// Plan implements [search.Planner].
func (p ModelPlanner) Plan(ctx context.Context, q search.Question) ([]string, error) {
	rules := search.Plan(q)
	prompt, err := p.Prompts.Plan(prompts.PlanData{Question: q.Text, Options: q.Options, History: q.History, Max: search.MaxSubQuestions})
	if err != nil {
		return nil, err
	}
	start := time.Now()
	reply, err := p.Model.Generate(ctx, Generation{Messages: []Message{{Role: "user", Content: prompt}}, MaxTokens: planTokens})
	if errors.Is(err, context.Canceled) {
		return nil, err
	}
	topic := strings.Join(append(append([]string{q.Text}, q.Options...), q.History...), " ")
	var added []string
	if err == nil {
		added = ParsePlan(reply, topic)
	}
	out := rules
	seen := map[string]bool{}
	for _, s := range rules {
		seen[strings.ToLower(s)] = true
	}
	for _, s := range added {
		if len(out) >= search.MaxSubQuestions {
			break
		}
		if !seen[strings.ToLower(s)] {
			seen[strings.ToLower(s)] = true
			out = append(out, s)
		}
	}
	emit(p.Trace, "plan", map[string]any{
		"by": "model", "model_queries": len(added), "sub_questions": len(out), "error": ErrText(err), "ms": time.Since(start).Milliseconds()})
	return out, nil
}

// maxQueryLen caps one planned query, in bytes.
const maxQueryLen = 200

// ParsePlan reads a model's plan: one query per line, with list marks,
// numbering and quotes taken off. Lines that are empty, too long, not
// printable text, or share no content word of at least three letters
// with topic (function words like "the" do not count) are dropped, and
// so are repeats.
func ParsePlan(reply, topic string) []string {
	words := map[string]bool{}
	for _, w := range planWords(inquiry.KeyWords(topic)) {
		words[w] = true
	}
	var out []string
	seen := map[string]bool{}
	for _, line := range strings.Split(reply, "\n") {
		line = strings.TrimSpace(line)
		line = strings.TrimLeft(line, "-*•#> \t")
		if i := strings.IndexAny(line, ".)"); i > 0 && i <= 3 && isDigits(line[:i]) {
			line = strings.TrimSpace(line[i+1:])
		}
		line = strings.Trim(line, "\"'`“”‘’ ")
		if line == "" || len(line) > maxQueryLen || strings.IndexFunc(line, unicode.IsControl) >= 0 || seen[strings.ToLower(line)] {
			continue
		}
		related := false
		for _, w := range planWords(line) {
			if words[w] {
				related = true
				break
			}
		}
		if !related {
			continue
		}
		seen[strings.ToLower(line)] = true
		out = append(out, line)
	}
	return out
}

// planWords returns the lower-case words of s of at least three letters
// or digits, the ones that can tie a query to its question.
func planWords(s string) []string {
	var out []string
	for _, w := range textterms.Words(s) {
		if len([]rune(w)) >= 3 {
			out = append(out, w)
		}
	}
	return out
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}
