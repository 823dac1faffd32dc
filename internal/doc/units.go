package doc

import (
	"slices"
	"strconv"
	"strings"
	"unicode"

	"docqa/internal/lazyre"
	"docqa/internal/segment"
)

// A Span is a stretch of text on one of the pages a unit was read from:
// Page indexes those pages.
type Span struct {
	Page  int `json:"p"`
	Start int `json:"s"`
	End   int `json:"e"`
}

// A List is a run of items: a bulleted list, or a numbered one (a
// procedure's steps), with the sentence that announces it and the title
// of the section it stands in.
type List struct {
	Heading  string   `json:"heading,omitempty"` // the title of the heading above, "" for none
	Intro    *Span    `json:"intro,omitempty"`   // the paragraph that announces the list; nil for none
	Items    []Span   `json:"items"`             // each item, its mark included, with the lines it runs on
	Marks    []string `json:"marks"`
	Nums     []int    `json:"nums"` // each item's number; 0s for a bulleted list
	Numbered bool     `json:"numbered,omitempty"`
}

// Runner returns whether a line is a running head or foot of a document
// of pages: one that stands among the first or last three lines of at
// least [RunningShare] of its pages (two at least), its figures aside
// (the page number, a date), or a page number alone.
func Runner(pages []string) func(string) bool {
	running := runningKeys(pages)
	return func(s string) bool {
		s = strings.TrimSpace(s)
		k := runKey(s)
		return isFolio(s) || k != "" && running[k]
	}
}

