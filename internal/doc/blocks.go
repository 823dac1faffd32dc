// Package doc reads a document's structure from the text of its pages:
// headings and their levels, lists and their items, numbered procedures,
// the entries of a table of contents, footnotes and their markers,
// captions, and the running heads and feet every page repeats. It reads
// what the page is, never a question: the readers of package reader
// answer with these units ([Structure], [Blocks], [Lists], [Markers], [Outline]).
//
// Blocks are spans of the page text, so that a reader quotes them word
// for word. The text is the page as ingest wrote it: lines in reading
// order, "\n" between them. The package does no I/O.
package doc

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"docqa/internal/lazyre"
)

// Kind is what a block of a page is.
type Kind uint8

const (
	Paragraph Kind = iota // running text
	Heading               // a section's title
	Item                  // an item of a list or a step of a procedure
	Entry                 // an entry of a table of contents
	Note                  // a footnote, at the foot of the page
	Caption               // a table's, figure's or example's label and title
	Running               // a running head or foot, a page number
	Field                 // a label and its value: "Weight: 2.3 kg", "FY = Financial Year"
)

var kindNames = [...]string{"paragraph", "heading", "item", "entry", "note", "caption", "running", "field"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// A Block is a span of a page's text and what it is.
type Block struct {
	Kind  Kind `json:"k,omitempty"`
	Start int  `json:"s"` // the span in the page text, line ends trimmed
	End   int  `json:"e"`
	// Mark is an item's bullet or number ("•", "3.", "b)"), a note's
	// marker ("2"), a caption's label ("Figure 2-15"), a heading's or
	// entry's number ("2.4.7"), what sets a field's label from its value
	// (":", "="); "" for none.
	Mark string `json:"m,omitempty"`
	// Num is an item's or note's number, 0 for a bullet or none.
	Num int `json:"n,omitempty"`
	// Level is a heading's or entry's depth by its numbering (1 for
	// "2" or "Chapter 2", 3 for "2.4.7"), 0 when it gives none.
	Level int `json:"l,omitempty"`
	// Title is a heading's, entry's or caption's text without its
	// number, leaders and page; a field's label.
	Title string `json:"t,omitempty"`
	// Target is the page an entry points to, as printed ("2-16", "ix").
	Target string `json:"g,omitempty"`
}

// Text is the block's text in page.
func (b Block) Text(page string) string { return page[b.Start:b.End] }

// Value is a field's value in page: its text after the label and the
// mark; "" for a block of another kind.
func (b Block) Value(page string) string {
	if b.Kind != Field {
		return ""
	}
	t := b.Text(page)
	i := strings.Index(t, b.Mark)
	if i < 0 {
		return ""
	}
	return strings.TrimSpace(t[i+len(b.Mark):])
}

// Field lines: a label of at most maxLabelWords words, maxLabel bytes,
// set from a value of at most maxValue bytes by a colon or an equals
// sign (a spec sheet's "Weight: 2.3 kg", a glossary's "FY = Financial
// Year ending March 31", a form's "Date of birth: 12 May 1980"). A
// longer value is a sentence that runs on after a lead-in ("Note: the
// pump must ..."), not a field.
const (
	maxLabelWords = 5
	maxLabel      = 40
	maxValue      = 80
)

// field splits a line that is a label and its value: the label starts
// with a capital or a figure's unit ("CO2"), holds a letter, and no
// sentence's end; the value is no more than [maxValue] bytes and does not
// announce what follows (a colon at its end).
func field(s string) (label, sep string, ok bool) {
	i, n := strings.Index(s, ": "), 2
	if j := strings.Index(s, " = "); j > 0 && (i < 0 || j < i) {
		i, n = j, 3
	}
	if i <= 0 {
		return "", "", false
	}
	label, value := strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+n:])
	if value == "" || len(value) > maxValue || strings.HasSuffix(value, ":") || len(label) > maxLabel || len(strings.Fields(label)) > maxLabelWords {
		return "", "", false
	}
	r, _ := utf8.DecodeRuneInString(label)
	if !unicode.IsUpper(r) || strings.ContainsAny(label, ".?!;\"()[]") || !strings.ContainsFunc(label, unicode.IsLetter) || sentenceLead(label) {
		return "", "", false
	}
	return label, strings.TrimSpace(s[i : i+n]), true
}

