// Package search keeps docqa's bleve index of passages and pages and
// answers queries over it.
//
// [Open] opens (or creates) the index in a folder, under a process lock;
// [Index.Put] and [Index.Delete] make it an [ingest.Sink]; [Index.Search]
// runs a BM25 query over passages; [Index.Page] returns the full text of a
// page for context expansion, from a page store beside the bleve index.
package search

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/keyword"
	"github.com/blevesearch/bleve/v2/document"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"

	"docqa/ingest"
	"docqa/internal/textmemo"
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
	// Params are the ranking parameters of searches; nil means
	// [DefaultParams].
	Params *Params
}

// Index is docqa's index of passages (searchable) and whole pages (for
// retrieval), kept in a [store]: by default an on-disk bleve index with a
// store of pages beside it, in one folder ([bleveStore]). It is safe for
// concurrent use by one process; other processes are kept out by a file
// lock while it is open.
type Index struct {
	st       store
	dir      string // where the index's files are: a snapshot's folder for a reader
	params   Params
	analyzer analysis.Analyzer // docqa's, as the store analyses passages
	// rebuilt tells that Open discarded an index of an older format.
	rebuilt bool

	cmemo textmemo.Memo[termCounts]   // analysed passages (rm3.go)
	wmemo textmemo.Memo[passageWords] // words of passages (rescore.go)
}

// bleveStore is an index in a folder: bleve's index of passages, a store
// of whole pages beside it, the token counts BM25 needs (stats.go), under
// the folder's lock.
type bleveStore struct {
	dir       string // where the index's files are: a snapshot's folder for a reader
	root      string // the index folder Open was given
	bleve     bleve.Index
	headBoost float64 // Params.HeadBoost
	// shortlists finds the best passages by a shortlist first
	// (shortlist.go); off only to compare
	shortlists bool
	// docPostings are the passages of the documents searched within,
	// read from docsOf ([bleveStore.passagesOf])
	docsMu      sync.Mutex
	docsOf      index.IndexReader
	docPostings map[string][]docPosting
	pages       *pageStore
	lock        *os.File
	opt         Options
	// async is the first error scorch failed to write with in the
	// background (compact.go); background counts the goroutines
	// that wait on scorch, which end when it closes
	async      *asyncErr
	background sync.WaitGroup

	mu     sync.Mutex
	batch  *bleve.Batch            // staged by Put, written by Flush
	stats  map[string]docStats     // token counts of what is in bleve (stats.go)
	staged map[string]*stagedStats // token counts of what batch puts
}

// passageDoc is what bleve stores. Every document in the index has the
// same fields: scorch was seen to drop the fields of one kind of document
// when it merged segments holding kinds with different field sets.
type passageDoc struct {
	Doc  string `json:"doc"`
	Page int    `json:"page"`
	Seq  int    `json:"seq"`
	Text string `json:"text"`
	// Head is the head of the passage's page (pageHead): its title and
	// column headers, searched beside the text.
	Head string `json:"head"`
}

// format is the layout version written to DIR/format. Version 1 (no
// file) kept pages in bleve; version 2 analysed text with bleve's plain
// English analyzer; version 3 stored pages as JSON; version 4 folded text
// without joining "R&D"; version 5 split a code that starts with one
// letter ("H100" as "100"); version 7 keeps each document's tables;
// version 8 keeps each document's outline; version 9 finds tables of
// words (a page with a table's caption, rows that end in a description)
// and carries a table's header over a page's turn into the next page's
// head, keeps a symbol font's bullet as "•" and reads numbered headings
// in sentence case; version 10 keeps the document of each passage as a
// doc value (the documents a name is in, read per question, without
// reading every passage's document), and a document's tables by page. An
// index in an older one is rebuilt on the next ingest.
const format = "10"

// ErrOldFormat means the index was built by an older docqa and must be
// rebuilt by an ingest.
var ErrOldFormat = errors.New("index was built by an older docqa")