// RunningKeys returns the keys ([RunKey]) of the running heads and feet
// of a document of pages ([Runner]), sorted: what ingest keeps of them,
// so that a page read alone knows its document's.
func RunningKeys(pages []string) []string {
	var out []string
	for k := range runningKeys(pages) {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// RunKey is the key a line runs by: its words without their figures,
// case folded ([Runner]); "" for a line of figures alone.
func RunKey(s string) string { return runKey(strings.TrimSpace(s)) }

// runningKeys counts the keys of the lines at the edges of each page and
// returns those at the edges of enough of them.
func runningKeys(pages []string) map[string]bool {
	seen := map[string]int{}
	for _, p := range pages {
		keys := map[string]bool{}
		for _, l := range edgeLines(p) {
			keys[runKey(p[l.start:l.end])] = true
		}
		for k := range keys {
			seen[k]++
		}
	}
	least := max(int(RunningShare*float64(len(pages))+0.5), 2)
	out := map[string]bool{}
	for k, n := range seen {
		if k != "" && n >= least {
			out[k] = true
		}
	}
	return out
}

// edgeLines returns the first and last three lines of p that are not
// blank (all of them when it has six or fewer).
func edgeLines(p string) []line {
	var nonEmpty []line
	for _, l := range lines(p) {
		if strings.TrimSpace(p[l.start:l.end]) != "" {
			nonEmpty = append(nonEmpty, l)
		}
	}
	if len(nonEmpty) <= 6 {
		return nonEmpty
	}
	return append(slices.Clone(nonEmpty[:3]), nonEmpty[len(nonEmpty)-3:]...)
}

// RunningShare is the share of a document's pages a line must head or
// foot to be running: a chapter's running head stands on its pages only,
// and a document of a few chapters has each on a third of its pages.
const RunningShare = 0.3

// runKey is a line without its figures (the page number, a date, on
// the left of even pages and the right of odd ones), case folded.
func runKey(s string) string {
	var b strings.Builder
	for _, w := range strings.Fields(s) {
		w = strings.Map(func(r rune) rune {
			if unicode.IsDigit(r) {
				return -1
			}
			return unicode.ToLower(r)
		}, w)
		if w == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w)
	}
	return b.String()
}

// Lists reads the lists of consecutive pages of one document, each with
// its blocks ([Blocks]): a numbered list runs on across a page's turn when
// the next page's first item continues its numbers, and across the text
// set between two of its steps.
func Lists(pages []string, blocks [][]Block) []List {
	var out []List
	heading := ""
	open := -1 // the numbered list that may run on
	for p, bs := range blocks {
		cur := -1
		for k, b := range bs {
			switch b.Kind {
			case Heading:
				// a numbered heading ends a procedure; an unnumbered
				// one may be a figure's label set between two steps
				heading, cur = b.Title, -1
				if b.Level > 0 {
					open = -1
				}
				continue
			case Item:
			case Running, Note:
				continue
			default:
				cur = -1
				continue
			}
			span := Span{p, b.Start, b.End}
			if b.Num > 0 && open >= 0 && last(out[open].Nums)+1 == b.Num && sameFamily(out[open].Marks[0], b.Mark) {
				cur = open // the next step: after text between steps, or over a page
			}
			if cur >= 0 && sameFamily(last(out[cur].Marks), b.Mark) && (b.Num == 0 || last(out[cur].Nums)+1 == b.Num) {
				l := &out[cur]
				l.Items, l.Marks, l.Nums = append(l.Items, span), append(l.Marks, b.Mark), append(l.Nums, b.Num)
				continue
			}
			out = append(out, List{Heading: heading, Items: []Span{span}, Marks: []string{b.Mark}, Nums: []int{b.Num}, Numbered: b.Num > 0})
			cur = len(out) - 1
			if k > 0 && bs[k-1].Kind == Paragraph {
				out[cur].Intro = &Span{p, bs[k-1].Start, bs[k-1].End}
			} else if k > 0 && bs[k-1].Kind == Item {
				out[cur].Intro = announcedIn(pages[p], p, bs[k-1])
			}
			if b.Num > 0 {
				open = cur
			}
		}
	}
	return append(dropLone(out), announcedLists(pages, blocks)...)
}

func last[T any](s []T) T { return s[len(s)-1] }

// On returns l as it stands on a run of a document's pages: at gives the
// index in the run of a 1-based page, false for a page not in it. Its
// items off the run are left out, its intro too when off it, and its
// spans' pages are the run's indexes. ok is false when no item is left,
// or one numbered item past the first: a list's continuation that the
// run alone cannot tell from a stray figure ([Lists] drops such).
func (l List) On(at func(page int) (int, bool)) (List, bool) {
	out := List{Heading: l.Heading, Numbered: l.Numbered}
	if l.Intro != nil {
		if i, ok := at(l.Intro.Page); ok {
			out.Intro = &Span{i, l.Intro.Start, l.Intro.End}
		}
	}
	for k, sp := range l.Items {
		if i, ok := at(sp.Page); ok {
			out.Items = append(out.Items, Span{i, sp.Start, sp.End})
			out.Marks = append(out.Marks, l.Marks[k])
			out.Nums = append(out.Nums, l.Nums[k])
		}
	}
	if len(out.Items) == 0 || len(out.Items) < len(l.Items) && len(dropLone([]List{out})) == 0 {
		return List{}, false
	}
	return out, true
}

// announcedIn returns the last sentence of item b, of another list, when
// it announces the list that follows: the item's lines ran on into the
// paragraph after it, which a page's text without blank lines does not
// set apart ("2. 183 days during ... 2005. ... In general, do not count
// the following as days of presence ..." above "• Days you commute ...").
// It ends in a colon or names "the following"; nil otherwise, and for
// an item of one sentence.
func announcedIn(text string, page int, b Block) *Span {
	ss := segment.Sentences(text[b.Start:b.End])
	if len(ss) < 2 {
		return nil
	}
	l := ss[len(ss)-1]
	t := text[b.Start+l.Start : b.Start+l.End]
	if !strings.HasSuffix(t, ":") && !strings.Contains(strings.Join(strings.Fields(strings.ToLower(t)), " "), "the following") {
		return nil
	}
	return &Span{page, b.Start + l.Start, b.Start + l.End}
}

// dropLone drops numbered "lists" of one item that starts past 1: a
// numbered heading or a stray figure, not a list.
func dropLone(ls []List) []List {
	out := ls[:0]
	for _, l := range ls {
		if len(l.Items) == 1 && (l.Numbered && l.Nums[0] != 1 || !l.Numbered && l.Intro == nil) {
			continue
		}
		out = append(out, l)
	}
	return out
}

// sameFamily reports whether two marks are of one list: the same bullet,
// or numbers (letters, romans) written alike.
func sameFamily(a, b string) bool {
	return markShape(a) == markShape(b)
}

func markShape(m string) string {
	var b strings.Builder
	for _, r := range m {
		switch {
		case r >= '0' && r <= '9':
			r = '9'
		case r >= 'a' && r <= 'z':
			r = 'a'
		}
		b.WriteRune(r)
	}
	s := b.String()
	for strings.Contains(s, "99") {
		s = strings.ReplaceAll(s, "99", "9")
	}
	return s
}

// LastSentence is the last sentence of a paragraph's span: the one that
// announces a list.
func LastSentence(text string, sp Span) Span {
	s := text[sp.Start:sp.End]
	end := len(s)
	// the sentence's start: after the last ". " before its end
	cut := 0
	for i := 0; i+1 < end-1; i++ {
		if (s[i] == '.' || s[i] == '?' || s[i] == '!') && (s[i+1] == ' ' || s[i+1] == '\n') && i+2 < len(s) && unicode.IsUpper(rune(s[i+2])) {
			cut = i + 2
		}
	}
	return Span{sp.Page, sp.Start + cut, sp.End}
}

// An announced list need not mark its items: "We always ask the following
// five questions of services." and then five lines, each a question with
// its findings below it. The sentence gives the count; the items are the
// next blocks of one line that share a shape (each a question, or each a
// heading), the text between them their own.

// reAnnounced is a count and kind a sentence announces: "the following
// five questions", "these 3 steps:".
var reAnnounced = lazyre.New(`(?i)\b(?:the following|these|following)\s+(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(?:[\p{L}-]+\s+){0,2}?[\p{L}-]+s\b`)

var countWords = map[string]int{"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}

// maxAnnouncedSpan is how many blocks after its announcement an announced
// list may take: each item's text between it and the next.
const maxAnnouncedSpan = 60

// announcedLists reads the lists a sentence announces by count whose
// items bear no mark.
func announcedLists(pages []string, blocks [][]Block) []List {
	type at struct{ p, k int }
	var flat []at
	for p, bs := range blocks {
		for k := range bs {
			flat = append(flat, at{p, k})
		}
	}
	var out []List
	for i, a := range flat {
		b := blocks[a.p][a.k]
		if b.Kind != Paragraph {
			continue
		}
		intro := LastSentence(pages[a.p], Span{a.p, b.Start, b.End})
		m := reAnnounced.FindStringSubmatch(pages[a.p][intro.Start:intro.End])
		if m == nil {
			continue
		}
		n, ok := countWords[strings.ToLower(m[1])]
		if !ok {
			n, _ = strconv.Atoi(m[1])
		}
		if n < 2 {
			continue
		}
		var items []Span
		shape := ""
	scan:
		for _, c := range flat[i+1 : min(len(flat), i+1+maxAnnouncedSpan)] {
			cb := blocks[c.p][c.k]
			if cb.Kind == Heading && cb.Level > 0 {
				break
			}
			if cb.Kind != Paragraph && cb.Kind != Heading {
				continue
			}
			// each line of the block: an item's line may end a block of
			// the text before it that ends no sentence ("Inadequate –––")
			for start := cb.Start; start < cb.End; {
				end := strings.IndexByte(pages[c.p][start:cb.End], '\n')
				if end < 0 {
					end = cb.End - start
				}
				line := pages[c.p][start : start+end]
				if s := lineShape(cb, line, start == cb.Start && start+end == cb.End); s != "" && (shape == "" || s == shape) {
					shape = s
					items = append(items, Span{c.p, start, start + end})
					if len(items) == n {
						break scan
					}
				}
				start += end + 1
			}
		}
		if len(items) != n {
			continue
		}
		l := List{Intro: &intro, Items: items, Marks: make([]string, n), Nums: make([]int, n)}
		out = append(out, l)
	}
	return out
}

// lineShape is what a line that may be an item of an unmarked list
// looks like: a question of one sentence, or a heading (a block of one
// line); "" for neither.
func lineShape(b Block, line string, whole bool) string {
	switch {
	case strings.HasSuffix(line, "?") && strings.Count(line, "?") == 1 && !strings.Contains(line, ". "):
		return "question"
	case b.Kind == Heading && whole:
		return "heading"
	}
	return ""
}

// Unrun returns the bytes [start, end) of text between the running heads
// and feet (keys: [RunningKeys], sorted) among its first and last three
// lines, cut from each end inwards: what of a page may answer. start
// equals end for a text of such lines alone.
func Unrun(text string, keys []string) (start, end int) {
	running := func(line string) bool {
		k := RunKey(line)
		_, ok := slices.BinarySearch(keys, k)
		return k != "" && ok
	}
	start, end = 0, len(text)
	if len(keys) == 0 {
		return start, end
	}
	for range 3 {
		rest := strings.TrimLeft(text[start:end], " \t\r\n")
		at := end - len(rest)
		line, _, found := strings.Cut(rest, "\n")
		if !running(line) {
			break
		}
		if !found {
			return end, end
		}
		start = at + len(line) + 1
	}
	for range 3 {
		trimmed := strings.TrimRight(text[start:end], " \t\r\n")
		i := strings.LastIndexByte(trimmed, '\n')
		if !running(trimmed[i+1:]) {
			break
		}
		if i < 0 {
			return start, start
		}
		end = start + len(strings.TrimRight(trimmed[:i], " \t\r"))
	}
	return start, end
}
