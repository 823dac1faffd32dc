package ingest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"unicode"

	"github.com/klippa-app/go-pdfium"
	"github.com/klippa-app/go-pdfium/enums"
	pdfiumerr "github.com/klippa-app/go-pdfium/errors"
	"github.com/klippa-app/go-pdfium/references"
	"github.com/klippa-app/go-pdfium/requests"
	"github.com/klippa-app/go-pdfium/responses"
	"github.com/klippa-app/go-pdfium/webassembly"
	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
)

// PdfiumConfig configures the [Pdfium] extractor.
type PdfiumConfig struct {
	// CacheDir keeps wazero's compiled module between runs, so starts after
	// the first take a fraction of a second. Empty disables the cache.
	CacheDir string
	// Workers is the number of PDFium instances that may run at once.
	Workers int
	// MemoryLimitMiB caps each instance's memory; a document that needs
	// more fails with [ErrTooLarge] instead of taking the machine down.
	MemoryLimitMiB int
}

// defaultMemoryMiB caps the memory one document may take in PDFium or
// pdftotext: enough for a 500-page filing, not for a decompression bomb.
const defaultMemoryMiB = 512

// Pdfium extracts text with PDFium compiled to WebAssembly and run in
// wazero: no cgo, no host filesystem in the sandbox (documents are passed as
// bytes). One runtime serves the process; call [Pdfium.Close] when done.
type Pdfium struct {
	pool  pdfium.Pool
	cache wazero.CompilationCache
	once  sync.Once
}

// NewPdfium starts the WebAssembly runtime and compiles PDFium (about 3 s
// the first time, about 0.2 s with a warm cache).
func NewPdfium(ctx context.Context, cfg PdfiumConfig) (*Pdfium, error) {
	if cfg.Workers < 1 {
		cfg.Workers = 1
	}
	if cfg.MemoryLimitMiB <= 0 {
		cfg.MemoryLimitMiB = defaultMemoryMiB
	}
	rc := wazero.NewRuntimeConfig().
		WithCoreFeatures(api.CoreFeaturesV2 | experimental.CoreFeaturesExceptionHandling).
		WithMemoryLimitPages(uint32(cfg.MemoryLimitMiB) * 16) // 64 KiB pages
	var cache wazero.CompilationCache
	if cfg.CacheDir != "" {
		c, err := wazero.NewCompilationCacheWithDir(cfg.CacheDir)
		if err == nil {
			cache = c
			rc = rc.WithCompilationCache(c)
		}
	}
	pool, err := webassembly.Init(webassembly.Config{
		Context:       experimental.WithMemoryAllocator(context.WithoutCancel(ctx), wasmMemory(uint64(cfg.MemoryLimitMiB)<<20)),
		MinIdle:       0,
		MaxIdle:       cfg.Workers,
		MaxTotal:      cfg.Workers,
		FSConfig:      wazero.NewFSConfig(), // nothing of the host is mounted
		RuntimeConfig: rc,
		Stdout:        io.Discard,
		Stderr:        io.Discard,
		ReuseWorkers:  true,
	})
	if err != nil {
		if cache != nil {
			cache.Close(ctx)
		}
		return nil, fmt.Errorf("start pdfium: %w", err)
	}
	return &Pdfium{pool: pool, cache: cache}, nil
}

// Name returns "pdfium".
func (p *Pdfium) Name() string { return "pdfium" }

// Close stops the runtime. Extract must not be called after Close.
func (p *Pdfium) Close() error {
	var err error
	p.once.Do(func() {
		err = p.pool.Close()
		if p.cache != nil {
			p.cache.Close(context.Background())
		}
	})
	return err
}

// Extract returns the text of every page. When ctx ends mid-document,
// Extract returns at once with an error wrapping [ErrTimeout] or ctx's
// error, and the instance is discarded (the pool starts a fresh one).
//
// The runtime is built without wazero's termination checks: they call out
// of the sandbox on every loop iteration and made extraction five times
// slower. So a call already inside PDFium cannot be stopped; it runs on in
// its own goroutine until that call returns, and every later call on the
// discarded instance fails at once. Only a page that never returns would
// keep its goroutine, and the memory cap still bounds what it can take.
func (p *Pdfium) Extract(ctx context.Context, data []byte) ([]string, error) {
	return inInstance(ctx, p, data, func(inst pdfium.Pdfium) ([]string, error) { return pdfiumPages(ctx, inst, data) })
}

// PageCount returns how many pages data has, as PDFium reads it: the
// document's page tree, no page parsed.
func (p *Pdfium) PageCount(ctx context.Context, data []byte) (int, error) {
	return inInstance(ctx, p, data, func(inst pdfium.Pdfium) (int, error) {
		return onDocument(inst, data, func(doc references.FPDF_DOCUMENT) (int, error) {
			count, err := inst.FPDF_GetPageCount(&requests.FPDF_GetPageCount{Document: doc})
			if err != nil {
				return 0, pdfiumError(err)
			}
			return count.PageCount, nil
		})
	})
}

