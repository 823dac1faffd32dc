package reader

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"docqa/internal/inquiry"
	textterms "docqa/internal/terms"
)

// A question that asks for the items of a list ("List the primary
// questions asked about the services") is answered by the list that a
// sentence holding most of the question announces with its kind: "We always ask the
// following five questions of services." and then the five questions,
// "... which comprise the 3 compulsory ISEP courses:" and then three
// bulleted courses. The answer line names the items, each quoted; a
// count the announcement gives must be met, or the list is not read.

// reListQ asks for the items of a list.
var reListQ = regexp.MustCompile(`(?i)^\s*(?:please\s+)?(?:list|enumerate|name\s+(?:the|all)|what\s+are|which)\b`)

// reCounted is the count and kind of an announced list: "the following
// five questions", "the 3 compulsory ISEP courses". The kind is the
// phrase's last word, a plural.
var reCounted = regexp.MustCompile(`(?i)\b(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(?:[\p{L}-]+\s+){0,3}?([\p{L}-]+s)\b`)

// reFollowing is a kind announced without a count: "the following
// documents:".
var reFollowing = regexp.MustCompile(`(?i)\bthe following\s+(?:[\p{L}-]+\s+){0,3}?([\p{L}-]+s)\b`)

// reItemMark is a list item's bullet or number at the start of a line:
// "•", "", "3.", "b)".
var reItemMark = regexp.MustCompile(`^\s*(?:[•●▪■◦○‣⁃∙\x{F0B7}\x{F0A7}\x{F076}\x{F0D8}*–-]|\d{1,2}[.)]|[a-z][.)])\s+`)

// AsksList reports whether question asks for the items of a list.
func AsksList(question string) bool { return reListQ.MatchString(question) }

// ReadList answers a question that asks for the items of a list from the
// list a sentence of sources announces ([AsksList]); ok is false when
// none of a kind the question names is there whole. A page's list runs
// far from the sentence that announces it: the sources should be whole
// pages.
func ReadList(question string, sources []Source) (Reading, bool) {
	return readListed(newPool(sources), question)
}

// reNounEnd ends the noun phrase a list question asks for: "the criteria
// | of the module".
var reNounEnd = regexp.MustCompile(`(?i)\s(?:of|in|for|on|at|to|from|with|by|about|that|which|who|whose|where|when|asked|used|given|listed|mentioned|named|does|do|did|is|are|was|were|has|have|can|should|must|will)\b|[?,;:.]`)

// askedNoun is the noun phrase a list question asks for: "the primary
// questions" of "List the primary questions asked about the services".
func askedNoun(q string) string {
	loc := reListQ.FindStringIndex(q)
	if loc == nil {
		return ""
	}
	rest := q[loc[1]:]
	if m := reNounEnd.FindStringIndex(rest); m != nil {
		rest = rest[:m[0]]
	}
	return rest
}

// listed is an announced list: its announcement, count (0 when it gives
// none) and kind, and its items.
type listed struct {
	announce string // the announcement, as the sentence writes it
	n        int
	kind     string
	items    []Quote
}

// readListed answers a list question from the list a sentence of the
// pool announces: of the announcements of a kind the question names,
// the one that holds the largest weighted share of the question's terms,
// [Params.MinAnnounced] at least. ok is false when there is none, two tie, or the
// list's items fall short of its count.
func readListed(p *pool, question string) (Reading, bool) {
	if !reListQ.MatchString(question) {
		return Reading{}, false
	}
	// the terms of what is asked: an instruction ("Write the answer in
	// list format.") names no list
	w, total := p.weights(textterms.Of(inquiry.Asked(inquiry.StripInstructions(question))), nil)
	if total == 0 {
		return Reading{}, false
	}
	noun := map[string]bool{}
	for _, t := range textterms.Of(askedNoun(question)) {
		noun[t] = true
	}
	best, cover, tie := -1, 0.0, false
	var list listed
	for i := range p.sents {
		a, end, ok := p.announcement(i)
		if !ok {
			continue
		}
		held := weightOf(w, a)
		if held/total < params.MinAnnounced || held/total < cover {
			continue
		}
		l, ok := p.announced(i, a, end, w, noun)
		switch {
		case !ok:
		case held/total > cover:
			best, cover, list, tie = i, held/total, l, false
		default:
			tie = true
		}
	}
	if best < 0 || tie {
		return Reading{}, false
	}
	src := p.sources[p.sents[best].src]
	quotes := []Quote{{Text: oneLine(list.announce), Doc: src.Doc, Page: src.Page}}
	var heads []string
	for _, it := range list.items {
		heads = append(heads, itemHead(it.Text))
		quotes = append(quotes, it)
	}
	return Reading{
		Answer: strings.Join(heads, "; "),
		Quotes: quotes,
		Explanation: fmt.Sprintf("Extractive answer (no language model): the %d %s that p. %d of %s announces (%q) and lists after it.",
			len(list.items), list.kind, src.Page, src.Doc, quotes[0].Text),
	}, true
}

