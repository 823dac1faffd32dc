package reader

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"docqa/internal/inquiry"
)

// "What are the last 4 chapters listed in the table of contents?", "How
// many chapters are listed in the table of contents?", "What is the first
// section in the contents?" are answered by the entries of a table of
// contents: the lines that end in a leader and a page number
// ("6. Climate Impacts on Water-Related Illness........157"). Chapters,
// sections, parts and units are the numbered entries when the table
// numbers some; appendices those named so; any other kind every entry.

// Contents is what a question asks of a table of contents.
type Contents struct {
	kind  string // the entries' kind, singular: "chapter"
	first bool   // the first n, else the last n
	n     int    // how many, 0 for all
	count bool   // how many there are
}

var (
	// reContentsQ asks about the entries of a table of contents; its
	// groups are "first"/"last", a count, and the kind.
	reContentsQ = regexp.MustCompile(`(?i)^\s*(?:what|which|list|name|how\s+many)\b.*?\b(?:(first|last|final)\s+(?:(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+)?)?(chapters?|sections?|parts?|units?|appendix|appendices|entries|entry|items?|headings?|topics?)\b.*\b(?:table\s+of\s+contents|contents\s+page|the\s+contents)\b`)
	// reHowManyQ asks for a count.
	reHowManyQ = regexp.MustCompile(`(?i)^\s*how\s+many\b`)
	// reEntry is a table of contents' entry: its title, a leader, its
	// page ("Guide to the Report.....ix").
	reEntry = regexp.MustCompile(`^\s*(.*?\pL.*?)\s*(?:\.{3,}|(?:\. ){3,}|…{2,}|·{3,})\s*\.?\s*([0-9]{1,4}|[ivxlc]{1,6})\s*$`)
	// reNumberedEntry is an entry without a leader: its number, title
	// and page ("1 Safety 6", "3.2 Switch on coffee machine 19"), read
	// only on a page that is a table of contents.
	reNumberedEntry = regexp.MustCompile(`^\s*(\d{1,2}(?:\.\d{1,2})*\.?\s+\pL.*?)\s+(\d{1,4})\s*$`)
	// reContentsTitle heads a table of contents.
	reContentsTitle = regexp.MustCompile(`(?i)^\s*(?:table\s+of\s+)?contents\b`)
	// reEntryNumber is an entry's number: "6. ", "2.1 ".
	reEntryNumber = regexp.MustCompile(`^(\d{1,2}(?:\.\d{1,2})*)\.?\s+`)
)

// ParseContents reads a question about the entries of a table of
// contents; ok is false for any other.
func ParseContents(q string) (Contents, bool) {
	m := reContentsQ.FindStringSubmatch(inquiry.Asked(q))
	if m == nil {
		return Contents{}, false
	}
	c := Contents{kind: singular(strings.ToLower(m[3])), count: reHowManyQ.MatchString(q)}
	if c.kind == "entrie" {
		c.kind = "entry"
	}
	if m[1] != "" {
		c.first = strings.EqualFold(m[1], "first")
		c.n = 1
		if m[2] != "" {
			c.n = countOf(m[2])
		}
	}
	return c, true
}

// entry is a line of a table of contents.
type entry struct {
	line, title, number string
	page                int // the page it stands on
}

// entries returns the entries of a table of contents in text, when it
// holds one: three lines that end in a leader and a page number at
// least, or, on a page headed "Contents", numbered lines that end in a
// page number.
func entries(text string, page int) []entry {
	var out []entry
	lines := strings.Split(text, "\n")
	titled := false // the page is headed "Contents": its numbered lines are entries, leader or not
	for _, line := range lines[:min(len(lines), 5)] {
		titled = titled || reContentsTitle.MatchString(line)
	}
	for _, line := range lines {
		m := reEntry.FindStringSubmatch(line)
		if m == nil && titled {
			m = reNumberedEntry.FindStringSubmatch(line)
		}
		if m == nil {
			continue
		}
		e := entry{line: strings.TrimSpace(line), title: strings.TrimSpace(m[1]), page: page}
		if n := reEntryNumber.FindStringSubmatch(e.title); n != nil {
			e.number, e.title = n[1], strings.TrimSpace(e.title[len(n[0]):])
		}
		out = append(out, e)
	}
	if len(out) < 3 {
		return nil
	}
	return out
}

// of returns the entries of c's kind: the numbered ones for a chapter,
// section, part or unit when some are numbered, those named so for an
// appendix, else all.
func (c Contents) of(es []entry) []entry {
	var out []entry
	switch c.kind {
	case "chapter", "section", "part", "unit":
		for _, e := range es {
			if e.number != "" && !strings.Contains(e.number, ".") {
				out = append(out, e)
			}
		}
	case "appendix", "appendice":
		for _, e := range es {
			if strings.HasPrefix(strings.ToLower(e.title), "appendix") {
				out = append(out, e)
			}
		}
	}
	if len(out) == 0 {
		return es
	}
	return out
}

// Read answers c from the first of sources that holds a table of
// contents; ok is false when none does, or it has fewer entries than
// asked for.
func (c Contents) Read(sources []Source) (Reading, bool) {
	for _, s := range sources {
		es := entries(s.Text, s.Page)
		if es == nil {
			continue
		}
		// a table of contents runs on over the pages after its first,
		// and begins on those before, when the sources hold them
		at := func(page int) []entry {
			for _, t := range sources {
				if t.Doc == s.Doc && t.Page == page {
					return entries(t.Text, page)
				}
			}
			return nil
		}
		for p := s.Page - 1; ; p-- {
			more := at(p)
			if more == nil {
				break
			}
			es = append(more, es...)
		}
		for p := s.Page + 1; ; p++ {
			more := at(p)
			if more == nil {
				break
			}
			es = append(es, more...)
		}
		es = c.of(es)
		if c.n > len(es) {
			return Reading{}, false
		}
		switch {
		case c.n > 0 && c.first:
			es = es[:c.n]
		case c.n > 0:
			es = es[len(es)-c.n:]
		}
		r := Reading{}
		var titles []string
		for _, e := range es {
			titles = append(titles, e.title)
			r.Quotes = append(r.Quotes, Quote{Text: oneLine(e.line), Doc: s.Doc, Page: e.page})
		}
		which := "the entries"
		switch {
		case c.n == 1 && c.first:
			which = "the first entry"
		case c.n == 1:
			which = "the last entry"
		case c.n > 0 && c.first:
			which = fmt.Sprintf("the first %d entries", c.n)
		case c.n > 0:
			which = fmt.Sprintf("the last %d entries", c.n)
		}
		r.Answer = strings.Join(titles, "; ")
		if c.count {
			r.Answer = strconv.Itoa(len(es)) + " (" + r.Answer + ")"
		}
		r.Explanation = fmt.Sprintf("Extractive answer (no language model): %s of kind %q of the table of contents on p. %d of %s, each quoted.", which, c.kind, s.Page, s.Doc)
		return r, true
	}
	return Reading{}, false
}