func newMapping() mapping.IndexMapping {
	m := bleve.NewIndexMapping()
	m.ScoringModel = "bm25"
	m.DefaultAnalyzer = analyzerName

	kw := bleve.NewTextFieldMapping()
	kw.Analyzer = keyword.Name
	kw.IncludeTermVectors = false
	kw.IncludeInAll = false
	// the documents a term is in ([Index.docsWith]) are a facet on
	// "doc": with its doc values kept, bleve reads the matching
	// passages' only; without, it reads every passage's document, per
	// question (a fifth of a question's CPU at 26k pages)
	kw.DocValues = true
	num := bleve.NewNumericFieldMapping()
	num.IncludeInAll = false
	num.DocValues = false
	seq := bleve.NewNumericFieldMapping() // read back, never queried
	seq.IncludeInAll = false
	seq.DocValues = false
	seq.Index = false

	text := bleve.NewTextFieldMapping()
	text.Analyzer = analyzerName
	text.IncludeTermVectors = false
	text.IncludeInAll = false
	text.DocValues = false // nothing sorts or facets on text

	doc := bleve.NewDocumentMapping()
	doc.AddFieldMappingsAt("doc", kw)
	doc.AddFieldMappingsAt("page", num)
	doc.AddFieldMappingsAt("seq", seq)
	doc.AddFieldMappingsAt("text", text)
	doc.AddFieldMappingsAt("head", text)
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
	params := DefaultParams()
	if opt.Params != nil {
		params = *opt.Params
	}
	if IsURL(dir) {
		return openPG(ctx, dir, opt, params)
	}
	if opt.LockWait <= 0 {
		opt.LockWait = 2 * time.Second
	}
	root := dir
	var lock *os.File
	if opt.ReadOnly {
		snap, l, err := openSnapshot(ctx, dir)
		switch {
		case err == nil:
			dir, lock = snap, l
		case !errors.Is(err, errNoSnapshot):
			return nil, err
		}
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("create index folder: %w", err)
	}
	path := filepath.Join(dir, "bleve")
	if opt.ReadOnly && lock == nil {
		// an index without snapshots: read under the folder's lock
		if _, err := os.Stat(filepath.Join(path, "index_meta.json")); errors.Is(err, fs.ErrNotExist) {
			return nil, ErrNoIndex
		}
	}
	if lock == nil {
		l, err := lockFile(ctx, dir, !opt.ReadOnly, opt.LockWait)
		if err != nil {
			return nil, err
		}
		lock = l
	}
	current, rebuilt, err := checkFormat(dir, opt.ReadOnly)
	if err != nil {
		lock.Close()
		return nil, err
	}
	if !opt.ReadOnly && current && !published(dir) {
		// an index from before snapshots gets its first one now, so its
		// readers need not wait for this writer
		if err := publish(dir); err != nil {
			lock.Close()
			return nil, err
		}
	}
	var b bleve.Index
	async := newAsyncErr()
	config := map[string]interface{}{"read_only": opt.ReadOnly}
	if !opt.ReadOnly {
		asyncErrs.Store(storePath(path), async)
		config["asyncErrorCallbackName"] = asyncErrorCallback
	}
	if _, serr := os.Stat(filepath.Join(path, "index_meta.json")); serr == nil {
		b, err = bleve.OpenUsing(path, config)
	} else {
		os.RemoveAll(path) // a half-created index from a killed first run
		b, err = bleve.NewUsing(path, newMapping(), scorch.Name, bleve.Config.DefaultKVStore, config)
	}
	if err != nil {
		asyncErrs.Delete(storePath(path))
		lock.Close()
		return nil, fmt.Errorf("open index %s: %w", path, err)
	}
	if !opt.ReadOnly && !current {
		if err := ingest.WriteFileAtomic(filepath.Join(dir, "format"), []byte(format+"\n")); err != nil {
			b.Close()
			lock.Close()
			return nil, err
		}
	}
	stats, err := readStats(dir)
	if err != nil {
		b.Close()
		lock.Close()
		return nil, err
	}
	st := &bleveStore{dir: dir, root: root, bleve: b, headBoost: params.HeadBoost, shortlists: true, pages: &pageStore{dir: filepath.Join(dir, "pages")}, lock: lock, opt: opt, stats: stats, staged: map[string]*stagedStats{}, async: async}
	return &Index{st: st, dir: dir, params: params, analyzer: b.Mapping().AnalyzerNamed(analyzerName), rebuilt: rebuilt}, nil
}

