package search

import (
	"testing"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/search/query"
)

// docqa builds bleve with a vellum whose Levenshtein tables are built on
// first use (third_party/README.md): a fuzzy query on a scorch index,
// the only user of them, still finds a word one and two edits away, and
// no word three away.
func TestFuzzyQueryLazyTables(t *testing.T) {
	ix, err := bleve.NewUsing(t.TempDir(), bleve.NewIndexMapping(), scorch.Name, scorch.Name, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	if err := ix.Index("p1", map[string]string{"text": "the hydraulic reservoir"}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		term      string
		fuzziness int
		want      uint64
	}{{"hydraulik", 1, 1}, {"hydralik", 2, 1}, {"reservior", 2, 1}, {"hidralik", 2, 0}} {
		q := query.NewFuzzyQuery(tc.term)
		q.SetField("text")
		q.SetFuzziness(tc.fuzziness)
		res, err := ix.Search(bleve.NewSearchRequest(q))
		if err != nil {
			t.Fatalf("%s~%d: %v", tc.term, tc.fuzziness, err)
		}
		if res.Total != tc.want {
			t.Errorf("%s~%d: %d hits, want %d", tc.term, tc.fuzziness, res.Total, tc.want)
		}
	}
}
