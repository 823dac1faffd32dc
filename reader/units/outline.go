package units

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"docqa/internal/doc"
	"docqa/internal/inquiry"
	textterms "docqa/internal/terms"
	"docqa/reader/base"
	"docqa/reader/sentences"
)

// A question about a document's sections ("which section comes right
// after String Operations?", "what is the last section of chapter 2?",
// "how many chapters are there?") is answered from its outline, the one
// ingest kept (its bookmarks, its table of contents or its numbered
// headings): the section the question names is the entry whose title it
// holds [base.Params.MinTitle] of, and the answer is the entry after or
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

// TakeOutline reports whether q asks about a document's sections, and
// how to read it from outlines with par.
func TakeOutline(q *inquiry.Question, par base.Params) (func([]Outline) (base.Reading, bool), bool) {
	if len(q.Options) > 0 || !sentences.NamesKind(q.Asked, sentences.StructureWords) {
		return nil, false
	}
	first, isFirst := sentences.EndOf(q, sentences.ReFirst, sentences.StructureWords)
	last, isLast := sentences.EndOf(q, sentences.ReLast, sentences.StructureWords)
	ask, n := outlineAsk(0), 1
	switch {
	case sentences.CountsKind(q, sentences.StructureWords):
		ask = outlineCount
	case sentences.ReAfter.MatchString(q.Asked):
		ask = outlineAfter
	case sentences.ReBefore.MatchString(q.Asked):
		ask = outlineBefore
	case isFirst:
		ask, n = outlineFirst, first
	case isLast:
		ask, n = outlineLast, last
	default:
		return nil, false
	}
	return func(os []Outline) (base.Reading, bool) { return readOutline(q, ask, n, os, par) }, true
}

// readOutline answers q from the first outline that holds the section
// it names (or, for a first, last or count without one, from the first
// outline); ok is false when none does.
func readOutline(q *inquiry.Question, ask outlineAsk, n int, outlines []Outline, p base.Params) (base.Reading, bool) {
	qt := map[string]bool{}
	for _, t := range textterms.Of(q.Asked) {
		qt[t] = true
	}
	for _, o := range outlines {
		if len(o.Parts) == 0 {
			continue
		}
		at, tie := namedPart(o.Parts, q, qt, p.MinTitle)
		if tie {
			continue // two parts named alike: neither, nor the whole document
		}
		if r, ok := readParts(o, ask, n, at); ok {
			return r.Covering(1), true
		}
	}
	return base.Reading{}, false
}

// namedPart is the entry whose title's terms what q asks ([inquiry.Question.Asked])
// holds the largest share
// of, at least min, and more than any other's; -1 for none. A title's
// number ("3: Catalogs", as bookmarks write it) counts only when q holds
// it. Of titles named alike, the one q writes as the outline does
// ("the PIRACY part" for "PIRACY" beside "5: Piracy") is named; tie is
// true when none or several are.
func namedPart(parts []doc.Part, q *inquiry.Question, qt map[string]bool, min float64) (at int, tie bool) {
	best, share, held := -1, 0.0, 0
	var alike []int
	for i, pt := range parts {
		ts := slices.DeleteFunc(textterms.Of(pt.Title), func(t string) bool {
			return !qt[t] && strings.Trim(t, "0123456789") == ""
		})
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
			best, share, held, alike = i, s, n, []int{i}
		case s == share && n == held && s > 0 && parts[i].Title != parts[best].Title:
			alike = append(alike, i)
		}
	}
	if share < min {
		return -1, false
	}
	if len(alike) > 1 {
		var written []int
		for _, i := range alike {
			if writes(q.Asked, parts[i].Title) {
				written = append(written, i)
			}
		}
		if len(written) != 1 {
			return -1, true
		}
		best = written[0]
	}
	return best, false
}

// writes reports whether q writes title's words as the title does, case
// and all, its number and quotation marks aside.
func writes(q, title string) bool {
	t := bareTitle(title)
	return t != "" && strings.Contains(q, t)
}

// bareTitle is a title without the number and quotation marks a
// bookmark may give it: "Pirates" of "4: \"Pirates\"".
func bareTitle(title string) string {
	return strings.Trim(strings.TrimLeft(title, "0123456789.: "), "\"“”'‘’ ")
}

// readParts answers ask of outline o about entry at (-1 for the whole
// document); a first or last asks for n parts.
func readParts(o Outline, ask outlineAsk, n int, at int) (base.Reading, bool) {
	ps := o.Parts
	var got []int
	switch ask {
	case outlineAfter, outlineBefore:
		if at < 0 {
			return base.Reading{}, false
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
			return base.Reading{}, false
		}
		if (ask == outlineFirst || ask == outlineLast) && n > len(kids) {
			return base.Reading{}, false // fewer parts than asked for
		}
		switch ask {
		case outlineFirst:
			got = kids[:n]
		case outlineLast:
			got = kids[len(kids)-n:]
		default:
			got = kids
		}
	}
	if len(got) == 0 {
		return base.Reading{}, false
	}
	var quotes []base.Quote
	var titles []string
	for _, i := range got {
		titles = append(titles, ps[i].Title)
		// quoted where a table of contents lists it, else on its page
		if at := cmp.Or(ps[i].Listed, ps[i].Page); at > 0 {
			quotes = append(quotes, base.Quote{Text: ps[i].Title, Doc: o.Doc, Page: at})
		}
	}
	of := "the document"
	if at >= 0 {
		of = fmt.Sprintf("%q", ps[at].Title)
	}
	if ask == outlineCount {
		return base.Reading{
			Answer:      strconv.Itoa(len(got)),
			Explanation: fmt.Sprintf("The outline of %s lists %d parts under %s: %s.", o.Doc, len(got), of, strings.Join(titles, "; ")),
			Quotes:      quotes,
		}, true
	}
	where := map[outlineAsk]string{outlineAfter: "after", outlineBefore: "before", outlineFirst: "first under", outlineLast: "last under"}[ask]
	answer := strings.Join(titles, "; ")
	return base.Reading{
		Answer:      answer,
		Explanation: fmt.Sprintf("The outline of %s lists %s %s %s.", o.Doc, answer, where, of),
		Quotes:      quotes,
	}, true
}

// children are the entries one level under entry at, or the top level
// of the outline when at is -1: of a table of contents that numbers some
// of its top entries (its chapters, not its preface), those.
func children(ps []doc.Part, at int) []int {
	var out []int
	if at < 0 {
		top := ps[0].Level
		for _, p := range ps {
			top = min(top, p.Level)
		}
		var numbered []int
		for i, p := range ps {
			if p.Level == top {
				out = append(out, i)
				if p.Number != "" {
					numbered = append(numbered, i)
				}
			}
		}
		if len(numbered) >= 2 && len(numbered) < len(out) {
			return numbered
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
// spacing and case, or false when the page does not hold it. A title a
// bookmark numbers and quotes its own way ("4: \"Pirates\"" for a page
// that heads "CHAPTER FOUR: “Pirates”") is found by its words.
func Locate(text, title string) (string, bool) {
	if at, ok := locate(text, title); ok {
		return at, true
	}
	core := bareTitle(title)
	if core == "" || core == title {
		return "", false
	}
	return locate(text, core)
}

func locate(text, title string) (string, bool) {
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
