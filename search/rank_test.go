package search

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestRankPages(t *testing.T) {
	hits := []Hit{
		{Doc: "a.pdf", Page: 3, Seq: 0, Score: 10},
		{Doc: "b.pdf", Page: 1, Seq: 0, Score: 8},
		{Doc: "b.pdf", Page: 1, Seq: 2, Score: 8},
		{Doc: "a.pdf", Page: 7, Seq: 1, Score: 5},
		{Doc: "b.pdf", Page: 1, Seq: 1, Score: 1},
		{Doc: "c.pdf", Page: 2, Seq: 0, Score: 5},
	}
	type pg struct {
		Doc   string
		Page  int
		Score float64
		Best  int
	}
	var got []pg
	for _, p := range rankPages(hits, DefaultParams().PageDecay) {
		got = append(got, pg{p.Doc, p.Page, p.Score, p.Best.Seq})
	}
	want := []pg{
		// b.pdf p.1 matches three times: 8 + 0.3*8 + 0.09*1.
		{"b.pdf", 1, 8 + 0.3*8 + 0.09*1, 0},
		{"a.pdf", 3, 10, 0},
		// Equal scores: by document, then page.
		{"a.pdf", 7, 5, 1},
		{"c.pdf", 2, 5, 0},
	}
	if diff := cmp.Diff(want, got, cmp.Comparer(func(x, y float64) bool { return x-y < 1e-9 && y-x < 1e-9 })); diff != "" {
		t.Errorf("rankPages (-want +got):\n%s", diff)
	}
	if rankPages(nil, DefaultParams().PageDecay) == nil || len(rankPages(nil, DefaultParams().PageDecay)) != 0 {
		t.Errorf("rankPages(nil) should be empty")
	}
}

func TestFuse(t *testing.T) {
	p := func(doc string, page int, seq int) PageHit {
		return PageHit{Doc: doc, Page: page, Best: Hit{Doc: doc, Page: page, Seq: seq}}
	}
	whole := []PageHit{p("a", 1, 0), p("a", 2, 0), p("a", 3, 0)}
	part1 := []PageHit{p("a", 3, 5), p("a", 2, 1)}
	part2 := []PageHit{p("a", 3, 7), p("a", 4, 0)}
	got := fuse([][]PageHit{whole, part1, part2}, 2, 60)
	var order []int
	for _, h := range got {
		order = append(order, h.Page)
	}
	// Page 3: 2/63 + 1/61 + 1/61 beats page 1: 2/61 and page 2: 2/62 + 1/62.
	if diff := cmp.Diff([]int{3, 2, 1, 4}, order); diff != "" {
		t.Errorf("fused order (-want +got):\n%s", diff)
	}
	// Page 3 keeps the passage of the list that ranked it highest (part1,
	// rank 1, over whole's rank 3; part1 before part2 at equal rank).
	if got[0].Best.Seq != 5 {
		t.Errorf("page 3 best passage seq %d, want 5", got[0].Best.Seq)
	}
	if one := fuse([][]PageHit{whole}, 2, 60); len(one) != 3 || one[0].Page != 1 {
		t.Errorf("one list should come back as it is: %v", one)
	}
}

func TestKeepDocs(t *testing.T) {
	lists := [][]PageHit{
		{{Doc: "a.pdf", Page: 1}, {Doc: "b.pdf", Page: 2}, {Doc: "a.pdf", Page: 3}, {Doc: "c.pdf", Page: 4}},
		{{Doc: "c.pdf", Page: 1}, {Doc: "b.pdf", Page: 5}, {Doc: "d.pdf", Page: 1}, {Doc: "a.pdf", Page: 9}},
	}
	keepDocs(lists, 2)
	want := [][]PageHit{
		{{Doc: "a.pdf", Page: 1}, {Doc: "b.pdf", Page: 2}, {Doc: "a.pdf", Page: 3}, {Doc: "c.pdf", Page: 4}}, // the first is whole
		{{Doc: "b.pdf", Page: 5}, {Doc: "a.pdf", Page: 9}},
	}
	if diff := cmp.Diff(want, lists); diff != "" {
		t.Errorf("keepDocs (-want +got):\n%s", diff)
	}
}
