package eval

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"docqa/answer"
)

func TestNumbers(t *testing.T) {
	tests := []struct {
		in   string
		want []Number
	}{
		{"$1,577.00", []Number{{Value: 1577}}},
		{"1577", []Number{{Value: 1577}}},
		{"1.577 billion", []Number{{Value: 1.577e9}}},
		{"12.4%", []Number{{Value: 12.4, Percent: true}}},
		{"12.4 percent", []Number{{Value: 12.4, Percent: true}}},
		{"(3.2)", []Number{{Value: -3.2, Signed: true}}},
		{"-5 and +7", []Number{{Value: -5, Signed: true}, {Value: 7, Signed: true}}},
		{"$ 82,959 million", []Number{{Value: 82959e6}}},
		{"no numbers here", nil},
		// thousands parted by spaces, thin or no-break spaces; a decimal comma
		{"298 839", []Number{{Value: 298839}}},
		{"298\u2009839 and 1\u00a0000", []Number{{Value: 298839}, {Value: 1000}}},
		{"3,9 and 0,0999", []Number{{Value: 3.9, Decimals: 1}, {Value: 0.0999, Decimals: 4}}},
		{"2015 2016", []Number{{Value: 2015}, {Value: 2016}}},
		{"in Q1 2023 with GPT-4", []Number{{Value: 2023}}},
		{"ＦＹ２０２３", []Number{{Value: 2023}}}, // full-width digits, NFKC
		// a form's name and a date's day are no quantities
		{"the Q3 2022 10-Q and the 8-K", []Number{{Value: 2022}}},
		{"ended October 1, 2022 and Sept. 30, 2023", []Number{{Value: 2022}, {Value: 2023}}},
		{"1 of 10 items", []Number{{Value: 1}, {Value: 10}}},
		// a dash between numbers is a range, not a minus
		{"2015-2016 and 10-12", []Number{{Value: 2015}, {Value: 2016}, {Value: 10}, {Value: 12}}},
		{"10 -5", []Number{{Value: 10}, {Value: -5, Signed: true}}},
		// a number is a whole token: not the digits of a name or an address
		{"0x0001 FFFF", nil},
		{"at 0X1F", nil},
		{"the A320 and B737", nil},
		{"FY2023 and fy2024", []Number{{Value: 2023}, {Value: 2024}}},
		{"10mg twice", []Number{{Value: 10}}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, Numbers(tt.in), cmpopts.IgnoreFields(Number{}, "Raw", "Decimals", "Scale")); diff != "" {
			t.Errorf("Numbers(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestMatchAtPrecision(t *testing.T) {
	tests := []struct {
		name, question, gold, got string
		want                      bool
	}{
		{"whole units round", "How many stores?", "20", "about 20.2 stores", true},
		{"wrong at the gold's precision", "", "1577.00", "1,580", false},
		{"scale agrees with the question", "What is the capex (in USD millions)?", "$1577.00", "$1,577 million (FY2018)", true},
		{"scale written in the answer only", "What is the capex?", "$1,577 million", "$1.577 billion", true},
		{"scale disagrees", "What is the capex (in USD millions)?", "$1577.00", "$1,577 thousand", false},
		{"plain answer number", "What is the capex (in USD millions)?", "$1577.00", "1577", true},
		{"two decimals", "What is the ratio?", "0.66", "0.657", true},
		{"two decimals, off", "What is the ratio?", "0.66", "0.67", false},
		{"percent and fraction", "", "5.1%", "0.051", true},
		{"fraction and percent", "", "0.24", "24%", true},
		{"a year alone is no match", "In which year?", "2018", "2018", false},
		{"year beside a figure", "", "FY2018: 8.7", "8.7 in FY2019", true},
		{"signs differ", "", "(3.2)", "+3.2", false},
		{"every number needed", "", "5 and 7", "only 5", false},
		{"a gold's date and form are no figures", "What were Intel's cash flows from operations as per the Q3 2022 10-Q?",
			"The cash flow from operations as per the Q3 2022 10-Q was $7.7 billion for the nine months ended October 1, 2022.", "$7,730 million (2022)", true},
		{"nor make a match alone", "", "as of October 1, 2022, per the 10-Q", "1 and 10", false},
	}
	for _, tt := range tests {
		got := MatchAtPrecision(goldNumbers(tt.gold), Numbers(tt.got), questionScale(tt.question))
		if got != tt.want {
			t.Errorf("%s: MatchAtPrecision(%q, %q, question %q) = %v, want %v", tt.name, tt.gold, tt.got, tt.question, got, tt.want)
		}
	}
}

func TestTokenF1(t *testing.T) {
	tests := []struct {
		got, want string
		f1        float64
	}{
		{"The cat sat", "cat sat", 1},
		{"cat", "cat sat", 2.0 / 3},
		{"dog", "cat", 0},
		{"", "cat", 0},
		{"Cat, SAT!", "cat sat", 1},
	}
	for _, tt := range tests {
		if got := TokenF1(tt.got, tt.want); got < tt.f1-1e-9 || got > tt.f1+1e-9 {
			t.Errorf("TokenF1(%q, %q) = %.3f, want %.3f", tt.got, tt.want, got, tt.f1)
		}
	}
}

func TestScoreAnswer(t *testing.T) {
	answered := func(text string, pages ...answer.PageRef) *answer.Answer {
		return &answer.Answer{Status: answer.StatusAnswered, Answer: text, ContextPages: pages,
			Citations: []answer.Citation{{Quote: text, Verified: true}}}
	}
	notFound := &answer.Answer{Status: answer.StatusNotFound, Answer: answer.NotFound}
	p := func(doc string, n int) answer.PageRef { return answer.PageRef{Doc: doc, Page: n} }
	yes, no := true, false
	half := 0.5

	tests := []struct {
		name string
		q    Question
		a    *answer.Answer
		want Score
	}{
		{
			name: "contained answer, evidence second",
			q:    Question{Answer: "110 C", Doc: "h.pdf", Pages: []int{4}},
			a:    answered("The maximum oil temperature is 110 C.", p("h.pdf", 9), p("h.pdf", 4)),
			want: Score{Correct: true, Answered: true, Contains: true, Numbers: &yes, TokenF1: 0.5, Hit1: &no, Hit5: &yes, RR: &half, Citations: 1, Verified: 1},
		},
		{
			name: "evidence page in another document does not count",
			q:    Question{Answer: "x", Doc: "h.pdf", Pages: []int{4}},
			a:    answered("y", p("other.pdf", 4)),
			want: Score{Answered: true, Hit1: &no, Hit5: &no, RR: new(float64), Citations: 1, Verified: 1},
		},
		{
			name: "part of a figure parted by a space is not the figure",
			q:    Question{Answer: "298 839"},
			a:    answered("298"),
			want: Score{Answered: true, Numbers: &no, Citations: 1, Verified: 1},
		},
		{
			name: "a figure parted by a thin space is the figure",
			q:    Question{Answer: "298 839"},
			a:    answered("298\u2009839"),
			want: Score{Correct: true, Answered: true, Exact: true, Contains: true, Numbers: &yes, TokenF1: 1, Citations: 1, Verified: 1},
		},
		{
			name: "not answerable, refused",
			q:    Question{Answer: "Not answerable"},
			a:    notFound,
			want: Score{Correct: true},
		},
		{
			name: "not answerable, answered anyway",
			q:    Question{Answer: "Not answerable"},
			a:    answered("something"),
			want: Score{Answered: true, Citations: 1, Verified: 1},
		},
		{
			name: "refused an answerable question",
			q:    Question{Answer: "42"},
			a:    notFound,
			want: Score{},
		},
		{
			name: "a year range written short is the same range",
			q:    Question{Answer: "2015-2016"},
			a:    answered("2015-16"),
			want: Score{Correct: true, Answered: true, Exact: true, Contains: true, TokenF1: 1, Citations: 1, Verified: 1},
		},
		{
			name: "a month after a year is no range",
			q:    Question{Answer: "2015-2016"},
			a:    answered("2015/06"),
			want: Score{Answered: true, TokenF1: 0.5, Citations: 1, Verified: 1},
		},
		{
			name: "wrong number",
			q:    Question{Answer: "$1,577 million"},
			a:    answered("Revenue was $1,412 million."),
			want: Score{Answered: true, Numbers: &no, TokenF1: 0.5, Citations: 1, Verified: 1},
		},
		{
			name: "a gold number is not a digit of an address",
			q:    Question{Answer: "External Memory Space Bank 1 (FLASH)"},
			a:    answered("0x0001 FFFF"),
			want: Score{Answered: true, Numbers: &no, Citations: 1, Verified: 1},
		},
		{
			name: "a whole table holding the gold is not right by containment",
			q:    Question{Answer: "the name of the current folder"},
			a: answered("Command Description getConfg Returns a list of calculator characteristics. getFold Returns the name of the current folder. " +
				"getMode Returns the current setting for a specified mode. getUnits Returns a list of default units. setFold Sets the current folder. " +
				"setGraph Sets a specified graph format (Coordinates, Graph"),
			want: Score{Answered: true, Contains: true, TokenF1: 0.1904761904761905, Citations: 1, Verified: 1},
		},
		{
			name: "a long sentence holding the gold number is right",
			q:    Question{Answer: "110"},
			a:    answered("The maximum oil temperature is 110 degrees Celsius in all phases of flight, climb and cruise, at every power setting the engine has."),
			want: Score{Correct: true, Answered: true, Contains: true, Numbers: &yes, TokenF1: 0.0909090909090909, Citations: 1, Verified: 1},
		},
		{
			name: "an answer that states the gold first is right, whatever follows",
			q:    Question{Answer: "19"},
			a:    answered("19 (1-1, 1-2, 2-1, 3-1, 3-2, 3-3, 4-1, 4-2, 4-3, 4-4, 4-5, 4-6, 4-7, 4-8, 4-9, 4-10, 4-11, 4-12, 4-13)"),
			want: Score{Correct: true, Answered: true, Contains: true, Numbers: &yes, TokenF1: 0.05, Citations: 1, Verified: 1},
		},
		{
			name: "a table's worth of figures holding the gold number is not",
			q:    Question{Answer: "110"},
			a: answered("Take-off at sea level: 182, at FL100: 160; Climb at sea level: 151, at FL100: 133; Cruise at sea level: 110, at FL100: 98; " +
				"Descent at sea level: 60, at FL100: 50; Idle at sea level: 20, at FL100: 18"),
			want: Score{Answered: true, Contains: true, Numbers: &yes, TokenF1: 0.047619047619047616, Citations: 1, Verified: 1},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ScoreAnswer(tt.q, tt.a)
			// InContext has its own test (TestInContext).
			if diff := cmp.Diff(tt.want, got, cmpopts.IgnoreFields(Score{}, "InContext", "Kind")); diff != "" {
				t.Errorf("ScoreAnswer (-want +got):\n%s", diff)
			}
		})
	}
}

func TestChooseOption(t *testing.T) {
	q := Question{Answer: "B", Options: []string{"Paris", "Berlin", "Rome"}}
	a := &answer.Answer{Status: answer.StatusAnswered, Answer: "The capital is Berlin."}
	s := ScoreAnswer(q, a)
	if s.Option == nil || *s.Option != 1 || !*s.OptionCorrect || !s.Correct {
		t.Errorf("option %v correct %v, want option 1 (Berlin) judged correct", s.Option, s.OptionCorrect)
	}
}
