package prose

import (
	"docqa/internal/inquiry"
	"docqa/reader/base"
	"strings"
	"testing"
)

func TestAsksAuthors(t *testing.T) {
	for q, want := range map[string]bool{
		"Who are the authors of this paper?":      true,
		"Who are the authors?":                    true,
		"Who wrote the report?":                   true,
		"What do the authors of the study claim?": true,
		"How many authors does this paper have?":  false, // a count
		"Who wrote the letter to shareholders?":   false, // not the document
		"Who is the author of the quote on p. 4?": false,
	} {
		if got := AsksAuthors(inquiry.Parse(q, nil, nil)); got != want {
			t.Errorf("AsksAuthors(%q) = %v, want %v", q, got, want)
		}
	}
}

func FuzzByline(f *testing.F) {
	f.Add("Title of a Paper\nAnn Smith1, Bob Jones2\nSome University")
	f.Add("A\n, B C\n")
	f.Fuzz(func(t *testing.T, page string) {
		b := Byline(page, base.DefaultParams())
		if b == "" {
			return
		}
		if !strings.Contains(page, b) {
			t.Fatalf("Byline(%q, DefaultParams()) = %q, not a part of the page", page, b)
		}
		if n := countNames(b); n < 0 || n > len(b) {
			t.Fatalf("countNames(%q) = %d", b, n)
		}
		for _, l := range affiliations(page, strings.Index(page, b)+len(b), base.DefaultParams()) {
			if !strings.Contains(page, l) {
				t.Fatalf("affiliation %q is not a part of the page", l)
			}
		}
	})
}

func TestBylineAsked(t *testing.T) {
	for q, want := range map[string]bylineAsk{
		"Who are the authors of this paper?":                         askNames,
		"How many authors does the paper have?":                      askAuthorCount,
		"How many authors are there?":                                askAuthorCount,
		"How many authors are cited in Table 2?":                     askNoByline,
		"Which companies did the authors work for?":                  askAffiliations,
		"What are the affiliations of the authors?":                  askAffiliations,
		"What are the authors' affiliations?":                        askAffiliations,
		"Which universities are the authors from?":                   askAffiliations,
		"Where are the authors from?":                                askAffiliations,
		"According to the authors, how much data comes from Reddit?": askNoByline,
		"Which company's model did the authors use?":                 askNoByline,
	} {
		if got := bylineAsked(inquiry.Parse(q, nil, nil)); got != want {
			t.Errorf("bylineAsked(%q) = %v, want %v", q, got, want)
		}
	}
}

func TestTitleAbove(t *testing.T) {
	tests := []struct{ page, want string }{
		{"arXiv:2310.05634v2 [cs.CL] 11 Oct 2023\nLlama 2: Open Foundation and\nFine-Tuned Chat Models\nHugo Touvron∗, Louis Martin†, Kevin Stone†\nGenAI, Meta", "Llama 2: Open Foundation and\nFine-Tuned Chat Models"},
		{"Trace-based Just-in-Time Type Specialization for Dynamic\nLanguages\nAndreas Gal∗+, Brendan Eich∗, Mike Shaver∗\nMozilla Corporation∗", "Trace-based Just-in-Time Type Specialization for Dynamic\nLanguages"},
		{"Proceedings of ACL 2023\nAnn Smith, Bob Jones\nSome University", ""},
	}
	for _, tt := range tests {
		b := Byline(tt.page, base.DefaultParams())
		if got := titleAbove(tt.page, strings.Index(tt.page, b), base.DefaultParams()); got != tt.want {
			t.Errorf("titleAbove(%q, DefaultParams()) = %q, want %q", tt.page, got, tt.want)
		}
	}
	for q, want := range map[string]bylineAsk{
		"What is the title of this paper?":                         askTitle,
		"What is the paper's full title that proposes the method?": askNoByline,
	} {
		if got := bylineAsked(inquiry.Parse(q, nil, nil)); got != want {
			t.Errorf("bylineAsked(%q) = %v, want %v", q, got, want)
		}
	}
}
