package sentences

import (
	"testing"

	"docqa/internal/inquiry"
)

func TestDefinedTerm(t *testing.T) {
	for q, want := range map[string]string{
		"What is step-back prompting?":        "step-back prompting",
		"What are Gaussian Mixture Models?":   "Gaussian Mixture Models",
		"What is the ISEP Buddy Scheme?":      "ISEP Buddy Scheme",
		"What is the name of the author?":     "", // a part of a thing
		"What is the revenue in 2023?":        "",
		"What is the cost of the upgrade?":    "",
		"What was step-back prompting?":       "",
		"What is X, and why does it matter?":  "",
		"Explain what step-back prompting is": "",
	} {
		if got := DefinedTerm(q); got != want {
			t.Errorf("definedTerm(%q) = %q, want %q", q, got, want)
		}
	}
}

func FuzzDefinedTerm(f *testing.F) {
	for _, s := range []string{"What is X?", "what are (a)?", "What is the [?", "What is a.*+?"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		if term := DefinedTerm(q); term != "" && Definition(term) == nil {
			t.Errorf("definedTerm(%q) = %q, which makes no test", q, term)
		}
	})
}

func TestDefiner(t *testing.T) {
	text := "The LIR trace encodes all operations. TraceMonkey records the trace in a low-level intermediate representation we call LIR. The Digital Millennium Copyright Act (DMCA) was signed in 1998."
	tests := []struct {
		q    string
		want string // "-" when the question asks the meaning of nothing
	}{
		{"What is LIR?", "TraceMonkey records the trace in a low-level intermediate representation we call LIR."},
		{"What does DMCA stand for?", "The Digital Millennium Copyright Act (DMCA) was signed in 1998."},
		{"What is a trace tree?", ""},
		{"Who was Edwin Howard Armstrong?", ""},
		{"When was the DMCA signed?", "-"},
		{"What is the oil temperature limit in 2019?", "-"},
	}
	for _, tt := range tests {
		d := Definer(inquiry.Parse(tt.q, nil, nil))
		if d == nil {
			if tt.want != "-" {
				t.Errorf("Definer(%q) = nil, want a test", tt.q)
			}
			continue
		}
		if got := d(text); got != tt.want {
			t.Errorf("Definer(%q)(text) = %q, want %q", tt.q, got, tt.want)
		}
	}
}
