package table

import (
	"strings"

	"docqa/internal/lazyre"
)

// Likely reports whether a page's text (in content order, a line as the
// PDF sets it) may hold a table: [LikelyRows] lines or more that state two
// figures or more, or a line that begins with a table's caption ("Table
// 3-2 Built-in global variables"), which a table of words (names, types,
// descriptions) has where it has no figures. Ingest keeps the positioned
// words of these pages only, and recovers their grids.
func Likely(text string) bool {
	rows := 0
	for line := range strings.Lines(text) {
		if reTableCaption.MatchString(line) {
			return true
		}
		figures := 0
		for f := range strings.FieldsSeq(line) {
			// a figure holds a digit: the test spares the pattern most words
			if strings.ContainsAny(f, "0123456789") && Figure(f) {
				figures++
			}
		}
		if figures >= 2 {
			if rows++; rows >= LikelyRows {
				return true
			}
		}
	}
	return false
}

// LikelyRows is the fewest lines of two figures that make a page likely
// to hold a table. At 3, 49 of the 55 pages of the ICDAR 2013 EU half
// that hold a table pass (the 6 others hold tables of words), and 63% of
// the FinanceBench dev filings' pages, 25% of MMLongBench's.
const LikelyRows = 3

// reTableCaption is a table's caption at a line's start: "Table 3-2",
// "TABLE 4.", "Table 12:" and a title after it, as doc.Page reads
// captions.
var reTableCaption = lazyre.New(`^\s*(?:Table|TABLE)\s+[A-Z]?\d+(?:[.-]\d+)*[a-z]?(?:[:.]|\s+[-–—]|\s+\p{Lu})`)
