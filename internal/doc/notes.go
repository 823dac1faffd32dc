package doc

import (
	"strconv"
	"strings"

	"docqa/internal/lazyre"
)

// Footnotes stand at the foot of a page, under its text and above its
// running foot: each starts with its marker ("2 http://www.ponemon.org/",
// "* Estimated."), the markers run up the page in descending order, and
// each number stands in the page's text above as a marker. A run of
// numbered lines longer than [maxNoteShare] of the page is a table or a
// list, not notes.

// maxNoteShare is the largest share of a page's lines its notes take:
// the notes of the dev sets' papers and manuals take at most a fifth.
const maxNoteShare = 0.35

// maxNoteLines is the most lines one note runs to below its marker line.
const maxNoteLines = 4

// noteLines returns, for each line of the page, the note block it
// starts, or nil.
func noteLines(text string, ls []line, running func(string) bool) []*Block {
	out := make([]*Block, len(ls))
	end := len(ls)
	for end > 0 {
		s := strings.TrimSpace(text[ls[end-1].start:ls[end-1].end])
		if s == "" || running != nil && running(s) || isFolio(s) {
			end--
			continue
		}
		break
	}
	var found []int // lines of notes, bottom up
	var nums []int
	pending := 0 // lines below the last marker found, its note's
	last := -1   // the number of the note found last (above the others)
	i := end - 1
	for ; i >= 0 && float64(end-i) <= maxNoteShare*float64(len(ls))+1; i-- {
		s := strings.TrimSpace(text[ls[i].start:ls[i].end])
		m := reNoteLine.FindStringSubmatch(s)
		n := noteNumber(m)
		if m == nil || n == 0 || last > 0 && n >= last || m[2] != "" && !noteText(m[2]) {
			if pending++; pending > maxNoteLines {
				break
			}
			continue
		}
		if m[2] == "" && pending == 0 {
			break // a lone number with nothing below it
		}
		found, nums, last, pending = append(found, i), append(nums, n), n, 0
		if n == 1 {
			i--
			break
		}
	}
	if len(found) == 0 || pending > 0 {
		return out
	}
	// the line above the notes is the page's text, not one more of them
	if i >= 0 {
		if m := reNoteLine.FindStringSubmatch(strings.TrimSpace(text[ls[i].start:ls[i].end])); m != nil && noteNumber(m) > 0 && noteNumber(m) < last {
			return out
		}
	}
	body := text[:ls[found[len(found)-1]].start]
	for k := range found {
		if !markedIn(body, nums[k]) {
			return out
		}
	}
	for k, at := range found {
		s := strings.TrimSpace(text[ls[at].start:ls[at].end])
		m := reNoteLine.FindStringSubmatch(s)
		out[at] = &Block{Kind: Note, Mark: m[1], Num: nums[k]}
	}
	return out
}

// noteNumber is a note line's number; a symbol marker counts from 1.
func noteNumber(m []string) int {
	if m == nil {
		return 0
	}
	if n, err := strconv.Atoi(m[1]); err == nil {
		return n
	}
	return strings.Index("*†‡§¶", m[1])/len("†") + 1
}

// noteText reports whether s reads as a note's text: words or a link,
// not a row of figures.
func noteText(s string) bool {
	if strings.HasPrefix(s, "http") || strings.HasPrefix(s, "www.") {
		return true
	}
	letters, digits := 0, 0
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r > ' ' && r != '.' && r != ',':
			letters++
		}
	}
	return letters >= 4 && letters > 2*digits
}

var reFolio = lazyre.New(`^(?:(?i:page)\s+)?(?:\d{1,4}|[ivxlc]{1,7}|\d{1,3}-\d{1,3})(?:\s+of\s+\d{1,4})?$`)

// isFolio reports whether s is a page number alone.
func isFolio(s string) bool { return reFolio.MatchString(s) }

// markedIn reports whether text holds note n's marker: the number after
// a word, as a superscript lands in the text layer ("Institute 2
// revealed", "costs.2", "data³"), and not as the number of a table,
// figure, step or page.
func markedIn(text string, n int) bool {
	return n <= 0 || len(marksOf(text, n, 1)) > 0 // a symbol's marker is not looked for
}

// marksOf returns where note n's marker stands in text, limit at most.
func marksOf(text string, n, limit int) []int {
	var found []int
	num := strconv.Itoa(n)
	for i := 0; i < len(text) && len(found) < limit; {
		j := strings.Index(text[i:], num)
		if j < 0 {
			break
		}
		at := i + j
		i = at + len(num)
		if at == 0 || i < len(text) && isDigit(text[i]) || isDigit(text[at-1]) {
			continue
		}
		before := strings.TrimRight(text[:at], " ")
		if strings.HasSuffix(before, "\n") {
			// a superscript set on a line of its own, between two
			// lines of the sentence it marks
			if i < len(text) && text[i] != '\n' {
				continue
			}
			before = strings.TrimRight(before, "\n ")
		}
		if before == "" {
			continue
		}
		prev := lastWord(before)
		if prev == "" || !wordEnd(prev) || counted[strings.ToLower(strings.TrimRight(prev, ".:"))] {
			continue
		}
		found = append(found, at)
	}
	return found
}

// A Marker is where a note's number stands in the page's text.
type Marker struct {
	Note int `json:"b"`  // the index of the note's block in the page's blocks
	At   int `json:"at"` // the marker's offset in the page text
}

// Markers returns the markers in a page's text of the notes among its
// blocks, in the text above the first note.
func Markers(text string, blocks []Block) []Marker {
	first := -1
	for _, b := range blocks {
		if b.Kind == Note {
			first = b.Start
			break
		}
	}
	if first < 0 {
		return nil
	}
	var out []Marker
	for k, b := range blocks {
		if b.Kind != Note || b.Num <= 0 {
			continue
		}
		for _, at := range marksOf(text[:first], b.Num, 8) {
			out = append(out, Marker{Note: k, At: at})
		}
	}
	return out
}

// counted are the words a number after which counts, not marks.
var counted = map[string]bool{"table": true, "figure": true, "fig": true, "step": true, "page": true, "pages": true, "section": true, "chapter": true, "example": true, "version": true, "no": true, "and": true, "or": true, "to": true, "of": true, "than": true, "by": true, "at": true, "in": true, "on": true, "p": true, "pp": true, "item": true, "appendix": true, "equation": true, "eq": true, "part": true, "level": true, "about": true, "over": true, "under": true, "from": true, "with": true}

func lastWord(s string) string {
	if i := strings.LastIndexAny(s, " \n\t("); i >= 0 {
		return s[i+1:]
	}
	return s
}

// wordEnd reports whether w ends as a word a marker follows: a letter,
// or a sentence's end after one.
func wordEnd(w string) bool {
	w = strings.TrimRight(w, ".,;:)”\"'")
	if w == "" {
		return false
	}
	c := w[len(w)-1]
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
