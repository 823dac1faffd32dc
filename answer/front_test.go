package answer

import (
	"context"
	"docqa/reader"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"docqa/internal/inquiry"
	"docqa/search"
)

func TestDefinitionFirst(t *testing.T) {
	// d.pdf names the DMCA on every page and spells it out on page 2,
	// across a line break; page 5 says what the Copyright Act is.
	doc := testDoc("d.pdf", 9, "Section %d of the DMCA amends the Copyright Act.", map[int]string{
		2: "Introduction\nAs the summary of the Copyright Office sets out, the Digital Millennium\nCopyright Act (DMCA) was signed into law in 1998.",
		5: "Section 5 of the DMCA amends the Copyright Act, a law of 1976 that governs copyright.",
	})
	hit := hitOn("d.pdf")
	defined := search.PageHit{Doc: "d.pdf", Page: 2, Best: search.Hit{Doc: "d.pdf", Page: 2, Text: "As the summary of the Copyright Office sets out, the Digital Millennium\nCopyright Act (DMCA) was signed into law in 1998."}}
	tests := []struct {
		name   string
		q      string
		ranked []search.PageHit
		f      search.Filter
		want   []search.PageHit
	}{
		{"definition first", "What does DMCA stand for?", []search.PageHit{hit(7), hit(8)}, search.Filter{}, []search.PageHit{defined, hit(7), hit(8)}},
		{"found, its window on the definition", "What does DMCA stand for?", []search.PageHit{hit(7), hit(2)}, search.Filter{}, []search.PageHit{hit(7), defined}},
		{"no abbreviation asked", "What does section 7 amend?", []search.PageHit{hit(7)}, search.Filter{}, []search.PageHit{hit(7)}},
		{"defined outside the pages in scope", "What does DMCA stand for?", []search.PageHit{hit(7)}, search.Filter{Pages: []search.PageRange{{From: 5, To: 9}}}, []search.PageHit{hit(7)}},
		{"never defined", "What does WIPO stand for?", []search.PageHit{hit(7)}, search.Filter{}, []search.PageHit{hit(7)}},
		{"a thing defined", "What is the Copyright Act?", []search.PageHit{hit(7), hit(8)}, search.Filter{}, []search.PageHit{
			{Doc: "d.pdf", Page: 5, Best: search.Hit{Doc: "d.pdf", Page: 5, Text: "Section 5 of the DMCA amends the Copyright Act, a law of 1976 that governs copyright."}}, hit(7), hit(8),
		}},
		{"a thing never defined", "What is the Copyright Office?", []search.PageHit{hit(7)}, search.Filter{}, []search.PageHit{hit(7)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := firstPages(t.Context(), doc, inquiry.Parse(tt.q, nil, nil), reader.DefaultParams(), tt.ranked, tt.f)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("firstPages (-want +got):\n%s", diff)
			}
		})
	}
	// Asked, the context's window holds the definition and the answer
	// spells it out.
	a, err := Ask(t.Context(), firstHits{doc, []search.PageHit{hit(7), hit(8), hit(9)}}, Request{Question: "What does DMCA stand for?"})
	if err != nil {
		t.Fatal(err)
	}
	if a.Answer != "Digital Millennium Copyright Act" || len(a.Citations) == 0 || !strings.Contains(a.Citations[0].Quote, "(DMCA)") {
		t.Errorf("answer %q, citations %+v; want the expansion quoted", a.Answer, a.Citations)
	}
}

// firstHits is pages whose search finds the given pages.
type firstHits struct {
	pages
	hits []search.PageHit
}

func (f firstHits) MultiSearch(context.Context, []string, search.MultiOptions) ([]search.PageHit, error) {
	return f.hits, nil
}

