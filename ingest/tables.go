package ingest

import (
	"context"

	"docqa/internal/table"
)

// wordReader reads the positioned words of a range of pages of a PDF:
// [Pdftotext.Words].
type wordReader interface {
	Words(ctx context.Context, data []byte, first, last int) ([]PageWords, error)
}

// wordsOf returns the engine of ex named engine when it reads word
// positions; nil when none does.
func wordsOf(ex Extractor, engine string) wordReader {
	if a, ok := ex.(*Auto); ok {
		for _, e := range a.Engines {
			if e.Name() == engine {
				ex = e
			}
		}
	}
	if w, ok := ex.(wordReader); ok && ex.Name() == engine {
		return w
	}
	return nil
}

// tablesOf finds the tables of the pages likely to hold one
// ([table.Likely]), reading their words a run of pages at a time: a
// pdftotext process per run, not per page. A run takes in a page or two
// between likely pages, whose words cost less than another process.
func tablesOf(ctx context.Context, w wordReader, data []byte, pages []Page, p table.GridParams) ([]PageTables, error) {
	var runs [][2]int
	for _, pg := range pages {
		if !table.Likely(pg.Text) {
			continue
		}
		if n := len(runs); n > 0 && pg.Number-runs[n-1][1] <= 1+runGap {
			runs[n-1][1] = pg.Number
			continue
		}
		runs = append(runs, [2]int{pg.Number, pg.Number})
	}
	var out []PageTables
	for _, r := range runs {
		words, err := w.Words(ctx, data, r[0], r[1])
		if err != nil {
			return out, err
		}
		for i, pw := range words {
			n := r[0] + i
			if n > r[1] || !table.Likely(pages[n-1].Text) {
				continue
			}
			if gs := table.Grids(pw.Words, p); len(gs) > 0 {
				// a table continued from the page before, without its
				// header, reads under that header
				if k := len(out); k > 0 && out[k-1].Page == n-1 {
					prev := out[k-1].Grids
					gs[0], _ = table.Continue(prev[len(prev)-1], gs[0])
				}
				out = append(out, PageTables{Page: n, Grids: gs})
			}
		}
	}
	return out, nil
}

// runGap is the most pages unlikely to hold a table that a run of words
// read takes in between two likely ones.
const runGap = 1
