package search

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	bsearch "github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"docqa/ingest"
	"docqa/internal/doc"
	"docqa/internal/table"
)

func openTest(t testing.TB) *Index {
	t.Helper()
	x, err := Open(t.Context(), t.TempDir(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { x.Close() })
	return x
}

func put(t testing.TB, x *Index, name string, pages ...string) {
	t.Helper()
	doc := &ingest.Document{Name: name}
	for i, p := range pages {
		doc.Pages = append(doc.Pages, ingest.Page{Number: i + 1, Text: p})
	}
	if _, err := x.Put(t.Context(), doc); err != nil {
		t.Fatal(err)
	}
	if err := x.Flush(t.Context()); err != nil {
		t.Fatal(err)
	}
}

type ref struct {
	Doc  string
	Page int
}

func refs(hits []Hit) []ref {
	var out []ref
	for _, h := range hits {
		out = append(out, ref{h.Doc, h.Page})
	}
	return out
}

func TestSearch(t *testing.T) { testSearch(t, openTest(t)) }

// testSearch runs the searches of TestSearch on an empty index x of any
// store.
func testSearch(t *testing.T, x *Index) {
	put(t, x, "a.pdf", "The oil temperature limit is 110 degrees.", "Propeller speed must not exceed 2,200 rpm.")
	put(t, x, "b.pdf", "Oil changes are due every 400 hours.")
	put(t, x, "c.pdf", "The H100 needs 700 W.", "Room for up to 100 users.")

	tests := []struct {
		name  string
		query string
		f     Filter
		want  []ref
	}{
		{"best first", "oil temperature", Filter{}, []ref{{"a.pdf", 1}, {"b.pdf", 1}}},
		{"stemmed", "propellers exceeding", Filter{}, []ref{{"a.pdf", 2}}},
		{"doc scope", "oil", Filter{Docs: []string{"b.pdf"}}, []ref{{"b.pdf", 1}}},
		{"page scope", "oil propeller", Filter{Pages: []PageRange{{2, 2}}}, []ref{{"a.pdf", 2}}},
		{"no match", "zebra", Filter{}, nil},
		{"model code", "H100", Filter{}, []ref{{"c.pdf", 1}}}, // not any 100
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hits, err := x.Search(t.Context(), tt.query, 10, tt.f)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, refs(hits)); diff != "" {
				t.Errorf("Search(%q) (-want +got):\n%s", tt.query, diff)
			}
		})
	}
	if _, err := x.Search(t.Context(), " ", 10, Filter{}); !errors.Is(err, ErrEmptyQuery) {
		t.Errorf("empty query: err = %v, want ErrEmptyQuery", err)
	}
}

func TestPutReplacesAndDelete(t *testing.T) { testPutReplacesAndDelete(t, openTest(t)) }

// testPutReplacesAndDelete runs TestPutReplacesAndDelete on an index x
// of any store that holds no a.pdf.
func testPutReplacesAndDelete(t *testing.T, x *Index) {
	put(t, x, "a.pdf", "old text about turbines", "second page")
	put(t, x, "a.pdf", "new text about gearboxes")
	if hits, _ := x.Search(t.Context(), "turbines", 10, Filter{}); len(hits) != 0 {
		t.Errorf("old text still found after Put: %v", refs(hits))
	}
	if _, ok, _ := x.Page(t.Context(), "a.pdf", 2); ok {
		t.Errorf("page 2 of the old version still stored")
	}
	text, ok, err := x.Page(t.Context(), "a.pdf", 1)
	if err != nil || !ok || text != "new text about gearboxes" {
		t.Errorf("Page = %q, %v, %v", text, ok, err)
	}
	if err := x.Delete(t.Context(), "a.pdf"); err != nil {
		t.Fatal(err)
	}
	if hits, _ := x.Search(t.Context(), "gearboxes", 10, Filter{}); len(hits) != 0 {
		t.Errorf("found after Delete: %v", refs(hits))
	}
}

