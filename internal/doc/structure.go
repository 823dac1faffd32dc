package doc

import (
	"slices"

	"docqa/internal/table"
)

// Structure is what a document is beyond its text, read once at ingest
// ([Read]) and kept with the index: the readers of package reader
// answer with its units and never parse page text into structure
// themselves.
//
// Spans and blocks index the text of their page as ingest stored it.
type Structure struct {
	// Outline is the document's chapters and sections with their pages
	// ([Outline]); OutlineFrom says what it was read from
	// (FromBookmarks, FromContents, FromHeadings), "" for none.
	Outline     []Part `json:"outline,omitempty"`
	OutlineFrom string `json:"outline_from,omitempty"`
	// Running are the keys ([RunKey]) of the running heads and feet the
	// document repeats ([RunningKeys]): no reader answers or quotes from
	// such a line, whichever of its pages it reads.
	Running []string `json:"running,omitempty"`
	// Lists are the document's lists and numbered procedures ([Lists]),
	// read over all its pages: a Span's Page is the 1-based page.
	Lists []List `json:"lists,omitempty"`
	// Pages are the structure of the pages read: every page at ingest
	// (page i+1 at i), the pages asked for when read back from the
	// index.
	Pages []Page `json:"-"`
}

// Page is one page's structure.
type Page struct {
	Number int `json:"-"` // 1-based
	// Blocks are the page's blocks in reading order ([Blocks]).
	Blocks []Block `json:"blocks,omitempty"`
	// Marks are where the page's text marks its notes ([Markers]).
	Marks []Marker `json:"marks,omitempty"`
	// Grids are the tables found on the page, when the extractor gives
	// word positions.
	Grids []table.Grid `json:"grids,omitempty"`

	// What a page is in its document, set when read back ([Structure.Of]).

	// Section is the titles of the sections the page stands in,
	// outermost first ([SectionAt]).
	Section []string `json:"-"`
	// Running is the document's [Structure.Running].
	Running []string `json:"-"`
	// Lists are the document's lists with an item on the page.
	Lists []List `json:"-"`
}

// Empty reports whether the page has no structure kept: no blocks, no
// marks, no tables.
func (p Page) Empty() bool { return len(p.Blocks) == 0 && len(p.Marks) == 0 && len(p.Grids) == 0 }

// Read reads the structure of a document's pages (page i+1 at i) and
// the tables found on them (grids, by page; nil for none): each page's
// blocks with the document's running heads and feet known, its notes'
// marks, its lists over the page turns, and its outline from marks (its
// bookmarks) when they point to pages, else from the blocks.
func Read(texts []string, grids map[int][]table.Grid, marks []Part) Structure {
	s := Structure{Running: RunningKeys(texts), Pages: make([]Page, len(texts))}
	run := Runner(texts)
	blocks := make([][]Block, len(texts))
	for i, t := range texts {
		blocks[i] = Blocks(t, run)
		s.Pages[i] = Page{Number: i + 1, Blocks: blocks[i], Marks: Markers(t, blocks[i]), Grids: grids[i+1]}
	}
	if Placed(marks) {
		s.Outline, s.OutlineFrom = marks, FromBookmarks
	} else {
		s.Outline, s.OutlineFrom = Outline(blocks)
	}
	s.Lists = Lists(texts, blocks)
	for i := range s.Lists {
		s.Lists[i].shift(1)
	}
	return s
}

// Placed reports whether bookmarks point to pages: some that point
// nowhere (a web link, another file) make no outline.
func Placed(marks []Part) bool {
	n := 0
	for _, m := range marks {
		if m.Page > 0 {
			n++
		}
	}
	return n > 0 && 2*n >= len(marks)
}

// shift adds d to the page of every span of l.
func (l *List) shift(d int) {
	if l.Intro != nil {
		in := *l.Intro
		in.Page += d
		l.Intro = &in
	}
	for i := range l.Items {
		l.Items[i].Page += d
	}
}

// Stored returns page's own structure as s holds it (blocks, marks,
// tables), without what it is in its document ([Structure.Of]); none for
// a page s does not hold.
func (s Structure) Stored(page int) Page {
	if len(s.Pages) > 0 && page >= s.Pages[0].Number && page-s.Pages[0].Number < len(s.Pages) && s.Pages[page-s.Pages[0].Number].Number == page {
		return s.Pages[page-s.Pages[0].Number] // the pages of a range, in order
	}
	if i := slices.IndexFunc(s.Pages, func(p Page) bool { return p.Number == page }); i >= 0 {
		return s.Pages[i]
	}
	return Page{Number: page}
}

// Of returns page of the structure s was read back with: its own
// structure, the sections it stands in, the document's running keys and
// the lists with an item on it. A page s does not hold has none of its
// own.
func (s Structure) Of(page int) Page {
	p := s.Stored(page)
	p.Section = SectionAt(s.Outline, page)
	p.Running = s.Running
	for _, l := range s.Lists {
		if slices.ContainsFunc(l.Items, func(sp Span) bool { return sp.Page == page }) {
			p.Lists = append(p.Lists, l)
		}
	}
	return p
}
