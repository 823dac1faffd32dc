package table

import (
	"cmp"
	"math"
	"slices"
	"strings"
)

// A table's grid is recovered from the positioned words of its page, the
// way Tabula's stream mode and pdfplumber's text strategy do it, with
// Nurminen's idea (ICDAR 2013) of finding tables as runs of lines split
// into aligned segments:
//
//  1. words are gathered into lines by vertical overlap;
//  2. a line is cut into segments where the gap between two words is
//     wider than [GridParams.Gap] times the line's height: more than a
//     space, the gutter between two cells;
//  3. a table is a run of lines of two segments or more, whose segments
//     line up into columns, with lines of one segment inside it (a wrapped
//     cell, a group heading) but no long gap;
//  4. its columns are the bands the segments of its fullest lines cover;
//     a segment over several bands spans them (a header over two
//     columns);
//  5. each line is a row, but a line that only continues the cell above
//     it (it starts in lower case or with a bracket) joins that cell.

// Word is a word of a page and its box in points, from the top left of
// the page.
type Word struct {
	Text           string
	X0, Y0, X1, Y1 float64
}

// A Grid is a table found on a page: its cells by row and column.
type Grid struct {
	// Box is the table's box in points, from the top left of the page.
	Box        [4]float64
	Rows, Cols int
	Cells      []GridCell

	bands []band // the columns' extents, while the grid is built
}

// A GridCell is a cell of a [Grid]: its top-left slot, the slots it
// spans, and its text.
type GridCell struct {
	Row, Col         int
	RowSpan, ColSpan int
	Text             string
}

// GridParams are the numbers the grid builder reads by.
type GridParams struct {
	// Gap is the least gap between two words of a line, as a share of
	// the line's height, that parts two cells: a space is about a
	// quarter of the height, a cell's gutter a whole one or more.
	Gap float64
	// LineGap is the most blank space between two lines of one table, as
	// a share of the line's height.
	LineGap float64
	// MinRows is the fewest lines of two segments or more a table has.
	MinRows int
	// MaxSegmentWords is the most words a table's segments have on
	// average: more is prose in columns, not a table.
	MaxSegmentWords float64
}

// DefaultGridParams returns the grid builder's numbers, each measured by
// scripts/table-bench.sh (ICDAR 2013 EU half, micro / per-document F1 as
// table-score prints them): Gap 0.5: 0.8142 / 0.7591, 0.6: 0.8527 /
// 0.8433, 0.75: 0.8608 / 0.8533, 1.0: 0.8625 / 0.8608, 1.25: 0.8648 /
// 0.8626, 1.5: 0.8334 / 0.8256; 1.0, a whole line's height, about four
// spaces, is kept short of the best so that the tight columns of unseen
// tables stay apart. MinRows 2 (a header and one row), at Gap 0.75:
// 0.8573 / 0.8495 against 3's 0.8608 / 0.8533: more tables found, more
// prose taken for them. LineGap and MaxSegmentWords were set by hand on
// the first documents looked at (eu-001, eu-003) and not swept.
func DefaultGridParams() GridParams {
	return GridParams{Gap: 1.0, LineGap: 1.6, MinRows: 3, MaxSegmentWords: 5}
}

// line is a line of a page: its words, left to right, and its segments.
type line struct {
	words []Word
	segs  []segment
	y0    float64
	y1    float64
}

// segment is a run of a line's words with no gutter between them.
type segment struct {
	text   string
	x0, x1 float64
	words  int
}

func (l line) height() float64 { return l.y1 - l.y0 }

// multi reports whether a line may be a table's row: two segments or
// more, the last no prose. A caption ("Table 7: Participation in ...")
// or a note ("(*) The number of participants is counted ...") has a
// short mark and then a long run of words to the line's end; a row's
// long label comes first, its figures after it. A line of three
// segments or more is a row whatever its last holds: a caption or a
// note is a mark and its text, and a table of names, types and
// descriptions ends each row with a sentence.
func (l line) multi() bool {
	if len(l.segs) < 2 {
		return false
	}
	last := l.segs[len(l.segs)-1]
	return len(l.segs) > 2 || last.words < proseWords || last.x1-last.x0 < 0.5*(last.x1-l.segs[0].x0)
}

