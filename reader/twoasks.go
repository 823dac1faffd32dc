package reader

import (
	"fmt"
	"regexp"
	"strings"
)

// A question may ask two things at once: "What model is the clustering
// based on, and what presents a challenge to it?", "How much did Apple
// spend on research, and what was the focus of this expenditure?". One
// sentence rarely answers both; each ask is read on its own and the two
// answers are given together, each with its quote.

// reSecondAsk is where a question's second ask begins.
var reSecondAsk = regexp.MustCompile(`(?i),\s*and\s+(what|which|how|who|when|where|why)\b`)

// splitAsks returns the two asks of q, or ok false when it asks one thing.
// The second is read by its own words ("what presents a challenge to
// it"): its "it" names nothing the reader can match.
func splitAsks(q string) (first, second string, ok bool) {
	m := reSecondAsk.FindStringSubmatchIndex(q)
	if m == nil {
		return "", "", false
	}
	first = strings.TrimSpace(q[:m[0]])
	second = strings.TrimSpace(q[m[2]:])
	if first == "" || second == "" {
		return "", "", false
	}
	return first + "?", second, true
}

// readAsks reads each of q's two asks and answers with both; ok is false
// unless both are answered by different quotes.
func readAsks(q string, p *pool) (Reading, bool) {
	first, second, ok := splitAsks(q)
	if !ok {
		return Reading{}, false
	}
	a := readOne(first, nil, p)
	if !a.Found() {
		return Reading{}, false
	}
	b := readOne(second, nil, p)
	if !b.Found() && reAnalysisQ.MatchString(second) {
		// "What was the effective tax rate, and how does it align with
		// previous rates?": the figure is a quote's, the analysis a
		// model's; answer what a quote can
		a.Explanation += fmt.Sprintf(" The question's second ask (%q) asks for an analysis that ties parts of the document together, which the extractive engine does not write (a model can: --engine ollama).", second)
		return a, true
	}
	if !b.Found() {
		return Reading{}, false
	}
	for _, qa := range a.Quotes {
		for _, qb := range b.Quotes {
			if qa == qb || qa.Doc != qb.Doc || qa.Page-qb.Page > 1 || qb.Page-qa.Page > 1 {
				// one sentence, or sentences apart: not one thing's two sides
				return Reading{}, false
			}
		}
	}
	return Reading{
		Answer:      a.Answer + " " + b.Answer,
		Explanation: "The question asks two things; each was read on its own. " + a.Explanation + " " + b.Explanation,
		Quotes:      append(append([]Quote(nil), a.Quotes...), b.Quotes...),
		Coverage:    min(a.Coverage, b.Coverage),
	}, true
}
