package search

import (
	"context"
	"strings"

	"docqa/internal/inquiry"
	"docqa/internal/lazyre"
	"docqa/internal/synonyms"
)

// Question is what a [Planner] plans for.
type Question struct {
	Text string
	// Options are the choices of a multiple-choice question.
	Options []string
	// History holds the user's earlier questions in the conversation,
	// oldest first; a follow-up has some.
	History []string
}

// A Planner turns a question into the sub-questions that are searched.
// [RulePlanner] needs no model; an LLM planner can take its place.
type Planner interface {
	Plan(ctx context.Context, q Question) ([]string, error)
}

// RulePlanner plans without a model: the question itself; for a
// follow-up, the question with the key words of the one before ("and the
// pressure?" after "What is the oil temperature limit?"); for a multiple
// choice question, the question with each option; and for a compound
// question, each of its parts ("X and Y", "compare A vs B", several
// question marks).
type RulePlanner struct{}

// MaxSubQuestions bounds a plan: more would dilute the fused ranking.
const MaxSubQuestions = 8

// Plan implements [Planner].
func (RulePlanner) Plan(_ context.Context, q Question) ([]string, error) {
	return Plan(q), nil
}

// Plan is [RulePlanner]'s plan. The first sub-question is the question's
// [SearchText]: without its role, request words and answer-format
// instructions ("Write the answer in float format."), whose words would
// only match unrelated text, but with the content words of those
// instructions ("... shown in the cash flow statement").
func Plan(question Question) []string {
	q := inquiry.SearchText(question.Text)
	out := []string{q}
	seen := map[string]bool{strings.ToLower(q): true}
	add := func(s string) {
		s = strings.TrimSpace(s)
		if len(out) >= MaxSubQuestions || len(strings.Fields(s)) < 2 || seen[strings.ToLower(s)] {
			return
		}
		seen[strings.ToLower(s)] = true
		out = append(out, s)
	}
	if n := len(question.History); n > 0 {
		if k := inquiry.KeyWords(inquiry.SearchText(question.History[n-1])); k != "" {
			add(q + " " + k)
		}
	}
	for _, o := range question.Options {
		if o = strings.TrimSpace(o); o != "" {
			add(q + " " + o)
		}
	}
	for _, part := range clauses(q) {
		add(part)
	}
	for _, s := range synonyms.Subquestions(q) {
		add(s)
	}
	for _, s := range synonyms.MetricItems(q) {
		add(s)
	}
	return out
}

var (
	questionMarks = lazyre.New(`\?\s+`)
	comparedTo    = lazyre.New(`(?i)\s+compared (?:to|with)\s+`)
	versus        = lazyre.New(`(?i)\s+(?:vs\.?|versus|compared (?:to|with))\s+`)
	andJoin       = lazyre.New(`(?i),?\s+and\s+(?:what|which|who|when|where|why|how|is|are|does|do|did)\b`)
	comparePrefix = lazyre.New(`(?i)^(?:compare|contrast)\s+`)
	questionWord  = lazyre.New(`(?i)^\s*(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|does|do|did|can|could|should|will|would|has|have|had|list|name)\b`)
)

// clauses splits a compound question into its parts; a simple question
// has none.
func clauses(q string) []string {
	if parts := questionMarks.Split(q, -1); len(parts) > 1 {
		// Only parts that are questions themselves: "... ? Answer in
		// percent." is an instruction, not a second question.
		var qs []string
		for _, p := range parts {
			if questionWord.MatchString(p) {
				qs = append(qs, p)
			}
		}
		if len(qs) > 1 {
			return qs
		}
		return nil
	}
	if loc := andJoin.FindStringIndex(q); loc != nil {
		// "What is X, and what is Y?": keep the second question whole.
		second := strings.TrimLeft(q[loc[0]:], ", ")
		second = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(second, "and "), "And "))
		return []string{q[:loc[0]], second}
	}
	// "A vs B" and "compare A with B" name two things to find; in "X in
	// 2018 compared to 2017" or "... compared to the whole population"
	// the second side is elliptical (it leaves out what is compared), and
	// searched alone it matches any page about 2017 or populations.
	if versus.MatchString(q) && (comparePrefix.MatchString(q) || !comparedTo.MatchString(q)) {
		body := comparePrefix.ReplaceAllString(q, "")
		sides := versus.Split(strings.TrimRight(body, "?. "), 2)
		if len(sides) == 2 {
			return sides
		}
	}
	return nil
}
