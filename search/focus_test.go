package search

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFocus(t *testing.T) {
	x := openTest(t)
	put(t, x, "manual.pdf",
		"Change the oil filter every 50 hours. The oil filter sits on the left.",
		"Engine oil: use the oil grade the table lists.",
		"Oil filter torque is 25 Nm. Check the oil filter seal.",
		"The propeller has three blades.",
		"Oil filter part numbers: see the oil filter table.",
		"An oil filter with a torn seal is scrapped.",
		"Oil filter wrenches are in the kit.")
	put(t, x, "memo.pdf", "The oil filter order for the hangar arrived on Monday.")
	put(t, x, "atlas.pdf", "Maps of the coast.", "Maps of the oil fields and the filter beds.")

	pages := func(ph []PageHit) []ref {
		var out []ref
		for _, p := range ph {
			out = append(out, ref{p.Doc, p.Page})
		}
		return out
	}
	var steps []string
	onStep := func(s Step) {
		if s.Done {
			steps = append(steps, s.Label)
		}
	}
	search := func(q string, focus bool) []ref {
		t.Helper()
		steps = nil
		got, err := x.MultiSearch(t.Context(), []string{q}, MultiOptions{Focus: focus, OnStep: onStep})
		if err != nil {
			t.Fatal(err)
		}
		return pages(got)
	}

	// manual.pdf holds most of the best pages' score: its pages come
	// first, then the others in their order, but for the best of them,
	// which the question, naming no document, keeps in fifth place
	// (Params.HedgeRank).
	q := "Which oil filter torque is right?"
	plain := search(q, false)
	var want, others []ref
	for _, p := range plain {
		if p.Doc == "manual.pdf" {
			want = append(want, p)
		} else {
			others = append(others, p)
		}
	}
	if plain[0].Doc != "manual.pdf" || len(want) < 5 || len(others) < 2 || cmp.Equal(append(want, others...), plain) {
		t.Fatalf("the corpus does not exercise focus: plain ranking %v", plain)
	}
	scoped, err := x.MultiSearch(t.Context(), []string{q}, MultiOptions{Filter: Filter{Docs: []string{"manual.pdf"}}})
	if err != nil {
		t.Fatal(err)
	}
	want = slices.Insert(pages(scoped), 4, others[0])
	want = append(want, others[1:]...)
	if diff := cmp.Diff(want, search(q, true)); diff != "" {
		t.Errorf("focused ranking (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"Searching 1 sub-question(s)", "Searching manual.pdf"}, steps); diff != "" {
		t.Errorf("focused steps (-want +got):\n%s", diff)
	}

	// A search over documents the question names keeps no place for
	// another: it knows which documents it is about.
	named, err := x.MultiSearch(t.Context(), []string{q}, MultiOptions{Focus: true, Filter: Filter{Docs: []string{"manual.pdf", "memo.pdf"}}})
	if err != nil {
		t.Fatal(err)
	}
	want = append(pages(scoped), ref{"memo.pdf", 1})
	if diff := cmp.Diff(want, pages(named)); diff != "" {
		t.Errorf("focused ranking of named documents (-want +got):\n%s", diff)
	}

	// No document holds the search: no second stage, the same ranking.
	q = "the hangar and the coast"
	plain = search(q, false)
	if diff := cmp.Diff(plain, search(q, true)); diff != "" {
		t.Errorf("split ranking changed by focus (-plain +focused):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"Searching 1 sub-question(s)"}, steps); diff != "" {
		t.Errorf("split steps (-want +got):\n%s", diff)
	}
}
