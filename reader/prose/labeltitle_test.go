package prose

import (
	"docqa/internal/inquiry"
	"docqa/reader/base"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestTitleAsked(t *testing.T) {
	tests := []struct {
		q    string
		want []partRef
	}{
		{"what's the topic of UNIT 14?", []partRef{{"unit", "14"}}},
		{"what are the names of Unit 1 and Unit 2 in Semester 1:quarter 1?", []partRef{{"unit", "1"}, {"unit", "2"}}},
		{"What are the titles of chapters 3 and 4?", []partRef{{"chapter", "3"}, {"chapter", "4"}}},
		{"What is the caption of Table 2?", []partRef{{"table", "2"}}},
		{"What is Section 4.2 about?", []partRef{{"section", "4.2"}}},
		{"What is Appendix B titled?", []partRef{{"appendix", "B"}}},
		{"What is the title of chapter one?", []partRef{{"chapter", "one"}}},
		{"What does Figure 10 show?", []partRef{{"figure", "10"}}},
		{"What is shown in Table 3?", []partRef{{"table", "3"}}},
		{"What does Figure 1 of the paper show?", []partRef{{"figure", "1"}}},
		{"What does Table 3 show about the 2019 results?", nil},
		{"How many quizzes are there in units 4, 5, and 6 combined?", nil},
		{"In Unit 14, what is the name of the statement that shows profit?", nil},
		{"What is the oil temperature limit?", nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, titleAsked(inquiry.Parse(tt.q, nil, nil)), cmp.AllowUnexported(partRef{})); diff != "" {
			t.Errorf("titleAsked(%q) (-want +got):\n%s", tt.q, diff)
		}
	}
}

func TestHeadingLine(t *testing.T) {
	text := "CHAPTER TEN: Property\nTable 5: Accuracy of GPT 4\nFigure 3. LIR snippet for sample program. This is the LIR recorded for line 5 of the sample program in Figure 1. The LIR encodes\nFigure 2. State machine of Trace-\nMonkey and its activities. It shows\nhow it works.\nContents\nUnit 13: Managing Human Resources ........ 9\nUnit 14 Key Assignments:\n• Quiz #7 on Unit 13 & 14\nUNIT 14: Using Financial Information and Accounting\nTable 2. Results on the test set\nunit 15 was moved.\nSection 3 Method and data\n"
	tests := []struct {
		r               partRef
		line, wantTitle string
	}{
		{partRef{"unit", "14"}, "UNIT 14: Using Financial Information and Accounting", "Using Financial Information and Accounting"},
		{partRef{"unit", "13"}, "Unit 13: Managing Human Resources ........ 9", "Managing Human Resources"},
		{partRef{"table", "2"}, "Table 2. Results on the test set", "Results on the test set"},
		{partRef{"section", "3"}, "Section 3 Method and data", "Method and data"},
		{partRef{"unit", "15"}, "", ""}, // no separator, no capital: a sentence
		{partRef{"chapter", "10"}, "CHAPTER TEN: Property", "Property"},
		{partRef{"table", "5"}, "Table 5: Accuracy of GPT 4", "Accuracy of GPT 4"},
		{partRef{"figure", "3"}, "Figure 3. LIR snippet for sample program.", "LIR snippet for sample program."},
		{partRef{"figure", "2"}, "Figure 2. State machine of Trace-\nMonkey and its activities.", "State machine of Trace-Monkey and its activities."},
		{partRef{"unit", "1"}, "", ""}, // not "Unit 13" nor "Unit 14"
	}
	for _, tt := range tests {
		line, title := headingLine(text, tt.r, base.DefaultParams())
		if line != tt.line || title != tt.wantTitle {
			t.Errorf("headingLine(%v, DefaultParams()) = %q, %q; want %q, %q", tt.r, line, title, tt.line, tt.wantTitle)
		}
	}
}

// FuzzHeadingLine: any question and page are read without panicking, and
// a heading found is a part of the page, its title a part of its words.
func FuzzHeadingLine(f *testing.F) {
	f.Add("what's the topic of UNIT 14?", "Unit 14 Key Assignments:\nUNIT 14: Using Financial Information\n")
	f.Add("What is the caption of Figure 2?", "Figure 2. State machine of Trace-\nMonkey and more. It\n")
	f.Add("What is the title of chapter one?", "CHAPTER ONE: Creators ....... 21\n")
	f.Fuzz(func(t *testing.T, q, text string) {
		for _, r := range titleAsked(inquiry.Parse(q, nil, nil)) {
			line, title := headingLine(text, r, base.DefaultParams())
			if line == "" {
				continue
			}
			if !strings.Contains(text, line) {
				t.Fatalf("heading %q is not in the page", line)
			}
			if title == "" {
				t.Fatalf("heading %q with no title", line)
			}
		}
	})
}

func TestFirstSentenceOf(t *testing.T) {
	tests := []struct{ line, title, wantLine, wantTitle string }{
		{"Figure 1. Sample program: sieve of Eratosthenes. primes is", "Sample program: sieve of Eratosthenes. primes is",
			"Figure 1. Sample program: sieve of Eratosthenes.", "Sample program: sieve of Eratosthenes."},
		{"Table 3. Results on the test set", "Results on the test set", "Table 3. Results on the test set", "Results on the test set"},
		{"Figure 2. Speedup vs. the baseline", "Speedup vs. the baseline", "Figure 2. Speedup vs. the baseline", "Speedup vs. the baseline"},
	}
	for _, tt := range tests {
		if l, ti := firstSentenceOf(tt.line, tt.title); l != tt.wantLine || ti != tt.wantTitle {
			t.Errorf("firstSentenceOf(%q) = %q, %q; want %q, %q", tt.line, l, ti, tt.wantLine, tt.wantTitle)
		}
	}
}
