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
	"sync"

	"docqa/ingest"
)

// pageStore keeps the full text of every page outside bleve, one file per
// document under DIR/pages. Pages are read by number, never searched, so
// analysing them in bleve only doubled the cost of indexing.
//
// A document's structure ([doc.Structure]) is a second file beside its
// pages ([storedStructure]).
//
// A file is a header line, JSON {"doc": NAME, "ends": [...]}, then the
// pages' text one after another; ends[i] is where page i+1 ends in that
// text. A page is read with one ReadAt, not by decoding the document's
// every page: an answer over many documents reads a few pages of each.
type pageStore struct {
	dir string

	mu      sync.Mutex
	heads   map[string]*pageHeader      // headers read so far, by document
	structs map[string]*storedStructure // structure files read so far, by document
}

// pageHeader is the header line of a document's file.
type pageHeader struct {
	Doc  string `json:"doc"`
	Ends []int  `json:"ends"`
	body int64  // where the text starts in the file
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
	h := pageHeader{Doc: doc.Name, Ends: make([]int, len(pages))}
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
	if err := s.putStructure(doc); err != nil {
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
	if err := s.removeStructure(doc); err != nil {
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
	delete(s.structs, doc)
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
			return nil, fmt.Errorf("read pages of %s: %w", name, err)
		}
		defer f.Close()
		if h, err = s.header(name, f); err != nil {
			return nil, fmt.Errorf("read pages of %s: %w", name, err)
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
