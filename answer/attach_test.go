package answer

import (
	"docqa/reader"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"docqa/ingest"
)

func TestMissingContext(t *testing.T) {
	lookup := func(n string) (string, bool) { return "handbook.pdf", strings.EqualFold(n, "handbook.pdf") }
	notes := []*ingest.Attachment{{Name: "notes.txt"}}
	tests := []struct {
		q     string
		atts  []*ingest.Attachment
		docs  []string // nil: nothing missing
		vague bool     // missing an unnamed attachment
	}{
		{"What is the oil limit in handbook.pdf?", nil, nil, false},
		{"What does Budget-2027.PDF say about fuel?", nil, []string{"Budget-2027.PDF"}, false},
		{"Compare handbook.pdf with q3_report.pdf and q3_report.pdf", nil, []string{"q3_report.pdf"}, false},
		{"What do notes.txt say?", notes, nil, false},
		{"What do notes.txt say?", nil, []string{"notes.txt"}, false},
		{"Summarise the attached file", nil, nil, true},
		{"Summarise the attached file", notes, nil, false},
		{"What does the document I sent say about fuel?", nil, nil, true},
		{"What is the maximum oil temperature?", nil, nil, false},
		{"Version 1.2 of the manual", nil, nil, false},
	}
	for _, tt := range tests {
		need := missingContext(tt.q, lookup, tt.atts)
		switch {
		case tt.docs == nil && !tt.vague:
			if need != nil {
				t.Errorf("%q: need %+v, want none", tt.q, need)
			}
		case need == nil:
			t.Errorf("%q: nothing missing, want %v", tt.q, tt.docs)
		default:
			if diff := cmp.Diff(tt.docs, need.Documents); diff != "" || !cmp.Equal(need.EvidenceTypes, []string{EvidenceAttachment}) {
				t.Errorf("%q: need %+v (-want +got docs):\n%s", tt.q, need, diff)
			}
		}
	}
}

func TestAskAttachments(t *testing.T) {
	notes := &ingest.Attachment{Name: "notes.txt", Kind: "text", Pages: []string{
		"Hangar rules. The hangar door must be closed by 18:00 every day.",
		"Fire extinguishers are checked monthly by Jane Doe.",
	}}
	// No index: the attachment is the whole context.
	a, err := Ask(t.Context(), nil, Request{Question: "Who checks the fire extinguishers?", Attachments: []*ingest.Attachment{notes}})
	if err != nil {
		t.Fatal(err)
	}
	want := []Citation{{Quote: "Fire extinguishers are checked monthly by Jane Doe.", Doc: "notes.txt", Page: 2, Verified: true}}
	if diff := cmp.Diff(want, a.Citations); diff != "" || a.Status != StatusAnswered || len(a.Attachments) != 1 {
		t.Errorf("status %s, %d attachments, citations (-want +got):\n%s", a.Status, len(a.Attachments), diff)
	}
	// With the index: both the attachment and the handbook are read.
	a, err = Ask(t.Context(), openSample(t), Request{Question: "When must the hangar door be closed, and what is the maximum oil temperature?", Attachments: []*ingest.Attachment{notes}})
	if err != nil {
		t.Fatal(err)
	}
	docs := map[string]bool{}
	for _, p := range a.ContextPages {
		docs[p.Doc] = true
	}
	if !docs["notes.txt"] || !docs["ae300-handbook.pdf"] || a.ContextChars > 6000 {
		t.Errorf("context pages %v (%d chars), want notes.txt and the handbook within 6000", a.ContextPages, a.ContextChars)
	}
	if a.ContextPages[0] != (PageRef{"notes.txt", 1}) {
		t.Errorf("first context page %v, want the attachment's best page", a.ContextPages[0])
	}
	// A named file that is neither indexed nor attached.
	var events []Event
	a, err = Ask(t.Context(), openSample(t), Request{Question: "What does budget-2027.pdf say about fuel?", Lookup: func(string) (string, bool) { return "", false }, Trace: func(e Event) { events = append(events, e) }})
	if err != nil {
		t.Fatal(err)
	}
	if a.Status != StatusContextRequired || a.Need == nil || !cmp.Equal(a.Need.Documents, []string{"budget-2027.pdf"}) || len(a.Citations) != 0 || a.Reader != NeedsDocumentReader {
		t.Errorf("status %s need %+v citations %v reader %q, want context_required for budget-2027.pdf by %s", a.Status, a.Need, a.Citations, a.Reader, NeedsDocumentReader)
	}
	if len(events) != 1 || events[0].Stage != "context_required" {
		t.Errorf("trace %+v, want one context_required event and no search", events)
	}
}

