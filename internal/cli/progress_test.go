package cli

import (
	"bytes"
	"strings"
	"testing"

	"docqa/ingest"
)

// The bar names OCR and counts its pages once a page was read by it, a
// long file name cut from its start so the count stays in view.
func TestProgressNamesOCR(t *testing.T) {
	var b bytes.Buffer
	p := &progressBar{w: &b}
	p.update(ingest.Progress{Done: 1, Total: 4, Name: "handbook.pdf"})
	if strings.Contains(b.String(), "OCR") {
		t.Errorf("no page read by OCR yet: %q", b.String())
	}
	b.Reset()
	p.update(ingest.Progress{Done: 2, Total: 4, Name: "a-scanned-maintenance-record-of-many-words.pdf", OCRPages: 3})
	if got := b.String(); !strings.Contains(got, "2/4") || !strings.Contains(got, "OCR: 3 page(s)") {
		t.Errorf("bar %q, want the files done and the pages read by OCR", got)
	}
}
