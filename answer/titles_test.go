package answer

import (
	"strings"
	"testing"
)

func TestTitleDoc(t *testing.T) {
	titles := map[string][]string{
		"pdfjs__freeculture.pdf": {"Free Culture"},
		"pdfjs__tracemonkey.pdf": {"Trace-based Just-in-Time Type Specialization for Dynamic", "Trace-based Just-in-Time Type Specialization for Dynamic Languages"},
		"pdfminer__dmca.pdf":     {"The Digital Millennium Copyright Act of 1998"},
		"pdfjs__pdkids.pdf":      {"PD KIDS"},
		"a.pdf":                  {"Annual Report 2023"},
		"b.pdf":                  {"Annual Report 2023"},
	}
	tests := []struct{ q, doc, span, readAs string }{
		{"Who wrote Free Culture?", "pdfjs__freeculture.pdf", "Free Culture", "Who wrote the document?"},
		{"How many pages does the free culture PDF have?", "pdfjs__freeculture.pdf", "free culture", "How many pages does the document have?"},
		{"Who are the authors of Trace-based Just-in-Time Type Specialization for Dynamic Languages?", "pdfjs__tracemonkey.pdf",
			"Trace-based Just-in-Time Type Specialization for Dynamic Languages", "Who are the authors of the document?"},
		{"what is section 1201 of the digital millennium copyright act of 1998 about", "pdfminer__dmca.pdf", "digital millennium copyright act of 1998", "what is section 1201 of the document about"},
		// too short to name a document; a culture that is not free; two
		// documents of one title
		{"Which PD kids story has a moon?", "", "", ""},
		{"What does free software culture mean?", "", "", ""},
		{"What does the Annual Report 2023 say about revenue?", "", "", ""},
	}
	for _, tt := range tests {
		doc, span := titleDoc(tt.q, titles)
		if doc != tt.doc || span != tt.span {
			t.Errorf("titleDoc(%q) = %q, %q; want %q, %q", tt.q, doc, span, tt.doc, tt.span)
			continue
		}
		if doc != "" {
			if got := asTheDocument(tt.q, span); got != tt.readAs {
				t.Errorf("asTheDocument(%q, %q) = %q, want %q", tt.q, span, got, tt.readAs)
			}
		}
	}
}

func FuzzTitleDoc(f *testing.F) {
	for _, s := range []string{"Who wrote Free Culture?", "the free culture pdf", "", "free  culture", "Free\u00a0Culture book"} {
		f.Add(s, "Free Culture")
	}
	f.Fuzz(func(t *testing.T, q, title string) {
		doc, span := titleDoc(q, map[string][]string{"d.pdf": {title}})
		if doc == "" {
			return
		}
		if !strings.Contains(q, span) {
			t.Fatalf("titleDoc(%q) span %q is not q's", q, span)
		}
		if got := asTheDocument(q, span); !strings.Contains(got, "the document") {
			t.Fatalf("asTheDocument(%q, %q) = %q", q, span, got)
		}
	})
}
