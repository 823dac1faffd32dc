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
	for _, p := range RankPages(hits) {
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
		t.Errorf("RankPages (-want +got):\n%s", diff)
	}
	if RankPages(nil) == nil || len(RankPages(nil)) != 0 {
		t.Errorf("RankPages(nil) should be empty")
	}
}
