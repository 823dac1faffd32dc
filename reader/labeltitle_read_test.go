package reader

import (
	"docqa/reader/base"
	"testing"
)

func TestReadTitles(t *testing.T) {
	sources := []base.Source{
		{Doc: "c.pdf", Page: 2, Text: "SEMESTER 1: QUARTER 1\nUnit 1: Understanding Economic Systems and Business\nStudents will learn ...\nUnit 2 - Making Ethical Decisions\n"},
		{Doc: "c.pdf", Page: 10, Text: "Unit 14 Key Assignments:\nUNIT 14: Using Financial Information and Accounting\n"},
	}
	r := readText("what are the names of Unit 1 and Unit 2?", nil, sources)
	if want := "Understanding Economic Systems and Business; Making Ethical Decisions"; r.Answer != want || len(r.Quotes) != 2 {
		t.Errorf("answer %q with %d quotes, want %q with 2", r.Answer, len(r.Quotes), want)
	}
	r = readText("what's the topic of UNIT 14?", nil, sources)
	if want := "Using Financial Information and Accounting"; r.Answer != want || len(r.Quotes) != 1 || r.Quotes[0].Page != 10 {
		t.Errorf("answer %q, quotes %+v; want %q from p. 10", r.Answer, r.Quotes, want)
	}
	if r := readText("What is the topic of Unit 9?", nil, sources); r.Answer != "" && len(r.Quotes) > 0 && r.Quotes[0].Text == "Unit 1: Understanding Economic Systems and Business" {
		t.Errorf("a unit the pages do not name answered by another's heading: %q", r.Answer)
	}
}
