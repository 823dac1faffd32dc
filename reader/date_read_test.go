package reader

import (
	"docqa/reader/base"
	"strings"
	"testing"
)

// A question that names a layout is answered with the quoted sentence's
// date in that layout; the citation stays the sentence, word for word.
func TestExtractiveDate(t *testing.T) {
	sources := []base.Source{{Doc: "h.pdf", Page: 5, Text: "HEARING BEFORE THE COMMITTEE ON EDUCATION\nTuesday, October 7, 2003\nThe committee met at 10:30 a.m. in room 2175."}}
	a := readText("What date is mentioned at the beginning of page(5)? Format the date as YYYY-MM-DD", nil, sources)
	if a.Answer != "2003-10-07" || len(a.Quotes) != 1 || !quoted(a, sources) || !strings.Contains(a.Quotes[0].Text, "October 7, 2003") {
		t.Errorf("answer %q, quotes %+v; want 2003-10-07 quoting the date line", a.Answer, a.Quotes)
	}
}
