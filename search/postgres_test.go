package search

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

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
		d := structured()
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
				out = append(out, text, ok, err)
			}
			for _, r := range []struct {
				doc      string
				from, to int
			}{{"manual.pdf", 1, 10}, {"manual.pdf", 2, 3}, {"manual.pdf", 3, 3}, {"manual.pdf", 4, 9}, {"manual.pdf", 0, 2}, {"manual.pdf", 2, 1}, {"none.pdf", 1, 5}} {
				texts, err := ix.Pages(t.Context(), r.doc, r.from, r.to)
				out = append(out, texts, err)
			}
			for _, r := range [][2]int{{0, 0}, {1, 3}, {2, 2}, {3, 9}} {
				st, ok, err := ix.Structure(t.Context(), "manual.pdf", r[0], r[1])
				out = append(out, st, ok, err)
			}
			st, ok, err := ix.Structure(t.Context(), "none.pdf", 1, 2)
			out = append(out, st, ok, err)
			hits, serr := ix.MultiSearch(t.Context(), []string{"oil temperature", "propeller speed"}, MultiOptions{})
			var pages []int
			for _, h := range hits {
				pages = append(pages, h.Page)
			}
			return append(out, pages, serr)
		}
		testStructure(t, b, d)
		if diff := cmp.Diff(read(b), read(x), cmpopts.IgnoreUnexported(table.Grid{})); diff != "" {
			t.Errorf("PostgreSQL reads otherwise than bleve (-bleve +postgres):\n%s", diff)
		}
	})
}
