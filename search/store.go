package search

import (
	"context"

	"docqa/ingest"
	"docqa/internal/doc"
)

// A store is where an [Index] keeps its passages, pages and the counts
// BM25 needs (issue 41's seam): [bleveStore], a folder on this machine,
// by default. The ranking (sub-questions fused, pages expanded, the
// re-scoring by word pairs and numbers, relevance feedback) is the
// Index's, over whatever store; a store finds candidates and reads what
// ingest stored.
type store interface {
	// candidates returns the best k passages q matches within f, scored
	// by textbook BM25 (bm25.go), best first, equal scores in a fixed
	// order.
	candidates(ctx context.Context, q searchQuery, k int, f Filter) ([]Hit, error)
	// docCount is how many documents the store holds passages of.
	docCount(ctx context.Context) (int, error)
	// docsWith returns the documents whose text holds the analysed term.
	docsWith(ctx context.Context, term string) ([]string, error)
	page(ctx context.Context, doc string, n int) (string, bool, error)
	// pageRange returns the texts of doc's pages from to to, as far as they
	// run on ([Index.Pages]).
	pageRange(ctx context.Context, doc string, from, to int) ([]string, error)
	// structure returns a document's structure with its pages from
	// to to ([Index.Structure]).
	structure(ctx context.Context, name string, from, to int) (doc.Structure, bool, error)

	// put stages a document in place of everything stored under its
	// name, and returns its passages; flush makes what is staged durable
	// and searchable, pending tells how much is staged.
	put(ctx context.Context, d *ingest.Document) (int, error)
	pending() int
	flush(ctx context.Context) error
	// remove removes a document, after flushing what is staged.
	remove(ctx context.Context, name string) error
	// compact rewrites the store into its fastest form for searching.
	compact(ctx context.Context) error
	// updating reports whether a writer is at work while a reader reads.
	updating() bool
	close() error
}

// Close closes the index and releases its lock. Anything staged and not
// flushed is dropped. A writer publishes what it wrote to the readers
// that open the index next (snapshot.go).
func (x *Index) Close() error { return x.st.close() }

// Put stages every passage of doc in place of those stored under doc.Name
// and returns the number of passages; they become searchable at the next
// [Index.Flush]. The pages are written at once: a passage never points at
// a missing page.
func (x *Index) Put(ctx context.Context, doc *ingest.Document) (int, error) {
	return x.st.put(ctx, doc)
}

// Staged returns the number of passages and deletions waiting for
// [Index.Flush].
func (x *Index) Staged() int { return x.st.pending() }

// Flush commits what [Index.Put] staged, in one batch.
func (x *Index) Flush(ctx context.Context) error { return x.st.flush(ctx) }

// Compact rewrites the index into its fastest form for searching: for
// bleve, its segments merged into one ([bleveStore.compact]).
func (x *Index) Compact(ctx context.Context) error { return x.st.compact(ctx) }

// Delete removes every passage and page of the named document, after
// committing anything staged.
func (x *Index) Delete(ctx context.Context, name string) error { return x.st.remove(ctx, name) }

// Updating reports whether a writer (an ingest, a remove) is at work on
// the index while this reader reads its last snapshot: what the writer
// adds is not seen until it ends. A writer's index is never updating.
func (x *Index) Updating() bool { return x.st.updating() }

// A manifestStore is a store that keeps ingest's manifest itself (the
// database's): a document's entry is written with the document.
type manifestStore interface {
	loadManifest(ctx context.Context) (*ingest.Manifest, error)
	saveManifest(ctx context.Context, m *ingest.Manifest) error
	keepEntry(e ingest.Entry)
}

// LoadManifest reads the index's manifest: the file of its folder, or
// the database's entries. It makes the Index an [ingest.ManifestKeeper].
func (x *Index) LoadManifest(ctx context.Context) (*ingest.Manifest, error) {
	if ms, ok := x.st.(manifestStore); ok {
		return ms.loadManifest(ctx)
	}
	return ingest.LoadManifest(x.dir)
}

// SaveManifest saves m where LoadManifest reads it: for a database, the
// files that failed (each document's entry is written with it).
func (x *Index) SaveManifest(ctx context.Context, m *ingest.Manifest) error {
	if ms, ok := x.st.(manifestStore); ok {
		return ms.saveManifest(ctx, m)
	}
	return m.Save(x.dir)
}

// KeepEntry gives the manifest's entry of a document Put staged, to be
// written with it where the store keeps the manifest.
func (x *Index) KeepEntry(e ingest.Entry) {
	if ms, ok := x.st.(manifestStore); ok {
		ms.keepEntry(e)
	}
}
