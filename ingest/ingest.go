// Package ingest turns PDF files into pages of clean text for docqa's index.
//
// An [Extractor] reads the text layer of a PDF page by page; docqa has three
// ([Pdfium], [Glyphs] over ledongthuc/pdf, [Pdftotext]) and [Auto], which
// tries them in turn. [Normalize], [Sentences] and [Passages] shape the text.
// [Run] walks files and folders, extracts new and changed files in parallel,
// hands each [Document] to a [Sink] (the search index) and records it in the
// [Manifest], so a later run skips unchanged files.
package ingest

import (
	"context"
	"errors"
	"fmt"

	"docqa/internal/doc"
)

// Sentinel errors describe why a document could not be read. Extractors
// wrap them so callers can branch with errors.Is.
var (
	ErrNotPDF      = errors.New("not a PDF file")
	ErrEmpty       = errors.New("empty file")
	ErrEncrypted   = errors.New("encrypted with a password")
	ErrCorrupt     = errors.New("damaged or unsupported PDF")
	ErrTimeout     = errors.New("extraction timed out")
	ErrTooLarge    = errors.New("too large to extract (possible decompression bomb)")
	ErrNoText      = errors.New("no text layer (scanned or image-only)")
	ErrPanic       = errors.New("parser crashed")
	ErrNoPDFs      = errors.New("no PDF files found")
	ErrNotRegular  = errors.New("not a regular file (a pipe, device or socket)")
	ErrUnavailable = errors.New("extractor not available")
)

// An Extractor reads the text layer of a PDF. Extract returns one string per
// page, in page order; a page without text is an empty string. Implementations
// are safe for concurrent use.
type Extractor interface {
	Name() string
	Extract(ctx context.Context, data []byte) ([]string, error)
}

// Page is one page of normalised text.
type Page struct {
	Number int    `json:"page"` // 1-based
	Text   string `json:"text"`
}

// Document is an extracted PDF, ready to index.
type Document struct {
	Name     string   // unique display name, usually the file name
	Path     string   // absolute path it was read from
	SHA256   string   // hex digest of the file's bytes
	Engine   string   // the extractor that produced Pages
	Pages    []Page   // every page, text normalised; empty text for image-only pages
	Warnings []string // non-fatal problems, e.g. pages without a text layer
	// OCR lists the 1-based pages whose text was read by OCR.
	OCR []int
	// OCRPending counts the pages that need OCR but were not read
	// because Tesseract is not installed.
	OCRPending int
	// Structure is what the pages are beyond their text, read once
	// here ([doc.Read]): each page's blocks, notes' marks and tables
	// (found on the pages likely to hold one, [table.Likely], when the
	// engine gives word positions), the lists over the page turns, the
	// outline, and the running heads and feet the document repeats.
	Structure doc.Structure
	// Titles are the names the document goes by beside its file name:
	// its information's title and its first page's opening headings
	// ([titles]), by which a question may name it.
	Titles []string
}

// panicError turns a recovered value into an error wrapping [ErrPanic].
func panicError(v any) error {
	return fmt.Errorf("%w: %v", ErrPanic, v)
}
