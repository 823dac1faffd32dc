package reader

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
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
		{"How many times does it appear?", "", false, false}, // too short to look for
		{"What is mentioned on page 3?", "", false, false},
	}
	for _, tt := range tests {
		m, ok := ParseMentions(tt.q)
		if ok != (tt.term != "") || m.Term != tt.term || m.Pages != tt.pages || m.Count != tt.count {
			t.Errorf("ParseMentions(%q) = %q pages %v count %v, %v; want %q %v %v", tt.q, m.Term, m.Pages, m.Count, ok, tt.term, tt.pages, tt.count)
		}
	}
}

func TestMentionsRead(t *testing.T) {
	pages := []Source{
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
		m, ok := ParseMentions(tt.q)
		if !ok {
			t.Fatalf("ParseMentions(%q) failed", tt.q)
		}
		r, ok := m.Read(pages)
		var quotes []string
		for _, q := range r.Quotes {
			quotes = append(quotes, q.Text)
		}
		if ok != (tt.answer != "") || r.Answer != tt.answer || strings.Join(quotes, "|") != strings.Join(tt.quotes, "|") {
			t.Errorf("Read(%q) = %q %q, %v; want %q %q", tt.q, r.Answer, quotes, ok, tt.answer, tt.quotes)
		}
	}
}

func FuzzParseMentions(f *testing.F) {
	f.Add("How many times does Exhibit P-10 mentioned in the document?", "Exhibits P-10 and P-11")
	f.Add("On which pages is (a+b)* mentioned?", "(a+b)* here")
	f.Fuzz(func(t *testing.T, q, text string) {
		m, ok := ParseMentions(q)
		if !ok {
			return
		}
		r, ok := m.Read([]Source{{Doc: "d.pdf", Page: 1, Text: text}})
		if ok && (r.Answer == "" || len(r.Quotes) != 1 || !strings.Contains(oneLine(text), r.Quotes[0].Text)) {
			t.Fatalf("Read(%q) over %q = %+v", q, text, r)
		}
	})
}

func TestLabels(t *testing.T) {
	pages := []Source{
		{Doc: "j.pdf", Page: 1, Text: "The reports communicated as Exhibits P-10 and P-11,\nand the exhibits to the motion."},
		{Doc: "j.pdf", Page: 2, Text: "See Exhibit P-10 again, Exhibit D-1; and Exhibit P-\n12 on a line break."},
		{Doc: "j.pdf", Page: 3, Text: "Table 2 and Table II differ; Tables 3, 4 and 5 agree.\nAvg. claims per table 7.11 6.16\nGPT-4 5.2"},
	}
	tests := []struct {
		q, answer string
		quotes    int
	}{
		{"How many Exhibits are mentioned in the document?", "4 (P-10, P-11, D-1, P-12)", 2},
		{"How many different tables are referred to in this paper?", "5 (2, II, 3, 4, 5)", 1},
		{"How many figures are cited?", "", 0},
		{"How many tables are included in the document?", "5 (2, II, 3, 4, 5)", 1},
		{"How many tables does the paper have?", "5 (2, II, 3, 4, 5)", 1},
		{"How many exhibits are there in this filing?", "4 (P-10, P-11, D-1, P-12)", 2},
		{"How many exhibits did the court admit?", "", 0}, // not a count of labels named
	}
	for _, tt := range tests {
		l, ok := ParseLabels(tt.q)
		if !ok {
			if tt.answer != "" {
				t.Errorf("ParseLabels(%q) failed", tt.q)
			}
			continue
		}
		r, ok := l.Read(pages)
		if ok != (tt.answer != "") || r.Answer != tt.answer || len(r.Quotes) != tt.quotes {
			t.Errorf("Read(%q) = %q with %d quotes, %v; want %q with %d", tt.q, r.Answer, len(r.Quotes), ok, tt.answer, tt.quotes)
		}
		for _, q := range r.Quotes {
			if !strings.Contains(oneLine(pages[q.Page-1].Text), q.Text) {
				t.Errorf("quote %q is not on p. %d", q.Text, q.Page)
			}
		}
	}
}

func FuzzLabels(f *testing.F) {
	f.Add("How many exhibits are mentioned?", "Exhibits P-10 and P-11, Exhibit D-\n1")
	f.Add("How many tables are cited?", "Tables II, 3 & 4a")
	f.Fuzz(func(t *testing.T, q, text string) {
		l, ok := ParseLabels(q)
		if !ok {
			return
		}
		r, ok := l.Read([]Source{{Doc: "d.pdf", Page: 1, Text: text}})
		if ok && (r.Answer == "" || len(r.Quotes) == 0) {
			t.Fatalf("Read(%q) over %q = %+v", q, text, r)
		}
	})
}

// A label's caption is quoted rather than the line that first names it.
func TestLabelsQuoteCaptions(t *testing.T) {
	pages := []Source{
		{Doc: "p.pdf", Page: 1, Text: "Results are better, as Table 2 shows.\n"},
		{Doc: "p.pdf", Page: 2, Text: "Table 1: Data sets.\nTable 2: Results on the test sets.\n"},
	}
	l, _ := ParseLabels("How many tables are in the paper?")
	r, ok := l.Read(pages)
	want := []Quote{{Text: "Table 2: Results on the test sets.", Doc: "p.pdf", Page: 2}, {Text: "Table 1: Data sets.", Doc: "p.pdf", Page: 2}}
	if !ok || r.Answer != "2 (2, 1)" || !cmp.Equal(r.Quotes, want) {
		t.Errorf("Read = %q %+v, %v; want %q %+v", r.Answer, r.Quotes, ok, "2 (2, 1)", want)
	}
}