// proseWords is the fewest words of a line's last segment that make it
// prose when it also covers half the line.
const proseWords = 6

// Grids finds the tables of a page from its words.
func Grids(words []Word, p GridParams) []Grid {
	lines := linesOf(words)
	for i := range lines {
		lines[i].segs = segmentsOf(lines[i].words, p.Gap*lines[i].height())
	}
	var out []Grid
	for _, run := range tableRuns(lines, p) {
		if g, ok := gridOf(run); ok {
			out = append(out, sideBySide(g)...)
		}
	}
	return out
}

// linesOf gathers words into lines: a word joins the line whose vertical
// span overlaps half of its own height or more.
func linesOf(words []Word) []line {
	ws := slices.Clone(words)
	slices.SortStableFunc(ws, func(a, b Word) int {
		return cmp.Or(cmp.Compare((a.Y0+a.Y1)/2, (b.Y0+b.Y1)/2), cmp.Compare(a.X0, b.X0))
	})
	var out []line
	for _, w := range ws {
		if strings.TrimSpace(w.Text) == "" || w.Y1 <= w.Y0 {
			continue
		}
		placed := false
		for i := len(out) - 1; i >= 0 && i >= len(out)-3; i-- {
			l := &out[i]
			overlap := min(l.y1, w.Y1) - max(l.y0, w.Y0)
			if overlap >= 0.5*min(w.Y1-w.Y0, l.height()) {
				l.words = append(l.words, w)
				l.y0, l.y1 = min(l.y0, w.Y0), max(l.y1, w.Y1)
				placed = true
				break
			}
		}
		if !placed {
			out = append(out, line{words: []Word{w}, y0: w.Y0, y1: w.Y1})
		}
	}
	for i := range out {
		slices.SortStableFunc(out[i].words, func(a, b Word) int { return cmp.Compare(a.X0, b.X0) })
	}
	slices.SortStableFunc(out, func(a, b line) int { return cmp.Compare(a.y0, b.y0) })
	return out
}

// segmentsOf cuts a line's words where the gap between two is wider
// than gap points.
func segmentsOf(words []Word, gap float64) []segment {
	var out []segment
	for i, w := range words {
		if i == 0 || w.X0-words[i-1].X1 > gap {
			out = append(out, segment{text: w.Text, x0: w.X0, x1: w.X1, words: 1})
			continue
		}
		s := &out[len(out)-1]
		s.text += " " + w.Text
		s.x1 = max(s.x1, w.X1)
		s.words++
	}
	return out
}

// tableRuns returns the runs of lines that make tables: lines of two
// segments or more, close together, with lines of one segment between
// them, whose segments are short.
func tableRuns(lines []line, p GridParams) [][]line {
	var out [][]line
	start := -1
	flush := func(end int) { // lines[start:end] are a candidate
		if start < 0 {
			return
		}
		run := lines[start:end]
		// trim lines of one segment at its ends
		for len(run) > 0 && !run[len(run)-1].multi() {
			run = run[:len(run)-1]
		}
		if tabular(run, p) {
			out = append(out, run)
		}
		start = -1
	}
	for i, l := range lines {
		if start >= 0 {
			prev := lines[i-1]
			if l.y0-prev.y1 > p.LineGap*max(prev.height(), l.height()) || len(l.segs) < 2 && heading(l, prev) {
				flush(i)
			}
		}
		if start < 0 {
			if l.multi() {
				start = i
				// a header cell over the columns stands above as a line
				// of its own: within the table, right of its stub
				for start > 0 && (spans(lines[start-1], l, p) || headsOver(lines[start-1], lines[start], p)) {
					start--
				}
			}
			continue
		}
		if !l.multi() && i+1 < len(lines) && !lines[i+1].multi() && (i+2 >= len(lines) || !lines[i+2].multi()) {
			flush(i) // three lines of one segment: prose again
		}
	}
	flush(len(lines))
	return out
}

