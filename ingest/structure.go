package ingest

import (
	"context"
	"io"

	"docqa/internal/doc"
	"docqa/internal/table"
)

// structure reads a document's structure once ([doc.Read]): each
// page's blocks, marks and tables (grids, by page), its lists, its
// running heads and feet, and its outline: its bookmarks when they point
// to pages (marks, none for none), else its table of contents or its
// numbered headings.
func structure(d *Document, grids map[int][]table.Grid, marks []doc.Part) {
	texts := make([]string, len(d.Pages))
	for i, p := range d.Pages {
		texts[i] = p.Text
	}
	d.Structure = doc.Read(texts, grids, marks)
}

// ReadOutline reads the outline of the PDF at path with ex: its
// bookmarks when ex reads them and it has them, else its table of
// contents or numbered headings. from says which; none for neither.
func ReadOutline(ctx context.Context, ex Extractor, path string) (parts []doc.Part, from string, err error) {
	f, err := openRegular(path)
	if err != nil {
		return nil, "", err
	}
	data, err := io.ReadAll(f)
	f.Close()
	if err != nil {
		return nil, "", pathError(err)
	}
	if b, ok := ex.(Bookmarker); ok {
		if marks, err := b.Bookmarks(ctx, data); err == nil && doc.Placed(marks) {
			return marks, doc.FromBookmarks, nil
		}
	}
	pages, err := ex.Extract(ctx, data)
	if err != nil {
		return nil, "", err
	}
	d := &Document{}
	for i, p := range pages {
		d.Pages = append(d.Pages, Page{Number: i + 1, Text: Normalize(p)})
	}
	structure(d, nil, nil)
	return d.Structure.Outline, d.Structure.OutlineFrom, nil
}
