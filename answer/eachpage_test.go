package answer

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// ranged is [pages] that reads runs of pages too, counting its reads.
type ranged struct {
	pages
	reads *int
}

func (r ranged) Pages(ctx context.Context, doc string, from, to int) ([]string, error) {
	*r.reads++
	var out []string
	for n := from; n <= to; n++ {
		text, ok, _ := r.Page(ctx, doc, n)
		if !ok {
			break
		}
		out = append(out, text)
	}
	return out, nil
}

// eachPage reads a document's pages in order, to its end or to where fn
// stops, alike by runs and a page at a time; a whole document of 300
// pages in a few reads.
func TestEachPage(t *testing.T) {
	var doc pages
	for n := 1; n <= 300; n++ {
		doc = append(doc, Source{Doc: "d.pdf", Page: n, Text: fmt.Sprint("page ", n)})
	}
	tests := []struct {
		name  string
		stop  int // the page fn stops on; 0 for none
		doc   string
		want  int // pages fn sees
		reads int // runs read
	}{
		{"whole", 0, "d.pdf", 300, 5}, // 16, 32, 64, 128, then the last 60 of 256
		{"stops early", 3, "d.pdf", 3, 1},
		{"stops on a run's edge", 16, "d.pdf", 16, 1},
		{"stops past it", 17, "d.pdf", 17, 2},
		{"no such document", 0, "none.pdf", 0, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reads := 0
			var byRun, byPage []string
			collect := func(into *[]string) func(int, string) bool {
				return func(n int, text string) bool {
					*into = append(*into, fmt.Sprint(n, ":", text))
					return n != tt.stop
				}
			}
			if err := eachPage(t.Context(), rangesOf(ranged{doc, &reads}), tt.doc, collect(&byRun)); err != nil {
				t.Fatal(err)
			}
			if err := eachPage(t.Context(), rangesOf(doc), tt.doc, collect(&byPage)); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(byPage, byRun); diff != "" {
				t.Errorf("by runs otherwise than page by page (-page +runs):\n%s", diff)
			}
			if len(byRun) != tt.want || reads != tt.reads {
				t.Errorf("fn saw %d pages in %d reads; want %d in %d", len(byRun), reads, tt.want, tt.reads)
			}
		})
	}
}