// heading reports whether a line of one segment after line prev is a
// heading between two tables rather than a row of one: it is written
// larger or smaller than the rows.
func heading(l, prev line) bool {
	return math.Abs(l.height()-prev.height()) > 0.15*prev.height()
}

// spans reports whether line above, of one segment, is a header cell
// over the columns of the line below it: close above it, as tall, and
// standing over its columns after the first (a caption centred over the
// whole table starts over the first).
func spans(above, below line, p GridParams) bool {
	if len(above.segs) != 1 || len(below.segs) < 2 || heading(above, below) || below.y0-above.y1 > p.LineGap*below.height() {
		return false
	}
	s := above.segs[0]
	return s.x0 >= below.segs[1].x0-below.height() && s.x1 <= below.segs[len(below.segs)-1].x1+below.height()
}

// headsOver reports whether line above, of several segments but read as
// prose ([line.multi]: "1997 1995* 1992* 1990** 1980** By leading
// retailers (1993/4)", its last header long), is the header of the line
// below: close above it, as tall, and each of its segments over one of
// the line's.
func headsOver(above, below line, p GridParams) bool {
	if len(above.segs) < 2 || above.multi() || len(below.segs) < 2 || heading(above, below) || below.y0-above.y1 > p.LineGap*below.height() {
		return false
	}
	for _, a := range above.segs {
		if !slices.ContainsFunc(below.segs, func(b segment) bool { return a.x0 < b.x1 && a.x1 > b.x0 }) {
			return false
		}
	}
	return true
}

// tabular reports whether a run of lines is a table: enough lines of
// several segments, and short segments.
func tabular(run []line, p GridParams) bool {
	multi, words, segs := 0, 0, 0
	for _, l := range run {
		if l.multi() {
			multi++
		}
		for _, s := range l.segs {
			words += s.words
			segs++
		}
	}
	if segs == 0 || float64(words)/float64(segs) > p.MaxSegmentWords {
		return false
	}
	return multi >= p.MinRows || multi == 2 && len(run) == 2 && keyed(run[0], run[1])
}

// keyed reports whether two lines are a table laid out sideways: a
// header of names over a row of figures, three columns or more, each
// figure under a name ("Years 1990 1992 1993" over "Budget Coefficient
// 0.323 0.272 0.265").
func keyed(head, row line) bool {
	if len(head.segs) < 3 || len(head.segs) != len(row.segs) {
		return false
	}
	figures := 0
	for i, s := range row.segs {
		h := head.segs[i]
		if s.x1 < h.x0 || s.x0 > h.x1 {
			return false // not under its name
		}
		if i > 0 && strings.IndexFunc(s.text, func(r rune) bool { return r >= '0' && r <= '9' }) >= 0 {
			figures++
		}
	}
	return figures == len(row.segs)-1
}

// band is a column's horizontal extent.
type band struct{ x0, x1 float64 }

