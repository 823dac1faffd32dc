package table

import (
	"math/big"
	"slices"
	"strings"

	"docqa/internal/lazyre"
)

// A table is read by the labels of its rows and columns, as a reader of
// it does: the header rows at its top name the columns (a header over two
// columns names both, a level under it each of them), the stub columns at
// its left name the rows, and a row with a label and no figures heads
// the rows under it ("Female", then "75-84").

// A Labelled is a grid read as a table: its header rows, its stub
// columns, and the label of every row and column.
type Labelled struct {
	Grid
	// HeadRows is the number of header rows at the top; StubCols the
	// number of label columns at the left.
	HeadRows, StubCols int
	// RowLabels are the labels of the rows by row, a group heading's
	// joined before the row's own with " – "; "" for header rows.
	RowLabels []string
	// ColLabels are the labels of the columns by column, the header
	// levels joined top to bottom with " – "; "" for stub columns.
	ColLabels []string
	// Heads are the header cells above each column, top to bottom, as
	// they stand in the table.
	Heads [][]string
	// Stubs are the stub cells of each row (a group heading first).
	Stubs [][]string

	slots [][]string // the text of each slot; a spanning cell's in each of its slots
}

// Label reads g's header rows, stub columns and labels.
func Label(g Grid) Labelled {
	l := Labelled{Grid: g}
	l.slots = make([][]string, g.Rows)
	for r := range l.slots {
		l.slots[r] = make([]string, g.Cols)
	}
	for _, c := range g.Cells {
		for r := c.Row; r < min(c.Row+max(c.RowSpan, 1), g.Rows); r++ {
			for k := c.Col; k < min(c.Col+max(c.ColSpan, 1), g.Cols); k++ {
				if r >= 0 && k >= 0 {
					l.slots[r][k] = strings.TrimSpace(c.Text)
				}
			}
		}
	}
	l.StubCols = l.stubCols()
	l.HeadRows = l.headRows()
	l.fillGroups()
	l.ColLabels = make([]string, g.Cols)
	l.Heads = make([][]string, g.Cols)
	for k := l.StubCols; k < g.Cols; k++ {
		var levels []string
		for r := range l.HeadRows {
			if t := l.slots[r][k]; t != "" && (len(levels) == 0 || levels[len(levels)-1] != t) {
				levels = append(levels, t)
			}
		}
		l.Heads[k] = levels
		l.ColLabels[k] = strings.Join(levels, " – ")
	}
	l.RowLabels = make([]string, g.Rows)
	l.Stubs = make([][]string, g.Rows)
	var group string
	for r := l.HeadRows; r < g.Rows; r++ {
		var stub []string
		for k := range l.StubCols {
			if t := l.slots[r][k]; t != "" && (len(stub) == 0 || stub[len(stub)-1] != t) {
				stub = append(stub, t)
			}
		}
		if l.labelOnly(r) && r+1 < g.Rows {
			group = strings.Join(stub, " ")
			continue
		}
		if group != "" && len(stub) > 0 {
			stub = append([]string{group}, stub...)
		}
		l.Stubs[r] = stub
		l.RowLabels[r] = strings.Join(stub, " – ")
	}
	return l
}

