package ingest

import (
	"fmt"
	"strings"
	"testing"

	"docqa/internal/table"
)

// TestColumnWords: words written line by line through two columns of
// prose are read a column at a time, a page head spanning them (with a
// date beside it) first; a table's rows (a label and its figures) and
// columns written a column at a time keep their order.
func TestColumnWords(t *testing.T) {
	left := strings.Fields("A dual-status year is one in which you change status between nonresident and resident alien and different tax rules apply to each status of the year in turn")
	right := strings.Fields("Income you received as a dual-status taxpayer from sources outside the United States while a resident alien is taxable even if you became a nonresident")
	word := func(text string, x, y float64) table.Word {
		return table.Word{Text: text, X0: x, Y0: y - 10, X1: x + 6*float64(len(text)), Y1: y}
	}
	// interleaved: each line of the left column, then the same line of the right
	var interleaved, columnwise []table.Word
	head := []table.Word{word("Instructions", 100, 40), word("for", 180, 40), word("Form", 205, 40), word("1040NR", 240, 40), word("2007", 440, 40)}
	interleaved = append(interleaved, head...)
	columnwise = append(columnwise, head...)
	// set a line's words 4 points apart from x0
	set := func(ws []string, x0, y float64) []table.Word {
		var out []table.Word
		for _, w := range ws {
			out = append(out, word(w, x0, y))
			x0 += 6*float64(len(w)) + 4
		}
		return out
	}
	var lcol, rcol []table.Word
	for line := range 24 { // a page's worth, the texts over again
		y := 80 + 14*float64(line)
		k := line % 6 * 4
		l := set(left[k:k+4], 40, y)
		r := set(right[k:k+4], 320, y)
		lcol, rcol = append(lcol, l...), append(rcol, r...)
		interleaved = append(append(interleaved, l...), r...)
	}
	columnwise = append(append(columnwise, lcol...), rcol...)
	texts := func(ws []table.Word) string {
		var s []string
		for _, w := range ws {
			s = append(s, w.Text)
		}
		return strings.Join(s, " ")
	}
	p := DefaultRawTextParams()
	got := columnWords(PageWords{Width: 612, Height: 792, Words: interleaved}, p)
	if texts(got) != texts(columnwise) {
		t.Errorf("interleaved columns read as\n%s\nwant\n%s", texts(got), texts(columnwise))
	}
	if got := columnWords(PageWords{Width: 612, Height: 792, Words: columnwise}, p); texts(got) != texts(columnwise) {
		t.Errorf("columns written a column at a time read as\n%s", texts(got))
	}
	var rows []table.Word
	for line := range 8 {
		y := 80 + 14*float64(line)
		rows = append(rows, word("Revenue", 40, y), word("of", 90, y), word("segment", 105, y), word(fmt.Sprint(line), 40+170, y),
			word(fmt.Sprint(100+line), 330, y), word(fmt.Sprint(200+line), 450, y))
	}
	if got := columnWords(PageWords{Width: 612, Height: 792, Words: rows}, p); texts(got) != texts(rows) {
		t.Errorf("a table's rows read as\n%s", texts(got))
	}
}
