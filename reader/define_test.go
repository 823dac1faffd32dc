package reader

import (
	"strings"
	"testing"
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

func TestDefinition(t *testing.T) {
	re := Definition("step-back prompting")
	for s, want := range map[string]bool{
		"We present STEP-BACK PROMPTING, a simple prompting technique that enables abstraction.": true,
		"Step-back prompting is a technique that asks a higher-level question first.":            true,
		"Step-back prompting (SBP) refers to asking a broader question first.":                   true,
		"The % of errors introduced by STEP-BACK PROMPTING to RAG is still relatively low.":      false,
		"Together, this shows that STEP-BACK PROMPTING is helpful most of the time.":             false,
		"It records the trace in an intermediate representation we call step-back prompting.":    true,
		"We call this way of asking a “step-back prompting.”":                                    true,
		"Step-back\nprompting consists of asking a broader question first.":                      true,
		"If each loop asks by its own step-back prompting, the code stays small.":                false,
		"This way of asking is known as step-back prompting.":                                    true,
		"Questions are asked by step-back prompting (asking a broader question first).":          true,
		"Questions are asked by step-back prompting (Table 2).":                                  false,
		"A prompt is then called with step-back prompting turned off.":                           false,
	} {
		if got := re.MatchString(s); got != want {
			t.Errorf("definition matches %q = %v, want %v", s, got, want)
		}
	}
	if !Definition("OBS").MatchString("Object Storage Service (OBS) is a cloud storage service.") {
		t.Errorf("definition of OBS does not match its expansion's definition")
	}
	sources := []Source{
		{Doc: "s.pdf", Page: 12, Text: "The % of errors introduced by STEP-BACK PROMPTING to RAG is still relatively low (6.3%)."},
		{Doc: "s.pdf", Page: 1, Text: "We present STEP-BACK PROMPTING, a simple prompting technique that enables LLMs to do abstractions."},
	}
	if r := readText("What is step-back prompting?", nil, sources); !strings.HasPrefix(r.Answer, "We present") {
		t.Errorf("readText(What is step-back prompting?) = %q, want the sentence that says what it is", r.Answer)
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
		d := Definer(tt.q)
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

func TestWhoIsDefined(t *testing.T) {
	sources := []Source{{Doc: "f.pdf", Page: 3, Text: "A note cites Man of High Fidelity: Edwin Howard Armstrong (Philadelphia: Lippincott, 1956), 209. Edwin Howard Armstrong was one of America's forgotten inventor geniuses. He built FM radio."}}
	if r := readText("Who was Edwin Howard Armstrong?", nil, sources); !strings.HasPrefix(r.Answer, "Edwin Howard Armstrong was one of") {
		t.Errorf("answer %q; want the sentence that says who he was", r.Answer)
	}
	if got := DefinedTerm("who is jack valenti?"); got != "" {
		t.Errorf("definedTerm of a name in small letters = %q, want none", got)
	}
}