// sentenceLead reports whether a label of more than three words reads as
// a sentence's start ("Revenue increased as follows"), not a name
// ("Maximum Operating Temperature", "Country of origin and date"): more
// than one of its words after the first in lower case, beside the words
// that join a name's parts.
func sentenceLead(label string) bool {
	ws := strings.Fields(label)
	if len(ws) <= 3 {
		return false
	}
	lower := 0
	for _, w := range ws[1:] {
		r, _ := utf8.DecodeRuneInString(w)
		if unicode.IsLower(r) && !nameJoiners[w] {
			lower++
		}
	}
	return lower > 1
}

// nameJoiners are the words that join the parts of a name in lower case.
var nameJoiners = map[string]bool{"of": true, "and": true, "for": true, "per": true, "in": true, "the": true, "to": true, "at": true, "on": true, "by": true, "or": true, "a": true}

// line is one line of a page: its span, without the line end.
type line struct{ start, end int }

func lines(text string) []line {
	var ls []line
	for i := 0; i <= len(text); {
		j := strings.IndexByte(text[i:], '\n')
		if j < 0 {
			j = len(text) - i
		}
		ls = append(ls, line{i, i + j})
		i += j + 1
	}
	return ls
}

var (
	// reCaption is a caption's label: "Table 3", "Figure 2-15:", "Fig. 1.".
	reCaption = lazyre.New(`^(?:Table|TABLE|Figure|FIGURE|Fig\.|Exhibit|Example|Chart|Listing|Plate)\s+([A-Z]?\d+(?:[.-]\d+)*[a-z]?|[IVX]+)(?:[:.]|\s[-–—]|\s|$)\s*`)
	// reNumbered is a numbered heading: "2.4.7 Starting VisualDSP++",
	// "3.6.6. Activating RCAC".
	reNumbered = lazyre.New(`^(\d{1,2}(?:\.\d{1,3}){1,4})\.?\s+(\S.*)$`)
	// reChapter is a chapter's or part's heading: "Chapter 17:
	// Programming", "APPENDIX B".
	reChapter = lazyre.New(`^(?i:chapter|part|appendix|section)\s+([0-9]{1,3}|[A-Z]|[IVXivx]{1,5})\b[:.]?\s*(.*)$`)
	// reLeader is a contents entry: a title, dot leaders, a page.
	reLeader = lazyre.New(`^(.*?\S)\s*(?:\.\s?){3,}\s*((?:[A-Z]-)?\d{1,4}(?:-\d{1,3})?|[ivxlc]{1,7})\s*$`)
	// reTrailingPage is a contents entry without leaders: "Preface 5".
	reTrailingPage = lazyre.New(`^(.*?\p{L}\S*)\s+((?:[A-Z]-)?\d{1,4}(?:-\d{1,3})?|[ivxlc]{1,7})\s*$`)
	// reContentsHead is a contents page's heading.
	reContentsHead = lazyre.New(`^(?i:(?:table of\s+)?contents|contents at a glance)\s*$`)
	// reNumberMark is a numbered item's mark: "3.", "3)", "(3)", "[3]", "b.", "(iv)".
	reNumberMark = lazyre.New(`^(?:\(?(\d{1,3})[.)]|\[(\d{1,3})\]|\(?([a-z])[.)]|\(([ivx]{1,4})\))\s+\S`)
	// reSectionMark is the mark a section's title may share with a
	// step: "2." ("[2]" and "(2)" number items only).
	reSectionMark = lazyre.New(`^\d{1,2}\.$`)
	// reNoteLine is a footnote's first line: its marker, then the note.
	reNoteLine = lazyre.New(`^(\d{1,3}|[*†‡§¶])\s*(\S.*)?$`)
)

