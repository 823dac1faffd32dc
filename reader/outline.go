package reader

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"docqa/internal/doc"
	"docqa/internal/inquiry"
	textterms "docqa/internal/terms"
)

// A question about a document's sections ("which section comes right
// after String Operations?", "what is the last section of chapter 2?",
// "how many chapters are there?") is answered from its outline, the one
// ingest kept (its bookmarks, its table of contents or its numbered
// headings): the section the question names is the entry whose title it
// holds [Params.MinTitle] of, and the answer is the entry after or
// before it at its depth, its first or last part, or a count. Each entry
// answered is quoted where its title stands on its page ([Locate]).

// An Outline is one document's outline.
type Outline struct {
	Doc   string
	Parts []doc.Part
}

// outlineAsk is what a question asks of an outline.
type outlineAsk int

const (
	outlineAfter outlineAsk = iota + 1
	outlineBefore
	outlineFirst // the first part of the section named, or of the document
	outlineLast
	outlineCount
)

// structureWords name the parts of a document's structure.
const structureWords = `(?:chapters?|sections?|subsections?|parts?|headings?|appendix|appendices|topics?)\b`

var (
	// reSectionWord names a part of a document's structure.
	reSectionWord = regexp.MustCompile(`(?i)\b` + structureWords)
	// outlineAsks are the words of order a question asks by, most
	// particular first: a count, a first or a last of parts.
	outlineAsks = []struct {
		ask outlineAsk
		re  *regexp.Regexp
	}{
		{outlineCount, regexp.MustCompile(`(?i)\bhow many\s+(?:[\w-]+\s+)?` + structureWords)},
		{outlineAfter, regexp.MustCompile(`(?i)\b(?:after|follows?|following|next)\b`)},
		{outlineBefore, regexp.MustCompile(`(?i)\b(?:before|precedes?|preceding|previous)\b`)},
		{outlineFirst, regexp.MustCompile(`(?i)\bfirst\s+(?:[\w-]+\s+)?` + structureWords)},
		{outlineLast, regexp.MustCompile(`(?i)\b(?:last|final)\s+(?:[\w-]+\s+)?` + structureWords)},
	}
)

// TakeOutline reports whether q asks about a document's sections, and
// how to read it from outlines.
func TakeOutline(q *inquiry.Question) (func([]Outline) (Reading, bool), bool) {
	if len(q.Options) > 0 || !reSectionWord.MatchString(q.Asked) {
		return nil, false
	}
	for _, a := range outlineAsks {
		if a.re.MatchString(q.Asked) {
			ask := a.ask
			return func(os []Outline) (Reading, bool) { return readOutline(q, ask, os, params) }, true
		}
	}
	return nil, false
}

// readOutline answers q from the first outline that holds the section
// it names (or, for a first, last or count without one, from the first
// outline); ok is false when none does.
func readOutline(q *inquiry.Question, ask outlineAsk, outlines []Outline, p Params) (Reading, bool) {
	qt := map[string]bool{}
	for _, t := range textterms.Of(q.Asked) {
		qt[t] = true
	}
	for _, o := range outlines {
		if len(o.Parts) == 0 {
			continue
		}
		at := namedPart(o.Parts, qt, p.MinTitle)
		if r, ok := readParts(o, ask, at); ok {
			return r.covering(1), true
		}
	}
	return Reading{}, false
}

// namedPart is the entry whose title's terms q holds the largest share
// of, at least min, and more than any other's; -1 for none.
func namedPart(parts []doc.Part, qt map[string]bool, min float64) int {
	best, share, held, tie := -1, 0.0, 0, false
	for i, pt := range parts {
		ts := textterms.Of(pt.Title)
		if len(ts) == 0 {
			continue
		}
		n := 0
		for _, t := range ts {
			if qt[t] {
				n++
			}
		}
		// the larger share of its title, then more of its words: "Using
		// Loops" is named before "For Loops" by "the last subsection of
		// Using Loops"
		s := float64(n) / float64(len(ts))
		switch {
		case s > share || s == share && n > held:
			best, share, held, tie = i, s, n, false
		case s == share && n == held && s > 0 && parts[i].Title != parts[best].Title:
			tie = true
		}
	}
	if share < min || tie {
		return -1
	}
	return best
}