func TestAttachedBudget(t *testing.T) {
	long := strings.Repeat("Filler words that say nothing much at all. ", 100)
	att := &ingest.Attachment{Name: "a.txt", Pages: []string{long, long + "The fuel limit is 40 gallons. " + long, long}}
	got := attached("What is the fuel limit?", []*ingest.Attachment{att}, 3000, reader.DefaultParams())
	if size(got) > 3000 || len(got) == 0 || got[0].Page != 2 || !strings.Contains(got[0].Text, "The fuel limit is 40 gallons.") {
		t.Errorf("attached: %d sources, %d chars, first p. %d", len(got), size(got), got[0].Page)
	}
}

// A short attachment is read whole: the budget its pages' windows leave
// goes to them (issue 52).
func TestAttachedWhole(t *testing.T) {
	text := strings.Repeat("The hangar rules say something about doors. ", 60) + "The hangar door must be closed by 22:00."
	att := &ingest.Attachment{Name: "notes.txt", Pages: []string{text}}
	got := attached("When must the hangar door be closed?", []*ingest.Attachment{att}, 6000, reader.DefaultParams())
	if len(got) != 1 || got[0].Text != text || got[0].Cut {
		t.Errorf("attached: %d sources, the first %d of %d bytes; want the whole page", len(got), len(got[0].Text), len(text))
	}
}

// A question names a document as people do, by words of its file name
// before a word for a document; words of a file name elsewhere in the
// question, name none; words two names share alike name both (issue 39).
func TestTitledDoc(t *testing.T) {
	docs := []string{"pdfjs__tracemonkey.pdf", "pdfjs__freeculture.pdf", "qwen2_technical_report.pdf", "ca_warn_report.pdf",
		"GPL-Graduate-Studies-Brochure-2021.pdf", "PIP_Seniors-and-Tech-Use.pdf", "ae300-handbook.pdf", "ae300-service-bulletin.pdf", "pypdf__pdflatex-4-pages.pdf"}
	tests := []struct {
		q    string
		want []string
	}{
		{"Who are the authors of the tracemonkey paper?", []string{"pdfjs__tracemonkey.pdf"}},
		{"What does the Qwen2 technical report say about context length?", []string{"qwen2_technical_report.pdf"}},
		{"What is the oil limit in the AE-300 handbook?", []string{"ae300-handbook.pdf"}},
		{"What is the gap of 65+ people with College graduate who own a phone?", nil}, // "graduate" names no document here
		{"List the questions asked in this report.", nil},
		{"What does the AE-300 document say?", []string{"ae300-handbook.pdf", "ae300-service-bulletin.pdf"}}, // two ae300 files alike: both
		{"How does TraceMonkey record traces?", nil},
		{"How many pages does the document have?", nil}, // "pages" of a 4-pages.pdf, but no name: a verb stands between
	}
	for _, tt := range tests {
		if got, _ := titledDoc(tt.q, docs); !slices.Equal(got, tt.want) {
			t.Errorf("titledDoc(%q) = %q, want %q", tt.q, got, tt.want)
		}
	}
	if _, name := titledDoc("Who wrote the Qwen2 technical report?", docs); name != "Qwen2 technical" {
		t.Errorf("the name = %q, want the words that named the document", name)
	}
	if got, _ := titledDoc("the tracemonkey paper", docs[:1]); got != nil {
		t.Errorf("one document: titledDoc = %q, want none (nothing to narrow)", got)
	}
}

// A question that names a document by words of its file name before a
// word for a document is searched in it only, and read as a question
// about "the paper": the byline of the named paper, not the word
// "author" on another document's page (issue 39).
func TestAskBindsTitledDoc(t *testing.T) {
	r := pages{
		{Doc: "pdfjs__freeculture.pdf", Page: 352, Text: "ABOUT THE AUTHOR\nThe author of The Future of Ideas and Code, Lessig is a professor of law."},
		{Doc: "pdfjs__tracemonkey.pdf", Page: 1, Text: "Trace-based Just-in-Time Type Specialization for Dynamic Languages\nAndreas Gal\nMozilla Corporation\nAbstract\nDynamic languages such as JavaScript are more difficult to compile."},
	}
	a, err := Ask(t.Context(), r, Request{Question: "Who are the authors of the tracemonkey paper?", Docs: []string{"pdfjs__freeculture.pdf", "pdfjs__tracemonkey.pdf"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Citations) == 0 || a.Citations[0].Doc != "pdfjs__tracemonkey.pdf" || !strings.Contains(a.Answer, "Andreas Gal") {
		t.Errorf("answer %q citing %+v (%s), want the tracemonkey paper's byline", a.Answer, a.Citations, a.Explanation)
	}
}
