package sentences

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"docqa/internal/inquiry"
	"docqa/reader/base"
)

func TestNamedPhrases(t *testing.T) {
	tests := []struct {
		q    string
		want []string
	}{
		{"What is the address of Florida Department of Science?", []string{"Florida Department of Science"}},
		{"How much lower is the accuracy of GPT-4o on SituatedQA compared to MMLU Chemistry?", []string{"GPT-4o", "SituatedQA", "MMLU Chemistry"}},
		{"Who produced the document that was revised on May 2018?", []string{"May", "2018"}},
		{"What is the FY2018 capital expenditure for 3M?", []string{"3M"}},
		{"What does the figure on page 8 show? See Table 3.", []string{"Table"}},
		{"Florida is where? In 2020, who led Apple, Google and IBM?", []string{"2020", "Apple", "Google", "IBM"}},
		{"what is the plain question here", nil},
		{"What is the FY2017 - FY2019 3 year average for Q2 of FY2023 at MGM?", []string{"MGM"}},
		{"What is the 3-year average margin at MGM?", []string{"MGM"}},
		// Capitals in a question written in capitals name nothing; an
		// ordinal is a place.
		{"WHAT IS THE 2nd OBJECTIVE OF REGULATORY EFFICIENCY AT MGM?", nil},
		{"What is the 2nd objective of the FDA?", []string{"FDA"}},
	}
	for _, tt := range tests {
		var got []string
		for _, n := range namedPhrases(inquiry.StripInstructions(tt.q)) {
			got = append(got, n.text)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("namedPhrases(%q) (-want +got):\n%s", tt.q, diff)
		}
	}
}

func TestMissingNamed(t *testing.T) {
	src := []base.Source{
		{Doc: "a.pdf", Page: 1, Text: "The Florida Department of Health was revised in May 2016.\nStudents from Singapore take 40 hours of the buddy scheme.\nGPT-4 scores 40% on SituatedQA."},
		{Doc: "a.pdf", Page: 2, Text: "Science is taught in every school of the state. The year 2018 saw new rules."},
		{Doc: "JPMORGAN_2021Q1_10Q.pdf", Page: 19, Text: "Net revenue by segment: Corporate (473)."},
	}
	tests := []struct {
		q, want string
	}{
		{"What is the address of Florida Department of Health?", ""},
		{"What is the address of Florida Department of Science?", "Florida Department of Science"}, // each word is there, never together
		{"How much lower is the accuracy of Llama-3 on SituatedQA?", "Llama-3"},
		{"How many hours must Singaporean students do?", ""}, // Singapore begins Singaporean
		{"What is the e-mail address of the Florida Department of Health?", ""},
		{"Who revised the document in May 2018?", ""}, // a number stands alone
		{"Who revised the document in 2019?", "2019"},
		{"What does GPT-4o score on SituatedQA?", "GPT-4o"}, // GPT-4 is another model
		{"What does GPT-4 score on SituatedQA in the 10-K?", ""},
		{"What is the 3-year average of the Florida Department of Health?", ""}, // a span of time, no name
		{"Which of JPM's segments had the lowest net revenue?", ""},             // the document's short name
		{"Which of Citi's segments had the lowest net revenue?", "Citi's"},
	}
	p := NewPool(src, base.DefaultParams())
	for _, tt := range tests {
		if got := p.MissingNamed(inquiry.Parse(tt.q, nil, nil)); got != tt.want {
			t.Errorf("missingNamed(%q) = %q, want %q", tt.q, got, tt.want)
		}
	}
}