// readParts answers ask of outline o about entry at (-1 for the whole
// document).
func readParts(o Outline, ask outlineAsk, at int) (Reading, bool) {
	ps := o.Parts
	var got []int
	switch ask {
	case outlineAfter, outlineBefore:
		if at < 0 {
			return Reading{}, false
		}
		step := 1
		if ask == outlineBefore {
			step = -1
		}
		for i := at + step; i >= 0 && i < len(ps); i += step {
			if ps[i].Level < ps[at].Level {
				if ask == outlineAfter {
					got = []int{i} // the last of its parent: the next at a higher level
				}
				break
			}
			if ps[i].Level == ps[at].Level {
				got = []int{i}
				break
			}
		}
	case outlineFirst, outlineLast, outlineCount:
		kids := children(ps, at)
		if len(kids) == 0 {
			return Reading{}, false
		}
		switch ask {
		case outlineFirst:
			got = kids[:1]
		case outlineLast:
			got = kids[len(kids)-1:]
		default:
			got = kids
		}
	}
	if len(got) == 0 {
		return Reading{}, false
	}
	var quotes []Quote
	var titles []string
	for _, i := range got {
		titles = append(titles, ps[i].Title)
		if ps[i].Page > 0 {
			quotes = append(quotes, Quote{Text: ps[i].Title, Doc: o.Doc, Page: ps[i].Page})
		}
	}
	of := "the document"
	if at >= 0 {
		of = fmt.Sprintf("%q", ps[at].Title)
	}
	if ask == outlineCount {
		return Reading{
			Answer:      strconv.Itoa(len(got)),
			Explanation: fmt.Sprintf("The outline of %s lists %d parts under %s: %s.", o.Doc, len(got), of, strings.Join(titles, "; ")),
			Quotes:      quotes,
		}, true
	}
	where := map[outlineAsk]string{outlineAfter: "after", outlineBefore: "before", outlineFirst: "first under", outlineLast: "last under"}[ask]
	return Reading{
		Answer:      titles[0],
		Explanation: fmt.Sprintf("The outline of %s lists %q %s %s.", o.Doc, titles[0], where, of),
		Quotes:      quotes,
	}, true
}

// children are the entries one level under entry at, or the top level
// of the outline when at is -1.
func children(ps []doc.Part, at int) []int {
	var out []int
	if at < 0 {
		top := ps[0].Level
		for _, p := range ps {
			top = min(top, p.Level)
		}
		for i, p := range ps {
			if p.Level == top {
				out = append(out, i)
			}
		}
		return out
	}
	for i := at + 1; i < len(ps) && ps[i].Level > ps[at].Level; i++ {
		if ps[i].Level == ps[at].Level+1 {
			out = append(out, i)
		}
	}
	return out
}

// Locate returns a title as it stands in a page's text, the page's own
// spacing and case, or false when the page does not hold it.
func Locate(text, title string) (string, bool) {
	want := strings.Fields(strings.ToLower(title))
	lower := strings.ToLower(text)
	if len(lower) != len(text) { // a letter whose lower case is longer: match case
		want, lower = strings.Fields(title), text
	}
	if len(want) == 0 {
		return "", false
	}
	for from := 0; ; {
		i := strings.Index(lower[from:], want[0])
		if i < 0 {
			return "", false
		}
		start := from + i
		end, ok := matchFields(lower, start, want)
		if ok {
			return text[start:end], true
		}
		from = start + 1
	}
}

// matchFields matches words want in s from start, any white space
// between them; it returns where the match ends.
func matchFields(s string, start int, want []string) (int, bool) {
	at := start
	for k, w := range want {
		if k > 0 {
			j := at
			for j < len(s) && (s[j] == ' ' || s[j] == '\n' || s[j] == '\t') {
				j++
			}
			if j == at {
				return 0, false
			}
			at = j
		}
		if !strings.HasPrefix(s[at:], w) {
			return 0, false
		}
		at += len(w)
	}
	return at, true
}
