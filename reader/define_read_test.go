package reader

import (
	"docqa/reader/base"
	"docqa/reader/sentences"
	"strings"
	"testing"
)

func TestDefinition(t *testing.T) {
	re := sentences.Definition("step-back prompting")
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
	if !sentences.Definition("OBS").MatchString("Object Storage Service (OBS) is a cloud storage service.") {
		t.Errorf("definition of OBS does not match its expansion's definition")
	}
	sources := []base.Source{
		{Doc: "s.pdf", Page: 12, Text: "The % of errors introduced by STEP-BACK PROMPTING to RAG is still relatively low (6.3%)."},
		{Doc: "s.pdf", Page: 1, Text: "We present STEP-BACK PROMPTING, a simple prompting technique that enables LLMs to do abstractions."},
	}
	if r := readText("What is step-back prompting?", nil, sources); !strings.HasPrefix(r.Answer, "We present") {
		t.Errorf("readText(What is step-back prompting?) = %q, want the sentence that says what it is", r.Answer)
	}
}

func TestWhoIsDefined(t *testing.T) {
	sources := []base.Source{{Doc: "f.pdf", Page: 3, Text: "A note cites Man of High Fidelity: Edwin Howard Armstrong (Philadelphia: Lippincott, 1956), 209. Edwin Howard Armstrong was one of America's forgotten inventor geniuses. He built FM radio."}}
	if r := readText("Who was Edwin Howard Armstrong?", nil, sources); !strings.HasPrefix(r.Answer, "Edwin Howard Armstrong was one of") {
		t.Errorf("answer %q; want the sentence that says who he was", r.Answer)
	}
	if got := sentences.DefinedTerm("who is jack valenti?"); got != "" {
		t.Errorf("definedTerm of a name in small letters = %q, want none", got)
	}
}