func TestLock(t *testing.T) {
	dir := t.TempDir()
	x, err := Open(t.Context(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = Open(t.Context(), dir, Options{LockWait: 300 * time.Millisecond})
	if !errors.Is(err, ErrLocked) {
		t.Fatalf("second writer: err = %v, want ErrLocked", err)
	}
	if waited := time.Since(start); waited < 300*time.Millisecond {
		t.Errorf("second writer gave up after %v, before LockWait", waited)
	}
	if _, err := Open(t.Context(), dir, Options{ReadOnly: true, LockWait: 100 * time.Millisecond}); !errors.Is(err, ErrLocked) {
		t.Errorf("reader during a write: err = %v, want ErrLocked", err)
	}
	x.Close()
	y, err := Open(t.Context(), dir, Options{ReadOnly: true})
	if err != nil {
		t.Fatalf("reader after the writer closed: %v", err)
	}
	y.Close()
}

func TestOpenReadOnlyMissing(t *testing.T) {
	if _, err := Open(t.Context(), t.TempDir(), Options{ReadOnly: true}); !errors.Is(err, ErrNoIndex) {
		t.Errorf("err = %v, want ErrNoIndex", err)
	}
}

// TestManyPagesSearchable guards against the page body and the passage text
// sharing a field name: scorch keeps one set of field options per segment,
// so a stored-only page could make passages unsearchable.
func TestManyPagesSearchable(t *testing.T) {
	x := openTest(t)
	var pages []string
	for i := range 40 {
		pages = append(pages, "Page about topic"+string(rune('a'+i%26))+string(rune('a'+i/26))+" and general engine matters.")
	}
	put(t, x, "many.pdf", pages...)
	for i := range 40 {
		word := "topic" + string(rune('a'+i%26)) + string(rune('a'+i/26))
		hits, err := x.Search(t.Context(), word, 3, Filter{Docs: []string{"many.pdf"}})
		if err != nil || len(hits) == 0 || hits[0].Page != i+1 {
			t.Fatalf("Search(%q) = %v, %v; want page %d first", word, refs(hits), err, i+1)
		}
	}
}

func TestStagedUntilFlush(t *testing.T) {
	dir := t.TempDir()
	x, err := Open(t.Context(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	doc := &ingest.Document{Name: "a.pdf", Pages: []ingest.Page{{Number: 1, Text: "The turbocharger wastegate opens at high boost."}}}
	if _, err := x.Put(t.Context(), doc); err != nil {
		t.Fatal(err)
	}
	if x.Staged() == 0 {
		t.Fatal("Staged() = 0 after Put")
	}
	if hits, err := x.Search(t.Context(), "wastegate", 5, Filter{}); err != nil || len(hits) != 0 {
		t.Fatalf("before Flush: %d hits, err %v; want none", len(hits), err)
	}
	x.Close() // drops what was staged
	x, err = Open(t.Context(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	if hits, _ := x.Search(t.Context(), "wastegate", 5, Filter{}); len(hits) != 0 {
		t.Fatalf("after Close without Flush: %d hits, want none", len(hits))
	}
	if _, err := x.Put(t.Context(), doc); err != nil {
		t.Fatal(err)
	}
	if err := x.Flush(t.Context()); err != nil {
		t.Fatal(err)
	}
	if hits, _ := x.Search(t.Context(), "wastegate", 5, Filter{}); len(hits) != 1 {
		t.Fatalf("after Flush: %d hits, want 1", len(hits))
	}
}

func TestOldFormatRebuilt(t *testing.T) {
	dir := t.TempDir()
	x, err := Open(t.Context(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	x.Close()
	// An index from before the page store: bleve and a manifest, no
	// format file and no snapshots.
	if err := os.Remove(filepath.Join(dir, "format")); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(filepath.Join(dir, snapshotsDir)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ingest.ManifestFile), []byte(`{"version":1,"docs":{}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(t.Context(), dir, Options{ReadOnly: true}); !errors.Is(err, ErrOldFormat) {
		t.Fatalf("read-only Open of an old index: err %v, want ErrOldFormat", err)
	}
	x, err = Open(t.Context(), dir, Options{})
	if err != nil {
		t.Fatalf("writable Open of an old index: %v", err)
	}
	if !x.Rebuilt() {
		t.Error("writable Open of an old index: Rebuilt() = false, want true (ingest tells the user)")
	}
	x.Close()
	if x, err = Open(t.Context(), dir, Options{}); err != nil || x.Rebuilt() {
		t.Fatalf("second Open after the rebuild: err %v, rebuilt %v; want no rebuild", err, err == nil && x.Rebuilt())
	}
	x.Close()
	if _, err := os.Stat(filepath.Join(dir, ingest.ManifestFile)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("manifest of the old index still there (err %v): its documents would not be read again", err)
	}
	if _, err := Open(t.Context(), dir, Options{ReadOnly: true}); err != nil {
		t.Errorf("read-only Open after the rebuild: %v", err)
	}
}

func TestPageHead(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"statement", "3M Company and Subsidiaries\nConsolidated Statement of Cash Flows\nYears ended December 31\n(Millions) 2018 2017 2016\nCash Flows from Operating Activities\nNet income 5,363 4,869 5,058\nDepreciation 1,488\nmore",
			"3M Company and Subsidiaries\nConsolidated Statement of Cash Flows\nYears ended December 31\n(Millions) 2018 2017 2016\nCash Flows from Operating Activities\nNet income 5,363 4,869 5,058"},
		{"prose ends the head", "Item 1. Business\n" + strings.Repeat("word ", 40) + "\nNext heading", "Item 1. Business"},
		{"blank lines skipped", "\n\nTitle\n\nSub", "Title\nSub"},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		if got := pageHead(tt.in); got != tt.want {
			t.Errorf("%s: pageHead = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestCarriedHead(t *testing.T) {
	head := [][]string{{"Month", "Notices", "Employees Affected"}, {"July 2015", "71", "8,574"}}
	prev := table.Grid{Rows: 2, Cols: 3}
	for r, row := range head {
		for k, c := range row {
			prev.Cells = append(prev.Cells, table.GridCell{Row: r, Col: k, RowSpan: 1, ColSpan: 1, Text: c})
		}
	}
	next := table.Grid{Rows: 1, Cols: 3, Cells: []table.GridCell{
		{Row: 0, Col: 0, RowSpan: 1, ColSpan: 1, Text: "December 2015"},
		{Row: 0, Col: 1, RowSpan: 1, ColSpan: 1, Text: "69"},
		{Row: 0, Col: 2, RowSpan: 1, ColSpan: 1, Text: "8,729"},
	}}
	cont, ok := table.Continue(prev, next)
	if !ok {
		t.Fatal("the table does not continue the one before")
	}
	page := "December 2015 69 8,729\n"
	if got, want := carriedHead(page, []table.Grid{cont}), "Month Notices Employees Affected"; got != want {
		t.Errorf("carriedHead = %q, want %q", got, want)
	}
	// a header the page prints itself is in its head already
	if got := carriedHead("Month Notices Employees Affected\n"+page, []table.Grid{cont}); got != "" {
		t.Errorf("carriedHead of a page with its own header = %q, want none", got)
	}
	if got := carriedHead(page, nil); got != "" {
		t.Errorf("carriedHead of a page with no table = %q", got)
	}
}

// segments counts the segments of x's current bleve snapshot.
func segments(t *testing.T, x *Index) int {
	t.Helper()
	adv, err := bleveOf(x).bleve.Advanced()
	if err != nil {
		t.Fatal(err)
	}
	r, err := adv.Reader()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	snap, ok := r.(*scorch.IndexSnapshot)
	if !ok {
		t.Fatalf("reader is %T, want a scorch snapshot", r)
	}
	n := 0
	for _, s := range snap.Segments() {
		if s.Count() > 0 {
			n++
		}
	}
	return n
}

func TestCompact(t *testing.T) {
	// Scorch's persister may join the batches' segments as it writes
	// them (it did in one run of twenty): the index is built again, five
	// times at most, until several segments stand.
	var dir string
	var x *Index
	for try := 1; ; try++ {
		dir = t.TempDir()
		var err error
		if x, err = Open(t.Context(), dir, Options{}); err != nil {
			t.Fatal(err)
		}
		put(t, x, "a.pdf", "The oil temperature limit is 110 degrees.", "Propeller speed must not exceed 2,200 rpm.")
		put(t, x, "b.pdf", "Oil changes are due every 400 hours.")
		put(t, x, "c.pdf", "Oil pressure falls at idle; the oil pump is checked yearly.")
		put(t, x, "b.pdf", "Oil changes are due every 500 hours.") // replaces a document of an earlier segment
		n := segments(t, x)
		if n >= 2 {
			break
		}
		x.Close()
		if try == 5 {
			t.Fatalf("%d segment(s) before Compact in %d tries; the test needs several", n, try)
		}
	}
	before, err := x.Search(t.Context(), "oil changes hours", 10, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if err := x.Compact(t.Context()); err != nil {
		t.Fatal(err)
	}
	adv, err := bleveOf(x).bleve.Advanced()
	if err != nil {
		t.Fatal(err)
	}
	if done := adv.(*scorch.Scorch).StatsMap()["TotFileMergeForceOpsCompleted"]; done != uint64(1) {
		t.Errorf("%v forced merges after Compact, want 1 (scorch's own merges may join a small index's segments in time, so the count of segments alone does not tell)", done)
	}
	if n := segments(t, x); n != 1 {
		t.Errorf("%d segments after Compact, want 1", n)
	}
	after, err := x.Search(t.Context(), "oil changes hours", 10, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(before, after); diff != "" {
		t.Errorf("hits changed by Compact (-before +after):\n%s", diff)
	}
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	r, err := Open(t.Context(), dir, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	reopened, err := r.Search(t.Context(), "oil changes hours", 10, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(refs(before), refs(reopened)); diff != "" {
		t.Errorf("hits of the published snapshot differ (-before +reopened):\n%s", diff)
	}
}

// TestStatsCountTokens: the token totals Put counts as bleve analyses
// each passage are the analyzer's, and a passage indexed with a page
// head analysed once is found by a word of its head as by its text.
func TestStatsCountTokens(t *testing.T) {
	x := openTest(t)
	pages := []string{
		"Statement of Income\nNet sales 2022 2021\nThe company's revenue grew by 5% to $1,577.00 in FY2018.\n",
		"Notes to the Statements\nThe U.S. segment reported R&D costs of 12,000.\nNothing else of note.\n",
	}
	put(t, x, "a.pdf", pages...)
	a := bleveOf(x).bleve.Mapping().AnalyzerNamed(analyzerName)
	var want docStats
	for _, p := range pages {
		head := pageHead(p)
		for _, text := range ingest.Passages(p, bleveOf(x).opt.Passages) {
			want.Passages++
			want.Tokens += len(a.Analyze([]byte(text)))
			want.HeadTokens += len(a.Analyze([]byte(head)))
		}
	}
	if diff := cmp.Diff(want, bleveOf(x).stats["a.pdf"]); diff != "" {
		t.Errorf("stats (-want +got):\n%s", diff)
	}
	if want.Tokens == 0 || want.HeadTokens == 0 {
		t.Fatalf("counted nothing: %+v", want)
	}
	for _, q := range []string{"statement income", "research development costs"} {
		hits, err := x.Search(t.Context(), q, 5, Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) == 0 {
			t.Errorf("Search(%q) found nothing", q)
		}
	}
}

// A document of more passages than a batch holds is written a batch at a
// time within Put: every passage is searchable after Flush and counted
// once in the statistics.
func TestPutLongDocumentInBatches(t *testing.T) {
	x := openTest(t)
	n := maxBatch + 100
	pages := make([]string, n)
	for i := range pages {
		pages[i] = fmt.Sprintf("Inspection record number w%dx of the engine.", i)
	}
	put(t, x, "long.pdf", pages...)
	if got := bleveOf(x).stats["long.pdf"].Passages; got != n {
		t.Errorf("stats count %d passages, want %d", got, n)
	}
	count, err := bleveOf(x).bleve.DocCount()
	if err != nil || count != uint64(n) {
		t.Errorf("index holds %d passages (%v), want %d", count, err, n)
	}
	for _, i := range []int{0, maxBatch - 1, n - 1} {
		hits, err := x.Search(t.Context(), fmt.Sprintf("w%dx", i), 3, Filter{})
		if err != nil || len(hits) == 0 || hits[0].Page != i+1 {
			t.Errorf("search for page %d's word: %+v, %v", i+1, hits, err)
		}
	}
}

// The best k passages read by score alone, and sorted by id here, are
// those the index sorts by score and then by id, ties included: a tie
// across the k-th passage, one past what is read, and none.
func TestTopKMatchesIDOrder(t *testing.T) {
	x := openTest(t)
	for d := range 6 {
		var pages []string
		for p := range 5 {
			// the same passage on every page of every document ties;
			// the counted words rank the rest apart
			pages = append(pages, "The oil filter is changed every 50 hours.", strings.Repeat("oil pressure ", p+1)+fmt.Sprintf("page %d of %d", p, d))
		}
		put(t, x, fmt.Sprintf("doc%d.pdf", d), pages...)
	}
	for _, text := range []string{"oil filter changed", "oil pressure", "oil"} {
		q := query.NewMatchQuery(text)
		q.SetField("text")
		for _, k := range []int{1, 3, 10, 25, 40, 80} {
			got, err := bleveOf(x).topK(t.Context(), q, k)
			if err != nil {
				t.Fatal(err)
			}
			req := bleve.NewSearchRequestOptions(q, k, 0, false)
			req.SortBy([]string{"-_score", "_id"})
			req.PreSearchData = map[string]interface{}{bsearch.BM25PreSearchDataKey: bleveOf(x).bm25Stats()}
			want, err := bleveOf(x).bleve.SearchInContext(t.Context(), req)
			if err != nil {
				t.Fatal(err)
			}
			ids := func(hs bsearch.DocumentMatchCollection) []string {
				var out []string
				for _, h := range hs {
					out = append(out, fmt.Sprintf("%s %.6f", h.ID, h.Score))
				}
				return out
			}
			if diff := cmp.Diff(ids(want.Hits), ids(got)); diff != "" {
				t.Errorf("%q, k %d: (-index's order +topK):\n%s", text, k, diff)
			}
		}
	}
}

// A document's structure is read back as ingest read it: its outline
// and running keys, the pages asked for with their blocks, marks and
// tables, the lists with an item on them, each page's sections; a
// document put again replaces it (issue 53).
func TestStructureRead(t *testing.T) {
	x := openTest(t)
	d := structured()
	if _, err := x.Put(t.Context(), d); err != nil {
		t.Fatal(err)
	}
	if err := x.Flush(t.Context()); err != nil {
		t.Fatal(err)
	}
	testStructure(t, x, d)
	if st, ok, err := x.Structure(t.Context(), "none.pdf", 1, 2); err != nil || ok || st.Pages != nil {
		t.Errorf("a document not indexed: %+v, %v, %v", st, ok, err)
	}
	d.Structure.Pages[2].Grids = nil
	if _, err := x.Put(t.Context(), d); err != nil {
		t.Fatal(err)
	}
	if st, _, err := x.Structure(t.Context(), "manual.pdf", 3, 3); err != nil || len(st.Pages) != 1 || st.Pages[0].Grids != nil {
		t.Errorf("page 3 after its tables were put away: %+v, %v", st.Pages, err)
	}
}

// structured is a manual of three pages and its structure as ingest
// reads it: a procedure over a page's turn, a note and its marker, a
// table, a running foot.
func structured() *ingest.Document {
	texts := []string{
		"1.1 Starting the Engine\nTo start the engine:\n1. Check the oil level.\n2. Open the fuel valve.\nAE300 Operating Manual 1",
		"3. Press the starter for a short while.1\n4. Watch the oil pressure.\n\n1 Hold it at most ten seconds.\nAE300 Operating Manual 2",
		"1.2 Propeller Limits\nSpeed must not exceed 2,200 rpm.\nAE300 Operating Manual 3",
	}
	speed := table.Grid{Box: [4]float64{1, 2, 3, 4}, Rows: 1, Cols: 2, Cells: []table.GridCell{{Row: 0, Col: 0, RowSpan: 1, ColSpan: 1, Text: "speed"}, {Row: 0, Col: 1, RowSpan: 1, ColSpan: 1, Text: "2,200"}}}
	d := &ingest.Document{Name: "manual.pdf", Structure: doc.Read(texts, map[int][]table.Grid{3: {speed}}, nil)}
	for i, t := range texts {
		d.Pages = append(d.Pages, ingest.Page{Number: i + 1, Text: t})
	}
	return d
}

// testStructure checks that x reads d's structure back as d holds it.
func testStructure(t *testing.T, x *Index, d *ingest.Document) {
	t.Helper()
	want := d.Structure
	if len(want.Lists) != 1 || len(want.Lists[0].Items) != 4 || len(want.Outline) != 2 || len(want.Running) != 1 || len(want.Pages[1].Marks) != 1 {
		t.Fatalf("the manual's structure is not what the test needs: %+v", want)
	}
	for _, r := range [][2]int{{0, 0}, {1, 3}, {2, 2}, {3, 9}} {
		got, ok, err := x.Structure(t.Context(), d.Name, r[0], r[1])
		if err != nil || !ok {
			t.Fatalf("Structure(%v) = %v, %v", r, ok, err)
		}
		var pages []doc.Page
		for n := max(r[0], 1); n <= min(r[1], len(want.Pages)); n++ {
			pages = append(pages, want.Pages[n-1])
		}
		lists := want.Lists
		if r[0] == 3 || r[0] == 0 {
			lists = nil // no item on page 3, no page read
		}
		w := doc.Structure{Outline: want.Outline, OutlineFrom: want.OutlineFrom, Running: want.Running, Lists: lists, Pages: pages}
		if diff := cmp.Diff(w, got, cmpopts.EquateEmpty(), cmpopts.IgnoreUnexported(table.Grid{})); diff != "" {
			t.Errorf("Structure(%v) (-want +got):\n%s", r, diff)
		}
	}
	st, _, _ := x.Structure(t.Context(), d.Name, 1, 3)
	if got := st.Of(3).Section; !cmp.Equal(got, []string{"Propeller Limits"}) {
		t.Errorf("page 3 stands in %q, want Propeller Limits", got)
	}
}

// bleveOf is the bleve store of an index Open opened.
func bleveOf(x *Index) *bleveStore { return x.st.(*bleveStore) }

// Pages reads a run of a document's pages as Page reads them one by one:
// fewer past its end, none before its first or for a document it lacks.
func TestPagesRun(t *testing.T) {
	x := openTest(t)
	put(t, x, "a.pdf", "one", "", "three ✓", "four")
	tests := []struct {
		doc      string
		from, to int
		want     []string
	}{
		{"a.pdf", 1, 4, []string{"one", "", "three ✓", "four"}},
		{"a.pdf", 1, 100, []string{"one", "", "three ✓", "four"}},
		{"a.pdf", 2, 3, []string{"", "three ✓"}},
		{"a.pdf", 4, 4, []string{"four"}},
		{"a.pdf", 5, 9, nil},
		{"a.pdf", 0, 2, nil},
		{"a.pdf", 3, 2, nil},
		{"b.pdf", 1, 2, nil},
	}
	for _, tt := range tests {
		got, err := x.Pages(t.Context(), tt.doc, tt.from, tt.to)
		if err != nil || !cmp.Equal(got, tt.want, cmpopts.EquateEmpty()) {
			t.Errorf("Pages(%s, %d, %d) = %q, %v; want %q", tt.doc, tt.from, tt.to, got, err, tt.want)
		}
		for i, text := range got {
			if p, ok, err := x.Page(t.Context(), tt.doc, tt.from+i); p != text || !ok || err != nil {
				t.Errorf("Page(%s, %d) = %q, %v, %v; Pages gave %q", tt.doc, tt.from+i, p, ok, err, text)
			}
		}
	}
}