// reColonBreak is a colon that ends a line: what the line says, the lines
// after it list ("... the 3 compulsory ISEP courses:"), though the
// sentence runs on through them.
var reColonBreak = regexp.MustCompile(`:[ \t]*\n`)

// announcement returns the part of sentence i that announces a list, up
// to a colon that ends its line or whole, and the byte of its source's
// text where the list starts; ok is false when the sentence announces
// none.
func (p *pool) announcement(i int) (text string, end int, ok bool) {
	c := p.sents[i]
	s := sentText(p, i)
	if k := reColonBreak.FindStringIndex(s); k != nil {
		return s[:k[0]+1], c.span.Start + k[1], true
	}
	return s, c.span.End, reAnnounce.MatchString(s)
}

// announced reads the list that announcement s of sentence i announces,
// its items from byte end of the source on, when it is of a kind among
// the question's weighted terms w: the kind it names after its count or
// "the following", else, for an announcement ending in a colon, one of
// the terms noun of the thing the question asks for.
func (p *pool) announced(i int, s string, end int, w map[string]float64, noun map[string]bool) (listed, bool) {
	l := listed{announce: s}
	asked := func(kind string) bool { return w[textterms.Stem(strings.ToLower(kind))] > 0 }
	if ms := reCounted.FindAllStringSubmatch(s, -1); ms != nil && asked(ms[len(ms)-1][2]) {
		m := ms[len(ms)-1] // the count nearest the list: "fulfil 30 MCs which comprise the 3 compulsory ISEP courses:"
		l.n = countOf(m[1])
		l.kind = m[2]
	} else if m := reFollowing.FindStringSubmatch(s); m != nil && asked(m[1]) {
		l.kind = m[1]
	} else if strings.HasSuffix(s, ":") {
		// "... subject to meeting all the criteria of the module,
		// which include:": the kind is the thing the question asks
		// for, if the announcement names it
		for _, t := range textterms.Of(s) {
			if noun[t] {
				l.kind = t
				break
			}
		}
		if l.kind == "" || !asked(l.kind) {
			return listed{}, false
		}
	} else {
		return listed{}, false
	}
	c := p.sents[i]
	src := p.sources[c.src]
	items := listItems(src.Text, end, l.n, strings.EqualFold(l.kind, "questions"))
	if len(items) < 2 || l.n > 0 && len(items) != l.n {
		return listed{}, false
	}
	for _, it := range items {
		l.items = append(l.items, Quote{Text: oneLine(it), Doc: src.Doc, Page: src.Page})
	}
	return l, true
}

// countOf is a count in digits or words.
func countOf(s string) int {
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	n, _ := strconv.Atoi(countWords[strings.ToLower(s)])
	return n
}

// listItems returns the items of the list that starts after byte from of
// text: n of them when n > 0, else those up to the first line that is
// none. The items of a list of questions are the lines that ask one,
// whatever stands between them; any other list's items are marked by a
// bullet or a number, and its first line after the announcement is one.
// An item runs on over unmarked lines, [Params.MaxWrapped] at most.
func listItems(text string, from, n int, questions bool) []string {
	lines := strings.Split(text[from:], "\n")
	if len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:] // the rest of the announcing line
	}
	if len(lines) > params.MaxItemLines {
		lines = lines[:params.MaxItemLines]
	}
	var items []string
	full := func() bool { return n > 0 && len(items) == n }
	if questions {
		for _, l := range lines {
			if l = strings.TrimSpace(l); strings.HasSuffix(l, "?") && startsUpper(l) {
				items = append(items, l)
				if full() {
					break
				}
			}
		}
		return items
	}
	wrapped := 0
	for k, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" {
			if len(items) > 0 {
				break
			}
			continue
		}
		if loc := reItemMark.FindStringIndex(l); loc != nil {
			if full() {
				break
			}
			items = append(items, strings.TrimSpace(l[loc[1]:]))
			wrapped = 0
			continue
		}
		if k == 0 || len(items) == 0 || wrapped == params.MaxWrapped || ended(items[len(items)-1]) {
			break // an item runs on until its full stop
		}
		items[len(items)-1] += " " + t
		wrapped++
	}
	return items
}

// reGlossed is an item's name with its gloss in brackets, before what the
// item says of it.
var reGlossed = regexp.MustCompile(`^[^\s(]+(?:\s[^\s(]+){0,3}\s\([^()]{3,80}\)`)

// itemHead is what the answer line says of an item: its words up to a
// comma, semicolon, colon or dash that ends its name ("Data backup: the
// settings are saved" is "Data backup"), its closing stop dropped.
func itemHead(s string) string {
	if m := reGlossed.FindString(s); m != "" {
		return m // "GS6001 (Research Ethics and Scientific Integrity) to be read by ..."
	}
	if i := strings.IndexAny(s, ",;:"); i > 0 {
		s = s[:i]
	}
	if i := strings.Index(s, " – "); i > 0 {
		s = s[:i]
	}
	return strings.TrimRight(strings.TrimSpace(s), ".")
}
