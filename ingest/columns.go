package ingest

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/klippa-app/go-pdfium"
	"github.com/klippa-app/go-pdfium/references"
	"github.com/klippa-app/go-pdfium/requests"
)

// PDFium gives a page's text in the order of its content stream. Most
// producers write a column at a time, and that order is the reading order;
// some write each line across the page, through every column (layouts
// built as tables, some newsletter and brochure tools), and PDFium then
// interleaves the columns line by line: a sentence of the first column is
// cut by the lines of the second. Such a page is read again column by
// column, from PDFium's text rectangles (one per run of text), when they
// show prose columns apart by gutters and the content order crosses them.
//
// Reading the rectangles costs a call each, about a microsecond; pages of
// some producers hold a rectangle per glyph (2,800 a page in the annual
// reports of the dev set), so they are read only on pages with between
// minRectsPerLine and maxRectsPerLine rectangles per line of text, where
// columns that run across show: k columns interleaved make k rectangles a
// line.
const (
	minRectsPerLine = 1.8
	maxRectsPerLine = 12
)

// maxPageWidth is the widest page PDF allows, 200 inches in points
// (ISO 32000-1, annex C): text spread wider is not a layout of columns,
// and the gutter search allocates a counter a point.
const maxPageWidth = 14400

// box is a rectangle in PDF page space: y grows upwards, so Top > Bottom.
type box struct{ Left, Top, Right, Bottom float64 }

func (b box) width() float64  { return b.Right - b.Left }
func (b box) centre() float64 { return (b.Left + b.Right) / 2 }

// columnText returns the page's text read column by column when PDFium's
// text (text) interleaves its columns; ok is false otherwise, and for any
// error: the text as PDFium gave it stands.
func columnText(inst pdfium.Pdfium, tp references.FPDF_TEXTPAGE, text string) (string, bool) {
	lines := float64(strings.Count(text, "\n") + 1)
	rc, err := inst.FPDFText_CountRects(&requests.FPDFText_CountRects{TextPage: tp, StartIndex: 0, Count: -1})
	if err != nil || float64(rc.Count) < minRectsPerLine*lines || float64(rc.Count) > maxRectsPerLine*lines {
		return "", false
	}
	rects := make([]box, 0, rc.Count)
	for i := range rc.Count {
		r, err := inst.FPDFText_GetRect(&requests.FPDFText_GetRect{TextPage: tp, Index: i})
		if err != nil {
			return "", false
		}
		rects = append(rects, box{r.Left, r.Top, r.Right, r.Bottom})
	}
	plan, ok := columnLayout(rects)
	if !ok {
		return "", false
	}
	parts := make([]string, 0, len(plan))
	for _, b := range plan {
		t, err := inst.FPDFText_GetBoundedText(&requests.FPDFText_GetBoundedText{TextPage: tp, Left: b.Left, Top: b.Top, Right: b.Right, Bottom: b.Bottom})
		if err != nil {
			return "", false
		}
		if t := strings.TrimSpace(t.Text); t != "" {
			parts = append(parts, t)
		}
	}
	return strings.Join(parts, "\n"), true
}

// Columns are told from other layouts by these measures:
//   - a gutter is a vertical strip, minGutter points wide or more, that no
//     more than gutterShare of the rectangles cross, or one (titles and
//     rules may span the columns);
//   - a column is minColumnShare of the text's width or more, holds
//     minColumnRects rectangles, and its median line fills minFill of its
//     width: prose, where a table's cells are short or narrow;
//   - the widest column is at most maxColumnRatio times the narrowest:
//     a page's text columns share one width (a page grid), where a table
//     of labels and their descriptions has a narrow column and a wide one;
//   - the content order crosses a gutter on one line between more than
//     minCrossing of the consecutive rectangles: k columns written line by
//     line cross (k-1)/k of the time, half for two; columns written a
//     column at a time cross next to never, and PDFium reads them right.
const (
	minGutter      = 6.0
	gutterShare    = 0.1
	minColumnShare = 0.2
	minColumnRects = 3
	minFill        = 0.5
	maxColumnRatio = 1.5
	minCrossing    = 0.3
)

