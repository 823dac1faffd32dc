package search

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPlan(t *testing.T) {
	tests := []struct {
		name     string
		question string
		options  []string
		history  []string
		want     []string
	}{
		{"simple", "What is the maximum oil temperature?", nil, nil, []string{"What is the maximum oil temperature?"}},
		{"options", "Which oil is approved?", []string{"MIL-PRF-23699", "", "Jet Oil 254"}, nil,
			[]string{"Which oil is approved?", "Which oil is approved? MIL-PRF-23699", "Which oil is approved? Jet Oil 254"}},
		{"two questions", "What is the TBO? How long is the warranty?", nil, nil,
			[]string{"What is the TBO? How long is the warranty?", "What is the TBO", "How long is the warranty?"}},
		{"and what", "What is the oil capacity, and what oil is approved?", nil, nil,
			[]string{"What is the oil capacity, and what oil is approved?", "What is the oil capacity", "what oil is approved?"}},
		{"versus", "Compare the AE-300A vs the AE-300B", nil, nil,
			[]string{"Compare the AE-300A vs the AE-300B", "the AE-300A", "the AE-300B"}},
		{"compared to stays whole", "What share of voters were Democrats compared to the whole population in 2018?", nil, nil,
			[]string{"What share of voters were Democrats compared to the whole population in 2018?"}},
		{"plain and stays whole", "What are the oil pressure and temperature limits?", nil, nil,
			[]string{"What are the oil pressure and temperature limits?"}},
		{"follow-up", "And the pressure?", nil, []string{"Which engine?", "What is the oil temperature limit of the AE-300? Answer in °C."},
			[]string{"And the pressure?", "And the pressure? oil temperature limit AE-300"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Plan(Question{Text: tt.question, Options: tt.options, History: tt.history})); diff != "" {
				t.Errorf("Plan (-want +got):\n%s", diff)
			}
		})
	}
}

// FuzzPlan: any question gives a plan that starts with the question, has
// no empty or repeated sub-question and stays within the bound.
func FuzzPlan(f *testing.F) {
	f.Add("What is X, and what is Y?", "A", "")
	f.Add("compare a vs b? c? d", "", "What is the TBO?")
	f.Fuzz(func(t *testing.T, q, opt, prev string) {
		if len(q) == 0 || q[0] == ' ' {
			return
		}
		p := Plan(Question{Text: q, Options: []string{opt}, History: []string{prev}})
		if len(p) == 0 || len(p) > MaxSubQuestions {
			t.Fatalf("plan of %d sub-questions", len(p))
		}
		seen := map[string]bool{}
		for _, s := range p {
			if seen[s] {
				t.Fatalf("repeated sub-question %q", s)
			}
			seen[s] = true
		}
	})
}
