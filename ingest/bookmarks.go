package ingest

import (
	"context"
	"strings"

	"github.com/klippa-app/go-pdfium"
	"github.com/klippa-app/go-pdfium/references"
	"github.com/klippa-app/go-pdfium/requests"
	"github.com/klippa-app/go-pdfium/responses"

	"docqa/internal/doc"
)

// A Bookmarker reads a PDF's own outline, its bookmarks.
type Bookmarker interface {
	Bookmarks(ctx context.Context, data []byte) ([]doc.Part, error)
}

// Bookmark limits: a crafted PDF may nest bookmarks without end or hold
// millions; an outline a reader can use holds far fewer.
const (
	maxBookmarks     = 5000
	maxBookmarkDepth = 12
)

// Bookmarks returns the PDF's bookmarks, each with its depth (1 at the
// top) and the 1-based page it points to (0 when it points to none or
// elsewhere); none for a PDF without.
func (p *Pdfium) Bookmarks(ctx context.Context, data []byte) ([]doc.Part, error) {
	return inInstance(ctx, p, data, func(inst pdfium.Pdfium) ([]doc.Part, error) {
		return onDocument(inst, data, func(d references.FPDF_DOCUMENT) ([]doc.Part, error) {
			r, err := inst.GetBookmarks(&requests.GetBookmarks{Document: d})
			if err != nil {
				return nil, pdfiumError(err)
			}
			return flattenBookmarks(r.Bookmarks), nil
		})
	})
}

// flattenBookmarks lists a tree of bookmarks in reading order.
func flattenBookmarks(bs []responses.GetBookmarksBookmark) []doc.Part {
	var out []doc.Part
	var walk func(bs []responses.GetBookmarksBookmark, level int)
	walk = func(bs []responses.GetBookmarksBookmark, level int) {
		if level > maxBookmarkDepth {
			return
		}
		for _, b := range bs {
			if len(out) >= maxBookmarks {
				return
			}
			page := 0
			switch {
			case b.DestInfo != nil:
				page = b.DestInfo.PageIndex + 1
			case b.ActionInfo != nil && b.ActionInfo.DestInfo != nil:
				page = b.ActionInfo.DestInfo.PageIndex + 1
			}
			title := strings.Join(strings.Fields(b.Title), " ")
			if title != "" {
				out = append(out, doc.Part{Title: title, Level: level, Page: max(page, 0)})
			}
			walk(b.Children, level+1)
		}
	}
	walk(bs, 1)
	return out
}

// Bookmarks reads the bookmarks with the first engine that can.
func (a *Auto) Bookmarks(ctx context.Context, data []byte) ([]doc.Part, error) {
	for _, e := range a.Engines {
		if b, ok := e.(Bookmarker); ok {
			return b.Bookmarks(ctx, data)
		}
	}
	return nil, nil
}