// columnLayout plans the reading of a page from its text rectangles, in
// content order: the boxes to read, in reading order (lines that span the
// columns in place, and between them each column top to bottom, left to
// right). ok is false when the page has no prose columns that the content
// order interleaves.
func columnLayout(rects []box) (plan []box, ok bool) {
	rects = slices.DeleteFunc(slices.Clone(rects), func(b box) bool { return b.width() < 0.5 || b.Top <= b.Bottom })
	if len(rects) < 2*minColumnRects {
		return nil, false
	}
	page := rects[0]
	for _, r := range rects[1:] {
		page = box{min(page.Left, r.Left), max(page.Top, r.Top), max(page.Right, r.Right), min(page.Bottom, r.Bottom)}
	}
	if !(page.width() <= maxPageWidth) { // NaN too
		return nil, false
	}
	splits := gutters(rects, page)
	if len(splits) == 0 {
		return nil, false
	}
	edges := append(append([]float64{page.Left}, splits...), page.Right)
	column := func(r box) int {
		for c := range splits {
			if r.Right <= splits[c] {
				return c
			}
			if r.Left < splits[c] {
				return -1 // spans a gutter
			}
		}
		return len(splits)
	}
	// each column must be prose
	widths := make([][]float64, len(edges)-1)
	for _, r := range rects {
		if c := column(r); c >= 0 {
			widths[c] = append(widths[c], r.width())
		}
	}
	narrow, wide := page.width(), 0.0
	for c, ws := range widths {
		w := edges[c+1] - edges[c]
		narrow, wide = min(narrow, w), max(wide, w)
		if w < minColumnShare*page.width() || len(ws) < minColumnRects || wide > maxColumnRatio*narrow {
			return nil, false
		}
		slices.Sort(ws)
		if ws[len(ws)/2] < minFill*w {
			return nil, false
		}
	}
	// the content order must cross the gutters line by line
	pairs, crossings := 0, 0
	for i := 1; i < len(rects); i++ {
		a, b := rects[i-1], rects[i]
		ca, cb := column(a), column(b)
		if ca < 0 || cb < 0 {
			continue
		}
		pairs++
		if ca != cb && a.Bottom < b.Top && b.Bottom < a.Top {
			crossings++
		}
	}
	if pairs == 0 || float64(crossings) <= minCrossing*float64(pairs) {
		return nil, false
	}
	return bands(rects, column, edges, page)
}

// gutters returns the middles of the page's gutters, left to right.
func gutters(rects []box, page box) []float64 {
	// coverage counts the rectangles over each point of the width
	n := int(page.width()) + 1
	coverage := make([]int, n+1)
	for _, r := range rects {
		coverage[int(r.Left-page.Left)]++
		coverage[min(int(r.Right-page.Left)+1, n)]--
	}
	limit := max(1, int(gutterShare*float64(len(rects))))
	var splits []float64
	run, over := -1, 0
	for x := range n {
		over += coverage[x]
		switch {
		case over <= limit && run < 0:
			run = x
		case over > limit && run >= 0:
			if float64(x-run) >= minGutter && run > 0 {
				splits = append(splits, page.Left+float64(run+x)/2)
			}
			run = -1
		}
	}
	return splits
}

// bands cuts the page at the lines that span the gutters and reads each
// band between them column by column; a column's text on a spanning
// line's line is read with that line. ok is false when a spanning line
// runs beside the columns rather than between them (a form, a chart):
// the boxes would overlap and read some text twice.
func bands(rects []box, column func(box) int, edges []float64, page box) (plan []box, ok bool) {
	sorted := slices.Clone(rects)
	slices.SortStableFunc(sorted, func(a, b box) int {
		if math.Abs(a.Top-b.Top) < 0.5 {
			// on one line, a spanning one first: what stands beside it
			// is read with it
			return cmp.Compare(min(column(a), 0), min(column(b), 0))
		}
		return cmp.Compare(b.Top, a.Top)
	})
	var band *box // the vertical extent of the columns' band being gathered
	flush := func() {
		if band == nil {
			return
		}
		for c := range len(edges) - 1 {
			plan = append(plan, box{edges[c], band.Top, edges[c+1], band.Bottom})
		}
		band = nil
	}
	lastSpan := math.Inf(1) // the bottom of the last spanning line
	for _, r := range sorted {
		if column(r) >= 0 {
			if k := len(plan) - 1; r.Top > lastSpan && k >= 0 && plan[k].width() == page.width() && r.Bottom < plan[k].Top {
				// beside the last spanning line, on its line (a page
				// head's date at its right): read with it
				plan[k].Bottom = min(plan[k].Bottom, r.Bottom)
				lastSpan = plan[k].Bottom
				continue
			}
			if r.Top > lastSpan {
				return nil, false
			}
			if band == nil {
				band = &box{Top: r.Top, Bottom: r.Bottom}
			}
			band.Top, band.Bottom = max(band.Top, r.Top), min(band.Bottom, r.Bottom)
			continue
		}
		if band != nil && r.Top > band.Bottom {
			return nil, false
		}
		flush()
		if k := len(plan) - 1; k >= 0 && plan[k].width() == page.width() && plan[k].Bottom < r.Top {
			// on the same line as the last spanning one: one box for both
			plan[k].Top, plan[k].Bottom = max(plan[k].Top, r.Top), min(plan[k].Bottom, r.Bottom)
		} else {
			plan = append(plan, box{page.Left, r.Top, page.Right, r.Bottom})
		}
		lastSpan = plan[len(plan)-1].Bottom
	}
	flush()
	return plan, true
}
