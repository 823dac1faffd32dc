package ingest

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"docqa/internal/doc"
)

// slowScan is an extractor of one page without a text layer and with
// bookmarks, whose pages take longer to draw for OCR than a file's time
// limit.
type slowScan struct{ draw time.Duration }

func (slowScan) Name() string { return "slowscan" }

func (slowScan) Extract(ctx context.Context, data []byte) ([]string, error) {
	return []string{"", "Chapter one\nThe text of the first chapter."}, ctx.Err()
}

func (s slowScan) RenderPNG(ctx context.Context, data []byte, pages []int, dpi int) ([][]byte, error) {
	time.Sleep(s.draw)
	return nil, errors.New("cannot draw")
}

func (slowScan) Bookmarks(ctx context.Context, data []byte) ([]doc.Part, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return []doc.Part{{Title: "Cover", Level: 1, Page: 1}, {Title: "Chapter one", Level: 1, Page: 2}}, nil
}

// The outline of a file does not depend on how long its OCR took: the
// bookmarks were read under the file's time limit after OCR, so a slow
// OCR (pdfjs__TAMReview.pdf, 21 pages of it) gave an outline from the
// headings one time and the bookmarks the next (issue 52).
func TestOutlineNotTimed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "scan.pdf")
	if err := os.WriteFile(path, []byte("%PDF-1.4"), 0o644); err != nil {
		t.Fatal(err)
	}
	var outlines [][]doc.Part
	for _, draw := range []time.Duration{0, 300 * time.Millisecond} {
		opt := Options{Timeout: 100 * time.Millisecond, OCR: &OCR{Bin: "true"}}
		var times Times
		d, err := extractFile(context.Background(), slowScan{draw}, job{path: path, name: "scan.pdf"}, opt, 1, &times)
		if err != nil {
			t.Fatalf("OCR drawing for %s: %v", draw, err)
		}
		if d.Structure.OutlineFrom != doc.FromBookmarks {
			t.Errorf("OCR drawing for %s: outline from %q, want its bookmarks", draw, d.Structure.OutlineFrom)
		}
		outlines = append(outlines, d.Structure.Outline)
	}
	if diff := cmp.Diff(outlines[0], outlines[1]); diff != "" {
		t.Errorf("outline with a fast and a slow OCR (-fast +slow):\n%s", diff)
	}
}
