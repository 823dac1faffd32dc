package document

import (
	"docqa/reader/base"
	"docqa/reader/sentences"
	"strings"
	"testing"
)

func TestParseMentions(t *testing.T) {
	tests := []struct {
		q            string
		term         string
		pages, count bool
	}{
		{"How many times does Exhibit P-10 mentioned in the document?", "Exhibit P-10", false, false},
		{`How many times does Exhibit P-10 mentioned in the document? List all pages and formatted as a list, for example, ["1","2"]`, "Exhibit P-10", true, false},
		{"How many times does the word 'risk' appear in the report?", "risk", false, false},
		{"How many times is the torque wrench referred to?", "torque wrench", false, false},
		{"On which pages is the torque wrench mentioned?", "torque wrench", true, false},
		{"What pages does Figure 3 appear on?", "Figure 3", true, false},
		{"List all the pages that mention the warranty.", "warranty", true, false},
		{"How many pages mention GS6001?", "GS6001", true, true},
		{"How many times did the board meet in 2022?", "", false, false},
		{"How many times was the drug used in the trial?", "", false, false}, // a use, not a word's
		{"How many times is the word 'warranty' used?", "warranty", false, false},
		{"How many times does it appear?", "", false, false}, // too short to look for
		{"What is mentioned on page 3?", "", false, false},
	}
	for _, tt := range tests {
		m, ok := ParseMentions(ask(tt.q), base.DefaultParams())
		if ok != (tt.term != "") || m.Term != tt.term || m.Pages != tt.pages || m.Count != tt.count {
			t.Errorf("ParseMentions(ask(%q), DefaultParams()) = %q pages %v count %v, %v; want %q %v %v", tt.q, m.Term, m.Pages, m.Count, ok, tt.term, tt.pages, tt.count)
		}
	}
}

func TestMentionsRead(t *testing.T) {
	pages := []base.Source{
		{Doc: "j.pdf", Page: 1, Text: "The reports communicated as Exhibits P-10 and P-11,\nwere inadmissible."},
		{Doc: "j.pdf", Page: 2, Text: "See Exhibit P-100.\nNothing else."},
		{Doc: "j.pdf", Page: 3, Text: "Exhibit P-10 again.\nAnd exhibit  P-10 once more."},
	}
	tests := []struct {
		q, answer string
		quotes    []string
	}{
		{"How many times is Exhibit P-10 mentioned in the document?", "3 (pages 1, 3)", []string{"The reports communicated as Exhibits P-10 and P-11,", "Exhibit P-10 again."}},
		{"On which pages does Exhibit P-10 appear?", "1, 3 (3 mentions)", []string{"The reports communicated as Exhibits P-10 and P-11,", "Exhibit P-10 again."}},
		{"How many pages mention Exhibit P-100?", "1 (page 2)", []string{"See Exhibit P-100."}},
		{"How many times is Exhibit P-12 mentioned?", "", nil},
	}
	for _, tt := range tests {
		m, ok := ParseMentions(ask(tt.q), base.DefaultParams())
		if !ok {
			t.Fatalf("ParseMentions(ask(%q), DefaultParams()) failed", tt.q)
		}
		r, ok := m.Read(pages)
		var quotes []string
		for _, q := range r.Quotes {
			quotes = append(quotes, q.Text)
		}
		if ok != (tt.answer != "") || r.Answer != tt.answer || strings.Join(quotes, "|") != strings.Join(tt.quotes, "|") {
			t.Errorf("readText(%q) = %q %q, %v; want %q %q", tt.q, r.Answer, quotes, ok, tt.answer, tt.quotes)
		}
	}
}

func FuzzParseMentions(f *testing.F) {
	f.Add("How many times does Exhibit P-10 mentioned in the document?", "Exhibits P-10 and P-11")
	f.Add("On which pages is (a+b)* mentioned?", "(a+b)* here")
	f.Fuzz(func(t *testing.T, q, text string) {
		m, ok := ParseMentions(ask(q), base.DefaultParams())
		if !ok {
			return
		}
		r, ok := m.Read([]base.Source{{Doc: "d.pdf", Page: 1, Text: text}})
		if ok && (r.Answer == "" || len(r.Quotes) != 1 || !strings.Contains(sentences.OneLine(text), r.Quotes[0].Text)) {
			t.Fatalf("readText(%q) over %q = %+v", q, text, r)
		}
	})
}

// A work named by its author and year is counted by its author-year
// citations, not its entry in the references.
func TestCited(t *testing.T) {
	pages := []base.Source{
		{Doc: "p.pdf", Page: 1, Text: "models trained with RLHF (Christiano et al., 2017; Ouyang et al., 2022) follow."},
		{Doc: "p.pdf", Page: 7, Text: "For more details on reward models, see e.g. Ouyang\net al. (2022). We use a dataset."},
		{Doc: "p.pdf", Page: 9, Text: "as Ouyang et al. (2021) found earlier."},
		{Doc: "p.pdf", Page: 24, Text: "Long Ouyang, Jeffrey Wu, Xu Jiang. Training language models to follow instructions. 2022."},
	}
	tests := []struct{ q, answer string }{
		{"For the paper by Long Ouyang published in 2022, how many times has it been cited?", "2 (pages 1, 7)"},
		{"How many times is Ouyang et al. (2021) cited?", "1 (page 9)"},
		{"How many times is the paper by Ada Lovelace from 1843 cited?", ""},
	}
	for _, tt := range tests {
		m, ok := ParseMentions(ask(tt.q), base.DefaultParams())
		if !ok {
			t.Fatalf("ParseMentions(ask(%q), DefaultParams()) failed", tt.q)
		}
		r, ok := m.Read(pages)
		if ok != (tt.answer != "") || r.Answer != tt.answer {
			t.Errorf("readText(%q) = %q, %v; want %q", tt.q, r.Answer, ok, tt.answer)
		}
	}
}
