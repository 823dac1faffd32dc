package search

import (
	"context"
	"regexp"
	"strings"
	"unicode"
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
	q := SearchText(question.Text)
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
		if k := KeyWords(SearchText(question.History[n-1])); k != "" {
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
	for _, s := range Synonyms(q) {
		add(s)
	}
	for _, s := range MetricItems(q) {
		add(s)
	}
	return out
}

// instruction matches a sentence or bracket that tells how to format the
// answer rather than what to find.
// An example in brackets stays: "(for example, Sharp divides in ...)"
// names the kind of thing asked for.
var instruction = regexp.MustCompile(`(?i)(?:[.?!]\s+[(\[]?(?:please\s+)?(?:` + instructionWords + `|for example|e\.g\.)|\s+[(\[](?:please\s+)?(?:` + instructionWords + `))\b[^?]*$`)

const instructionWords = `write|give|return|format|answer|express|round|provide|respond|reply|output|list|use|your answer|the answer|answer should|answer shall|answer needs|\pL+\s+(?:the|your)\s+answer`

// StripInstructions drops trailing answer-format instructions from a
// question, keeping it whole if nothing would be left.
func StripInstructions(q string) string {
	loc := instruction.FindStringIndex(q)
	if loc == nil {
		return q
	}
	head := strings.TrimSpace(q[:loc[0]+1])
	if len(strings.Fields(head)) < 3 {
		return q
	}
	return strings.TrimRight(head, " ")
}

var (
	questionMarks = regexp.MustCompile(`\?\s+`)
	comparedTo    = regexp.MustCompile(`(?i)\s+compared (?:to|with)\s+`)
	versus        = regexp.MustCompile(`(?i)\s+(?:vs\.?|versus|compared (?:to|with))\s+`)
	andJoin       = regexp.MustCompile(`(?i),?\s+and\s+(?:what|which|who|when|where|why|how|is|are|does|do|did)\b`)
	comparePrefix = regexp.MustCompile(`(?i)^(?:compare|contrast)\s+`)
	questionWord  = regexp.MustCompile(`(?i)^\s*(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|does|do|did|can|could|should|will|would|has|have|had|list|name)\b`)
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

// KeyWords returns the words of s that carry its subject, in order and
// without repeats: s without question words, function words and
// punctuation at the edges of words.
func KeyWords(s string) string {
	var out []string
	seen := map[string]bool{}
	for _, w := range strings.Fields(s) {
		w = strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		lw := strings.ToLower(w)
		if w == "" || functionWords[lw] || seen[lw] {
			continue
		}
		seen[lw] = true
		out = append(out, w)
	}
	return strings.Join(out, " ")
}

// functionWords carry no subject: question words, pronouns, articles,
// auxiliaries, prepositions and conjunctions.
var functionWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`what which who whom whose when where why how
		i me my we our you your he him his she her it its they them their this that these those there here
		a an the some any each every all both either neither no not
		is are was were be been being am do does did done doing has have had having
		can could shall should will would may might must
		of in on at to from by for with about into onto over under between among through during before after above below
		and or but nor so if then than as also too very just only
		tell show give explain describe please say said`) {
		m[w] = true
	}
	return m
}()