// inInstance runs f, calls into PDFium about data, on an instance of the
// pool, detached from the caller ([detached]), and gives the instance
// back. When f fails or ctx ends the instance is discarded instead: a
// failed document may have grown its memory to the cap (a decompression
// bomb), and those pages go back to the system, not to the next document.
func inInstance[T any](ctx context.Context, p *Pdfium, data []byte, f func(pdfium.Pdfium) (T, error)) (T, error) {
	var zero T
	if err := sniff(data); err != nil {
		return zero, err
	}
	inst, err := p.pool.GetInstanceWithContext(ctx)
	if err != nil {
		return zero, fmt.Errorf("pdfium instance: %w", err)
	}
	v, err := detached(ctx, func() (T, error) { return f(inst) })
	switch {
	case err != nil && ctx.Err() != nil:
		inst.Kill()
		return zero, ctxError(ctx)
	case err != nil:
		inst.Kill()
		if isMemoryError(err) {
			err = fmt.Errorf("%w: %v", ErrTooLarge, err)
		}
		return zero, err
	}
	inst.Close()
	return v, nil
}

// detached runs f, a run of calls into PDFium, in its own goroutine and
// returns its result, or ctx's error as soon as ctx ends: a call inside
// PDFium cannot be stopped (see [Pdfium.Extract]), so the caller kills
// the instance f uses and f's later calls fail at once. A panic in f is
// returned as an error.
func detached[T any](ctx context.Context, f func() (T, error)) (T, error) {
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1) // buffered: an abandoned run never blocks
	go func() {
		var r result
		defer func() {
			if v := recover(); v != nil {
				r = result{err: panicError(v)}
			}
			done <- r
		}()
		r.v, r.err = f()
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
		var zero T
		return zero, ctx.Err()
	}
}

// pdfiumPages returns the text of every page of data, read in inst.
func pdfiumPages(ctx context.Context, inst pdfium.Pdfium, data []byte) ([]string, error) {
	return onDocument(inst, data, func(doc references.FPDF_DOCUMENT) ([]string, error) {
		return documentPages(ctx, inst, doc)
	})
}

// onDocument opens data in inst, calls f with the document, and closes it.
func onDocument[T any](inst pdfium.Pdfium, data []byte, f func(references.FPDF_DOCUMENT) (T, error)) (T, error) {
	doc, err := inst.FPDF_LoadMemDocument64(&requests.FPDF_LoadMemDocument64{Data: &data})
	if err != nil {
		var zero T
		return zero, pdfiumError(err)
	}
	defer inst.FPDF_CloseDocument(&requests.FPDF_CloseDocument{Document: doc.Document})
	return f(doc.Document)
}

// documentPages returns the text of every page of doc.
func documentPages(ctx context.Context, inst pdfium.Pdfium, doc references.FPDF_DOCUMENT) ([]string, error) {
	count, err := inst.FPDF_GetPageCount(&requests.FPDF_GetPageCount{Document: doc})
	if err != nil {
		return nil, pdfiumError(err)
	}
	pages := make([]string, count.PageCount)
	// Documents that place text off the page do it from the first pages
	// on; checking every page cost 3% of ingest, so checking stops after
	// a few clean pages in a row.
	clean := 0
	for i := range pages {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		check := clean < 3
		text, offPage, err := pdfiumPage(inst, doc, i, check)
		switch {
		case offPage:
			clean = 0
		case check:
			clean++
		}
		if err != nil {
			if isMemoryError(err) {
				return nil, err
			}
			continue // one bad page loses one page
		}
		pages[i] = text
	}
	return pages, nil
}

