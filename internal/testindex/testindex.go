// Package testindex builds real on-disk (scorch, BM25) indexes for other
// packages' tests: bleve's in-memory index ignores BM25.
package testindex

import (
	"context"
	"path/filepath"
	"testing"

	"docqa/ingest"
	"docqa/search"
)

// Glyphs opens the pure-Go text engine: quick to start, enough for the
// generated sample PDFs.
func Glyphs(context.Context) (ingest.Extractor, error) { return ingest.Glyphs{}, nil }

// Build ingests paths into a new index in dir, extracting with open.
// The caller closes the index.
func Build(ctx context.Context, dir string, paths []string, open func(context.Context) (ingest.Extractor, error)) (*search.Index, error) {
	idx, err := search.Open(ctx, dir, search.Options{})
	if err != nil {
		return nil, err
	}
	if _, err := ingest.Run(ctx, dir, paths, idx, ingest.Options{Open: open}); err != nil {
		idx.Close()
		return nil, err
	}
	return idx, nil
}

// Samples indexes the generated sample PDFs (testdata/pdfs, seen from a
// package folder) in a temporary folder that lives as long as the test.
func Samples(t testing.TB) *search.Index {
	t.Helper()
	idx, err := Build(context.Background(), t.TempDir(), []string{filepath.Join("..", "testdata", "pdfs")}, Glyphs)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { idx.Close() })
	return idx
}
