package answer

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"docqa/internal/doc"
	"docqa/search"
)

func TestUnrun(t *testing.T) {
	pages := []string{
		"Page 4 of 48 Instructions for Form 1040NR 7:48 - 6-DEC-2007\nWho must file. File Form 1040NR if you were a nonresident.\nCat. No. 11368V",
		"Page 5 of 48 Instructions for Form 1040NR 7:48 - 6-DEC-2007\nWhen to file. File by April 15, 2008.\nCat. No. 11368V",
		"Page 6 of 48 Instructions for Form 1040NR 7:48 - 6-DEC-2007\nWhere to file. Mail it to the address shown.\nCat. No. 11368V",
	}
	keys := doc.RunningKeys(pages)
	if !slices.IsSorted(keys) || len(keys) != 2 {
		t.Fatalf("RunningKeys = %q, want the head and the foot, sorted", keys)
	}
	tests := []struct{ in, want string }{
		{pages[1], "When to file. File by April 15, 2008."},
		{"\n  " + pages[0] + "\n\n", "Who must file. File Form 1040NR if you were a nonresident."},
		// a window of the page without its edges keeps every line
		{"When to file. File by April 15, 2008.", "When to file. File by April 15, 2008."},
		// a line like the head in the middle of the page stays
		{"Intro.\nMore.\nStill more.\nPage 9 of 48 Instructions for Form 1040NR 7:48 - 6-DEC-2007\nBody.\nMore body.\nEnd.", "Intro.\nMore.\nStill more.\nPage 9 of 48 Instructions for Form 1040NR 7:48 - 6-DEC-2007\nBody.\nMore body.\nEnd."},
		{"Page 9 of 48 Instructions for Form 1040NR 7:48 - 6-DEC-2007\nCat. No. 11368V", ""},
	}
	for _, tt := range tests {
		got := answerable(Source{Text: tt.in, Running: keys})
		if got != tt.want {
			t.Errorf("answerable(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// pagesRunning is pagesOnly with its documents' running heads and feet.
type pagesRunning struct {
	pagesOnly
	keys []string
}

func (p pagesRunning) Structure(context.Context, string, int, int) (doc.Structure, bool, error) {
	return doc.Structure{Running: p.keys}, true, nil
}

// The sources of a page but the first carry their document's running
// heads and feet, found over the whole document at ingest, not over the
// pages of one question, and a quote of one never verifies (issue 52).
func TestContextRunning(t *testing.T) {
	head := "Copyright Office Summary December 1998 Page %d"
	pages := pagesOnly{}
	var texts []string
	topics := []string{"", "anticircumvention", "rulemaking", "exemptions", "libraries", "privacy"}
	for n := 1; n <= 5; n++ {
		text := fmt.Sprintf("The Digital Millennium Copyright Act of 1998\nSection %d is about %s.\n"+head, n, topics[n], n)
		pages[PageRef{"dmca.pdf", n}] = text
		texts = append(texts, text)
	}
	r := pagesRunning{pages, doc.RunningKeys(texts)}
	ranked := []search.PageHit{{Doc: "dmca.pdf", Page: 5, Best: search.Hit{Text: "Section 5 is about privacy."}}, {Doc: "dmca.pdf", Page: 1, Best: search.Hit{Text: "Section 1 is about anticircumvention."}}}
	sources, err := contextPages(t.Context(), r, ranked, 6000, 0, search.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(sources) != 2 || sources[0].Text != pages[PageRef{"dmca.pdf", 5}] || !cmp.Equal(sources[0].Running, r.keys) || sources[1].Running != nil {
		t.Fatalf("sources %+v: want p. 5 whole with its document's running keys, p. 1 without", sources)
	}
	for _, tt := range []struct {
		quote string
		page  int
		ok    bool
	}{
		{"Section 5 is about privacy.", 5, true},
		{"Copyright Office Summary December 1998 Page 5", 0, false},
		{"The Digital Millennium Copyright Act of 1998", 1, true}, // p. 1's title
		{"The Digital Millennium Copyright Act of 1998 Section 5 is about privacy.", 0, false},
	} {
		s, ok := Verify(tt.quote, sources)
		if ok != tt.ok || ok && s.Page != tt.page {
			t.Errorf("Verify(%q) = p. %d, %v; want p. %d, %v", tt.quote, s.Page, ok, tt.page, tt.ok)
		}
	}
}

// A terminal's escapes and control characters are no words of the
// question: they are gone before it is searched (issue 52).
func TestAskCleansQuestion(t *testing.T) {
	idx := openSample(t)
	a, err := Ask(t.Context(), idx, Request{Question: "what is the \x1b[31mmaximum oil\x1b[0m temperature\x07?", MaxContext: 6000})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range append([]string{a.Question}, a.SubQuestions...) {
		if strings.ContainsAny(s, "\x1b\x07") || strings.Contains(s, "31m") {
			t.Errorf("question searched as %q", s)
		}
	}
	if !strings.Contains(a.Answer, "110") {
		t.Errorf("answer %q, want the maximum oil temperature", a.Answer)
	}
}
