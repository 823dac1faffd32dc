package search

import (
	"slices"
	"strconv"
	"strings"

	"docqa/internal/lazyre"
)

var (
	pageNumber  = lazyre.New(`(?i)\b(?:page|p\.)\s*\(?\s*(\d{1,4})\s*\)?`)
	pageOrdinal = lazyre.New(`(?i)\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)\s+(?:cover\s+)?page\b`)
	pageWord    = lazyre.New(`(?i)\bpage\s+(one|two|three|four|five|six|seven|eight|nine|ten)\b`)
	coverPage   = lazyre.New(`(?i)\b(?:front\s+)?cover(?:\s+page)?\b|\btitle page\b`)
	// coverFacts are what a filing or a letter states on its first page:
	// the parties, the case number, the date.
	coverFacts = lazyre.New(`(?i)\b(?:defendants?|plaintiffs?|appellants?|appellees?|petitioners?|(?:case|docket)\s+(?:number|no\b)|date\s+of\s+(?:the|this)\s+(?:document|letter|filing|opinion|order|memo))`)
)

// NamedPage is a page a question names.
type NamedPage struct {
	Page int
	// Number is set when the question names the page by its number
	// ("page 9", "page nine"), which may be the number printed on it
	// rather than its place in the file (see [PrintedOffset]).
	Number bool
}

var ordinals = map[string]int{
	"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10,
	"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
}

// PageRefs returns the pages a question names ("page 5", "page(1)",
// "the second page", "page two", "the cover"), in the order named,
// without repeats. A question about what a first page states ("who is
// the defendant?", "the case number") names page 1.
func PageRefs(question string) []NamedPage {
	var out []NamedPage
	seen := map[int]bool{}
	add := func(n NamedPage) {
		if n.Page >= 1 && !seen[n.Page] {
			seen[n.Page] = true
			out = append(out, n)
		}
	}
	type hit struct {
		at int
		NamedPage
	}
	var hits []hit
	for _, m := range pageNumber.FindAllStringSubmatchIndex(question, -1) {
		n, _ := strconv.Atoi(question[m[2]:m[3]])
		hits = append(hits, hit{m[0], NamedPage{n, true}})
	}
	for _, re := range []*lazyre.Regexp{pageOrdinal, pageWord} {
		for _, m := range re.FindAllStringSubmatchIndex(question, -1) {
			n := ordinals[strings.ToLower(question[m[2]:m[3]])]
			hits = append(hits, hit{m[0], NamedPage{n, re == pageWord}})
		}
	}
	for _, re := range []*lazyre.Regexp{coverPage, coverFacts} {
		if m := re.FindStringIndex(question); m != nil {
			hits = append(hits, hit{m[0], NamedPage{Page: 1}})
		}
	}
	for i := 1; i < len(hits); i++ { // by position in the question
		for j := i; j > 0 && hits[j].at < hits[j-1].at; j-- {
			hits[j], hits[j-1] = hits[j-1], hits[j]
		}
	}
	for _, h := range hits {
		add(h.NamedPage)
	}
	return out
}

// printedLine is a line that holds nothing but a page number: "9",
// "- 9 -", "Page 9", "Page 9 of 17".
var printedLine = lazyre.New(`(?i)^(?:page\s+)?[-–—]?\s*(\d{1,4})\s*[-–—]?(?:\s+of\s+\d{1,4})?$`)

// runningLine is a running head or foot that ends in the page number:
// "Version 1.3 2", "Annual Report 2003 14".
var runningLine = lazyre.New(`^\S.{0,40}\s(\d{1,4})$`)

// printedNumbers returns the numbers that a page's first or last two
// lines hold alone or end a short line with: where a page number is
// printed.
func printedNumbers(text string) []int {
	var out []int
	for _, l := range endLines(strings.TrimSpace(text)) {
		l = strings.TrimSpace(l)
		m := printedLine.FindStringSubmatch(l)
		if m == nil {
			m = runningLine.FindStringSubmatch(l)
		}
		if m != nil {
			n, _ := strconv.Atoi(m[1])
			out = append(out, n)
		}
	}
	return out
}

