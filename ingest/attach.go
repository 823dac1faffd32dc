package ingest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"docqa/internal/doc"
)

// Errors of [LoadAttachment].
var (
	ErrAttachmentTooLarge = errors.New("attachment too large")
	ErrAttachmentType     = errors.New("attachment is neither a PDF nor text")
	ErrAttachmentEmpty    = errors.New("attachment has no text")
)

// MaxAttachmentBytes caps the size of an attached file.
const MaxAttachmentBytes = 20 << 20

// textPartSize is the length a text attachment's parts are cut to, so
// that a long file is cited by part as a PDF is by page.
const textPartSize = 3000

// Attachment is a file the user supplied with a question instead of
// indexing it, and where it came from. Its pages (a text file's parts)
// are answered from and cited like indexed pages, under Name.
type Attachment struct {
	Name   string    `json:"name"` // the name citations carry: the base name
	Path   string    `json:"path"` // absolute path when it was attached
	SHA256 string    `json:"sha256"`
	Bytes  int64     `json:"bytes"`
	Kind   string    `json:"kind"` // "pdf" or "text"
	Engine string    `json:"engine,omitempty"`
	Added  time.Time `json:"added"`
	Pages  []string  `json:"-"`
	// Structure is what its pages are beyond their text ([doc.Read]),
	// read once when it is attached, as ingest reads an indexed
	// document's.
	Structure doc.Structure `json:"-"`
}

// LoadAttachment reads the PDF or text file at path, at most maxBytes of
// it (MaxAttachmentBytes when zero), and extracts its pages with ex; a
// text file is cut into parts of a few thousand characters on sentence
// boundaries.
func LoadAttachment(ctx context.Context, path string, ex Extractor, maxBytes int64) (*Attachment, error) {
	if maxBytes <= 0 {
		maxBytes = MaxAttachmentBytes
	}
	f, err := openRegular(path)
	if err != nil {
		return nil, fmt.Errorf("attach %s: %w", path, err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("attach %s: %w", path, err)
	}
	if int64(len(data)) > maxBytes {
		return nil, fmt.Errorf("attach %s: %w (limit %d MiB)", path, ErrAttachmentTooLarge, maxBytes>>20)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	sum := sha256.Sum256(data)
	a := &Attachment{Name: filepath.Base(path), Path: abs, SHA256: hex.EncodeToString(sum[:]), Bytes: int64(len(data)), Added: time.Now().UTC()}
	switch {
	case bytes.HasPrefix(bytes.TrimLeft(data, " \t\r\n"), []byte("%PDF-")):
		a.Kind = "pdf"
		if ax, ok := ex.(interface {
			ExtractWith(context.Context, []byte) ([]string, string, error)
		}); ok {
			a.Pages, a.Engine, err = ax.ExtractWith(ctx, data)
		} else {
			a.Pages, err = ex.Extract(ctx, data)
			a.Engine = ex.Name()
		}
		if err != nil {
			return nil, fmt.Errorf("attach %s: %w", path, err)
		}
		for i, p := range a.Pages {
			a.Pages[i] = Normalize(p)
		}
	case utf8.Valid(data) && !bytes.ContainsRune(data, 0):
		a.Kind = "text"
		a.Pages = TextParts(string(data))
	default:
		return nil, fmt.Errorf("attach %s: %w", path, ErrAttachmentType)
	}
	if strings.TrimSpace(strings.Join(a.Pages, "")) == "" {
		return nil, fmt.Errorf("attach %s: %w", path, ErrAttachmentEmpty)
	}
	a.Structure = doc.Read(a.Pages, nil, nil)
	return a, nil
}

// TextParts normalises text and cuts it into parts of about textPartSize
// bytes on sentence boundaries, and on form feeds where it has them.
func TextParts(text string) []string {
	var out []string
	for _, page := range strings.Split(text, "\f") {
		page = Normalize(page)
		if strings.TrimSpace(page) == "" {
			continue
		}
		if len(page) <= textPartSize {
			out = append(out, page)
			continue
		}
		out = append(out, Passages(page, PassageOptions{Size: textPartSize})...)
	}
	return out
}
