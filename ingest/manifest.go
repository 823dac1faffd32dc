package ingest

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"time"
	"unicode/utf8"

	"docqa/internal/jsonfast"
)

// ManifestFile is the manifest's file name inside the index folder.
const ManifestFile = "manifest.json"

// Entry is what the manifest records of one indexed document.
type Entry struct {
	Name     string    `json:"name"`
	Path     string    `json:"path"`
	SHA256   string    `json:"sha256"`
	Size     int64     `json:"size"`
	Pages    int       `json:"pages"`
	Passages int       `json:"passages"`
	Engine   string    `json:"engine"`
	Warnings []string  `json:"warnings,omitempty"`
	Indexed  time.Time `json:"indexed"`
	// OCR lists the pages read by OCR; OCRPending counts those that
	// need it but were not read (Tesseract missing), so that the next
	// ingest with OCR reads the document again.
	OCR        []int `json:"ocr,omitempty"`
	OCRPending int   `json:"ocr_pending,omitempty"`
	// Extractor is the [ExtractorVersion] that read the document; 0 for
	// a docqa that recorded none.
	Extractor int `json:"extractor,omitempty"`
	// RawPath is the file's path as bytes, when they are not valid
	// UTF-8: Path, in JSON, has U+FFFD in place of the bad bytes.
	RawPath []byte `json:"raw_path,omitempty"`
	// Outline says what the document's outline was read from:
	// "bookmarks", "contents", "headings", or "" for none.
	Outline string `json:"outline,omitempty"`
	// Titles are the names the document goes by beside its file name
	// ([Document.Titles]).
	Titles []string `json:"titles,omitempty"`
}

// File is the path of the document's file.
func (e Entry) File() string { return rawOr(e.RawPath, e.Path) }

func rawOr(raw []byte, path string) string {
	if raw != nil {
		return string(raw)
	}
	return path
}

// rawPath is path as bytes when JSON cannot keep it as it is.
func rawPath(path string) []byte {
	if utf8.ValidString(path) {
		return nil
	}
	return []byte(path)
}

// ExtractorVersion numbers what docqa makes of a PDF's text: the
// engines, how they are combined, OCR and [Normalize]. A change to any
// of them that changes the text of some pages raises it, and the next
// ingest reads again every document an older version read. (A variable
// so that a test can raise it.)
var ExtractorVersion = 6 // 2: interleaved columns read column by column (columns.go); 3: pdftotext -raw first where installed; 4: a page no engine reads goes to OCR; 5: the document's running heads and feet and its titles kept with it; 6: each page's structure (blocks, marks, lists) kept with it (issue 53)

// OCRed reports whether page n of the document was read by OCR.
func (e Entry) OCRed(n int) bool { return slices.Contains(e.OCR, n) }

// Manifest lists the indexed documents by name. It is not safe for
// concurrent use; [Run] owns it while it runs.
type Manifest struct {
	Version int              `json:"version"`
	Docs    map[string]Entry `json:"docs"`
	// Failed records files that could not be read, by path, so an
	// unchanged failing file is not parsed again on every run.
	Failed map[string]FailedEntry `json:"failed,omitempty"`
}

// FailedEntry is a file that could not be indexed, at a given content hash.
type FailedEntry struct {
	SHA256 string `json:"sha256"`
	Reason string `json:"reason"`
	// RawPath is as in [Entry].
	RawPath []byte `json:"raw_path,omitempty"`
}

// LoadManifest reads dir's manifest; a missing file is an empty manifest.
func LoadManifest(dir string) (*Manifest, error) {
	m := &Manifest{Version: 1, Docs: map[string]Entry{}, Failed: map[string]FailedEntry{}}
	data, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	if errors.Is(err, fs.ErrNotExist) {
		return m, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read manifest: %w", err)
	}
	if err := jsonfast.Unmarshal(data, m); err != nil {
		return nil, fmt.Errorf("read manifest %s: %w", filepath.Join(dir, ManifestFile), err)
	}
	if m.Docs == nil {
		m.Docs = map[string]Entry{}
	}
	if m.Failed == nil {
		m.Failed = map[string]FailedEntry{}
	}
	return m, nil
}

// Save writes the manifest atomically: a temporary file, fsync, rename.
// A crash leaves either the old or the new manifest, never a torn one.
func (m *Manifest) Save(dir string) error {
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return fmt.Errorf("encode manifest: %w", err)
	}
	return WriteFileAtomic(filepath.Join(dir, ManifestFile), data)
}

// Sorted returns the entries ordered by name.
func (m *Manifest) Sorted() []Entry {
	out := make([]Entry, 0, len(m.Docs))
	for _, e := range m.Docs {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// WriteFileAtomic writes data to path through a temporary file in the same
// folder that is synced and renamed over path.
func WriteFileAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	if d, err := os.Open(filepath.Dir(path)); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}
