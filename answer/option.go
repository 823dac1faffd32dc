package answer

import (
	"strconv"
	"strings"
	"unicode"

	"docqa/internal/lazyre"
	textterms "docqa/internal/terms"
)

// Choice is the option a multiple-choice answer picked.
type Choice struct {
	Index int    `json:"index"` // 1-based, as the options are shown
	Label string `json:"label"`
}

var reChoice = lazyre.New(`(?i)^\W*(?:option\s*)?(?:\(([1-9][0-9]?|[a-z])\)|([1-9][0-9]?|[a-z])(?:[.):]|\s*$|\s+[-–—]))`)

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
