package ingest

import (
	"context"
	"io"

	"docqa/internal/doc"
)

// structure reads a document's outline: its bookmarks when it has them
// (marks, none for none), else from its pages ([doc.Outline]), its table
// of contents or its numbered headings; and its running heads and feet.
func structure(d *Document, marks []doc.Part) {
	texts := make([]string, len(d.Pages))
	for i, p := range d.Pages {
		texts[i] = p.Text
	}
	d.Running = doc.RunningKeys(texts)
	if placed(marks) {
		d.Outline, d.OutlineFrom = marks, doc.FromBookmarks
		return
	}
	run := doc.Runner(texts)
	blocks := make([][]doc.Block, len(texts))
	for i, t := range texts {
		blocks[i] = doc.Page(t, run)
	}
	d.Outline, d.OutlineFrom = doc.Outline(blocks)
}

// placed reports whether bookmarks point to pages: some that point
// nowhere (a web link, another file) make no outline.
func placed(marks []doc.Part) bool {
	n := 0
	for _, m := range marks {
		if m.Page > 0 {
			n++
		}
	}
	return n > 0 && 2*n >= len(marks)
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
		if marks, err := b.Bookmarks(ctx, data); err == nil && placed(marks) {
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
	structure(d, nil)
	return d.Outline, d.OutlineFrom, nil
}
