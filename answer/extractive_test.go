package answer

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"docqa/search"
)

// pages is a slice-backed Retriever: every page matches every query.
type pages []Source

func (p pages) MultiSearch(_ context.Context, _ []string, _ search.MultiOptions) ([]search.PageHit, error) {
	var hits []search.PageHit
	for _, s := range p {
		hits = append(hits, search.PageHit{Doc: s.Doc, Page: s.Page, Best: search.Hit{Doc: s.Doc, Page: s.Page, Text: s.Text}})
	}
	return hits, nil
}

func (p pages) Page(_ context.Context, doc string, page int) (string, bool, error) {
	for _, s := range p {
		if s.Doc == doc && s.Page == page {
			return s.Text, true, nil
		}
	}
	return "", false, nil
}

func TestAsk(t *testing.T) {
	r := pages{
		{Doc: "h.pdf", Page: 4, Text: "3. Operating Limits\nThe maximum oil temperature is 110 degrees Celsius in all phases of flight. Propeller speed must not exceed 2,200 rpm."},
		{Doc: "h.pdf", Page: 6, Text: "Change the oil every 400 flight hours or 12 months, whichever comes first."},
	}
	tests := []struct {
		question string
		status   string
		cite     []Citation
	}{
		{"What is the maximum oil temperature?", StatusAnswered, []Citation{{Quote: "The maximum oil temperature is 110 degrees Celsius in all phases of flight.", Doc: "h.pdf", Page: 4, Verified: true}}},
		{"When should the oil be changed?", StatusAnswered, []Citation{{Quote: "Change the oil every 400 flight hours or 12 months, whichever comes first.", Doc: "h.pdf", Page: 6, Verified: true}}},
		{"Who won the 1998 football world cup?", StatusNotFound, []Citation{}},
	}
	for _, tt := range tests {
		t.Run(tt.question, func(t *testing.T) {
			a, err := Ask(t.Context(), r, Request{Question: tt.question})
			if err != nil {
				t.Fatal(err)
			}
			if a.Status != tt.status {
				t.Errorf("status = %q, want %q (answer %q)", a.Status, tt.status, a.Answer)
			}
			if diff := cmp.Diff(tt.cite, a.Citations); diff != "" {
				t.Errorf("citations (-want +got):\n%s", diff)
			}
			if a.Status == StatusNotFound && a.Answer != NotFound {
				t.Errorf("not-found answer = %q, want %q", a.Answer, NotFound)
			}
		})
	}
	if _, err := Ask(t.Context(), r, Request{Question: "  "}); err != ErrEmptyQuestion {
		t.Errorf("empty question: err = %v, want ErrEmptyQuestion", err)
	}
}

// TestExtractiveYears: a sentence answers a question that names a year
// only from a page that mentions that year.
func TestExtractiveYears(t *testing.T) {
	sources := []Source{
		{Doc: "g.pdf", Page: 2, Text: "Guide to school health. Revised May 2016. Produced by: Florida Department of Health."},
		{Doc: "g.pdf", Page: 9, Text: "In 2018 the department held 40 workshops for school nurses."},
	}
	tests := []extractCase{
		{"Who produced the guide that was revised in May 2016?", StatusAnswered, "Revised May 2016. Produced by: Florida Department of Health."},
		{"Who produced the guide that was revised in May 2018?", StatusNotFound, ""},
		{"How many workshops did the department hold in 2018?", StatusAnswered, "In 2018 the department held 40 workshops for school nurses."},
	}
	checkExtractive(t, sources, tests)
}

// TestExtractiveNoQuestions: a question the document asks is never the
// answer, however well it matches; the sentence that answers it is.
func TestExtractiveNoQuestions(t *testing.T) {
	sources := []Source{
		{Doc: "f.pdf", Page: 14, Text: "b. Has the risk management plan been significantly changed since last year's submission to OMB? Section C lists the contacts and budget lines for the program office."},
		{Doc: "f.pdf", Page: 15, Text: "c. Was the security plan reviewed by the agency's auditors this year? Yes"},
	}
	tests := []extractCase{
		{"Describe the significant changes of the risk management plan since last year.", StatusNotFound, ""},
		{"Was the security plan reviewed by the auditors?", StatusAnswered, "c. Was the security plan reviewed by the agency's auditors this year? Yes"},
	}
	checkExtractive(t, sources, tests)
}

// TestExtractiveLists: a sentence that announces a list is quoted with
// the list that follows it on its page.
func TestExtractiveLists(t *testing.T) {
	sources := []Source{
		{Doc: "k.pdf", Page: 3, Text: "Before the first flight, check the following items. Oil level. Tyre pressure. Fuel contamination.\n\nThe hangar closes at 8 pm every day of the week."},
		{Doc: "k.pdf", Page: 4, Text: "The tool kit contains:\nA torque wrench.\nTwo screwdrivers."},
	}
	checkExtractive(t, sources, []extractCase{
		{"Which items should be checked before the first flight?", StatusAnswered, "Before the first flight, check the following items. Oil level. Tyre pressure. Fuel contamination."},
		{"What does the tool kit contain?", StatusAnswered, "The tool kit contains: A torque wrench. Two screwdrivers."},
	})
}

// extractCase is a question, the status the extractive engine should
// answer it with, and its first quote ("" for none).
type extractCase struct {
	question, status, quote string
}

func checkExtractive(t *testing.T, sources []Source, tests []extractCase) {
	t.Helper()
	for _, tt := range tests {
		a := Extractive(tt.question, nil, sources)
		quote := ""
		if len(a.Citations) > 0 {
			quote = a.Citations[0].Quote
		}
		if a.Status != tt.status || quote != tt.quote {
			t.Errorf("Extractive(%q) = %s %q, want %s %q", tt.question, a.Status, quote, tt.status, tt.quote)
		}
	}
}
