package inquiry

import "testing"

func TestStripInstructions(t *testing.T) {
	tests := []struct{ in, want string }{
		{"How many days are recommended? Give me an integer.", "How many days are recommended?"},
		{"What is the TBO? Please write the answer in float format.", "What is the TBO?"},
		{"Which models are listed? The answer should be formatted as a list like ['A', 'B'].", "Which models are listed?"},
		{"What date is mentioned? Format the date as YYYY-MM-DD", "What date is mentioned?"},
		{"Which algorithm is best? (Give the algorithm name)", "Which algorithm is best?"},
		{"What is the maximum oil temperature?", "What is the maximum oil temperature?"},
		{"Give me the TBO.", "Give me the TBO."},                                 // nothing left without it
		{"Which list of parts is approved?", "Which list of parts is approved?"}, // "list" inside the question
		{"When was it? For example: 1883 Dec 24", "When was it?"},
		// a misspelt verb still asks for the answer's form
		{"How many more claims does it have? Please writeh the answer in int format. ", "How many more claims does it have?"},
		{"Is it blue? Please type the answer as yes or no.", "Is it blue?"},
		// An example in brackets says what is asked for.
		{"Enumerate all chapter names (for example, Sharp divides)", "Enumerate all chapter names (for example, Sharp divides)"},
	}
	for _, tt := range tests {
		if got := StripInstructions(tt.in); got != tt.want {
			t.Errorf("StripInstructions(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestStripInstructionsKeepsQuestions(t *testing.T) {
	for _, q := range []string{
		"What does the report give as the main reason",
		"How many users use the app in 2023",
		"Which answer does the survey list first",
	} {
		if got := StripInstructions(q); got != q {
			t.Errorf("StripInstructions(%q) = %q, want it unchanged", q, got)
		}
	}
}