// endLines returns the first two and the last two lines of text, in
// order (all of them when it has four or fewer), without splitting the
// lines between: [PrintedOffset] reads every page of a document.
func endLines(text string) []string {
	var head []string
	rest := text
	for len(head) < 2 {
		line, after, found := strings.Cut(rest, "\n")
		head = append(head, line)
		if !found {
			return head
		}
		rest = after
	}
	var tail []string
	for len(tail) < 2 {
		i := strings.LastIndexByte(rest, '\n')
		tail = append(tail, rest[i+1:])
		if i < 0 {
			break
		}
		rest = rest[:i]
	}
	slices.Reverse(tail)
	return append(head, tail...)
}

// printedQuorum is how many pages must agree on an offset between the
// numbers printed on them and their place in the file.
const printedQuorum = 3

// PrintedOffset returns how far a document's pages (index 0 is page 1)
// run ahead of the numbers printed on them, so that the page printed n
// is file page n + offset, and whether the document shows one: at least
// printedQuorum pages, and half of those that show a number, agree on
// it. A report whose numbering starts after a cover and a table of
// contents has an offset of 4 or so; most documents have 0.
func PrintedOffset(pages []string) (int, bool) {
	count := map[int]int{}
	numbered := 0
	for i, text := range pages {
		ns := printedNumbers(text)
		if len(ns) > 0 {
			numbered++
		}
		seen := map[int]bool{}
		for _, n := range ns {
			if d := i + 1 - n; !seen[d] {
				seen[d] = true
				count[d]++
			}
		}
	}
	best, most := 0, 0
	for d, c := range count {
		if c > most || (c == most && d < best) {
			best, most = d, c
		}
	}
	if most < printedQuorum || 2*most < numbered {
		return 0, false
	}
	return best, true
}

// contentsCue matches a question about a document's table of contents:
// its chapters or sections, how many there are, which come first or last.
var contentsCue = lazyre.New(`(?i)\btable\s+of\s+contents\b|\bhow\s+many\s+(?:chapters|sections|parts|appendi(?:ces|xes))\b|\b(?:chapters|sections)\s+(?:are\s+)?(?:listed|in\s+(?:this|the)\s+(?:report|book|document|manual|guide|handbook))\b`)

// AsksContents reports whether a question asks about a document's table
// of contents ("How many chapters are in this report?").
func AsksContents(question string) bool {
	return contentsCue.MatchString(question)
}

// contentsLine is an entry of a table of contents: a title ending in a
// page number, after dot leaders or a space ("3.2 Safety ........ 14",
// "Preface ii").
var contentsLine = lazyre.New(`(?i)^.*\pL.*?(?:\s|\.{2,}|…)(?:\d{1,4}|[ivxlc]{1,6})$`)

// Contents pages are found among a document's first pages, where a table
// of contents stands: the index at its end looks much the same.
const (
	contentsLines = 5 // entries a page of contents has at least
	contentsMax   = 3 // pages of contents returned
)

// ContentsPages returns the pages (1-based) of a document's table of
// contents: pages in its first quarter (or first ten) whose lines are
// mostly entries ending in a page number, at most contentsMax of them.
func ContentsPages(pages []string) []int {
	var out []int
	for i, text := range pages[:min(len(pages), max(10, len(pages)/4))] {
		n, entries := 0, 0
		for _, l := range strings.Split(text, "\n") {
			l = strings.TrimSpace(l)
			if l == "" {
				continue
			}
			n++
			if contentsLine.MatchString(l) {
				entries++
			}
		}
		if entries >= contentsLines && 5*entries >= 2*n {
			out = append(out, i+1)
			if len(out) == contentsMax {
				break
			}
		}
	}
	return out
}
