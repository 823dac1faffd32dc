package inquiry

import (
	"strings"

	"docqa/internal/lazyre"
)

// reSecondAsk is where a question's second ask begins.
var reSecondAsk = lazyre.New(`(?i),\s*and\s+(what|which|how|who|when|where|why)\b`)

// SplitAsks returns the two asks of q, or ok false when it asks one thing.
// The second is read by its own words ("what presents a challenge to
// it"): its "it" names nothing the reader can match.
func SplitAsks(q string) (first, second string, ok bool) {
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

// Asked is q up to its first question mark: what follows tells how to
// answer ("Round to one decimal place.", "If the quick ratio is not a
// useful metric here, then state that and explain why."), not what.
func Asked(q string) string {
	if i := strings.IndexByte(q, '?'); i >= 0 {
		return q[:i+1]
	}
	return q
}