func TestBylineFirst(t *testing.T) {
	paper := pages{
		{Doc: "p.pdf", Page: 1, Text: "Preemptive Information Extraction using Unrestricted Relation Discovery\nYusuke Shinyama Satoshi Sekine\nNew York University\nAbstract\nWe propose a technique."},
		{Doc: "p.pdf", Page: 7, Text: "The authors thank the reviewers for their comments on this paper."},
	}
	a, err := Ask(t.Context(), firstHits{paper, []search.PageHit{{Doc: "p.pdf", Page: 7}}}, Request{Question: "Who are the authors of this paper?"})
	if err != nil {
		t.Fatal(err)
	}
	if a.Answer != "Yusuke Shinyama Satoshi Sekine" || len(a.Citations) != 1 || a.Citations[0].Page != 1 {
		t.Errorf("answer %q, citations %+v; want the byline of p. 1", a.Answer, a.Citations)
	}
}

func TestTitleFirst(t *testing.T) {
	// c.pdf names Unit 14 on every page and heads it on page 6.
	doc := testDoc("c.pdf", 9, "Unit 14 Key Assignments:\nQuiz %d on Unit 13 & 14.", map[int]string{
		6: "Submit findings to the class blog.\nUNIT 14: Using Financial Information and Accounting\nLearning outcomes follow.",
	})
	hit := hitOn("c.pdf")
	got, err := firstPages(t.Context(), doc, inquiry.Parse("what's the topic of UNIT 14?", nil, nil), reader.DefaultParams(), []search.PageHit{hit(2), hit(3)}, search.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	want := []search.PageHit{{Doc: "c.pdf", Page: 6, Best: search.Hit{Doc: "c.pdf", Page: 6, Text: "UNIT 14: Using Financial Information and Accounting"}}, hit(2), hit(3)}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("firstPages (-want +got):\n%s", diff)
	}
	a, err := Ask(t.Context(), firstHits{doc, []search.PageHit{hit(2), hit(3)}}, Request{Question: "what's the topic of UNIT 14?"})
	if err != nil {
		t.Fatal(err)
	}
	if a.Answer != "Using Financial Information and Accounting" || len(a.Citations) != 1 || !a.Citations[0].Verified {
		t.Errorf("answer %q, citations %+v; want the unit's title, its heading quoted", a.Answer, a.Citations)
	}
}

func TestCaptionFirst(t *testing.T) {
	// c.pdf speaks of defendants on every page and names the parties in
	// its caption on page 1.
	doc := testDoc("c.pdf", 5, "The individual defendants in the federal case filed motion %d.", map[int]string{
		1: "Superior Court of Delaware.\nRe: Diane HANSON\nv.\nDELAWARE STATE PUBLIC INTEGRITY\nCOMMISSION.\nAug. 30, 2012.",
	})
	hit := hitOn("c.pdf")
	got, err := firstPages(t.Context(), doc, inquiry.Parse("Who is the defendant of this case?", nil, nil), reader.DefaultParams(), []search.PageHit{hit(3), hit(4)}, search.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	caption := "Re: Diane HANSON\nv.\nDELAWARE STATE PUBLIC INTEGRITY\nCOMMISSION."
	want := []search.PageHit{{Doc: "c.pdf", Page: 1, Best: search.Hit{Doc: "c.pdf", Page: 1, Text: caption}}, hit(3), hit(4)}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("firstPages (-want +got):\n%s", diff)
	}
	a, err := Ask(t.Context(), firstHits{doc, []search.PageHit{hit(3), hit(4)}}, Request{Question: "Who is the defendant of this case?"})
	if err != nil {
		t.Fatal(err)
	}
	if a.Answer != "DELAWARE STATE PUBLIC INTEGRITY COMMISSION" || len(a.Citations) != 1 || !a.Citations[0].Verified || a.Citations[0].Page != 1 {
		t.Errorf("answer %q, citations %+v; want the party after \"v.\", the caption quoted", a.Answer, a.Citations)
	}
}

// testDoc is a document of n pages, each the text of layout with its
// number, but the pages special gives a text of their own.
func testDoc(name string, n int, layout string, special map[int]string) pages {
	var doc pages
	for p := 1; p <= n; p++ {
		text, ok := special[p]
		if !ok {
			text = fmt.Sprintf(layout, p)
		}
		doc = append(doc, Source{Doc: name, Page: p, Text: text})
	}
	return doc
}

// hitOn returns a function that makes page n of document name a hit.
func hitOn(name string) func(n int) search.PageHit {
	return func(n int) search.PageHit { return search.PageHit{Doc: name, Page: n} }
}