// pdfiumPage returns the text of page i. With checkOffPage it leaves out
// text placed off the page, and reports whether there was any.
func pdfiumPage(inst pdfium.Pdfium, doc references.FPDF_DOCUMENT, i int, checkOffPage bool) (string, bool, error) {
	page, err := inst.FPDF_LoadPage(&requests.FPDF_LoadPage{Document: doc, Index: i})
	if err != nil {
		return "", false, err
	}
	if hasContentAnnots(inst, page.Page) {
		// Form field values, comments and stamps live in annotations,
		// which PDFium's text page leaves out. Flattening draws them into
		// the page; the page must then be loaded again.
		f, err := inst.FPDFPage_Flatten(&requests.FPDFPage_Flatten{Page: requests.Page{ByReference: &page.Page}, Usage: requests.FPDFPage_FlattenUsageNormalDisplay})
		if err == nil && f.Result == responses.FPDFPage_FlattenResultSuccess {
			inst.FPDF_ClosePage(&requests.FPDF_ClosePage{Page: page.Page})
			if page, err = inst.FPDF_LoadPage(&requests.FPDF_LoadPage{Document: doc, Index: i}); err != nil {
				return "", false, err
			}
		}
	}
	defer inst.FPDF_ClosePage(&requests.FPDF_ClosePage{Page: page.Page})
	tp, err := inst.FPDFText_LoadPage(&requests.FPDFText_LoadPage{Page: requests.Page{ByReference: &page.Page}})
	if err != nil {
		return "", false, err
	}
	defer inst.FPDFText_ClosePage(&requests.FPDFText_ClosePage{TextPage: tp.TextPage})
	n, err := inst.FPDFText_CountChars(&requests.FPDFText_CountChars{TextPage: tp.TextPage})
	if err != nil || n.Count <= 0 {
		return "", false, err
	}
	text, err := inst.FPDFText_GetText(&requests.FPDFText_GetText{TextPage: tp.TextPage, StartIndex: 0, Count: n.Count})
	if err != nil {
		return "", false, err
	}
	if t, ok := columnText(inst, tp.TextPage, text.Text); ok {
		text.Text = t
	}
	if !checkOffPage {
		return text.Text, false, nil
	}
	if visible, ok := pdfiumVisibleText(inst, page.Page, tp.TextPage); ok && countLetters(visible) < countLetters(text.Text)*97/100 {
		// Text placed off the page cannot be seen, so must not be
		// quoted. PDFium's bounded text loses some line breaks, so it is
		// used only on pages that have such text.
		return visible, true, nil
	}
	return text.Text, false, nil
}

// hasContentAnnots reports whether a page has annotations that may show
// text: anything but links and pop-ups, which most pages with annotations
// hold and which draw nothing.
func hasContentAnnots(inst pdfium.Pdfium, page references.FPDF_PAGE) bool {
	p := requests.Page{ByReference: &page}
	n, err := inst.FPDFPage_GetAnnotCount(&requests.FPDFPage_GetAnnotCount{Page: p})
	if err != nil {
		return false
	}
	for i := range n.Count {
		a, err := inst.FPDFPage_GetAnnot(&requests.FPDFPage_GetAnnot{Page: p, Index: i})
		if err != nil {
			continue
		}
		st, err := inst.FPDFAnnot_GetSubtype(&requests.FPDFAnnot_GetSubtype{Annotation: a.Annotation})
		inst.FPDFPage_CloseAnnot(&requests.FPDFPage_CloseAnnot{Annotation: a.Annotation})
		if err == nil && st.Subtype != enums.FPDF_ANNOT_SUBTYPE_LINK && st.Subtype != enums.FPDF_ANNOT_SUBTYPE_POPUP {
			return true
		}
	}
	return false
}

// pdfiumVisibleText returns the text inside the page's media box. (Not
// the crop box: printer's marks outside it are still on the page, and
// pdftotext keeps them too.)
func pdfiumVisibleText(inst pdfium.Pdfium, page references.FPDF_PAGE, tp references.FPDF_TEXTPAGE) (string, bool) {
	r, err := inst.FPDFPage_GetMediaBox(&requests.FPDFPage_GetMediaBox{Page: requests.Page{ByReference: &page}})
	if err != nil {
		return "", false // no media box of its own: nothing to compare with
	}
	t, err := inst.FPDFText_GetBoundedText(&requests.FPDFText_GetBoundedText{
		TextPage: tp, Left: float64(r.Left), Top: float64(r.Top), Right: float64(r.Right), Bottom: float64(r.Bottom),
	})
	if err != nil {
		return "", false
	}
	return t.Text, true
}

func countLetters(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			n++
		}
	}
	return n
}

// ctxError maps a finished context to the error Extract reports.
func ctxError(ctx context.Context) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return ErrTimeout
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return ErrTimeout
}

func pdfiumError(err error) error {
	switch {
	case errors.Is(err, pdfiumerr.ErrPassword), errors.Is(err, pdfiumerr.ErrSecurity):
		return ErrEncrypted
	case errors.Is(err, pdfiumerr.ErrFormat), errors.Is(err, pdfiumerr.ErrFile):
		return ErrCorrupt
	}
	if isMemoryError(err) {
		return fmt.Errorf("%w: %v", ErrTooLarge, err)
	}
	return fmt.Errorf("%w: %v", ErrCorrupt, err)
}

// isMemoryError reports a wasm allocation failure. wazero and PDFium give
// no typed error for it, so the message is the only signal.
func isMemoryError(err error) bool {
	s := err.Error()
	return strings.Contains(s, "out of memory") || strings.Contains(s, "memory grow") ||
		strings.Contains(s, "out of bounds memory")
}

// sniff rejects inputs that are not PDFs before any parser sees them.
func sniff(data []byte) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return ErrEmpty
	}
	head := data
	if len(head) > 1024 {
		head = head[:1024]
	}
	if !bytes.Contains(head, []byte("%PDF-")) {
		return ErrNotPDF
	}
	return nil
}
