package document

import (
	"docqa/reader/base"
	"docqa/reader/sentences"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestLabelPages(t *testing.T) {
	pages := structured([]base.Source{
		{Doc: "p.pdf", Page: 1, Text: "Results are better, as Table 2 shows.\n"},
		{Doc: "p.pdf", Page: 2, Text: "Table 1: Data sets.\nTable 2: Results on the test sets.\n"},
		{Doc: "p.pdf", Page: 3, Text: "Figure 1: The model.\n"},
		{Doc: "p.pdf", Page: 4, Text: "  TABLE 3 Costs\n"},
	})
	tests := []struct {
		q, answer string
		quotes    []string
	}{
		{"How many pages contain tables?", "2 (pages 2, 4)", []string{"Table 1: Data sets.", "TABLE 3 Costs"}},
		{"How many pages of the paper include a figure? Give an integer.", "1 (pages 3)", []string{"Figure 1: The model."}},
		{"How many pages include exhibits?", "", nil},
	}
	for _, tt := range tests {
		l, ok := ParseLabels(ask(tt.q), base.DefaultParams())
		if !ok || !l.Pages {
			t.Fatalf("ParseLabels(ask(%q), DefaultParams()) = %+v, %v; want a count of pages", tt.q, l, ok)
		}
		r, ok := l.Read(pages)
		var quotes []string
		for _, q := range r.Quotes {
			quotes = append(quotes, q.Text)
		}
		if ok != (tt.answer != "") || r.Answer != tt.answer || !cmp.Equal(quotes, tt.quotes) {
			t.Errorf("readText(%q) = %q %q, %v; want %q %q", tt.q, r.Answer, quotes, ok, tt.answer, tt.quotes)
		}
	}
}

func TestPageCount(t *testing.T) {
	for q, want := range map[string]bool{
		"How many pages does the document have?":      true,
		"How many pages are in this paper?":           true,
		"How many pages is the report long?":          true,
		"How many pages are there in the brochure?":   true,
		"How many pages does the attached file have?": true,
		"How many pages is the whole report long?":    true,
		"How many pages contain tables?":              false,
		"How many pages does chapter 3 have?":         false,
	} {
		if _, ok := ParsePageCount(ask(q)); ok != want {
			t.Errorf("ParsePageCount(ask(%q)) = %v, want %v", q, ok, want)
		}
	}
	pages := []base.Source{{Doc: "d.pdf", Page: 1, Text: "Title"}, {Doc: "d.pdf", Page: 2, Text: "\n  Page 2 of 2 \nEnd."}}
	r, ok := PageCount{}.Read(pages)
	want := []base.Quote{{Text: "Page 2 of 2", Doc: "d.pdf", Page: 2}}
	if !ok || r.Answer != "2" || !cmp.Equal(r.Quotes, want) {
		t.Errorf("Read = %q %+v, %v; want 2 %+v", r.Answer, r.Quotes, ok, want)
	}
	if _, ok := (PageCount{}).Read(nil); ok {
		t.Error("readText(no pages) answered")
	}
}

func TestLabels(t *testing.T) {
	pages := []base.Source{
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
		l, ok := ParseLabels(ask(tt.q), base.DefaultParams())
		if !ok {
			if tt.answer != "" {
				t.Errorf("ParseLabels(ask(%q), DefaultParams()) failed", tt.q)
			}
			continue
		}
		r, ok := l.Read(pages)
		if ok != (tt.answer != "") || r.Answer != tt.answer || len(r.Quotes) != tt.quotes {
			t.Errorf("readText(%q) = %q with %d quotes, %v; want %q with %d", tt.q, r.Answer, len(r.Quotes), ok, tt.answer, tt.quotes)
		}
		for _, q := range r.Quotes {
			if !strings.Contains(sentences.OneLine(pages[q.Page-1].Text), q.Text) {
				t.Errorf("quote %q is not on p. %d", q.Text, q.Page)
			}
		}
	}
}

func FuzzLabels(f *testing.F) {
	f.Add("How many exhibits are mentioned?", "Exhibits P-10 and P-11, Exhibit D-\n1")
	f.Add("How many tables are cited?", "Tables II, 3 & 4a")
	f.Add("How many pages does the document have?", "Page 1 of 1")
	f.Add("How many pages contain figures?", "Figure 2: A")
	f.Fuzz(func(t *testing.T, q, text string) {
		pages := []base.Source{{Doc: "d.pdf", Page: 1, Text: text}}
		if c, ok := ParsePageCount(ask(q)); ok {
			if r, ok := c.Read(pages); ok && (r.Answer != "1" || len(r.Quotes) != 1) {
				t.Fatalf("PageCount.Read over %q = %+v", text, r)
			}
		}
		l, ok := ParseLabels(ask(q), base.DefaultParams())
		if !ok {
			return
		}
		r, ok := l.Read(pages)
		if ok && (r.Answer == "" || len(r.Quotes) == 0) {
			t.Fatalf("readText(%q) over %q = %+v", q, text, r)
		}
	})
}

// A label's caption is quoted rather than the line that first names it.
func TestLabelsQuoteCaptions(t *testing.T) {
	pages := []base.Source{
		{Doc: "p.pdf", Page: 1, Text: "Results are better, as Table 2 shows.\n"},
		{Doc: "p.pdf", Page: 2, Text: "Table 1: Data sets.\nTable 2: Results on the test sets.\n"},
	}
	l, _ := ParseLabels(ask("How many tables are in the paper?"), base.DefaultParams())
	r, ok := l.Read(pages)
	want := []base.Quote{{Text: "Table 2: Results on the test sets.", Doc: "p.pdf", Page: 2}, {Text: "Table 1: Data sets.", Doc: "p.pdf", Page: 2}}
	if !ok || r.Answer != "2 (2, 1)" || !cmp.Equal(r.Quotes, want) {
		t.Errorf("Read = %q %+v, %v; want %q %+v", r.Answer, r.Quotes, ok, "2 (2, 1)", want)
	}
}