// gridOf builds the grid of a run of lines: the columns from the bands
// of its fullest lines, a row for each line, a continuation line joined
// to the row above.
func gridOf(run []line) (Grid, bool) {
	bands := bandsOf(run)
	if len(bands) < 2 {
		return Grid{}, false
	}
	g := Grid{Cols: len(bands), Box: [4]float64{bands[0].x0, run[0].y0, bands[len(bands)-1].x1, run[len(run)-1].y1}, bands: bands}
	var rows [][]GridCell
	for _, l := range run {
		var cells []GridCell
		for _, s := range l.segs {
			first, last := spanOf(s, bands)
			cells = append(cells, GridCell{Col: first, ColSpan: last - first + 1, RowSpan: 1, Text: s.text})
		}
		if n := len(rows); n > 0 && completes(cells, rows[n-1]) {
			rows[n-1] = append(rows[n-1], cells...) // the figures of a row whose label wraps round them
			continue
		}
		if n := len(rows); n > 0 && continues(cells, rows[n-1]) {
			for _, c := range cells {
				for k := range rows[n-1] {
					if rows[n-1][k].Col == c.Col {
						rows[n-1][k].Text += " " + c.Text
					}
				}
			}
			continue
		}
		rows = append(rows, cells)
	}
	for r, cells := range rows {
		for _, c := range cells {
			c.Row = r
			g.Cells = append(g.Cells, c)
		}
	}
	g.Rows = len(rows)
	slots := 0
	for _, c := range g.Cells {
		slots += c.ColSpan
	}
	if float64(slots) < minFill*float64(g.Rows*g.Cols) {
		return Grid{}, false // a chart's axes and labels: a few scattered cells
	}
	return g, true
}

// minFill is the least share of a grid's slots its cells fill: a table's
// rows fill most of its columns, a chart's tick labels a few (eu-011's
// axes fill 0.17). scripts/table-bench.sh, micro / per-document F1: at
// 0.25 0.8647 / 0.8652 (as without), 0.35 0.8750 / 0.8804, 0.5 0.8721 /
// 0.8818.
const minFill = 0.35

// sideBySide splits a grid that is tables set side by side: a header
// repeated along its first two rows at a step of two columns or more
// ("Country | Enquiries | Country | Enquiries"), each repeat ending a
// table of that many columns. Columns right of the last table join it
// when they are full, and are dropped when they are not (a chart's
// labels beside the tables).
func sideBySide(g Grid) []Grid {
	for r := 0; r < min(2, g.Rows); r++ {
		at := map[string][]int{}
		for _, c := range g.Cells {
			if c.Row == r && c.ColSpan <= 1 && strings.TrimSpace(c.Text) != "" {
				at[c.Text] = append(at[c.Text], c.Col)
			}
		}
		// the texts in the order their first cell stands, so the same
		// grid always splits alike (a map's order is random: 3M's 2022
		// 10-K, p. 79, split at "$" one ingest and at "2022" the next)
		texts := make([]string, 0, len(at))
		for t, cols := range at {
			slices.Sort(cols)
			texts = append(texts, t)
		}
		slices.SortFunc(texts, func(a, b string) int {
			if c := cmp.Compare(at[a][0], at[b][0]); c != 0 {
				return c
			}
			return strings.Compare(a, b)
		})
		for _, t := range texts {
			cols := at[t]
			if len(cols) < 2 {
				continue
			}
			step := cols[1] - cols[0]
			if step < 2 || cols[0]+1 < step {
				continue
			}
			even := true
			for i := 2; i < len(cols); i++ {
				even = even && cols[i]-cols[i-1] == step
			}
			first := cols[0] + 1 - step
			if !even || !stubsAt(g, r+1, first, step, len(cols)) {
				continue
			}
			return splitCols(g, first, step, len(cols))
		}
	}
	return []Grid{g}
}

// stubsAt reports whether each of n tables of step columns from column
// first holds row labels in its first column below row from: words in
// most of its cells, where a repeated level of one table's header has
// figures.
func stubsAt(g Grid, from, first, step, n int) bool {
	for i := range n {
		col := first + i*step
		words, cells := 0, 0
		for _, c := range g.Cells {
			if c.Col == col && c.Row >= from {
				cells++
				if !Figure(c.Text) {
					words++
				}
			}
		}
		if cells == 0 || 2*words <= cells {
			return false
		}
	}
	return true
}

