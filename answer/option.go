package answer

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	textterms "docqa/internal/terms"
)

// Choice is the option a multiple-choice answer picked.
type Choice struct {
	Index int    `json:"index"` // 1-based, as the options are shown
	Label string `json:"label"`
}

// minChoiceMargin is how much better, in weighted term coverage, the
// extractive engine's best-supported option must be than the next one.
const minChoiceMargin = 0.05

// extractChoice picks the option whose terms occur best together with
// the question's in one sentence (or its neighbours), and quotes that
// sentence. When no option is supported, or two are about equally, it
// says not found rather than guess.
func extractChoice(a *Answer, p *pool, qw map[string]float64, qtotal float64, options []string) (*Answer, float64) {
	type support struct {
		score, cov float64
		sent       int
	}
	best := make([]support, len(options))
	for o, opt := range options {
		ow, ototal := p.weights(textterms.Of(opt), qw)
		best[o] = support{sent: -1}
		if ototal == 0 {
			continue
		}
		for i := range p.sents {
			cov := p.cover(i, ow, ototal)
			if cov == 0 {
				continue
			}
			if s := cov + p.cover(i, qw, qtotal) - 0.02*float64(p.sents[i].src); s > best[o].score {
				best[o] = support{score: s, cov: cov, sent: i}
			}
		}
	}
	first, second := -1, -1
	for o := range best {
		switch {
		case best[o].sent < 0:
		case first < 0 || best[o].score > best[first].score:
			first, second = o, first
		case second < 0 || best[o].score > best[second].score:
			second = o
		}
	}
	if first < 0 {
		return notFound(a, fmt.Sprintf("None of the %d options is mentioned in the retrieved pages.", len(options))), 0
	}
	if second >= 0 && best[first].score-best[second].score < minChoiceMargin {
		return notFound(a, fmt.Sprintf("The retrieved pages support options %d and %d about equally; ask about one of them.", first+1, second+1)), best[first].cov
	}
	cit := p.cite(best[first].sent)
	a.Citations = append(a.Citations, cit)
	a.Status = StatusAnswered
	a.Option = &Choice{Index: first + 1, Label: options[first]}
	a.Answer = fmt.Sprintf("%d. %s", first+1, options[first])
	a.Explanation = fmt.Sprintf("Extractive answer (no language model): option %d is the one the sentence on p. %d of %s supports best, covering %.0f%% of the option's terms.",
		first+1, cit.Page, cit.Doc, 100*best[first].cov)
	return a, best[first].cov
}

var reChoice = regexp.MustCompile(`(?i)^\W*(?:option\s*)?(?:\(([1-9][0-9]?|[a-z])\)|([1-9][0-9]?|[a-z])(?:[.):]|\s*$|\s+[-–—]))`)

// ReadChoice tells which option a model's answer names: a number or
// letter at its start ("2. ...", "(B)", "Option 3:"), or else the one
// option whose words the answer contains (the longest, when several do).
// It returns nil when the answer names none.
func ReadChoice(answer string, options []string) *Choice {
	if len(options) == 0 {
		return nil
	}
	if m := reChoice.FindStringSubmatch(strings.TrimSpace(answer)); m != nil {
		tok := m[1] + m[2]
		i, err := strconv.Atoi(tok)
		if err != nil {
			r := unicode.ToLower(rune(tok[0]))
			i = int(r-'a') + 1
			// A lone "a" or "I" is more likely a word than option A.
			if len(options) < 3 && !strings.ContainsAny(m[0], "().:") {
				i = 0
			}
		}
		if i >= 1 && i <= len(options) {
			return &Choice{Index: i, Label: options[i-1]}
		}
	}
	got := " " + strings.Join(textterms.Words(answer), " ") + " "
	best, bestLen := -1, 0
	for i, o := range options {
		w := strings.Join(textterms.Words(o), " ")
		if w != "" && strings.Contains(got, " "+w+" ") && len(w) > bestLen {
			best, bestLen = i, len(w)
		}
	}
	if best < 0 {
		return nil
	}
	return &Choice{Index: best + 1, Label: options[best]}
}