// checkFormat reports whether dir's format file names the current
// layout, and handles an index written in an older one: a writer starts
// it afresh (removing the manifest too, so every file is read again) and
// reports it rebuilt; a reader gets [ErrOldFormat].
func checkFormat(dir string, readOnly bool) (current, rebuilt bool, err error) {
	data, err := os.ReadFile(filepath.Join(dir, "format"))
	if err == nil && strings.TrimSpace(string(data)) == format {
		return true, false, nil
	}
	if _, serr := os.Stat(filepath.Join(dir, "bleve")); errors.Is(serr, fs.ErrNotExist) {
		return false, false, nil // nothing built yet
	}
	if readOnly {
		return false, false, ErrOldFormat
	}
	for _, p := range []string{"bleve", "pages", statsFile, ingest.ManifestFile} {
		if err := os.RemoveAll(filepath.Join(dir, p)); err != nil {
			return false, false, fmt.Errorf("rebuild index %s: %w", dir, err)
		}
	}
	return false, true, nil
}

// Rebuilt reports whether [Open] found an index of an older format and
// started it afresh: the next ingest reads every document again.
func (x *Index) Rebuilt() bool { return x.rebuilt }

// Dir returns the index folder.
func (x *Index) Dir() string { return x.dir }

// close closes the index and releases the lock. Anything staged and not
// flushed is dropped. A writer publishes what it wrote to the readers
// that open the index next (snapshot.go).
func (b *bleveStore) close() error {
	err := b.bleve.Close()
	b.background.Wait() // a compaction's merge ends when scorch closes
	asyncErrs.Delete(storePath(filepath.Join(b.dir, "bleve")))
	if err == nil && !b.opt.ReadOnly {
		err = publish(b.dir)
	}
	b.lock.Close()
	return err
}

// Ids put the numbers first and the document name last, so they are
// unambiguous whatever the name holds, and use no control characters.
func passageID(doc string, page, seq int) string {
	return "s:" + strconv.Itoa(page) + ":" + strconv.Itoa(seq) + ":" + doc
}

// put stages every passage of doc in place of those stored under doc.Name
// and returns the number of passages; they become searchable at the next
// [Index.Flush]. The pages are written at once: a passage never points at
// a missing page.
func (b *bleveStore) put(ctx context.Context, doc *ingest.Document) (int, error) {
	if err := b.pages.put(doc); err != nil {
		return 0, err
	}
	old, err := b.docIDs(ctx, doc.Name)
	if err != nil {
		return 0, err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.batch == nil {
		b.batch = b.bleve.NewBatch()
	}
	for _, id := range old {
		b.batch.Delete(id)
	}
	st := &stagedStats{}
	a := b.bleve.Mapping().AnalyzerNamed(analyzerName)
	heads := searchHeads(doc)
	for i, p := range doc.Pages {
		head := heads[i]
		headTokens := a.Analyze([]byte(head))
		for seq, text := range ingest.Passages(p.Text, b.opt.Passages) {
			d, err := b.counted(passageID(doc.Name, p.Number, seq), passageDoc{Doc: doc.Name, Page: p.Number, Seq: seq, Text: text, Head: head}, a, headTokens, st)
			if err == nil {
				err = b.batch.IndexAdvanced(d)
			}
			if err != nil {
				b.batch, b.staged = nil, map[string]*stagedStats{}
				return 0, fmt.Errorf("index %s: %w", doc.Name, err)
			}
			st.passages++
			st.headTokens += len(headTokens)
		}
		if b.batch.Size() >= maxBatch {
			// a long document is written a batch at a time: bleve holds a
			// batch's analysis whole until its segment is built
			b.staged[doc.Name] = st
			if err := b.flushLocked(ctx); err != nil {
				return 0, err
			}
			b.batch = b.bleve.NewBatch()
		}
	}
	b.staged[doc.Name] = st
	return st.passages, nil
}

// maxBatch is the most passages Put stages before it writes them, within
// one document, as ingest flushes between documents every 2,000
// (ingest.flushStaged, whose evidence is there): bleve holds a batch's
// analysis whole until its segment is built. A 0.79 MB PDF of 5,000 full
// pages (20,000 passages) peaked at 890 MB as one batch, 322 MB in
// batches of 4,000; the generated 5,000-page manual of
// scripts/ingest-memory.sh 607 MB -> 322 MB.
const maxBatch = 2000

// counted maps a passage as the index mapping does, with analyzers of
// its own: its text is analysed by a, counting the tokens into st as
// bleve analyses it in Flush (BM25's true token totals without
// analysing each text a second time: that took 0.98 s of the 6.2 s of
// CPU docqa spent indexing the FinanceBench dev filings), and its head
// gets the tokens of its page's head, analysed once for all of the
// page's passages.
func (b *bleveStore) counted(id string, p passageDoc, a analysis.Analyzer, head analysis.TokenStream, st *stagedStats) (*document.Document, error) {
	d := document.NewDocument(id)
	if err := b.bleve.Mapping().MapDocument(d, p); err != nil {
		return nil, err
	}
	for i, f := range d.Fields {
		var an analysis.Analyzer
		switch f.Name() {
		case "text":
			an = countingAnalyzer{a, &st.tokens}
		case "head":
			an = analyzedTokens(head)
		default:
			continue
		}
		d.Fields[i] = document.NewTextFieldCustom(f.Name(), f.ArrayPositions(), f.Value(), f.Options(), an)
	}
	return d, nil
}

// stagedStats are the counts of a document that Put staged: its
// passages and their heads' tokens, and the tokens of their text, which
// the text's analyzer counts when bleve analyses it (on several
// goroutines).
type stagedStats struct {
	passages, headTokens int
	tokens               atomic.Int64
}

// analyzedTokens is an analyzer that gives tokens analysed before; bleve
// only reads them.
type analyzedTokens analysis.TokenStream

func (t analyzedTokens) Analyze([]byte) analysis.TokenStream { return analysis.TokenStream(t) }

// countingAnalyzer analyses as a does and adds the tokens it makes to n.
type countingAnalyzer struct {
	a analysis.Analyzer
	n *atomic.Int64
}

func (c countingAnalyzer) Analyze(b []byte) analysis.TokenStream {
	ts := c.a.Analyze(b)
	c.n.Add(int64(len(ts)))
	return ts
}

// pending returns the number of passages and deletions waiting for
// [Index.Flush].
func (b *bleveStore) pending() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.batch == nil {
		return 0
	}
	return b.batch.Size()
}

