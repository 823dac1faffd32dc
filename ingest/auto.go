package ingest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode"
)

// Auto tries its engines in order and keeps the first that reads the
// document. A document that is encrypted, not a PDF, or a decompression
// bomb fails at once: another parser would not do better and could do
// worse. The one exception is pdftotext running out of its memory
// ([ErrOutOfMemory]): PDFium, next, reads some such documents within the
// same cap, and if it too is out of room the document fails then.
type Auto struct {
	Engines []Extractor
}

// Name returns "auto".
func (a *Auto) Name() string { return "auto" }

// Close closes the engines that hold resources.
func (a *Auto) Close() error {
	var errs []error
	for _, e := range a.Engines {
		errs = append(errs, CloseExtractor(e))
	}
	return errors.Join(errs...)
}

// Extract implements [Extractor]; use [Auto.ExtractWith] to learn which
// engine produced the pages.
func (a *Auto) Extract(ctx context.Context, data []byte) ([]string, error) {
	pages, _, err := a.ExtractWith(ctx, data)
	return pages, err
}

// ExtractWith returns the pages and the name of the engine that read them.
// When every engine fails, the first engine's error is returned, with the
// others' reasons appended.
func (a *Auto) ExtractWith(ctx context.Context, data []byte) ([]string, string, error) {
	pages, _, engine, err := a.ExtractWords(ctx, data, nil, 1)
	return pages, engine, err
}

// ExtractWords is [Auto.ExtractWith] that also returns, from an engine
// that reads them in the same pass ([WordExtractor]), the tables of the
// pages whose text keep picks; none from the others. A page mended by
// another engine keeps none. parts is how many
// ranges of a long document an engine may read at once ([Split]).
func (a *Auto) ExtractWords(ctx context.Context, data []byte, keep func(string) bool, parts int) ([]string, []PageWords, string, error) {
	var first error
	var others []string
	var fallback []string
	fallbackEngine := ""
	var oom error
	counted := map[int]int{} // the page count of the engine at each index, once asked
	split := Split{Parts: parts}
	if parts > 1 && len(a.Engines) > 1 {
		// the count the first engine's pages are checked against, asked
		// first: it says where the ranges fall
		split.Pages = a.countPages(ctx, data, 1, counted)
	}
	for i, e := range a.Engines {
		pages, words, err := extractWords(ctx, e, data, keep, split)
		if err == nil {
			err = a.checkPages(ctx, data, len(pages), i+1, counted)
		}
		if err == nil {
			if hasText(pages) {
				for _, k := range mend(ctx, data, pages, a.Engines[i+1:]) {
					words[k] = PageWords{}
				}
				return pages, words, e.Name(), nil
			}
			// No text at all: another engine may see what this one missed
			// (form XObjects, odd encodings); keep the first such result as
			// the answer if none does.
			if fallback == nil {
				fallback, fallbackEngine = pages, e.Name()
			}
			continue
		}
		if errors.Is(err, ErrOutOfMemory) {
			// pdftotext's cap: PDFium, next, may read it within its own
			if oom == nil {
				oom = err
			}
			continue
		}
		if first == nil {
			first = err
		} else {
			others = append(others, e.Name()+": "+err.Error())
		}
		if ctx.Err() != nil || errors.Is(err, ErrEncrypted) || errors.Is(err, ErrNotPDF) ||
			errors.Is(err, ErrEmpty) || errors.Is(err, ErrTooLarge) || errors.Is(err, ErrTimeout) {
			break
		}
	}
	if fallback != nil {
		return fallback, nil, fallbackEngine, nil
	}
	if first == nil && oom != nil {
		return nil, nil, "", oom
	}
	if first == nil {
		return nil, nil, "", ErrUnavailable
	}
	if len(others) > 0 {
		return nil, nil, "", fmt.Errorf("%w (also tried %s)", first, strings.Join(others, "; "))
	}
	return nil, nil, "", first
}

// A WordExtractor reads a document's text and, in the same pass, the
// tables of the pages whose text keep picks, from their positioned words
// ([PageWords.Grids]): [Pdftotext].
type WordExtractor interface {
	Extractor
	ExtractWords(ctx context.Context, data []byte, keep func(text string) bool, s Split) ([]string, []PageWords, error)
}

