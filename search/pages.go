package search

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"docqa/ingest"
	"docqa/internal/doc"
	"docqa/internal/table"
)

// pageStore keeps the full text of every page outside bleve, one file per
// document under DIR/pages. Pages are read by number, never searched, so
// analysing them in bleve only doubled the cost of indexing.
//
// A document's tables are a second file beside its pages, NAME.tables:
// a header line, JSON {"doc": NAME, "pages": [...], "ends": [...]}, then
// the tables of each page that has some, a JSON array a page; a page's
// tables are decoded when asked for, not the document's every table
// (at 26k pages, decoding whole files was a tenth of a question's CPU).
//
// A file is a header line, JSON {"doc": NAME, "ends": [...]}, then the
// pages' text one after another; ends[i] is where page i+1 ends in that
// text. A page is read with one ReadAt, not by decoding the document's
// every page: an answer over many documents reads a few pages of each.
type pageStore struct {
	dir string

	mu    sync.Mutex
	heads map[string]*pageHeader   // headers read so far, by document
	tabs  map[string]*storedTables // tables files read so far, by document
}

// pageHeader is the header line of a document's file.
type pageHeader struct {
	Doc  string `json:"doc"`
	Ends []int  `json:"ends"`
	// Outline is the document's outline and OutlineFrom what it was
	// read from ([ingest.Document.Outline]).
	Outline     []doc.Part `json:"outline,omitempty"`
	OutlineFrom string     `json:"outline_from,omitempty"`
	// Running are the keys of the document's running heads and feet
	// ([ingest.Document.Running]).
	Running []string `json:"running,omitempty"`
	body    int64    // where the text starts in the file
}

// path names a document's file by a hash of its name: names may hold any
// character, file names may not.
func (s *pageStore) path(doc string) string {
	sum := sha256.Sum256([]byte(doc))
	return filepath.Join(s.dir, hex.EncodeToString(sum[:12])+".pages")
}

// put writes doc's pages atomically, replacing what was stored.
func (s *pageStore) put(doc *ingest.Document) error {
	pages := pageTexts(doc)
	h := pageHeader{Doc: doc.Name, Ends: make([]int, len(pages)), Outline: doc.Outline, OutlineFrom: doc.OutlineFrom, Running: doc.Running}
	end := 0
	for i, p := range pages {
		end += len(p)
		h.Ends[i] = end
	}
	head, err := json.Marshal(h)
	if err != nil {
		return fmt.Errorf("store pages of %s: %w", doc.Name, err)
	}
	var b bytes.Buffer
	b.Grow(len(head) + 1 + end)
	b.Write(head)
	b.WriteByte('\n')
	for _, p := range pages {
		b.WriteString(p)
	}
	if err := os.MkdirAll(s.dir, 0o755); err != nil {
		return fmt.Errorf("store pages of %s: %w", doc.Name, err)
	}
	s.forget(doc.Name)
	if err := s.putTables(doc); err != nil {
		return err
	}
	return ingest.WriteFileAtomic(s.path(doc.Name), b.Bytes())
}

// pageTexts returns the text of each page of doc, in order, "" for a
// page it lacks: what a store keeps to read pages by number.
func pageTexts(doc *ingest.Document) []string {
	var pages []string
	for _, p := range doc.Pages {
		for len(pages) < p.Number {
			pages = append(pages, "")
		}
		pages[p.Number-1] = p.Text
	}
	return pages
}

// remove deletes doc's pages; a document with none is not an error.
func (s *pageStore) remove(doc string) error {
	s.forget(doc)
	if err := s.removeTables(doc); err != nil {
		return err
	}
	if err := os.Remove(s.path(doc)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("remove pages of %s: %w", doc, err)
	}
	return nil
}

func (s *pageStore) forget(doc string) {
	s.mu.Lock()
	delete(s.heads, doc)
	delete(s.tabs, doc)
	s.mu.Unlock()
}

// header returns the header of doc's file f, read once and kept.
func (s *pageStore) header(doc string, f *os.File) (*pageHeader, error) {
	s.mu.Lock()
	h := s.heads[doc]
	s.mu.Unlock()
	if h != nil {
		return h, nil
	}
	line, err := bufio.NewReader(f).ReadBytes('\n')
	if err != nil {
		return nil, err
	}
	h = &pageHeader{}
	if err := json.Unmarshal(line, h); err != nil {
		return nil, err
	}
	h.body = int64(len(line))
	s.mu.Lock()
	if s.heads == nil {
		s.heads = map[string]*pageHeader{}
	}
	s.heads[doc] = h
	s.mu.Unlock()
	return h, nil
}

// outline returns name's outline and what it was read from; ok is false
// when the index holds no such document.
func (s *pageStore) outline(name string) (parts []doc.Part, from string, ok bool, err error) {
	h, err := s.headerOf(name)
	if err != nil || h == nil {
		return nil, "", false, err
	}
	return h.Outline, h.OutlineFrom, true, nil
}

// running returns the keys of name's running heads and feet; none when
// the index holds no such document or ingest kept none.
func (s *pageStore) running(name string) ([]string, error) {
	h, err := s.headerOf(name)
	if err != nil || h == nil {
		return nil, err
	}
	return h.Running, nil
}

// headerOf returns name's header, nil when the index holds no such
// document.
func (s *pageStore) headerOf(name string) (*pageHeader, error) {
	s.mu.Lock()
	h := s.heads[name]
	s.mu.Unlock()
	if h == nil { // else read before: every context page asks for its document's
		f, err := os.Open(s.path(name))
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		if err != nil {
			return nil, fmt.Errorf("read outline of %s: %w", name, err)
		}
		defer f.Close()
		if h, err = s.header(name, f); err != nil {
			return nil, fmt.Errorf("read outline of %s: %w", name, err)
		}
	}
	if h.Doc != name {
		return nil, nil // a hash collision
	}
	return h, nil
}

