package search

import (
	"strconv"

	"docqa/internal/lazyre"
)

// rePageRange matches a page range a question binds its search to:
// "pages 10-20", "on pages 4 to 9", "between pages 3 and 5", "pp. 2–6".
var rePageRange = lazyre.New(`(?i)\b(?:pages|pp\.?)\s*(\d{1,5})\s*(?:-|–|—|to|through|and)\s*(\d{1,5})\b`)

// PageCues returns the page ranges a question names as its scope
// ("pages 10-20"), in order, or nil. A single page ("page 5") is not a
// scope: printed page numbers often differ from the file's by one or
// two, so such a page is ranked first instead (see [PageRefs]).
func PageCues(q string) []PageRange {
	var out []PageRange
	for _, m := range rePageRange.FindAllStringSubmatch(q, -1) {
		from, _ := strconv.Atoi(m[1])
		to, _ := strconv.Atoi(m[2])
		if from > to {
			from, to = to, from
		}
		if from >= 1 {
			out = append(out, PageRange{From: from, To: to})
		}
	}
	return out
}