// fillGroups gives the empty slots of a sparse stub column left of the
// last the cell nearest them in it, the one above on a tie: a group's
// label set once, level with the middle of its rows ("1991" beside
// "Women", between "Men" and "Total").
func (l Labelled) fillGroups() {
	body := l.Rows - l.HeadRows
	for k := range l.StubCols - 1 {
		var at []int
		for r := l.HeadRows; r < l.Rows; r++ {
			if l.slots[r][k] != "" {
				at = append(at, r)
			}
		}
		if len(at) == 0 || 2*len(at) > body {
			continue
		}
		for r := l.HeadRows; r < l.Rows; r++ {
			if l.slots[r][k] != "" {
				continue
			}
			best := at[0]
			for _, a := range at {
				if abs(a-r) < abs(best-r) {
					best = a
				}
			}
			l.slots[r][k] = l.slots[best][k]
		}
	}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Cell returns the text of the slot at row r, column k: a spanning
// cell's text in each of its slots.
func (l Labelled) Cell(r, k int) string {
	if r < 0 || r >= len(l.slots) || k < 0 || k >= len(l.slots[r]) {
		return ""
	}
	return l.slots[r][k]
}

// numbered reports whether the table's body holds figures: cells that
// read as numbers and are no years.
func (l Labelled) numbered(from int) bool {
	for r := from; r < l.Rows; r++ {
		for k := 1; k < l.Cols; k++ {
			if Figure(l.slots[r][k]) && !Year(l.slots[r][k]) {
				return true
			}
		}
	}
	return false
}

// stubCols counts the label columns at the left: the first, and each
// next one whose cells below the first row hold no figure while the
// table's others do ("Count" / "Percentage" beside a country's name).
func (l Labelled) stubCols() int {
	if !l.numbered(1) {
		return 1
	}
	n := 1
	for k := 1; k < l.Cols-1; k++ {
		words := 0
		for r := 1; r < l.Rows; r++ {
			if Figure(l.slots[r][k]) {
				return n
			}
			if l.slots[r][k] != "" {
				words++
			}
		}
		if words == 0 {
			return n
		}
		n++
	}
	return n
}

// headRows counts the header rows at the top: the first, and each next
// one that names columns without stating a figure, in a table whose body
// states figures; in a table of words, each next one whose stub is
// empty (a level under a header that spans columns).
func (l Labelled) headRows() int {
	numbered := l.numbered(1)
	n := 1
	for r := 1; r < l.Rows-1; r++ {
		named, figure := false, false
		for k := l.StubCols; k < l.Cols; k++ {
			t := l.slots[r][k]
			if t != "" {
				named = true
			}
			if Figure(t) && !Year(t) {
				figure = true
			}
		}
		stubEmpty := true
		for k := range l.StubCols {
			if l.slots[r][k] != "" {
				stubEmpty = false
			}
		}
		switch {
		case !named, figure:
			return n
		case numbered, stubEmpty:
			n++
		default:
			return n
		}
	}
	return n
}

// labelOnly reports whether row r has a label and nothing else: a group
// heading.
func (l Labelled) labelOnly(r int) bool {
	label := false
	for k := range l.Cols {
		t := l.slots[r][k]
		switch {
		case t == "":
		case k < l.StubCols:
			label = true
		default:
			return false
		}
	}
	return label
}

var (
	// reFigure is a figure as tables write it: a sign or currency, digits
	// grouped by commas, points, spaces or thin spaces, a decimal part, a
	// percent or a footnote star.
	reFigure   = lazyre.New(`^[(+\-–−]?[$€£¥]?\s?\d{1,3}(?:[,.\x{00A0}\x{2009}\x{202F} ]\d{3})*(?:[.,]\d+)?\)?\s?%?\*{0,3}$|^[(+\-–−]?[$€£¥]?\s?\d+(?:[.,]\d+)?\)?\s?%?\*{0,3}$`)
	reYearSpan = lazyre.New(`^(?:1[89]|20)\d\d(?:[/-]\d{1,4})?\*{0,3}$`)
)

// Figure reports whether s is a figure: "298 839", "3,9", "(1,577)",
// "+4", "5.7%".
func Figure(s string) bool { return reFigure.MatchString(strings.TrimSpace(s)) }

// Year reports whether s is a year or a span of years: "1996",
// "1992/3", "2019-2020".
func Year(s string) bool { return reYearSpan.MatchString(strings.TrimSpace(s)) }

// Number reads figure s as a number. commaDecimal says the table writes
// its decimals after a comma ("0,1"), so that a point groups thousands
// ("23.900"); without it a comma groups thousands unless it is followed
// by other than three digits ("3,9"). Spaces and thin spaces between
// digit groups group thousands: "298 839" is one number. ok is false
// when s is no figure.
func Number(s string, commaDecimal bool) (v *big.Rat, ok bool) {
	s = strings.TrimSpace(s)
	if !Figure(s) {
		return nil, false
	}
	neg := strings.HasPrefix(s, "(") && strings.HasSuffix(strings.TrimRight(s, "%* "), ")") ||
		strings.HasPrefix(s, "-") || strings.HasPrefix(s, "–") || strings.HasPrefix(s, "−")
	digits := strings.Map(func(r rune) rune {
		switch {
		case r >= '0' && r <= '9', r == '.', r == ',':
			return r
		}
		return -1
	}, s)
	decimal := '.'
	if commaDecimal || decimalComma(digits) {
		decimal = ','
	}
	var b strings.Builder
	for _, r := range digits {
		switch {
		case r == decimal:
			b.WriteByte('.')
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		}
	}
	v, ok = new(big.Rat).SetString(b.String())
	if !ok {
		return nil, false
	}
	if neg {
		v.Neg(v)
	}
	return v, true
}

// decimalComma reports whether digits (only digits, points and commas)
// mark decimals with a comma: a comma last and not followed by three
// digits ("3,9", "0,0001"), or a comma after a point ("1.234,5").
func decimalComma(digits string) bool {
	c := strings.LastIndexByte(digits, ',')
	if c < 0 {
		return false
	}
	if p := strings.LastIndexByte(digits, '.'); p > c {
		return false
	} else if p >= 0 {
		return true
	}
	return len(digits)-c-1 != 3 || strings.HasPrefix(digits, "0,")
}

// CommaDecimal reports whether column k writes decimals after a comma:
// one of its figures can be read no other way ("0,1", "1.234,5"). A
// column, not the table: a column of counts ("3,4": two of them) beside
// one of amounts.
func (l Labelled) CommaDecimal(k int) bool {
	for _, c := range l.Cells {
		if c.Col > k || c.Col+max(c.ColSpan, 1) <= k || c.Row < l.HeadRows {
			continue
		}
		t := strings.TrimSpace(c.Text)
		if !Figure(t) {
			continue
		}
		if d := strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' || r == '.' || r == ',' {
				return r
			}
			return -1
		}, t); decimalComma(d) {
			return true
		}
	}
	return false
}