// page returns the text of page n (1-based) of doc and whether it exists.
func (s *pageStore) page(doc string, n int) (string, bool, error) {
	texts, err := s.pages(doc, n, n)
	if err != nil || len(texts) == 0 {
		return "", false, err
	}
	return texts[0], true, nil
}

// pages returns the texts of pages from to to (1-based, inclusive) of
// doc, fewer past its end, none when it has no page from: read with one
// ReadAt, where a page at a time opened and read the file once a page (a
// 160-page filing read whole in 2.0-2.5 ms that way).
func (s *pageStore) pages(doc string, from, to int) ([]string, error) {
	f, err := os.Open(s.path(doc))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read pages of %s: %w", doc, err)
	}
	defer f.Close()
	h, err := s.header(doc, f)
	if err != nil {
		return nil, fmt.Errorf("read pages of %s: %w", doc, err)
	}
	if h.Doc != doc || from < 1 || from > len(h.Ends) || to < from { // a hash collision, or no such page
		return nil, nil
	}
	to = min(to, len(h.Ends))
	start := 0
	if from > 1 {
		start = h.Ends[from-2]
	}
	ends := h.Ends[from-1 : to]
	prev := start
	for i, end := range ends {
		if end < prev {
			return nil, fmt.Errorf("read pages of %s: page %d ends before it starts", doc, from+i)
		}
		prev = end
	}
	buf := make([]byte, prev-start)
	if _, err := f.ReadAt(buf, h.body+int64(start)); err != nil && !(errors.Is(err, io.EOF) && len(buf) == 0) {
		return nil, fmt.Errorf("read pages of %s: %w", doc, err)
	}
	all := string(buf)
	out := make([]string, len(ends))
	prev = start
	for i, end := range ends {
		out[i] = all[prev-start : end-start]
		prev = end
	}
	return out, nil
}

// tablesPath names the file of doc's tables beside its pages.
func (s *pageStore) tablesPath(doc string) string {
	return strings.TrimSuffix(s.path(doc), ".pages") + ".tables"
}

// storedTables is a document's tables file: the header, and what
// follows it.
type storedTables struct {
	Doc   string `json:"doc"`
	Pages []int  `json:"pages"` // the pages with tables, in order
	Ends  []int  `json:"ends"`  // where each page's tables end in body
	body  []byte
	mu    sync.Mutex
	grids map[int][]table.Grid // decoded so far
}

// putTables writes doc's tables atomically, replacing what was stored; a
// document without tables has no file. The caller ([pageStore.put]) has
// forgotten what was read of doc.
func (s *pageStore) putTables(doc *ingest.Document) error {
	if len(doc.Tables) == 0 {
		return s.removeTables(doc.Name)
	}
	h := storedTables{Doc: doc.Name}
	var body bytes.Buffer
	for _, pt := range doc.Tables {
		data, err := json.Marshal(pt.Grids)
		if err != nil {
			return fmt.Errorf("store tables of %s: %w", doc.Name, err)
		}
		body.Write(data)
		h.Pages = append(h.Pages, pt.Page)
		h.Ends = append(h.Ends, body.Len())
	}
	head, err := json.Marshal(&h)
	if err != nil {
		return fmt.Errorf("store tables of %s: %w", doc.Name, err)
	}
	return ingest.WriteFileAtomic(s.tablesPath(doc.Name), slices.Concat(head, []byte{'\n'}, body.Bytes()))
}

func (s *pageStore) removeTables(doc string) error {
	if err := os.Remove(s.tablesPath(doc)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("remove tables of %s: %w", doc, err)
	}
	return nil
}

// tables returns the tables found on page n of doc, its file read once
// and kept, the page's tables decoded once.
func (s *pageStore) tables(doc string, n int) ([]table.Grid, error) {
	s.mu.Lock()
	st, ok := s.tabs[doc]
	s.mu.Unlock()
	if !ok {
		data, err := os.ReadFile(s.tablesPath(doc))
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			return nil, fmt.Errorf("read tables of %s: %w", doc, err)
		default:
			head, body, _ := bytes.Cut(data, []byte{'\n'})
			st = &storedTables{}
			if err := json.Unmarshal(head, st); err != nil || len(st.Pages) != len(st.Ends) {
				return nil, fmt.Errorf("read tables of %s: bad header", doc)
			}
			if st.Doc != doc {
				st = nil // a hash collision
			} else {
				st.body = body
			}
		}
		s.mu.Lock()
		if s.tabs == nil {
			s.tabs = map[string]*storedTables{}
		}
		s.tabs[doc] = st
		s.mu.Unlock()
	}
	if st == nil {
		return nil, nil
	}
	return st.page(n)
}

// page decodes page n's tables, once.
func (st *storedTables) page(n int) ([]table.Grid, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if gs, ok := st.grids[n]; ok {
		return gs, nil
	}
	i, found := slices.BinarySearch(st.Pages, n)
	var gs []table.Grid
	if found {
		from := 0
		if i > 0 {
			from = st.Ends[i-1]
		}
		if from > st.Ends[i] || st.Ends[i] > len(st.body) {
			return nil, fmt.Errorf("read tables of %s: page %d out of its file", st.Doc, n)
		}
		if err := json.Unmarshal(st.body[from:st.Ends[i]], &gs); err != nil {
			return nil, fmt.Errorf("read tables of %s, page %d: %w", st.Doc, n, err)
		}
	}
	if st.grids == nil {
		st.grids = map[int][]table.Grid{}
	}
	st.grids[n] = gs
	return gs, nil
}
