package ingest

import "docqa/internal/table"

// tablesOf gathers the tables the extractor found as it read each page
// (those likely to hold one, [table.Likely]): words has an entry a page.
// A table continued from the page before, without its header, reads
// under that header ([table.Continue]).
func tablesOf(words []PageWords) []PageTables {
	var out []PageTables
	for i, pw := range words {
		gs := pw.Grids
		if len(gs) == 0 {
			continue
		}
		n := i + 1
		if k := len(out); k > 0 && out[k-1].Page == n-1 {
			prev := out[k-1].Grids
			gs[0], _ = table.Continue(prev[len(prev)-1], gs[0])
		}
		out = append(out, PageTables{Page: n, Grids: gs})
	}
	return out
}