// leader reports whether s is a contents entry with dot leaders
// ([reLeader]). A line without two dots at most a space apart (most
// lines, and a statement's rows of decimals) is not matched against it:
// it backtracks over the whole line.
func leader(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] != '.' {
			continue
		}
		if s[i+1] == '.' || i+2 < len(s) && strings.IndexByte(" \t\f\r", s[i+1]) >= 0 && s[i+2] == '.' {
			return reLeader.MatchString(s)
		}
	}
	return false
}

// bullet reports whether the line starts with a bullet: one symbol, a
// dash or a private-use glyph (a symbol font's bullet), then a space.
func bullet(s string) (string, bool) {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || n >= len(s) || s[n] != ' ' {
		return "", false
	}
	switch {
	case strings.ContainsRune("•●▪■◦○‣⁃∙·*–—-¦➢➤►▶✓✔□❑", r):
	case strings.ContainsRune("©®™°$€£¥+=<>~^`|", r):
		return "", false
	case unicode.Is(unicode.Co, r) || !unicode.IsGraphic(r): // a symbol font's glyph
	case unicode.IsSymbol(r) && r != '$' && r != '€' && r != '£' && r != '+' && r != '=' && r != '<' && r != '>':
	default:
		return "", false
	}
	return s[:n], true
}

// Blocks splits a page's text into blocks, in reading order. running
// reports whether a line is a running head or foot of the document
// ([Runner]); nil reads none.
func Blocks(text string, running func(string) bool) []Block {
	ls := lines(text)
	// a contents page is headed so; a filing's running "Table of
	// Contents" (a link back on every page) heads none
	contents := false
	for i := 0; i < len(ls) && i < 6; i++ {
		if s := strings.TrimSpace(text[ls[i].start:ls[i].end]); reContentsHead.MatchString(s) && (running == nil || !running(s)) {
			contents = true
		}
	}
	notes := noteLines(text, ls, running)
	var out []Block
	prevEnds, blank := true, true // the line above ends a sentence; is blank
	for i, l := range ls {
		s := strings.TrimSpace(text[l.start:l.end])
		if s == "" {
			prevEnds, blank = true, true
			continue
		}
		lead := l.start + strings.Index(text[l.start:l.end], s)
		b := classify(s, i, len(ls), running, notes, contents, prevEnds)
		if b.Kind == Heading && b.Level == 0 && lowerNext(nextLine(text, ls, i)) {
			b = Block{Kind: Paragraph} // a sentence's first line: the next goes on in lower case
		}
		if b.Kind == Item && reSectionMark.MatchString(b.Mark) && titled(s[len(b.Mark):], nextLine(text, ls, i)) {
			b.Kind, b.Level, b.Title = Heading, 1, strings.TrimSpace(s[len(b.Mark):])
		}
		b.Start, b.End = lead, lead+len(s)
		if b.Kind == Paragraph && !blank && len(out) > 0 {
			last := &out[len(out)-1]
			// an item's or a note's next lines, and a paragraph's
			// lines within a sentence, join the block above
			// but a sentence that announces what follows ("To replace
			// the grille:") starts a paragraph of its own
			if (last.Kind == Item || last.Kind == Note) && !(prevEnds && (announces(s) || announcesNext(text, ls, i))) || last.Kind == Paragraph && !prevEnds {
				last.End = b.End
				prevEnds, blank = endsSentence(s), false
				continue
			}
		}
		out = append(out, b)
		prevEnds, blank = b.Kind != Paragraph || endsSentence(s), false
	}
	return out
}

