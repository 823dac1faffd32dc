package ingest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/klippa-app/go-pdfium"
	"github.com/klippa-app/go-pdfium/references"
	"github.com/klippa-app/go-pdfium/requests"
	"golang.org/x/sync/errgroup"
	"golang.org/x/sync/singleflight"
)

// ErrNoOCR means a page needs OCR and Tesseract is not installed.
var ErrNoOCR = errors.New("tesseract is not installed")

// OCR modes: read with Tesseract only the pages without usable text, every
// page, or none.
const (
	OCRAuto   = "auto"
	OCRAlways = "always"
	OCRNever  = "never"
)

// OCR reads the pages of a PDF that have no usable text layer (a scan, a
// fax, a page that is one picture) with Tesseract, the standard open OCR
// engine, run as a program on the page as PDFium draws it.
type OCR struct {
	// Mode is OCRAuto (the default), OCRAlways or OCRNever.
	Mode string
	// Lang is Tesseract's language codes, "eng" when empty; "eng+deu"
	// reads both.
	Lang string
	// Bin is the tesseract program; empty means the one on PATH.
	Bin string
	// DPI is the resolution pages are drawn at: 300 when zero, the
	// resolution Tesseract's documentation asks for.
	DPI int
	// Timeout bounds one page's OCR; a minute when zero.
	Timeout time.Duration
	// Workers is how many pages are read at once; one when zero.
	Workers int
	// CacheDir keeps the text read from each page image, named by a
	// hash of the image, the language, the resolution and Tesseract's
	// version, so a page drawn alike (a copy of a document, a form
	// filled in twice, an index built again) is not read again; empty
	// keeps none.
	CacheDir string

	versionOnce sync.Once
	version     string             // tesseract --version's first line
	flight      singleflight.Group // the images being read, by cache key
}

// ocrDPI is the resolution of pages drawn for OCR: Tesseract reads best
// at 300 dpi or more ("Improving the quality of the output", Tesseract's
// documentation).
const ocrDPI = 300

// Renderer draws pages of a PDF as grayscale PNG images.
type Renderer interface {
	RenderPNG(ctx context.Context, data []byte, pages []int, dpi int) ([][]byte, error)
}

// on reports whether o reads any page.
func (o *OCR) on() bool { return o != nil && o.Mode != OCRNever }

// available reports whether o reads pages and Tesseract is installed.
func (o *OCR) available() bool {
	if !o.on() {
		return false
	}
	_, err := o.bin()
	return err == nil
}

// wants returns the 0-based pages OCR reads: every page in OCRAlways mode,
// else those with no text or unreadable text.
func (o *OCR) wants(pages []string) []int {
	if !o.on() {
		return nil
	}
	var out []int
	for i, p := range pages {
		if o.Mode == OCRAlways || strings.TrimSpace(p) == "" || unreadable(p) {
			out = append(out, i)
		}
	}
	return out
}

// bin returns the tesseract program, or [ErrNoOCR].
func (o *OCR) bin() (string, error) {
	name := o.Bin
	if name == "" {
		name = "tesseract"
	}
	p, err := exec.LookPath(name)
	if err != nil {
		return "", fmt.Errorf("%w (%s)", ErrNoOCR, name)
	}
	return p, nil
}

