package ingest

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"docqa/internal/scanpdf"
)

func TestOCRWants(t *testing.T) {
	soup := strings.Repeat("\x01\x02#$%&*@ ", 10)
	pages := []string{"Plain text of a page.", "", "  \n ", soup}
	tests := []struct {
		ocr  *OCR
		want []int
	}{
		{nil, nil},
		{&OCR{Mode: OCRNever}, nil},
		{&OCR{}, []int{1, 2, 3}},
		{&OCR{Mode: OCRAuto}, []int{1, 2, 3}},
		{&OCR{Mode: OCRAlways}, []int{0, 1, 2, 3}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, tt.ocr.wants(pages)); diff != "" {
			t.Errorf("%+v wants (-want +got):\n%s", tt.ocr, diff)
		}
	}
}

func TestOCRMissing(t *testing.T) {
	o := &OCR{Bin: "docqa-no-such-tesseract"}
	if _, err := o.ocrPages(t.Context(), nil, nil, []string{""}); !errors.Is(err, ErrNoOCR) {
		t.Errorf("ocrPages without tesseract = %v, want ErrNoOCR", err)
	}
	if got, err := o.ocrPages(t.Context(), nil, nil, []string{"text"}); got != nil || err != nil {
		t.Errorf("ocrPages of a page with text = %v, %v; want nothing to do", got, err)
	}
}

// testPdfium starts PDFium for a test.
func testPdfium(t *testing.T) *Pdfium {
	t.Helper()
	p, err := NewPdfium(t.Context(), PdfiumConfig{Workers: 1, CacheDir: filepath.Join(os.TempDir(), "docqa-wazero-test")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

// scanned draws pages of a text PDF and wraps the pictures in a PDF
// without a text layer, as a scanner would.
func scanned(t *testing.T, p *Pdfium, path string, pages ...int) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	imgs, err := p.RenderPNG(t.Context(), data, pages, ocrDPI)
	if err != nil {
		t.Fatal(err)
	}
	pdf, err := scanpdf.FromPNGs(imgs, ocrDPI)
	if err != nil {
		t.Fatal(err)
	}
	return pdf
}

// TestOCRImageOnly reads a page that is only a picture of text: PDFium
// finds no text on it, Tesseract reads it.
func TestOCRImageOnly(t *testing.T) {
	if _, err := exec.LookPath("tesseract"); err != nil {
		t.Skip("tesseract is not installed (apt-get install tesseract-ocr); .ci/run installs it")
	}
	p := testPdfium(t)
	pdf := scanned(t, p, "../testdata/pdfs/ae300-handbook.pdf", 3)
	pages, err := p.Extract(t.Context(), pdf)
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) != 1 || strings.TrimSpace(pages[0]) != "" {
		t.Fatalf("the scanned page has a text layer: %q", pages)
	}
	o := &OCR{Workers: 2}
	read, err := o.ocrPages(context.Background(), p, pdf, pages)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]int{1}, read); diff != "" {
		t.Errorf("pages read (-want +got):\n%s", diff)
	}
	text := strings.Join(strings.Fields(Normalize(pages[0])), " ")
	for _, want := range []string{"maximum oil temperature is 110 degrees Celsius", "Propeller speed must not exceed 2,200 rpm"} {
		if !strings.Contains(text, want) {
			t.Errorf("OCR text lacks %q:\n%s", want, pages[0])
		}
	}
}

// A page image read once is read from the cache after: the same image
// again (a copy of a scan) runs no Tesseract, another image does; without
// a cache every image runs it.
func TestOCRCache(t *testing.T) {
	dir := t.TempDir()
	count := filepath.Join(dir, "count")
	bin := filepath.Join(dir, "tesseract")
	script := "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'tesseract 5.3.0'; exit 0; fi\necho run >> " + count + "\ncat >/dev/null\necho 'The oil is changed every 400 hours.'\n"
	if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	runs := func() int {
		data, _ := os.ReadFile(count)
		return strings.Count(string(data), "run")
	}
	a, b := []byte("png of page a"), []byte("png of page b")
	o := &OCR{Bin: bin, CacheDir: filepath.Join(dir, "ocr")}
	for _, step := range []struct {
		images [][]byte
		runs   int
	}{{[][]byte{a}, 1}, {[][]byte{a}, 1}, {[][]byte{a, b}, 2}, {[][]byte{b, a}, 2}} {
		texts, err := o.read(t.Context(), bin, step.images, 300)
		if err != nil {
			t.Fatal(err)
		}
		for _, text := range texts {
			if !strings.Contains(text, "every 400 hours") {
				t.Errorf("text %q, want what Tesseract read", text)
			}
		}
		if got := runs(); got != step.runs {
			t.Errorf("after %d image(s): Tesseract ran %d times, want %d", len(step.images), got, step.runs)
		}
	}
	// the same image twice at once (two copies of a scan read side by
	// side) runs Tesseract once
	c := []byte("png of page c")
	side := &OCR{Bin: bin, CacheDir: filepath.Join(dir, "ocr"), Workers: 2}
	if texts, err := side.read(t.Context(), bin, [][]byte{c, c}, 300); err != nil || runs() != 3 || texts[0] != texts[1] {
		t.Errorf("one image twice at once: %d runs, %v, %q; want 3 runs and one text", runs(), err, texts)
	}
	uncached := &OCR{Bin: bin}
	if _, err := uncached.read(t.Context(), bin, [][]byte{a}, 300); err != nil || runs() != 4 {
		t.Errorf("without a cache: %d runs, %v; want 4", runs(), err)
	}
}