// extractWords reads data with e, with the tables of the pages keep
// picks when e reads words; words has one entry a page either way.
func extractWords(ctx context.Context, e Extractor, data []byte, keep func(string) bool, s Split) ([]string, []PageWords, error) {
	if w, ok := e.(WordExtractor); ok && keep != nil {
		return w.ExtractWords(ctx, data, keep, s)
	}
	pages, err := e.Extract(ctx, data)
	return pages, make([]PageWords, len(pages)), err
}

// mend replaces the pages that came out unreadable (a font without a
// usable mapping to Unicode gives runs of symbols and control characters)
// with the same pages read by the other engines, where one reads them:
// readable, and as long, its letters and digits at least half the
// unreadable page's visible characters (the same glyphs, read). An engine
// that drops what it cannot map, and keeps a running foot of the page,
// reads nothing: the page stays unreadable, for OCR. An engine that fails
// or counts pages differently is passed over. It returns the pages it
// replaced.
func mend(ctx context.Context, data []byte, pages []string, others []Extractor) (mended []int) {
	var bad []int
	glyphs := map[int]int{} // the visible characters of each unreadable page
	for i, p := range pages {
		if n, alnum := visible(p); soup(n, alnum) {
			bad = append(bad, i)
			glyphs[i] = n
		}
	}
	for _, e := range others {
		if len(bad) == 0 || ctx.Err() != nil {
			return mended
		}
		alt, err := e.Extract(ctx, data)
		if err != nil || len(alt) != len(pages) {
			continue
		}
		still := bad[:0]
		for _, i := range bad {
			if n, alnum := visible(alt[i]); !soup(n, alnum) && 2*alnum >= max(1, glyphs[i]) {
				pages[i] = alt[i]
				mended = append(mended, i)
			} else {
				still = append(still, i)
			}
		}
		bad = still
	}
	return mended
}

// A page is unreadable when fewer than half of its visible characters
// (dot leaders and colons aside) are letters or digits, judged on pages
// of readableMin such characters or more. Measured on the dev PDFs'
// 2,796 pages with text, this picks out the 7 pages of symbol soup of one
// annual report and nothing else; prose runs above 0.8, tables of
// contents with dot leaders above 0.55.
const readableMin = 40

func unreadable(text string) bool { return soup(visible(text)) }

// soup reports whether n visible characters, alnum of them letters and
// digits, are unreadable.
func soup(n, alnum int) bool { return n >= readableMin && 2*alnum < n }

// visible counts text's visible characters (dot leaders and colons aside)
// and, of them, the letters and digits.
func visible(text string) (n, alnum int) {
	for _, r := range text {
		switch {
		case unicode.IsSpace(r), r == '.', r == ':', r == '·', r == '…':
		case unicode.IsLetter(r), unicode.IsDigit(r):
			n++
			alnum++
		default:
			n++
		}
	}
	return n, alnum
}

// A pageCounter tells how many pages a document has without reading
// them ([Pdfium.PageCount]).
type pageCounter interface {
	PageCount(ctx context.Context, data []byte) (int, error)
}

// checkPages checks that an engine's n pages are the document's, as the
// first of the later engines that can count them says: pdftotext splits
// its output at form feeds, and one in a page's text would shift every
// later page's number. An engine that cannot count says nothing.
//
// The later engines are those from index at of a.Engines; counted holds
// the counts asked before, by engine index.
func (a *Auto) checkPages(ctx context.Context, data []byte, n, at int, counted map[int]int) error {
	want := a.countPages(ctx, data, at, counted)
	if want <= 0 || want == n {
		return nil // a document it cannot open is not its to judge
	}
	return fmt.Errorf("%w: %d pages where the document has %d", errPageCount, n, want)
}

// countPages returns the page count of the first engine from index at of
// a.Engines that counts pages, or 0 when none does or it cannot open the
// document. counted keeps the count by engine index, so a document is
// counted once.
func (a *Auto) countPages(ctx context.Context, data []byte, at int, counted map[int]int) int {
	for i, e := range a.Engines[at:] {
		c, ok := e.(pageCounter)
		if !ok {
			continue
		}
		if n, ok := counted[at+i]; ok {
			return n
		}
		n, err := c.PageCount(ctx, data)
		if err != nil {
			n = 0
		}
		counted[at+i] = n
		return n
	}
	return 0
}

// errPageCount means an engine read another number of pages than the
// document has.
var errPageCount = errors.New("page count differs")

func hasText(pages []string) bool {
	for _, p := range pages {
		if strings.TrimSpace(p) != "" {
			return true
		}
	}
	return false
}
