package ingest

import "docqa/internal/table"

// tablesOf gathers the tables the extractor found as it read each page
// (those likely to hold one, [table.Likely]): words has an entry a page; the
// tables are by 1-based page.
// A table continued from the page before, without its header, reads
// under that header ([table.Continue]).
func tablesOf(words []PageWords) map[int][]table.Grid {
	out := map[int][]table.Grid{}
	for i, pw := range words {
		gs := pw.Grids
		if len(gs) == 0 {
			continue
		}
		n := i + 1
		if prev := out[n-1]; len(prev) > 0 {
			gs[0], _ = table.Continue(prev[len(prev)-1], gs[0])
		}
		out[n] = gs
	}
	return out
}
