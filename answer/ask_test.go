package answer

import (
	"context"
	"docqa/internal/doc"
	"docqa/internal/inquiry"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"docqa/ingest"
	"docqa/reader"
	"docqa/search"
)

// Two statements, for the questions that ask for table figures.
const (
	incomeStatement = "Consolidated Statements of Income\n(In millions) 2021 2020 2019\nNet sales $ 14,082 $ 11,303 $ 11,503\nCost of sales 9,019 7,772 7,468\nGross margin 5,063 3,531 4,035\nOperating income 2,112 509 1,306\n"
	cashFlows       = "Consolidated Statements of Cash Flows\n(In millions) 2021 2020 2019\nCapital expenditures (1,637) (1,377) (1,987)\n"
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

// Structure reads each document's structure as ingest does
// ([doc.Read]): its pages are the slice's, by number.
func (p pages) Structure(_ context.Context, name string, from, to int) (doc.Structure, bool, error) {
	var texts []string
	for _, s := range p {
		if s.Doc == name {
			for len(texts) < s.Page {
				texts = append(texts, "")
			}
			texts[s.Page-1] = s.Text
		}
	}
	if texts == nil {
		return doc.Structure{}, false, nil
	}
	st := doc.Read(texts, nil, nil)
	st.Pages = st.Pages[min(max(from, 1), len(texts)+1)-1 : min(to, len(texts))]
	return st, true, nil
}

func TestAsk(t *testing.T) {
	r := pages{
		{Doc: "h.pdf", Page: 4, Text: "3. Operating Limits\nThe maximum oil temperature is 110 degrees Celsius in all phases of flight. Propeller speed must not exceed 2,200 rpm."},
		{Doc: "h.pdf", Page: 6, Text: "Change the oil every 400 flight hours or 12 months, whichever comes first."},
	}
	tests := []struct {
		question string
		status   string
		reader   string // and its check: the reader that answered or refused
		cite     []Citation
	}{
		{"What is the maximum oil temperature?", StatusAnswered, "sentence", []Citation{{Quote: "The maximum oil temperature is 110 degrees Celsius in all phases of flight.", Doc: "h.pdf", Page: 4, Verified: true}}},
		{"When should the oil be changed?", StatusAnswered, "sentence", []Citation{{Quote: "Change the oil every 400 flight hours or 12 months, whichever comes first.", Doc: "h.pdf", Page: 6, Verified: true}}},
		{"Who won the 1998 football world cup?", StatusNotFound, "sentence/missing-named", []Citation{}},
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
			if got := strings.TrimSuffix(a.Reader+"/"+a.Check, "/"); got != tt.reader {
				t.Errorf("reader = %q, want %q", got, tt.reader)
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

// The pages whose tables hold a figure question's rows come first among
// the best pages, in the search's order otherwise.
func TestTableFirst(t *testing.T) {
	selected := "Selected data\n(In millions) 2021 2020\nNet sales $ 14,082 $ 11,303\n"
	segment := "Pharmacy Services Segment\n(In millions) 2021 2020\nNet sales $ 9,000 $ 8,000\nOperating income 900 800\n"
	statement := "Index to Consolidated Financial Statements\nConsolidated Statements of Operations\n(In millions) 2021 2020\nNet sales $ 14,082 $ 11,303\nOperating income 2,112 509\n"
	tests := []struct {
		name  string
		q     string
		pages pages
		want  []int
	}{
		{"rows held first", "What is the FY2021 operating margin?", pages{
			{Doc: "c.pdf", Page: 12, Text: "Our effective tax rate and income taxes are discussed below. Income taxes rose as income before income taxes rose."},
			{Doc: "c.pdf", Page: 40, Text: "Management's discussion of segment results."},
			{Doc: "c.pdf", Page: 65, Text: incomeStatement},
			{Doc: "c.pdf", Page: 70, Text: cashFlows},
		}, []int{65, 12, 40, 70}},
		// the page of the row not yet held second, before another page
		// of the first
		{"rows on two statements", "What is the FY2021 capex to revenue?", pages{
			{Doc: "c.pdf", Page: 40, Text: "Management's discussion of segment results."},
			{Doc: "c.pdf", Page: 65, Text: incomeStatement},
			{Doc: "c.pdf", Page: 66, Text: selected},
			{Doc: "c.pdf", Page: 70, Text: cashFlows},
		}, []int{65, 70, 66, 40}},
		{"the primary statement's before a segment's", "What is the FY2021 operating margin?", pages{
			{Doc: "c.pdf", Page: 83, Text: segment},
			{Doc: "c.pdf", Page: 108, Text: statement},
		}, []int{108, 83}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ranked, err := tt.pages.MultiSearch(t.Context(), nil, search.MultiOptions{})
			if err != nil {
				t.Fatal(err)
			}
			f, ok := reader.ParseFigure(inquiry.Parse(tt.q, nil, nil), reader.DefaultParams())
			if !ok {
				t.Fatal("not a figure question")
			}
			got, err := tableFirst(t.Context(), tt.pages, ranked, f, reader.DefaultParams(), search.Filter{})
			if err != nil {
				t.Fatal(err)
			}
			var order []int
			for _, p := range got {
				order = append(order, p.Page)
			}
			if !cmp.Equal(order, tt.want) {
				t.Errorf("tableFirst order %v, want %v", order, tt.want)
			}
		})
	}
}

// A statement the search ranks past the pages tableFirst reads is found
// by its title, split by letter spacing as it may be, and put first.
func TestTableFirstFindsStatement(t *testing.T) {
	var doc pages
	for n := 1; n <= tableScan+5; n++ {
		doc = append(doc, Source{Doc: "b.pdf", Page: n, Text: "Our payables to suppliers are discussed in the notes."})
	}
	doc[2].Text = "Related party balances\n(In millions) 2018 2017\nAccounts payable 2 130\n"
	last := len(doc)
	doc[last-1].Text = "Table of Contents\nThe Boeing Company and Subsidiaries\nConsolidated Balance Shee t\n(In millions) 2018 2017\nAccounts payable $ 12,916 $ 12,202\nTotal current liabilities 81,590 74,648\n"
	ranked, err := doc[:tableScan+1].MultiSearch(t.Context(), nil, search.MultiOptions{})
	if err != nil {
		t.Fatal(err)
	}
	f, ok := reader.ParseFigure(inquiry.Parse("What is the FY2018 year end accounts payable? Answer in USD millions.", nil, nil), reader.DefaultParams())
	if !ok {
		t.Fatal("not a figure question")
	}
	for _, tt := range []struct {
		name  string
		scope search.Filter
		first int
	}{
		{"in scope", search.Filter{Docs: []string{"b.pdf"}}, last},
		{"the page out of scope", search.Filter{Docs: []string{"b.pdf"}, Pages: []search.PageRange{{From: 1, To: last - 1}}}, 3},
	} {
		got, err := tableFirst(t.Context(), doc, ranked, f, reader.DefaultParams(), tt.scope)
		if err != nil {
			t.Fatal(err)
		}
		if got[0].Page != tt.first {
			t.Errorf("%s: first page %d, want %d", tt.name, got[0].Page, tt.first)
		}
	}
}

// A list's items run past the window of its page the context holds: the
// list reader reads the page whole.
func TestListReadWhole(t *testing.T) {
	finding := strings.Repeat("Staff training was not up to date and monitoring of practice was not in place. ", 4)
	text := "We always ask the following three questions of services.\n" +
		"Is the service safe?\n" + finding + "\n" +
		"Is the service effective?\n" + finding + "\n" +
		"Is the service caring?\n" + finding + "\n" +
		"3 The Limes Inspection report\n"
	r := pages{{Doc: "r.pdf", Page: 3, Text: text}, {Doc: "r.pdf", Page: 4, Text: "Summary of the report.\n"}}
	a, err := Ask(t.Context(), r, Request{Question: "List the questions asked about the services."})
	if err != nil {
		t.Fatal(err)
	}
	if want := "Is the service safe?; Is the service effective?; Is the service caring?"; a.Answer != want {
		t.Fatalf("answer = %q, want %q", a.Answer, want)
	}
	for _, c := range a.Citations {
		if !c.Verified {
			t.Errorf("citation %q not verified", c.Quote)
		}
	}
	if len(text) <= defaultMaxContext/perPageDiv {
		t.Fatalf("the page (%d bytes) fits its window: the test tests nothing", len(text))
	}
}

// How often the document names a thing is counted over all its pages in
// scope, not only those the search found; each quote cites its own page
// though the same words stand on another.
func TestMentionsOverDocument(t *testing.T) {
	line := "The reports communicated as Exhibits P-10 and P-11 are inadmissible."
	r := pages{
		{Doc: "j.pdf", Page: 1, Text: line},
		{Doc: "j.pdf", Page: 2, Text: "The judge heard the witnesses."},
		{Doc: "j.pdf", Page: 3, Text: line},
		{Doc: "j.pdf", Page: 4, Text: "Exhibit P-10 is a news report."},
		{Doc: "k.pdf", Page: 1, Text: "Exhibit P-10 of another case."},
	}
	tests := []struct {
		scope  search.Filter
		answer string
		pages  []int
	}{
		{search.Filter{Docs: []string{"j.pdf"}}, "1, 3, 4 (3 mentions)", []int{1, 3, 4}},
		{search.Filter{Docs: []string{"j.pdf"}, Pages: []search.PageRange{{From: 2, To: 4}}}, "3, 4 (2 mentions)", []int{3, 4}},
	}
	for _, tt := range tests {
		a, err := Ask(t.Context(), r, Request{Question: "On which pages is Exhibit P-10 mentioned?", Filter: tt.scope})
		if err != nil {
			t.Fatal(err)
		}
		var got []int
		for _, c := range a.Citations {
			if !c.Verified {
				t.Errorf("citation %q not verified", c.Quote)
			}
			got = append(got, c.Page)
		}
		if a.Answer != tt.answer || !cmp.Equal(got, tt.pages) {
			t.Errorf("scope %v: answer %q citing pages %v; want %q citing %v", tt.scope, a.Answer, got, tt.answer, tt.pages)
		}
	}
}

// A question about a whole document that names an attached file (by its
// name, or as "the attached file" when there is one) counts over every
// page of the attachment, not in the indexed document the search ranks
// first (issue 39).
func TestMentionsInAttachment(t *testing.T) {
	r := pages{
		{Doc: "index.pdf", Page: 1, Text: "Culture is named here once, and culture again."},
	}
	att := &ingest.Attachment{Name: "freeculture.pdf", Pages: []string{"Free culture.", "No word here.", "A culture of culture."}}
	tests := []struct{ q, answer string }{
		{"How many times is the word culture mentioned in freeculture.pdf?", "3"},
		{"How many pages does the attached file have?", "3"},
	}
	for _, tt := range tests {
		a, err := Ask(t.Context(), r, Request{Question: tt.q, Attachments: []*ingest.Attachment{att}})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(a.Answer, tt.answer) {
			t.Errorf("%q: answer %q (%s), want %s from the attachment", tt.q, a.Answer, a.Explanation, tt.answer)
		}
		for _, c := range a.Citations {
			if c.Doc != att.Name || !c.Verified {
				t.Errorf("%q: citation %+v, want a verified one of %s", tt.q, c, att.Name)
			}
		}
	}
}

// A procedure's steps run past the window of its page the context holds:
// the steps reader reads the page whole.
func TestStepsReadWhole(t *testing.T) {
	var b strings.Builder
	b.WriteString("Cleaning the brewing unit\nTo clean the brewing unit:\n")
	for i := 1; i <= 9; i++ {
		fmt.Fprintf(&b, "%d. %s\n", i, strings.Repeat("Hold the unit by its grip and rinse it under warm running water. ", 3))
	}
	r := pages{{Doc: "m.pdf", Page: 12, Text: b.String()}, {Doc: "m.pdf", Page: 13, Text: "Descaling the machine.\n"}}
	a, err := Ask(t.Context(), r, Request{Question: "How many steps are needed for cleaning the brewing unit?"})
	if err != nil {
		t.Fatal(err)
	}
	if a.Answer != "9" {
		t.Errorf("answer = %q (%s), want 9", a.Answer, a.Explanation)
	}
	if b.Len() <= defaultMaxContext/perPageDiv {
		t.Fatalf("the page (%d bytes) fits its window: the test tests nothing", b.Len())
	}
}

// TestTraceReaders: the trace lists, stage by stage, every reader tried
// on a question with its verdict or why it declined, and the check that
// fired.
func TestTraceReaders(t *testing.T) {
	r := pages{{Doc: "h.pdf", Page: 4, Text: "3. Operating Limits\nThe maximum oil temperature is 110 degrees Celsius in all phases of flight."}}
	tests := []struct {
		question string
		last     reader.Attempt // the last attempt of the window stage
	}{
		{"What is the maximum oil temperature?", reader.Attempt{Name: "sentence", Need: "window", Verdict: reader.VerdictAnswered}},
		{"Who won the 1998 football world cup?", reader.Attempt{Name: "missing-named", Need: "window", Verdict: reader.VerdictFired,
			Why: `The question names "1998", which none of the 1 retrieved page(s) mention.`}},
	}
	for _, tt := range tests {
		t.Run(tt.question, func(t *testing.T) {
			var tried []reader.Attempt
			trace := func(e Event) {
				if e.Stage == "readers" && e.Fields["need"] == "window" {
					tried = e.Fields["tried"].([]reader.Attempt)
				}
			}
			if _, err := Ask(t.Context(), r, Request{Question: tt.question, Trace: trace}); err != nil {
				t.Fatal(err)
			}
			if len(tried) < 2 {
				t.Fatalf("window stage tried %v, want every reader", tried)
			}
			if want := (reader.Attempt{Name: "choice", Need: "window", Verdict: reader.VerdictDeclined, Why: "the question has no options"}); tried[0] != want {
				t.Errorf("first reader tried %+v, want %+v", tried[0], want)
			}
			for _, a := range tried[:len(tried)-1] {
				if a.Verdict == reader.VerdictDeclined && a.Why == "" {
					t.Errorf("%s declined with no reason", a.Name)
				}
			}
			if got := tried[len(tried)-1]; got != tt.last {
				t.Errorf("last attempt %+v, want %+v", got, tt.last)
			}
		})
	}
}

// "How many pages does the document have?" of several documents, none
// named, asks which, and keeps the pages the search found: a refusal
// shows where to look (eval's page hit counts them).
func TestWhichDocumentKeepsContext(t *testing.T) {
	r := pages{
		{Doc: "a.pdf", Page: 1, Text: "The pump manual. Page 1 of 2."},
		{Doc: "a.pdf", Page: 2, Text: "Replace the seal yearly."},
		{Doc: "b.pdf", Page: 1, Text: "The valve manual. Page 1 of 3."},
	}
	a, err := Ask(t.Context(), r, Request{Question: "How many pages does the document have?"})
	if err != nil {
		t.Fatal(err)
	}
	if a.Check != WhichDocumentCheck || a.Status != StatusNotFound {
		t.Fatalf("check %q, status %q (%s); want the which-document refusal", a.Check, a.Status, a.Explanation)
	}
	if len(a.ContextPages) == 0 || a.ContextChars == 0 {
		t.Errorf("context pages %v (%d chars): want the pages the search found", a.ContextPages, a.ContextChars)
	}
}