// flush commits what [Index.Put] staged, in one batch: each batch becomes
// a segment that scorch later merges, so fewer, larger batches index
// faster than one per document.
func (b *bleveStore) flush(ctx context.Context) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.flushLocked(ctx)
}

// flushLocked is Flush with x.mu held.
func (b *bleveStore) flushLocked(ctx context.Context) error {
	if b.batch == nil || b.batch.Size() == 0 {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := b.async.get(); err != nil {
		return fmt.Errorf("write index: %w", err)
	}
	batch, staged := b.batch, b.staged
	b.batch, b.staged = nil, map[string]*stagedStats{}
	if err := b.bleve.Batch(batch); err != nil {
		return fmt.Errorf("write index: %w", fsError(err))
	}
	for name, st := range staged {
		b.stats[name] = docStats{Passages: st.passages, Tokens: int(st.tokens.Load()), HeadTokens: st.headTokens}
	}
	return writeStats(b.dir, b.stats)
}

// remove removes every passage and page of the named document, after
// committing anything staged.
func (b *bleveStore) remove(ctx context.Context, name string) error {
	if err := b.flush(ctx); err != nil {
		return err
	}
	ids, err := b.docIDs(ctx, name)
	if err != nil {
		return err
	}
	if len(ids) > 0 {
		batch := b.bleve.NewBatch()
		for _, id := range ids {
			batch.Delete(id)
		}
		if err := b.bleve.Batch(batch); err != nil {
			return fmt.Errorf("remove %s: %w", name, err)
		}
	}
	b.mu.Lock()
	delete(b.stats, name)
	err = writeStats(b.dir, b.stats)
	b.mu.Unlock()
	if err != nil {
		return err
	}
	return b.pages.remove(name)
}

// docIDs lists the ids of everything stored for a document.
func (b *bleveStore) docIDs(ctx context.Context, name string) ([]string, error) {
	q := query.NewTermQuery(name)
	q.SetField("doc")
	var ids []string
	const size = 5000
	for from := 0; ; from += size {
		req := bleve.NewSearchRequestOptions(q, size, from, false)
		req.SortBy([]string{"_id"})
		res, err := b.bleve.SearchInContext(ctx, req)
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