// splitCols cuts g into n tables of step columns from column first.
func splitCols(g Grid, first, step, n int) []Grid {
	end := first + step*n // the columns from here join the last table, or go
	filled := 0
	for _, c := range g.Cells {
		if c.Col >= end {
			filled++
		}
	}
	if filled*2 >= g.Rows*(g.Cols-end) && end < g.Cols {
		end = g.Cols
	}
	var out []Grid
	for i := range n {
		lo, hi := first+i*step, first+(i+1)*step
		if i == n-1 {
			hi = max(hi, end)
		}
		t := Grid{Rows: g.Rows, Cols: hi - lo, Box: g.Box}
		if len(g.bands) >= hi {
			t.Box[0], t.Box[2] = g.bands[lo].x0, g.bands[hi-1].x1
		}
		for _, c := range g.Cells {
			if c.Col >= lo && c.Col < hi {
				c.Col -= lo
				c.ColSpan = min(c.ColSpan, t.Cols-c.Col)
				t.Cells = append(t.Cells, c)
			}
		}
		out = append(out, trimRows(t))
	}
	return out
}

// trimRows drops a grid's empty rows at its top and bottom.
func trimRows(g Grid) Grid {
	top, bottom := g.Rows, -1
	for _, c := range g.Cells {
		top, bottom = min(top, c.Row), max(bottom, c.Row+max(c.RowSpan, 1)-1)
	}
	if bottom < top {
		return g
	}
	for i := range g.Cells {
		g.Cells[i].Row -= top
	}
	g.Rows = bottom - top + 1
	return g
}

// completes reports whether a line's cells fill the columns the row
// above left empty, that row holding its first column only: a label
// wrapped over two lines with its figures centred between them.
func completes(cells, above []GridCell) bool {
	if len(above) != 1 || above[0].Col != 0 || above[0].ColSpan != 1 || len(cells) == 0 {
		return false
	}
	for _, c := range cells {
		if c.Col == 0 {
			return false
		}
	}
	return true
}

// continues reports whether a line's cells continue the cells of the row
// above: each stands in a column the row fills, and starts in lower case
// or with a bracket.
func continues(cells, above []GridCell) bool {
	for _, c := range cells {
		t := strings.TrimSpace(c.Text)
		if t == "" {
			return false
		}
		r := t[0]
		if !(r >= 'a' && r <= 'z' || r == '(' || r == '[') {
			return false
		}
		if !slices.ContainsFunc(above, func(a GridCell) bool { return a.Col == c.Col }) {
			return false
		}
	}
	return len(cells) > 0
}

// bandsOf returns the columns of a run: the union of the segments of the
// lines with the most segments, merged where they overlap, left to
// right.
func bandsOf(run []line) []band {
	most := 0
	for _, l := range run {
		most = max(most, len(l.segs))
	}
	var bs []band
	for _, l := range run {
		if len(l.segs) < most-1 || len(l.segs) < 2 {
			continue
		}
		for _, s := range l.segs {
			bs = append(bs, band{s.x0, s.x1})
		}
	}
	slices.SortFunc(bs, func(a, b band) int { return cmp.Compare(a.x0, b.x0) })
	var out []band
	for _, b := range bs {
		if n := len(out); n > 0 && b.x0 <= out[n-1].x1 {
			out[n-1].x1 = max(out[n-1].x1, b.x1)
			continue
		}
		out = append(out, b)
	}
	return out
}

// spanOf returns the first and last band segment s overlaps; one that
// overlaps none spans the two bands whose gutter it stands in, or goes to
// the nearest band.
func spanOf(s segment, bands []band) (first, last int) {
	first, last = -1, -1
	for i, b := range bands {
		if s.x0 < b.x1 && s.x1 > b.x0 {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first >= 0 {
		return first, last
	}
	// in the gutter between two bands: a header centred over both
	for i := 1; i < len(bands); i++ {
		if s.x0 >= bands[i-1].x1 && s.x1 <= bands[i].x0 {
			return i - 1, i
		}
	}
	best, dist := 0, -1.0
	mid := (s.x0 + s.x1) / 2
	for i, b := range bands {
		d := min(math.Abs(mid-b.x0), math.Abs(mid-b.x1))
		if dist < 0 || d < dist {
			best, dist = i, d
		}
	}
	return best, best
}
