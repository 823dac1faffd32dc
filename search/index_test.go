package search

import (
	"testing"

	"docqa/ingest"
)

func TestPutSearch(t *testing.T) {
	dir := t.TempDir()
	x, err := Open(t.Context(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	doc := &ingest.Document{Name: "a.pdf", Pages: []ingest.Page{{Number: 1, Text: "The oil temperature limit is 110 degrees."}, {Number: 2, Text: "Propeller speed must not exceed 2,200 rpm."}}}
	if _, err := x.Put(t.Context(), doc); err != nil {
		t.Fatal(err)
	}
	c, _ := x.bleve.DocCount()
	t.Logf("count %d", c)
	hits, err := x.Search(t.Context(), "oil temperature", 5, Filter{})
	t.Logf("%+v %v", hits, err)
}