// classify reads line i of n, s, trimmed, as the first line of a block.
func classify(s string, i, n int, running func(string) bool, notes []*Block, contents, prevEnds bool) Block {
	b := Block{Kind: Paragraph}
	switch {
	case notes[i] != nil:
		b = *notes[i]
	case running != nil && (i < 3 || i >= n-3) && running(s):
		b.Kind = Running
	case reCaption.MatchString(s):
		m := reCaption.FindStringSubmatchIndex(s)
		b.Kind, b.Mark, b.Title = Caption, strings.TrimRight(s[:m[3]], " "), strings.TrimSpace(s[m[1]:])
	case leader(s) || contents && reTrailingPage.MatchString(s) && !strings.HasSuffix(s, "."):
		re := reLeader
		if !leader(s) {
			re = reTrailingPage
		}
		m := re.FindStringSubmatch(s)
		b.Kind, b.Target = Entry, m[2]
		b.Mark, b.Title, b.Level = numbering(m[1])
	case reNumbered.MatchString(s) && numberedTitle(reNumbered.FindStringSubmatch(s)[2]):
		m := reNumbered.FindStringSubmatch(s)
		b.Kind, b.Mark, b.Title, b.Level = Heading, m[1], m[2], strings.Count(m[1], ".")+1
	case prevEnds && reChapter.MatchString(s) && chapterTitle(reChapter.FindStringSubmatch(s)[2]):
		m := reChapter.FindStringSubmatch(s)
		b.Kind, b.Mark, b.Title, b.Level = Heading, m[1], strings.TrimSpace(m[2]), 1
	default:
		if mark, ok := bullet(s); ok {
			b.Kind, b.Mark = Item, mark
		} else if m := reNumberMark.FindStringSubmatch(s); m != nil {
			b.Kind, b.Mark = Item, s[:strings.IndexFunc(s, unicode.IsSpace)]
			switch {
			case m[1] != "":
				b.Num, _ = strconv.Atoi(m[1])
			case m[2] != "":
				b.Num, _ = strconv.Atoi(m[2])
			case m[3] != "":
				b.Num = int(m[3][0]-'a') + 1
			default:
				b.Num = roman(m[4])
			}
		} else if label, sep, ok := field(s); prevEnds && ok {
			b.Kind, b.Title, b.Mark = Field, label, sep
		} else if prevEnds && headingLike(s) && !strings.Contains(s, ": ") {
			b.Kind, b.Title = Heading, s
		}
	}
	return b
}

// numberedTitle reports whether the rest of a line numbered as a
// section ("3.2") reads as its title: title case ([headingLike]), or
// sentence case, a capital and then a few words of letters with no
// sentence's end ("3.2 Switch on coffee machine", "2.4.7 Starting the
// debugger"); not a figure's row ("1.5 Million units 2019").
func numberedTitle(rest string) bool {
	if headingLike(rest) {
		return true
	}
	ws := strings.Fields(rest)
	r, _ := utf8.DecodeRuneInString(rest)
	if len(ws) == 0 || len(ws) > 8 || !unicode.IsUpper(r) || strings.ContainsAny(rest[len(rest)-1:], ".,;:") {
		return false
	}
	for _, w := range ws {
		if strings.ContainsFunc(w, unicode.IsDigit) {
			return false
		}
	}
	return true
}

// chapterTitle reports whether the rest of a line that starts as a
// chapter's heading ("Chapter 17: Programming", "APPENDIX B") reads as
// its title, none, or one in sentence case ("Getting started"), rather
// than a sentence that names a section of a law or a form ("section
// 871(d) or a tax treaty.", "Section A—Use if you checked box 1.").
func chapterTitle(rest string) bool {
	if rest == "" {
		return true
	}
	r, _ := utf8.DecodeRuneInString(rest)
	return (unicode.IsUpper(r) || unicode.IsDigit(r)) && !strings.HasSuffix(rest, ".")
}

// titled reports whether a numbered line is a section's title, not a
// step: it reads as a title and the line below starts text, not the
// next item.
func titled(rest, next string) bool {
	if !headingLike(strings.TrimSpace(rest)) || next == "" {
		return false
	}
	if startsItem(next) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(next)
	return unicode.IsUpper(r)
}

// lowerNext reports whether a line starts in lower case.
func lowerNext(next string) bool {
	r, _ := utf8.DecodeRuneInString(next)
	return unicode.IsLower(r)
}