// read returns the text Tesseract reads in each image, drawn at dpi, in
// order; a page Tesseract fails on is left empty and its error returned
// with the rest.
func (o *OCR) read(ctx context.Context, bin string, images [][]byte, dpi int) ([]string, error) {
	timeout := o.Timeout
	if timeout <= 0 {
		timeout = time.Minute
	}
	lang := o.Lang
	if lang == "" {
		lang = "eng"
	}
	out := make([]string, len(images))
	errs := make([]error, len(images))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(max(o.Workers, 1))
	for i, img := range images {
		if len(img) == 0 {
			continue // a page PDFium could not draw
		}
		key := o.cacheKey(bin, img, lang, dpi)
		g.Go(func() error {
			run := func() (any, error) {
				if text, ok := o.cached(key); ok {
					return text, nil // read before, or while this page waited its turn
				}
				text, err := o.tesseract(gctx, bin, img, lang, dpi, timeout)
				if err == nil {
					o.keep(key, text)
				}
				return text, err
			}
			var v any
			var err error
			if key == "" {
				v, err = run()
			} else {
				// the same image in another document read at once (a
				// copy): read once, by the first to ask
				v, err, _ = o.flight.Do(key, run)
			}
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if err != nil {
				errs[i] = err
				return nil
			}
			out[i] = v.(string)
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return out, errors.Join(errs...)
}

// tesseract reads the text of img, drawn at dpi, in lang, within
// timeout.
func (o *OCR) tesseract(ctx context.Context, bin string, img []byte, lang string, dpi int, timeout time.Duration) (string, error) {
	pctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(pctx, bin, "stdin", "stdout", "-l", lang, "--dpi", fmt.Sprint(dpi))
	cmd.Stdin = bytes.NewReader(img)
	// One thread each: pages are read side by side already, and
	// Tesseract's OpenMP threads on top of that slow it down
	// (Tesseract's FAQ advises OMP_THREAD_LIMIT=1 then).
	cmd.Env = append(cmd.Environ(), "OMP_THREAD_LIMIT=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if i := strings.LastIndexByte(msg, '\n'); i >= 0 {
			msg = msg[i+1:]
		}
		return "", fmt.Errorf("ocr: %v: %s", err, msg)
	}
	return strings.ToValidUTF8(stdout.String(), ""), nil
}

// cacheKey names the text Tesseract bin reads in img, drawn at dpi, in
// lang; "" when o keeps no cache.
func (o *OCR) cacheKey(bin string, img []byte, lang string, dpi int) string {
	if o.CacheDir == "" {
		return ""
	}
	o.versionOnce.Do(func() {
		out, _ := exec.Command(bin, "--version").Output()
		o.version, _, _ = strings.Cut(string(out), "\n")
	})
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%d\x00", o.version, lang, dpi)
	h.Write(img)
	return hex.EncodeToString(h.Sum(nil))
}

// cached returns the text kept under key.
func (o *OCR) cached(key string) (string, bool) {
	if key == "" {
		return "", false
	}
	data, err := os.ReadFile(filepath.Join(o.CacheDir, key[:2], key))
	return string(data), err == nil
}

// keep keeps text under key; a cache that cannot be written is no error,
// the page is read again next time.
func (o *OCR) keep(key, text string) {
	if key == "" {
		return
	}
	dir := filepath.Join(o.CacheDir, key[:2])
	if os.MkdirAll(dir, 0o755) == nil {
		WriteFileAtomic(filepath.Join(dir, key), []byte(text))
	}
}

// ocrPages reads with OCR the pages of data that o wants, drawn by r, and
// puts their text in pages. It returns the 1-based numbers of the pages it
// read.
func (o *OCR) ocrPages(ctx context.Context, r Renderer, data []byte, pages []string) ([]int, error) {
	want := o.wants(pages)
	if len(want) == 0 {
		return nil, nil
	}
	bin, err := o.bin()
	if err != nil {
		return nil, err
	}
	dpi := o.DPI
	if dpi <= 0 {
		dpi = ocrDPI
	}
	var read []int
	var errs []error
	// A few pages at a time: a page drawn at 300 dpi is some 9 MB of
	// pixels before it is compressed.
	const batch = 8
	for len(want) > 0 {
		n := min(batch, len(want))
		imgs, err := r.RenderPNG(ctx, data, want[:n], dpi)
		if err != nil {
			return read, fmt.Errorf("OCR skipped, PDFium cannot draw the pages: %w", err)
		}
		texts, err := o.read(ctx, bin, imgs, dpi)
		if ctx.Err() != nil {
			return read, ctx.Err()
		}
		if err != nil {
			errs = append(errs, err)
		}
		for k, i := range want[:n] { // o wants each of them: no text, unreadable text, or every page
			if strings.TrimSpace(texts[k]) != "" {
				pages[i] = texts[k]
				read = append(read, i+1)
			}
		}
		want = want[n:]
	}
	return read, errors.Join(errs...)
}

// RenderPNG draws the 0-based pages of data at dpi as grayscale PNGs.
func (p *Pdfium) RenderPNG(ctx context.Context, data []byte, pages []int, dpi int) ([][]byte, error) {
	if err := sniff(data); err != nil {
		return nil, err
	}
	inst, err := p.pool.GetInstanceWithContext(ctx)
	if err != nil {
		return nil, fmt.Errorf("pdfium instance: %w", err)
	}
	// discarded after: drawing at 300 dpi grows an instance's memory by
	// the bitmaps, which the next document would otherwise keep
	defer inst.Kill()
	// a page drawn at 300 dpi can take seconds: on ctx's end the
	// instance is killed (deferred above) and RenderPNG returns at once
	return detached(ctx, func() ([][]byte, error) {
		return onDocument(inst, data, func(doc references.FPDF_DOCUMENT) ([][]byte, error) {
			return renderPages(ctx, inst, doc, pages, dpi)
		})
	})
}

// renderPages draws the 0-based pages of doc at dpi as grayscale PNGs.
func renderPages(ctx context.Context, inst pdfium.Pdfium, doc references.FPDF_DOCUMENT, pages []int, dpi int) ([][]byte, error) {
	out := make([][]byte, len(pages))
	for k, i := range pages {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		r, err := inst.RenderPageInDPI(&requests.RenderPageInDPI{
			Page:        requests.Page{ByIndex: &requests.PageByIndex{Document: doc, Index: i}},
			DPI:         dpi,
			ImageFormat: requests.RenderImageFormatGrayscale,
		})
		if err != nil {
			if isMemoryError(err) {
				return nil, fmt.Errorf("%w: %v", ErrTooLarge, err)
			}
			continue // one page that cannot be drawn loses one page
		}
		var b bytes.Buffer
		err = (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&b, r.Result.RenderedImage)
		r.Cleanup()
		if err != nil {
			return nil, fmt.Errorf("encode page %d: %w", i+1, err)
		}
		out[k] = b.Bytes()
	}
	return out, nil
}

// RenderPNG draws pages with the first of a's engines that can.
func (a *Auto) RenderPNG(ctx context.Context, data []byte, pages []int, dpi int) ([][]byte, error) {
	for _, e := range a.Engines {
		if r, ok := e.(Renderer); ok {
			return r.RenderPNG(ctx, data, pages, dpi)
		}
	}
	return nil, ErrUnavailable
}
