package search

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"docqa/ingest"
)

// pageStore keeps the full text of every page outside bleve, one JSON file
// per document under DIR/pages. Pages are read by number, never searched,
// so analysing them in bleve only doubled the cost of indexing.
type pageStore struct {
	dir string

	mu   sync.Mutex
	last string   // name of the document in pages
	text []string // its pages, the last one read
}

// pageFile is the stored form of one document's pages.
type pageFile struct {
	Doc   string   `json:"doc"`
	Pages []string `json:"pages"` // index 0 is page 1
}

// path names a document's file by a hash of its name: names may hold any
// character, file names may not.
func (s *pageStore) path(doc string) string {
	sum := sha256.Sum256([]byte(doc))
	return filepath.Join(s.dir, hex.EncodeToString(sum[:12])+".json")
}

// put writes doc's pages atomically, replacing what was stored.
func (s *pageStore) put(doc *ingest.Document) error {
	f := pageFile{Doc: doc.Name}
	for _, p := range doc.Pages {
		for len(f.Pages) < p.Number {
			f.Pages = append(f.Pages, "")
		}
		f.Pages[p.Number-1] = p.Text
	}
	data, err := json.Marshal(f)
	if err != nil {
		return fmt.Errorf("store pages of %s: %w", doc.Name, err)
	}
	if err := os.MkdirAll(s.dir, 0o755); err != nil {
		return fmt.Errorf("store pages of %s: %w", doc.Name, err)
	}
	s.forget(doc.Name)
	return ingest.WriteFileAtomic(s.path(doc.Name), data)
}

// remove deletes doc's pages; a document with none is not an error.
func (s *pageStore) remove(doc string) error {
	s.forget(doc)
	if err := os.Remove(s.path(doc)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("remove pages of %s: %w", doc, err)
	}
	return nil
}

func (s *pageStore) forget(doc string) {
	s.mu.Lock()
	if s.last == doc {
		s.last, s.text = "", nil
	}
	s.mu.Unlock()
}

// page returns the text of page n (1-based) of doc and whether it exists.
// The last document read stays in memory: answers read several pages of
// one document in a row.
func (s *pageStore) page(doc string, n int) (string, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.last != doc || s.text == nil {
		data, err := os.ReadFile(s.path(doc))
		if errors.Is(err, fs.ErrNotExist) {
			return "", false, nil
		}
		if err != nil {
			return "", false, fmt.Errorf("read pages of %s: %w", doc, err)
		}
		var f pageFile
		if err := json.Unmarshal(data, &f); err != nil {
			return "", false, fmt.Errorf("read pages of %s: %w", doc, err)
		}
		if f.Doc != doc { // a hash collision, or a file from elsewhere
			return "", false, nil
		}
		s.last, s.text = doc, f.Pages
	}
	if n < 1 || n > len(s.text) {
		return "", false, nil
	}
	return s.text[n-1], true, nil
}
