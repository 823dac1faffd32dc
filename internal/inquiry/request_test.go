package inquiry

import "testing"

func TestWithoutSourceNames(t *testing.T) {
	tests := []struct{ q, want string }{
		{"What was Intel's gross margin as reported in their latest 10-Q?", "What was Intel's gross margin as reported in  ?"},
		{"What were the cash flows as per the Q3 2022 10-Q?", "What were the cash flows as per the Q3 2022  ?"},
		{"What model is the clustering algorithm of this paper based on?", "What model is the clustering algorithm   based on?"},
		{"How many pages are in the user guide?", "How many pages are  ?"},
		{"According to the Free Culture book, who founded the Internet Archive?", " , who founded the Internet Archive?"},
		{"What does the review say in the Results section?", "What does the review say in the Results section?"},
		// A report as the thing asked about stays.
		{"Who wrote the report?", "Who wrote the report?"},
		{"What reported revenue grew fastest?", "What reported revenue grew fastest?"},
	}
	for _, tt := range tests {
		if got := WithoutSourceNames(tt.q); got != tt.want {
			t.Errorf("WithoutSourceNames(%q) = %q, want %q", tt.q, got, tt.want)
		}
	}
}

func TestSearchText(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain", "What is the maximum oil temperature?", "What is the maximum oil temperature?"},
		{"instruction content kept", "What is the FY2018 capital expenditure amount (in USD millions) for 3M? Give a response to the question by relying on the details shown in the cash flow statement.",
			"What is the FY2018 capital expenditure amount for 3M? cash flow statement"},
		{"role dropped", "Assume that you are a public equities analyst. Answer the following question by primarily using information that is shown in the balance sheet: what is the year end FY2018 net PPNE for 3M? Answer in USD billions.",
			"Answer the following question by using information that is in the balance sheet: what is the year end FY2018 net PPNE for 3M?"},
		{"format only", "How many datasets are used? Write the answer in int format.", "How many datasets are used?"},
		{"rounding and statements", "What is the capex as a % of revenue? Answer in units of percents and round to one decimal place. Calculate the answer from the statement of income.",
			"What is the capex as a % of revenue? statement income"},
		{"example and precision cut", "When was the last shock? The answer needs to be accurate to the year, month, day. For example: 1883 Dec.7", "When was the last shock?"},
		{"unit in words", "What is the oil temperature limit? Answer in °C.", "What is the oil temperature limit?"},
		{"content words in the question stay", "What happens when you press and hold the down button?", "What happens when you press and hold the down button?"},
		{"too little left", "Please respond.", "Please respond."},
	}
	for _, tt := range tests {
		if got := SearchText(tt.in); got != tt.want {
			t.Errorf("%s: SearchText(%q)\n got %q\nwant %q", tt.name, tt.in, got, tt.want)
		}
	}
}
