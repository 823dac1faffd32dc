package answer

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"docqa/search"
)

func TestWithPageRefs(t *testing.T) {
	// r.pdf has a cover and three front pages, then pages printed 1 to 8.
	var report pages
	for n := 1; n <= 12; n++ {
		text := "Front matter\nmore\nand more"
		if n > 4 {
			text = fmt.Sprintf("%d\nBody of the page\nmore\nand more", n-4)
		}
		report = append(report, Source{Doc: "r.pdf", Page: n, Text: text})
	}
	// f.pdf prints no numbers.
	var flat pages
	for n := 1; n <= 6; n++ {
		flat = append(flat, Source{Doc: "f.pdf", Page: n, Text: "Body\nmore\nand more"})
	}
	// m.pdf has its table of contents on page 2.
	manual := pages{
		{Doc: "m.pdf", Page: 1, Text: "Owner's manual"},
		{Doc: "m.pdf", Page: 2, Text: "Contents\n1 Safety .... 3\n2 Setup .... 5\n3 Use .... 7\n4 Care .... 9\n5 Help .... 11"},
		{Doc: "m.pdf", Page: 3, Text: "Safety first."},
	}
	ranked := []search.PageHit{{Doc: "r.pdf", Page: 7}, {Doc: "r.pdf", Page: 2}, {Doc: "r.pdf", Page: 11}}
	tests := []struct {
		name   string
		r      pages
		q      string
		ranked []search.PageHit
		f      search.Filter
		want   []int
	}{
		{"printed page first, then the file's", report, "What is on page 3?", ranked, search.Filter{Docs: []string{"r.pdf"}},
			[]int{7, 8, 3, 4, 2, 11}},
		{"ordinal pages are the file's", report, "What is on the third page?", ranked, search.Filter{Docs: []string{"r.pdf"}},
			[]int{3, 4, 7, 2, 11}},
		{"the ranking's order among named pages", report, "What is on page 7?", ranked, search.Filter{Docs: []string{"r.pdf"}},
			[]int{7, 11, 12, 8, 2}},
		{"no printed numbers", flat, "What is on page 3?", []search.PageHit{{Doc: "f.pdf", Page: 5}}, search.Filter{},
			[]int{3, 4, 5}},
		{"the cover for the parties of a case", flat, "Who is the defendant?", []search.PageHit{{Doc: "f.pdf", Page: 5}}, search.Filter{},
			[]int{1, 2, 5}},
		{"page filter", report, "What is on page 3?", ranked, search.Filter{Docs: []string{"r.pdf"}, Pages: []search.PageRange{{From: 1, To: 7}}},
			[]int{7, 3, 4, 2, 11}},
		{"the table of contents", manual, "How many chapters are in this manual?", []search.PageHit{{Doc: "m.pdf", Page: 3}}, search.Filter{},
			[]int{2, 3}},
		{"nothing named", report, "What is the oil limit?", ranked, search.Filter{}, []int{7, 2, 11}},
	}
	for _, tt := range tests {
		got, err := withPageRefs(context.Background(), tt.r, tt.q, tt.ranked, tt.f)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var nums []int
		for _, p := range got {
			nums = append(nums, p.Page)
		}
		if diff := cmp.Diff(tt.want, nums); diff != "" {
			t.Errorf("%s: pages (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestNamedDoc(t *testing.T) {
	ranked := []search.PageHit{{Doc: "a.pdf", Page: 3}, {Doc: "b.pdf", Page: 1}, {Doc: "a.pdf", Page: 1}, {Doc: "c.pdf", Page: 2}}
	tests := []struct {
		name string
		refs []search.NamedPage
		want string
	}{
		{"the best-ranked named page's document", []search.NamedPage{{Page: 1}}, "b.pdf"},
		{"any of the named pages", []search.NamedPage{{Page: 9}, {Page: 2, Number: true}}, "c.pdf"},
		{"no named page ranked: the best document", []search.NamedPage{{Page: 9}}, "a.pdf"},
	}
	for _, tt := range tests {
		if got := namedDoc(ranked, tt.refs); got != tt.want {
			t.Errorf("%s: namedDoc = %q, want %q", tt.name, got, tt.want)
		}
	}
}
