package prose

import (
	"cmp"
	"docqa/internal/inquiry"
	"docqa/reader/base"
	"docqa/reader/sentences"
	"fmt"
	"slices"
	"strings"

	"docqa/internal/lazyre"
)

// "Is 'Installing it properly' the step before or after 'Plugging it
// in'?" asks where two parts the question quotes stand in the document,
// one against the other: a manual's headings, a list's items. The answer
// is their order on the pages, the pages in order, each heading quoted.

// reOrderQ asks whether the first quoted part comes before or after the
// second: "\"X\" is the step before or after the step \"Y\"?", "Does \"X\"
// come after or before \"Y\"?".
var reOrderQ = lazyre.New(`(?i)["“]([^"“”]{2,80})["”][^"“”?]*?\b(?:before or after|after or before)\b[^"“”?]*?["“]([^"“”]{2,80})["”]`)

// place is where a quoted part stands: its source's document and page,
// and the line's start.
type place struct {
	src, at int
	line    string
}

// readOrder answers an order question from the sources: ok is false when
// it asks none, or either part is not found in one document with the
// other.
func readOrder(q *inquiry.Question, sources []base.Source) (base.Reading, bool) {
	m := reOrderQ.FindStringSubmatch(q.Text)
	if m == nil {
		return base.Reading{}, false
	}
	x, xok := firstPlace(m[1], sources)
	y, yok := firstPlace(m[2], sources)
	if !xok || !yok || sources[x.src].Doc != sources[y.src].Doc || x.src == y.src && x.at == y.at {
		return base.Reading{}, false
	}
	answer := "after"
	if comparePlaces(sources, x, y) < 0 {
		answer = "before"
	}
	sx, sy := sources[x.src], sources[y.src]
	return base.Reading{
		Answer: answer,
		Quotes: []base.Quote{{Text: x.line, Doc: sx.Doc, Page: sx.Page}, {Text: y.line, Doc: sy.Doc, Page: sy.Page}},
		Explanation: fmt.Sprintf("Extractive answer (no language model): %q stands on p. %d and %q on p. %d of %s, in that order of the pages.",
			x.line, sx.Page, y.line, sy.Page, sx.Doc),
	}, true
}

// firstPlace finds part in the sources: the first line that is the part
// alone (a heading), else the first line that holds it, by page and then
// place on the page.
func firstPlace(part string, sources []base.Source) (place, bool) {
	want := strings.ToLower(strings.Join(strings.Fields(part), " "))
	var whole, within []place
	for i, s := range sources {
		at := 0
		for l := range strings.Lines(s.Text) {
			line := strings.TrimSpace(l)
			low := strings.ToLower(strings.Join(strings.Fields(line), " "))
			switch {
			case strings.Trim(low, ".:") == want:
				whole = append(whole, place{i, at, line})
			case strings.Contains(low, want):
				within = append(within, place{i, at, line})
			}
			at += len(l)
		}
	}
	for _, ps := range [][]place{whole, within} {
		if len(ps) > 0 {
			return slices.MinFunc(ps, func(a, b place) int { return comparePlaces(sources, a, b) }), true
		}
	}
	return place{}, false
}

// comparePlaces orders two places of one document: by page, then by
// where on the page.
func comparePlaces(sources []base.Source, a, b place) int {
	if c := cmp.Compare(sources[a.src].Page, sources[b.src].Page); c != 0 {
		return c
	}
	return cmp.Compare(a.at, b.at)
}

func ReadOrderOf(q *inquiry.Question, in *sentences.Context) base.Outcome {
	return base.Answered(readOrder(q, in.P.Sources))
}
