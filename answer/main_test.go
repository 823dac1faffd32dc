package answer

import (
	"context"
	"os"
	"testing"

	"docqa/ingest"
	"docqa/internal/testindex"
	"docqa/search"
)

var (
	tempDirs []string
	indexes  []*search.Index
)

// buildIndex ingests paths into a fresh on-disk (scorch, BM25) index in a
// temporary folder; TestMain closes and removes it when the tests end.
func buildIndex(paths []string, open func(context.Context) (ingest.Extractor, error)) (*search.Index, error) {
	dir, err := os.MkdirTemp("", "docqa-answer-test")
	if err != nil {
		return nil, err
	}
	tempDirs = append(tempDirs, dir)
	idx, err := testindex.Build(context.Background(), dir, paths, open)
	if err != nil {
		return nil, err
	}
	indexes = append(indexes, idx)
	return idx, nil
}

func TestMain(m *testing.M) {
	code := m.Run()
	for _, idx := range indexes {
		idx.Close()
	}
	for _, d := range tempDirs {
		os.RemoveAll(d)
	}
	os.Exit(code)
}
