// Package search keeps docqa's bleve index of passages and pages and
// answers queries over it.
//
// [Open] opens (or creates) the index in a folder, under a process lock;
// [Index.Put] and [Index.Delete] make it an [ingest.Sink]; [Index.Search]
// runs a BM25 query over passages; [Index.Page] returns the full text of a
// page for context expansion.
package search

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/keyword"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/search/query"

	"docqa/ingest"
)

// ErrNoIndex means no index exists in the folder yet.
var ErrNoIndex = errors.New("no documents indexed yet")

// Options configures [Open].
type Options struct {
	// ReadOnly opens an existing index for queries under a shared lock.
	ReadOnly bool
	// LockWait is how long to wait for another process's lock; zero means
	// two seconds.
	LockWait time.Duration
	// Passages shapes the passages [Index.Put] cuts; zero means defaults.
	Passages ingest.PassageOptions
}

// Index is an on-disk bleve index of passages (searchable) and pages
// (stored for retrieval). It is safe for concurrent use by one process;
// other processes are kept out by a file lock while it is open.
type Index struct {
	dir   string
	bleve bleve.Index
	lock  *os.File
	opt   Options
}

// passageDoc is what bleve stores: a passage or a whole page, told apart
// by Type. Both kinds carry the same fields: scorch was seen to drop the
// fields of one kind when segments holding documents with different field
// sets were merged (passages lost their text), so the field set is uniform.
type passageDoc struct {
	Type string `json:"type"`
	Doc  string `json:"doc"`
	Page int    `json:"page"`
	Seq  int    `json:"seq"`
	Text string `json:"text"`
}

const (
	typePassage = "passage"
	typePage    = "page"
)

func newMapping() mapping.IndexMapping {
	m := bleve.NewIndexMapping()
	m.ScoringModel = "bm25"
	m.DefaultAnalyzer = en.AnalyzerName

	kw := bleve.NewTextFieldMapping()
	kw.Analyzer = keyword.Name
	kw.IncludeTermVectors = false
	kw.IncludeInAll = false
	num := bleve.NewNumericFieldMapping()
	num.IncludeInAll = false

	text := bleve.NewTextFieldMapping()
	text.Analyzer = en.AnalyzerName
	text.IncludeTermVectors = false
	text.IncludeInAll = false

	doc := bleve.NewDocumentMapping()
	doc.AddFieldMappingsAt("type", kw)
	doc.AddFieldMappingsAt("doc", kw)
	doc.AddFieldMappingsAt("page", num)
	doc.AddFieldMappingsAt("seq", num)
	doc.AddFieldMappingsAt("text", text)
	m.DefaultMapping = doc
	m.IndexDynamic = false
	m.StoreDynamic = false
	m.DocValuesDynamic = false
	return m
}

// Open opens the index in dir, creating it unless opt.ReadOnly is set. It
// fails with [ErrLocked] when another process holds the index and with
// [ErrNoIndex] when a read-only open finds none.
func Open(ctx context.Context, dir string, opt Options) (*Index, error) {
	if opt.LockWait <= 0 {
		opt.LockWait = 2 * time.Second
	}
	path := filepath.Join(dir, "bleve")
	if opt.ReadOnly {
		if _, err := os.Stat(filepath.Join(path, "index_meta.json")); errors.Is(err, fs.ErrNotExist) {
			return nil, ErrNoIndex
		}
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("create index folder: %w", err)
	}
	lock, err := lockFile(ctx, dir, !opt.ReadOnly, opt.LockWait)
	if err != nil {
		return nil, err
	}
	var b bleve.Index
	if _, serr := os.Stat(filepath.Join(path, "index_meta.json")); serr == nil {
		b, err = bleve.OpenUsing(path, map[string]interface{}{"read_only": opt.ReadOnly})
	} else {
		os.RemoveAll(path) // a half-created index from a killed first run
		b, err = bleve.New(path, newMapping())
	}
	if err != nil {
		lock.Close()
		return nil, fmt.Errorf("open index %s: %w", path, err)
	}
	return &Index{dir: dir, bleve: b, lock: lock, opt: opt}, nil
}

// Dir returns the index folder.
func (x *Index) Dir() string { return x.dir }

// Close closes the index and releases the lock.
func (x *Index) Close() error {
	err := x.bleve.Close()
	x.lock.Close()
	return err
}

// Ids put the numbers first and the document name last, so they are
// unambiguous whatever the name holds, and use no control characters.
func passageID(doc string, page, seq int) string {
	return "s:" + strconv.Itoa(page) + ":" + strconv.Itoa(seq) + ":" + doc
}

func pageID(doc string, page int) string {
	return "p:" + strconv.Itoa(page) + ":" + doc
}

// Put replaces every passage and page of doc.Name with those of doc, in one
// batch, and returns the number of passages.
func (x *Index) Put(ctx context.Context, doc *ingest.Document) (int, error) {
	old, err := x.docIDs(ctx, doc.Name)
	if err != nil {
		return 0, err
	}
	batch := x.bleve.NewBatch()
	for _, id := range old {
		batch.Delete(id)
	}
	n := 0
	for _, p := range doc.Pages {
		if err := batch.Index(pageID(doc.Name, p.Number), passageDoc{Type: typePage, Doc: doc.Name, Page: p.Number, Seq: -1, Text: p.Text}); err != nil {
			return 0, fmt.Errorf("index %s: %w", doc.Name, err)
		}
		for seq, text := range ingest.Passages(p.Text, x.opt.Passages) {
			if err := batch.Index(passageID(doc.Name, p.Number, seq), passageDoc{Type: typePassage, Doc: doc.Name, Page: p.Number, Seq: seq, Text: text}); err != nil {
				return 0, fmt.Errorf("index %s: %w", doc.Name, err)
			}
			n++
		}
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if err := x.bleve.Batch(batch); err != nil {
		return 0, fmt.Errorf("index %s: %w", doc.Name, err)
	}
	return n, nil
}

// Delete removes every passage and page of the named document.
func (x *Index) Delete(ctx context.Context, name string) error {
	ids, err := x.docIDs(ctx, name)
	if err != nil || len(ids) == 0 {
		return err
	}
	batch := x.bleve.NewBatch()
	for _, id := range ids {
		batch.Delete(id)
	}
	if err := x.bleve.Batch(batch); err != nil {
		return fmt.Errorf("remove %s: %w", name, err)
	}
	return nil
}

// docIDs lists the ids of everything stored for a document.
func (x *Index) docIDs(ctx context.Context, name string) ([]string, error) {
	q := query.NewTermQuery(name)
	q.SetField("doc")
	var ids []string
	const size = 5000
	for from := 0; ; from += size {
		req := bleve.NewSearchRequestOptions(q, size, from, false)
		req.SortBy([]string{"_id"})
		res, err := x.bleve.SearchInContext(ctx, req)
		if err != nil {
			return nil, fmt.Errorf("list %s: %w", name, err)
		}
		for _, h := range res.Hits {
			ids = append(ids, h.ID)
		}
		if len(res.Hits) < size {
			return ids, nil
		}
	}
}
