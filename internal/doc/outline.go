package doc

import (
	"strconv"
	"strings"
	"unicode"
)

// A Part is one line of a document's outline: a chapter's or section's
// title, its depth, and the page it starts on.
type Part struct {
	Title string `json:"title"`
	Level int    `json:"level"`          // 1 for a chapter or top section
	Page  int    `json:"page,omitempty"` // the 1-based page of the file; 0 when not found
	// Label is the page a table of contents prints for it ("2-16").
	Label string `json:"label,omitempty"`
	// Number is its number as the document writes it ("2.4.5"), ""
	// for none.
	Number string `json:"number,omitempty"`
	// Listed is the page of the table of contents that lists it, 0 for
	// an outline read from elsewhere.
	Listed int `json:"listed,omitempty"`
}

// Where an outline comes from, best first.
const (
	FromBookmarks = "bookmarks" // the PDF's own outline
	FromContents  = "contents"  // its table of contents
	FromHeadings  = "headings"  // its numbered headings
)

// minContents is how many entries a table of contents must have to be
// the outline rather than the headings.
const minContents = 3

// Outline reads a document's outline from its pages' blocks ([Blocks]):
// its table of contents, each entry matched to the page whose heading
// bears its title (or, for a printed page number, the offset the matched
// entries share); else its numbered headings, each on its page. from
// says which; an outline of none is nil.
func Outline(blocks [][]Block) (out []Part, from string) {
	contents := -1 // the last page of contents
	for p, bs := range blocks {
		for _, b := range bs {
			if b.Kind != Entry {
				continue
			}
			level := b.Level
			if level == 0 {
				level = 1
			}
			out = append(out, Part{Title: b.Title, Level: level, Label: b.Target, Number: strings.TrimSuffix(b.Mark, "."), Listed: p + 1})
			contents = p
		}
	}
	if len(out) >= minContents && inOrder(out) {
		placeEntries(out, blocks, contents+1)
		return out, FromContents
	}
	out = nil
	for p, bs := range blocks {
		for _, b := range bs {
			if b.Kind == Heading && b.Level > 0 && b.Title != "" {
				out = append(out, Part{Title: b.Title, Level: b.Level, Page: p + 1, Number: strings.TrimSuffix(b.Mark, ".")})
			}
		}
	}
	if len(out) == 0 {
		return nil, ""
	}
	return out, FromHeadings
}

// inOrder reports whether entries read as a table of contents: it lists
// the parts in the order they stand, so the printed page of each entry
// that gives a number is the one before's or later, but for
// [MaxOutOfOrder] of them (a list of figures that starts again, a
// misread number). A back-of-book index lists its terms alphabetically,
// their pages in any order ("Address change 31", "Adjustments 15"), and
// is no outline.
func inOrder(es []Part) bool {
	pairs, back, last := 0, 0, -1
	for _, e := range es {
		n, err := strconv.Atoi(e.Label)
		if err != nil {
			continue
		}
		if last >= 0 {
			pairs++
			if n < last {
				back++
			}
		}
		last = n
	}
	return float64(back) <= MaxOutOfOrder*float64(pairs)
}

// MaxOutOfOrder is the share of a table of contents' entries whose
// printed page may come before the entry's above ([inOrder]). An index
// of terms goes back about every other entry; the contents pages of the
// dev sets' manuals and reports, a few times each (a list of tables
// after the chapters).
const MaxOutOfOrder = 0.2

// placeEntries finds each entry's page among the pages from first on: a
// heading whose title is the entry's; then, for an entry whose printed
// page is a number, that number moved by the offset most matched
// entries share.
func placeEntries(es []Part, blocks [][]Block, first int) {
	titles := map[string]int{} // a heading's folded title: its first page
	for p := first; p < len(blocks); p++ {
		for _, b := range blocks[p] {
			if b.Kind == Heading && b.Title != "" {
				if _, ok := titles[fold(b.Title)]; !ok {
					titles[fold(b.Title)] = p + 1
				}
			}
		}
	}
	offsets := map[int]int{}
	for i := range es {
		if p, ok := titles[fold(es[i].Title)]; ok {
			es[i].Page = p
			if n, err := strconv.Atoi(es[i].Label); err == nil {
				offsets[p-n]++
			}
		}
	}
	best, votes := 0, 0
	for off, n := range offsets {
		if n > votes || n == votes && off < best {
			best, votes = off, n
		}
	}
	if votes == 0 {
		return
	}
	for i := range es {
		if es[i].Page != 0 {
			continue
		}
		if n, err := strconv.Atoi(es[i].Label); err == nil && n+best >= 1 && n+best <= len(blocks) {
			es[i].Page = n + best
		}
	}
}

// fold is a title with case, punctuation and spacing folded.
func fold(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// SectionAt returns the titles of the sections open where page starts
// (those that begin on it too), outermost first: the path a page's text
// stands in. Parts whose page is not known are skipped.
func SectionAt(outline []Part, page int) []string {
	var path []Part
	for _, p := range outline {
		if p.Page <= 0 || p.Page > page {
			continue
		}
		for len(path) > 0 && path[len(path)-1].Level >= p.Level {
			path = path[:len(path)-1]
		}
		path = append(path, p)
	}
	out := make([]string, len(path))
	for i, p := range path {
		out[i] = p.Title
	}
	return out
}
