package search

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"docqa/ingest"
	"docqa/internal/doc"
	"docqa/internal/pgtest"
	"docqa/internal/table"
)

// The index over PostgreSQL (issue 41) answers the searches the bleve
// index's tests ask, and stores and reads back what a document holds.
func TestPostgresStore(t *testing.T) {
	c := pgtest.Start(t)
	t.Setenv("PGPASSFILE", c.PassFile)
	x, err := Open(t.Context(), c.URL, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	t.Run("search", func(t *testing.T) { testSearch(t, x) })
	for _, name := range []string{"a.pdf", "b.pdf", "c.pdf"} {
		if err := x.Delete(t.Context(), name); err != nil {
			t.Fatal(err)
		}
	}
	t.Run("put replaces, delete", func(t *testing.T) { testPutReplacesAndDelete(t, x) })

	t.Run("as the bleve index", func(t *testing.T) {
		b := openTest(t)
		d := &ingest.Document{Name: "manual.pdf", OutlineFrom: doc.FromHeadings, Running: []string{"ae300 operating manual"},
			Outline: []doc.Part{{Title: "Engine", Page: 1}, {Title: "Propeller", Page: 2, Level: 1}},
			Pages:   []ingest.Page{{Number: 1, Text: "Engine\nThe oil temperature limit is 110 degrees."}, {Number: 3, Text: "Propeller\nSpeed must not exceed 2,200 rpm."}},
			Tables:  []ingest.PageTables{{Page: 3, Grids: []table.Grid{{Box: [4]float64{1, 2, 3, 4}, Rows: 1, Cols: 2, Cells: []table.GridCell{{Row: 0, Col: 0, RowSpan: 1, ColSpan: 1, Text: "speed"}, {Row: 0, Col: 1, RowSpan: 1, ColSpan: 1, Text: "2,200"}}}}}}}
		for _, ix := range []*Index{x, b} {
			if _, err := ix.Put(t.Context(), d); err != nil {
				t.Fatal(err)
			}
			if err := ix.Flush(t.Context()); err != nil {
				t.Fatal(err)
			}
		}
		read := func(ix *Index) []any {
			var out []any
			for p := range 4 {
				text, ok, err := ix.Page(t.Context(), "manual.pdf", p)
				g, gerr := ix.Tables(t.Context(), "manual.pdf", p)
				out = append(out, text, ok, err, g, gerr)
			}
			for _, r := range []struct {
				doc      string
				from, to int
			}{{"manual.pdf", 1, 10}, {"manual.pdf", 2, 3}, {"manual.pdf", 3, 3}, {"manual.pdf", 4, 9}, {"manual.pdf", 0, 2}, {"manual.pdf", 2, 1}, {"none.pdf", 1, 5}} {
				texts, err := ix.Pages(t.Context(), r.doc, r.from, r.to)
				out = append(out, texts, err)
			}
			parts, from, ok, err := ix.Outline(t.Context(), "manual.pdf")
			hits, serr := ix.MultiSearch(t.Context(), []string{"oil temperature", "propeller speed"}, MultiOptions{})
			var pages []int
			for _, h := range hits {
				pages = append(pages, h.Page)
			}
			running, rerr := ix.Running(t.Context(), "manual.pdf")
			return append(out, parts, from, ok, err, pages, serr, running, rerr)
		}
		if got, err := b.Running(t.Context(), "manual.pdf"); err != nil || !cmp.Equal(got, d.Running) {
			t.Errorf("bleve index: Running = %q, %v; want %q", got, err, d.Running)
		}
		if diff := cmp.Diff(read(b), read(x), cmpopts.IgnoreUnexported(table.Grid{})); diff != "" {
			t.Errorf("PostgreSQL reads otherwise than bleve (-bleve +postgres):\n%s", diff)
		}
	})
}