// TestUnnamedNear: a number answers only from a sentence about what the
// question names, the document's subject and the question's asides
// aside.
func TestUnnamedNear(t *testing.T) {
	src := []base.Source{
		{Doc: "JOHNSON_JOHNSON_8K.pdf", Page: 1, Text: "The Acme Corporation report. GDP grew 2.1% in the third quarter."},
		{Doc: "JOHNSON_JOHNSON_8K.pdf", Page: 2, Text: "The Acme Corporation report. The jobless rate recovered in the fourth quarter to 4.9%."},
		{Doc: "JOHNSON_JOHNSON_8K.pdf", Page: 3, Text: "The Acme Corporation report. The Company secured $13.2 billion in cash proceeds from Kenvue."},
		{Doc: "JOHNSON_JOHNSON_8K.pdf", Page: 5, Text: "Texas (TX). 1. Amarillo TX01. 2. El Paso TX02. Texas markets. Greater Houston: 15 through 18."},
		{Doc: "JOHNSON_JOHNSON_8K.pdf", Page: 4, Text: "The Acme Corporation report. Our system QACheck scores 55.67 on HOVER. It achieves a 59.47 F1 score on FEVEROUS. These scores are better than Codex."},
	}
	p := NewPool(src, base.DefaultParams())
	sentence := func(text string) int {
		for i := range p.Sents {
			if SentText(p, i) == text {
				return i
			}
		}
		t.Fatalf("no sentence %q", text)
		return -1
	}
	tests := []struct {
		q, s, want string
	}{
		{"What was the GDP growth in the fourth quarter?", "The jobless rate recovered in the fourth quarter to 4.9%.", "GDP"},
		{"What was the GDP growth in the third quarter?", "GDP grew 2.1% in the third quarter.", ""},
		{"How much cash did Acme secure from Kenvue?", "The Company secured $13.2 billion in cash proceeds from Kenvue.", ""},                           // Acme: on every page
		{"How much cash did Acme secure from Kenvue as of August 30, 2023?", "The Company secured $13.2 billion in cash proceeds from Kenvue.", ""},     // a date is no name
		{"How many markets in Greater Houston, Texas?", "Greater Houston: 15 through 18.", ""},                                                          // Texas: the page's subject
		{"What is the F1 score of QACheck on FEVEROUS?", "It achieves a 59.47 F1 score on FEVEROUS.", ""},                                               // named the sentence before
		{"What is the F1 score of Codex on FEVEROUS?", "It achieves a 59.47 F1 score on FEVEROUS.", "Codex"},                                            // named only the sentence after
		{"How much cash did JnJ secure from Kenvue (formerly Consumer Health)?", "The Company secured $13.2 billion in cash proceeds from Kenvue.", ""}, // JnJ: the document's; an aside
	}
	for _, tt := range tests {
		if got := p.UnnamedNear(sentence(tt.s), inquiry.Parse(tt.q, nil, nil)); got != tt.want {
			t.Errorf("unnamedNear(%q, %q) = %q, want %q", tt.s, tt.q, got, tt.want)
		}
	}
}

func TestMissingPredicate(t *testing.T) {
	p := NewPool([]base.Source{
		{Doc: "BOEING_2022_10K.pdf", Page: 8, Text: "The business of the Company is subject to the cyclical nature of the airline industry."},
		{Doc: "BOEING_2022_10K.pdf", Page: 9, Text: "Boeing paid dividends of $0.55 a share each quarter."},
	}, base.DefaultParams())
	tests := []struct {
		q, want string
	}{
		{"Is Boeing's business subject to cyclicality?", ""}, // "cyclical" is a form of it
		{"Is Boeing's business subject to seasonality?", "seasonality"},
		{"Has Boeing paid dividends in Q2 of FY2022?", ""},                               // periods and names are no predicate
		{"Did Boeing undertake any share buybacks in 2022?", "buybacks"},                 // a word no page holds; "undertake" says only that it took place
		{"Did Boeing report any dividends, and if so, what was the scale of these?", ""}, // the follow-on asks more of the premise
		{"Has Boeing reported any seasonality activities?", "seasonality"},
		{"What is Boeing's seasonality?", ""},
		{"Does Boeing have an improving business?", ""},                      // a direction is read from figures                                // no yes-or-no question
		{"Is the dividend paid monthly? Answer with a sentence.", "monthly"}, // the instruction is no premise
	}
	for _, tt := range tests {
		if got := p.MissingPredicate(inquiry.Parse(tt.q, nil, nil)); got != tt.want {
			t.Errorf("missingPredicate(%q) = %q, want %q", tt.q, got, tt.want)
		}
	}
}

// FuzzMissingPredicate: any question is read without panicking, and the
// word reported is one of its own.
func FuzzMissingPredicate(f *testing.F) {
	f.Add("Is Boeing's business subject to cyclicality?")
	f.Add("Did X undertake buybacks? Answer yes or no.")
	p := NewPool([]base.Source{{Doc: "a.pdf", Page: 1, Text: "The business is cyclical. Dividends were paid."}}, base.DefaultParams())
	f.Fuzz(func(t *testing.T, q string) {
		if w := p.MissingPredicate(inquiry.Parse(q, nil, nil)); w != "" && !strings.Contains(q, w) {
			t.Fatalf("missingPredicate(%q) = %q, not a word of the question", q, w)
		}
	})
}
