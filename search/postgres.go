package search

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/blevesearch/bleve/v2/analysis"
	bsearch "github.com/blevesearch/bleve/v2/search"

	"docqa/ingest"
	"docqa/internal/doc"
	"docqa/search/pgstore"
)

// IsURL reports whether an index location names a PostgreSQL database
// (postgres:// or postgresql://) rather than a folder.
func IsURL(location string) bool {
	return strings.HasPrefix(location, "postgres://") || strings.HasPrefix(location, "postgresql://")
}

// pgStore is an index in a PostgreSQL database ([pgstore]), shared by a
// team: passages analysed here, as bleveStore's are, and stored with
// their terms' counts; a document is written whole in one transaction
// when flushed. Its candidates are the passages of the best textbook
// BM25 scores, the score bleveStore gives the passages bleve finds.
type pgStore struct {
	db        *pgstore.Store
	analyzer  analysis.Analyzer
	headBoost float64
	opt       Options

	mu      sync.Mutex
	staged  []pgstore.Document
	entries map[string]ingest.Entry // kept for the staged documents, by name
}

// openPG opens the index in the database url names.
func openPG(ctx context.Context, url string, opt Options, params Params) (*Index, error) {
	db, err := pgstore.Open(ctx, url, opt.ReadOnly)
	if err != nil {
		return nil, err
	}
	a := newMapping().AnalyzerNamed(analyzerName)
	st := &pgStore{db: db, analyzer: a, headBoost: params.HeadBoost, opt: opt}
	return &Index{st: st, params: params, analyzer: a}, nil
}

// put analyses doc's passages as bleveStore does (the text, and its
// page's head with a table's header carried over from the page before)
// and stages it.
func (s *pgStore) put(ctx context.Context, d *ingest.Document) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	// the manifest's entry, until ingest gives the document's (keepEntry)
	entry, err := json.Marshal(ingest.Entry{Name: d.Name, Pages: len(d.Pages)})
	if err != nil {
		return 0, err
	}
	head, err := json.Marshal(d.Structure)
	if err != nil {
		return 0, err
	}
	out := pgstore.Document{Name: d.Name, Entry: entry, Structure: head}
	for n, text := range pageTexts(d) {
		out.Pages = append(out.Pages, pgstore.Page{N: n + 1, Text: text})
	}
	for _, p := range d.Structure.Pages {
		if !p.Empty() && p.Number >= 1 && p.Number <= len(out.Pages) {
			if out.Pages[p.Number-1].Structure, err = json.Marshal(p); err != nil {
				return 0, err
			}
		}
	}
	heads := searchHeads(d)
	for i, p := range d.Pages {
		headTerms := termCount(s.analyzer.Analyze([]byte(heads[i])))
		for seq, text := range ingest.Passages(p.Text, s.opt.Passages) {
			out.Passages = append(out.Passages, pgstore.Passage{Page: p.Number, Seq: seq, Text: text, Terms: termCount(s.analyzer.Analyze([]byte(text))), Head: headTerms})
		}
	}
	s.mu.Lock()
	s.staged = append(s.staged, out)
	s.mu.Unlock()
	return len(out.Passages), nil
}

func termCount(ts analysis.TokenStream) map[string]int32 {
	m := map[string]int32{}
	for _, tok := range ts {
		m[string(tok.Term)]++
	}
	return m
}

func (s *pgStore) pending() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, d := range s.staged {
		n += len(d.Passages)
	}
	return n
}

// flush writes each staged document in its own transaction.
func (s *pgStore) flush(ctx context.Context) error {
	s.mu.Lock()
	docs := s.staged
	s.staged = nil
	for i, d := range docs {
		if e, ok := s.entries[d.Name]; ok {
			data, err := json.Marshal(e)
			if err != nil {
				s.mu.Unlock()
				return err
			}
			docs[i].Entry = data
		}
	}
	s.entries = nil
	s.mu.Unlock()
	for i, d := range docs {
		if err := s.db.Put(ctx, d); err != nil {
			s.mu.Lock()
			s.staged = append(docs[i:], s.staged...) // kept for the next flush
			s.mu.Unlock()
			return fmt.Errorf("write index: %w", err)
		}
	}
	return nil
}

func (s *pgStore) remove(ctx context.Context, name string) error {
	if err := s.flush(ctx); err != nil {
		return err
	}
	return s.db.Delete(ctx, name)
}

// compact has nothing to do: PostgreSQL keeps its own indexes.
func (s *pgStore) compact(context.Context) error { return nil }

// updating is false: a reader sees each document committed as it is.
func (s *pgStore) updating() bool { return false }

func (s *pgStore) close() error {
	s.db.Close()
	return nil
}