// nextLine is the first line below line i that is not blank, trimmed.
func nextLine(text string, ls []line, i int) string {
	for j := i + 1; j < len(ls); j++ {
		if s := strings.TrimSpace(text[ls[j].start:ls[j].end]); s != "" {
			return s
		}
	}
	return ""
}

// announcesNext reports whether line i, after an item's sentence ended,
// starts a paragraph that announces what follows rather than going on
// with the item: from its capital, the lines down to the next item or
// blank line, at most [maxAnnouncing], end in a colon ("Exempt
// individual. For these purposes, an exempt individual is / generally
// an individual who is a:" before its own bullets).
func announcesNext(text string, ls []line, i int) bool {
	s := strings.TrimSpace(text[ls[i].start:ls[i].end])
	r, _ := utf8.DecodeRuneInString(s)
	if !unicode.IsUpper(r) {
		return false
	}
	for j := i; j < len(ls) && j < i+maxAnnouncing; j++ {
		t := strings.TrimSpace(text[ls[j].start:ls[j].end])
		if t == "" {
			return false
		}
		if j > i && startsItem(t) {
			return false
		}
		if strings.HasSuffix(t, ":") {
			return j+1 < len(ls) && startsItem(strings.TrimSpace(text[ls[j+1].start:ls[j+1].end]))
		}
	}
	return false
}

// maxAnnouncing is the most lines of a paragraph that announces a list.
const maxAnnouncing = 6

// startsItem reports whether a line starts a list's item.
func startsItem(s string) bool {
	_, ok := bullet(s)
	return ok || reNumberMark.MatchString(s)
}

// announces reports whether a line is a whole sentence that announces
// what follows: a capital, then a colon at its end.
func announces(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r) && strings.HasSuffix(s, ":")
}

// endsSentence reports whether a line ends a sentence or a clause that
// announces what follows.
func endsSentence(s string) bool {
	s = strings.TrimRight(s, `"'”’) `)
	if s == "" {
		return true
	}
	switch s[len(s)-1] {
	case '.', '!', '?', ':', ';':
		return true
	}
	return false
}

// headingLike reports whether a line reads as a title: short, no
// sentence end, most long words capitalised, not a row of figures.
func headingLike(s string) bool {
	ws := strings.Fields(s)
	if len(ws) == 0 || len(ws) > 12 || len(s) > 90 {
		return false
	}
	last := s[len(s)-1]
	if last == '.' || last == ',' || last == ';' || last == ':' {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s)
	if !unicode.IsUpper(r) {
		return false
	}
	long, caps, digits := 0, 0, 0
	for _, w := range ws {
		r, _ := utf8.DecodeRuneInString(w)
		if unicode.IsDigit(r) {
			digits++
		}
		if utf8.RuneCountInString(w) < 4 {
			continue
		}
		long++
		if unicode.IsUpper(r) {
			caps++
		}
	}
	return digits*2 <= len(ws) && long > 0 && 5*caps >= 4*long
}

// numbering splits a title's leading section number: "2.4.5 Install the
// Driver" is mark "2.4.5", level 3.
func numbering(s string) (mark, title string, level int) {
	s = strings.TrimSpace(s)
	if m := reNumbered.FindStringSubmatch(s); m != nil {
		return m[1], m[2], strings.Count(m[1], ".") + 1
	}
	if m := reChapter.FindStringSubmatch(s); m != nil && m[2] != "" {
		return m[1], m[2], 1
	}
	if i := strings.IndexByte(s, ' '); i > 0 {
		if n, err := strconv.Atoi(strings.TrimSuffix(s[:i], ".")); err == nil && n > 0 && n < 100 {
			return s[:i], strings.TrimSpace(s[i+1:]), 1
		}
	}
	return "", s, 0
}

func roman(s string) int {
	v := map[byte]int{'i': 1, 'v': 5, 'x': 10}
	n := 0
	for i := 0; i < len(s); i++ {
		if i+1 < len(s) && v[s[i]] < v[s[i+1]] {
			n -= v[s[i]]
		} else {
			n += v[s[i]]
		}
	}
	return n
}