// Continue returns next, the first table of a page, with the header rows
// of prev, the last table of the page before, when next continues it: a
// first row that states figures where a header would name columns, and
// as many columns as prev, or as many as prev has headed columns (a
// header set apart from its rows, as a report's summary is, splits
// columns its rows do not share: "Employees Affected" over "5,890" on
// one page, over "8,729" set further right on the next). ok is false
// when next has a header of its own or another shape.
func Continue(prev, next Grid) (Grid, bool) {
	if next.Rows == 0 {
		return next, false
	}
	// a figure in the first row, past the stub column
	if !slices.ContainsFunc(next.Cells, func(c GridCell) bool {
		t := strings.TrimSpace(c.Text)
		return c.Row == 0 && c.Col+max(c.ColSpan, 1) > 1 && Figure(t) && !Year(t)
	}) {
		return next, false
	}
	head := Label(prev).HeadRows
	at, ok := headedCols(prev, head, next.Cols)
	if !ok {
		return next, false
	}
	out := Grid{Box: next.Box, Rows: next.Rows + head, Cols: next.Cols, bands: next.bands}
	for _, c := range prev.Cells {
		if c.Row >= head || c.Col < 0 || c.Col >= prev.Cols {
			continue
		}
		last := min(c.Col+max(c.ColSpan, 1), prev.Cols) - 1
		for at[last] < 0 && last > c.Col {
			last--
		}
		if at[c.Col] < 0 || at[last] < 0 {
			continue
		}
		c.Col, c.ColSpan = at[c.Col], at[last]-at[c.Col]+1
		out.Cells = append(out.Cells, c)
	}
	for _, c := range next.Cells {
		c.Row += head
		out.Cells = append(out.Cells, c)
	}
	return out, true
}

// headedCols maps the columns of prev to those of a table of n columns
// that continues it: one to one when prev has n columns, else its
// columns with a header cell (in its first head rows), in order, when
// they are n; -1 for a column with none. ok is false when neither fits.
func headedCols(prev Grid, head, n int) (at []int, ok bool) {
	at = make([]int, prev.Cols)
	if prev.Cols == n {
		for k := range at {
			at[k] = k
		}
		return at, true
	}
	if head == 0 {
		return nil, false
	}
	headed := make([]bool, prev.Cols)
	for _, c := range prev.Cells {
		if c.Row < head && c.Col >= 0 && c.Col < prev.Cols && strings.TrimSpace(c.Text) != "" {
			headed[c.Col] = true
		}
	}
	k := 0
	for i, h := range headed {
		at[i] = -1
		if h {
			at[i] = k
			k++
		}
	}
	return at, k == n
}