// candidates finds and scores the passages in the database
// ([pgstore.Store.Candidates]: found as bleve finds them, scored by
// textbook BM25), the question's analysed terms weighted as bleveStore's
// re-scoring weighs them.
func (s *pgStore) candidates(ctx context.Context, q searchQuery, k int, f Filter) ([]Hit, error) {
	terms, weights := queryTerms(s.analyzer, q)
	if len(terms) == 0 {
		return nil, nil
	}
	pq := pgstore.Query{Terms: terms, HeadBoost: s.headBoost, K1: bsearch.BM25_k1, B: bsearch.BM25_b, K: k, Docs: f.Docs}
	for _, t := range terms {
		pq.Weights = append(pq.Weights, weights[t])
	}
	for _, r := range f.Pages {
		pq.Pages = append(pq.Pages, [2]int{r.From, r.To})
	}
	found, err := s.db.Candidates(ctx, pq)
	if err != nil {
		return nil, err
	}
	hits := make([]Hit, len(found))
	for i, h := range found {
		hits[i] = Hit{ID: strconv.FormatInt(h.ID, 10), Doc: h.Doc, Page: h.Page, Seq: h.Seq, Text: h.Text, Score: h.Score}
	}
	return hits, nil
}

func (s *pgStore) docCount(ctx context.Context) (int, error) { return s.db.DocCount(ctx) }

func (s *pgStore) docsWith(ctx context.Context, term string) ([]string, error) {
	docs, err := s.db.DocsWith(ctx, term)
	slices.Sort(docs)
	return docs, err
}

func (s *pgStore) page(ctx context.Context, d string, n int) (string, bool, error) {
	return s.db.Page(ctx, d, n)
}

func (s *pgStore) pageRange(ctx context.Context, d string, from, to int) ([]string, error) {
	return s.db.Pages(ctx, d, from, to)
}

func (s *pgStore) structure(ctx context.Context, name string, from, to int) (doc.Structure, bool, error) {
	head, pages, ok, err := s.db.Structure(ctx, name, from, to)
	if err != nil || !ok {
		return doc.Structure{}, ok, err
	}
	var st doc.Structure
	if len(head) > 0 {
		if err := json.Unmarshal(head, &st); err != nil {
			return doc.Structure{}, false, fmt.Errorf("read structure of %s: %w", name, err)
		}
	}
	st.Lists = listsIn(st.Lists, from, to)
	for _, stored := range pages {
		var p doc.Page
		if len(stored.Structure) > 0 {
			if err := json.Unmarshal(stored.Structure, &p); err != nil {
				return doc.Structure{}, false, fmt.Errorf("read structure of %s, page %d: %w", name, stored.N, err)
			}
		}
		p.Number = stored.N
		st.Pages = append(st.Pages, p)
	}
	return st, true, nil
}

func (s *pgStore) keepEntry(e ingest.Entry) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.entries == nil {
		s.entries = map[string]ingest.Entry{}
	}
	s.entries[e.Name] = e
}

// loadManifest reads the documents' entries and the failed files.
func (s *pgStore) loadManifest(ctx context.Context) (*ingest.Manifest, error) {
	m := &ingest.Manifest{Version: 1, Docs: map[string]ingest.Entry{}, Failed: map[string]ingest.FailedEntry{}}
	docs, err := s.db.Docs(ctx)
	if err != nil {
		return nil, err
	}
	if err := decodeEach(docs, m.Docs); err != nil {
		return nil, err
	}
	failed, err := s.db.Failed(ctx)
	if err != nil {
		return nil, err
	}
	if err := decodeEach(failed, m.Failed); err != nil {
		return nil, err
	}
	for name, e := range m.Docs {
		e.Name = name
		m.Docs[name] = e
	}
	return m, nil
}

// saveManifest saves the failed files: the documents' entries are
// written with the documents.
func (s *pgStore) saveManifest(ctx context.Context, m *ingest.Manifest) error {
	if s.db.ReadOnly() {
		return pgstore.ErrReadOnly
	}
	failed := map[string]json.RawMessage{}
	for path, f := range m.Failed {
		data, err := json.Marshal(f)
		if err != nil {
			return err
		}
		failed[path] = data
	}
	return s.db.SetFailed(ctx, failed)
}

// decodeEach decodes each JSON entry of raw into out under its key.
func decodeEach[T any](raw map[string]json.RawMessage, out map[string]T) error {
	for key, data := range raw {
		var v T
		if err := json.Unmarshal(data, &v); err != nil {
			return fmt.Errorf("read manifest entry of %s: %w", key, err)
		}
		out[key] = v
	}
	return nil
}
