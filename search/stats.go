package search

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	bsearch "github.com/blevesearch/bleve/v2/search"

	"docqa/ingest"
	"docqa/internal/jsonfast"
)

// bleve's BM25 takes a field's average length to be the size of its term
// dictionary over the number of passages (ceil(FieldCardinality /
// DocCount) in bleve's search/searcher/search_term.go): about 4 tokens
// where passages hold about 84, so its length normalisation is some 20
// times too strong. docqa counts the analysed tokens of every passage at
// ingest and hands bleve the true totals with each search, so BM25 runs
// with the textbook k1 = 1.2 and b = 0.75 (Robertson and Zaragoza, "The
// Probabilistic Relevance Framework: BM25 and Beyond", 2009), bleve's
// defaults.

// statsFile holds the token counts, beside the bleve index.
const statsFile = "stats.json"

// docStats is what one document adds to the passage field.
type docStats struct {
	Passages int `json:"passages"`
	Tokens   int `json:"tokens"`
	// HeadTokens counts the tokens of the head field, one page head a
	// passage.
	HeadTokens int `json:"head_tokens"`
}

// readStats reads the counts of the index in dir; an index without them
// (none written yet) has none.
func readStats(dir string) (map[string]docStats, error) {
	data, err := os.ReadFile(filepath.Join(dir, statsFile))
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]docStats{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read index statistics: %w", err)
	}
	var m map[string]docStats
	if err := jsonfast.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("read index statistics %s: %w", filepath.Join(dir, statsFile), err)
	}
	if m == nil {
		m = map[string]docStats{}
	}
	return m, nil
}

// writeStats writes the counts atomically.
func writeStats(dir string, m map[string]docStats) error {
	data, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return ingest.WriteFileAtomic(filepath.Join(dir, statsFile), data)
}

// bm25Stats returns the statistics a search hands bleve: the passages
// and the true total of the text field's tokens; nil when the counts are
// missing or do not cover the index, when bleve's own estimate is used.
func (b *bleveStore) bm25Stats() *bsearch.BM25Stats {
	b.mu.Lock()
	passages, tokens, head := 0, 0, 0
	for _, s := range b.stats {
		passages += s.Passages
		tokens += s.Tokens
		head += s.HeadTokens
	}
	b.mu.Unlock()
	n, err := b.bleve.DocCount()
	if err != nil || n == 0 || tokens == 0 || uint64(passages) != n {
		return nil
	}
	// The filter fields hold one value a passage; their clauses score
	// alike across the passages they let through.
	return &bsearch.BM25Stats{DocCount: float64(n), FieldCardinality: map[string]int{"text": tokens, "head": max(head, 1), "doc": int(n), "page": int(n)}}
}
