package units

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"docqa/internal/doc"
	"docqa/internal/inquiry"
	"docqa/internal/lazyre"
	textterms "docqa/internal/terms"
	"docqa/reader/base"
	"docqa/reader/sentences"
)

// A question that asks for several things of a kind ("what are the four
// function zones?", "which kinds of variables ...") is answered by the
// list whose heading and announcing sentence hold the most of its
// weighted terms: the list's items, each named by its first sentence (up
// to a colon or dash that sets a term apart from its description), in
// the document's order. A count the question gives must be the list's.

// reSeveral asks for several things: what or which before "are" or a
// kind of things, or the verbs that ask for a list; reWhich is what or
// which and the words after it, one of which may be a plural
// ([askSeveral]).
var (
	reSeveral = lazyre.New(`(?i)\b(?:(?:what|which)\s+(?:are|were)\b|(?:what|which)\s+(?:kinds?|types?|sorts?)\s+of\b|(?:list|enumerate|name)\s+(?:the|all|every)\b)`)
	reWhich   = lazyre.New(`(?i)\b(?:what|which)((?:\s+[\w-]+){1,3})`)
)

// reNamedPart is a part named by its number, "Unit 1": a question that
// names two asks for those parts, not for a list.
var reNamedPart = lazyre.New(`\b\p{L}{3,}\s+\d{1,3}\b`)

// notPlural are words ending in s that name no things.
var notPlural = map[string]bool{"does": true, "was": true, "has": true, "this": true, "its": true, "his": true, "is": true, "always": true, "perhaps": true, "unless": true, "news": true, "yours": true, "ours": true, "theirs": true, "whereas": true, "various": true}

// irregularPlural are the plurals English makes without an s: "which
// people count as ...".
var irregularPlural = sentences.WordSet("people children men women persons criteria phenomena data media feet teeth")

// askSeveral reports whether q asks for several things, by what it asks
// ([inquiry.Question.Asked]).
func askSeveral(q *inquiry.Question) bool {
	if reSeveral.MatchString(q.Asked) {
		return true
	}
	for _, m := range reWhich.FindAllStringSubmatch(q.Asked, -1) {
		for _, w := range strings.Fields(strings.ToLower(m[1])) {
			if notPlural[w] {
				break
			}
			if irregularPlural[w] {
				return true
			}
			if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is") {
				return true
			}
		}
	}
	return false
}

// reTermDash sets a listed term apart from its description.
var reTermDash = lazyre.New(`:\s|\s[–—-]\s`)

// listTail returns where the item t ends before the punctuation that
// joins it to the next in a list written as one sentence ("Teacher or
// trainee,", "Student, or", "a tax home in a foreign country, and"); 0
// when it has none.
func listTail(t string) int {
	s := strings.TrimRight(t, " \n")
	for _, w := range []string{" and", " or"} {
		if strings.HasSuffix(s, w) && len(s) > len(w) && strings.ContainsAny(s[len(s)-len(w)-1:len(s)-len(w)], ",;") {
			s = s[:len(s)-len(w)]
			break
		}
	}
	if !strings.HasSuffix(s, ",") && !strings.HasSuffix(s, ";") {
		return 0
	}
	return len(strings.TrimRight(s[:len(s)-1], " \n"))
}

func TakeItems(q *inquiry.Question, par base.Params) (base.ReadPages, string) {
	return base.TakeParsed(q, func(q *inquiry.Question) (base.ReadPages, bool) {
		if !askSeveral(q) || len(reNamedPart.FindAllString(q.Asked, 3)) >= 2 {
			return nil, false
		}
		return func(pages []base.Source) (base.Reading, bool) { return readItems(q, pages, par) }, true
	})
}

// readItems answers q with the items of the list of pages that matches
// it best; ok is false when none matches well enough or two alike.
func readItems(q *inquiry.Question, pages []base.Source, p base.Params) (base.Reading, bool) {
	w, total := unitWeights(q.Asked, pages, p)
	if total == 0 {
		return base.Reading{}, false
	}
	n := askedCount(q)
	run, l, cover, ok := matchedList(pages, w, total, func(_ docRun, l doc.List, head float64) bool {
		// the list as a whole is asked about, not one of its items
		return len(l.Items) >= 2 && (n == 0 || len(l.Items) == n) && (l.Intro != nil || l.Heading != "") && head >= p.MinListHead
	})
	if !ok || cover < p.MinList {
		return base.Reading{}, false
	}
	var quotes []base.Quote
	if l.Intro != nil {
		quotes = append(quotes, run.quote(doc.LastSentence(run.texts[l.Intro.Page], *l.Intro)))
	}
	var names []string
	for i, it := range l.Items {
		sp := run.firstSentence(it, l.Marks[i])
		t := run.text(sp)
		if loc := reTermDash.FindStringIndex(t); loc != nil && len(strings.Fields(t[:loc[0]])) <= 8 {
			sp.End = sp.Start + loc[0]
		} else if n := listTail(t); n > 0 {
			sp.End = sp.Start + n
		}
		qt := run.quote(sp)
		quotes = append(quotes, qt)
		names = append(names, strings.TrimRight(qt.Text, "."))
	}
	return base.Reading{
		Answer:      strings.Join(names, "; "),
		Explanation: fmt.Sprintf("The %d items of the list%s, in the document's order.", len(l.Items), under(l)),
		Quotes:      quotes,
	}.Covering(cover), true
}

// reCountOf is a count before a plural: "the four function zones", "3
// courses".
var reCountOf = lazyre.New(`(?i)\b(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(?:[\w-]+\s+){0,2}[\w-]+s\b`)

// askedCount is the count of things what q asks ([inquiry.Question.Asked])
// gives, 0 for none.
func askedCount(q *inquiry.Question) int {
	m := reCountOf.FindStringSubmatch(q.Asked)
	if m == nil {
		return 0
	}
	return sentences.CountOf(m[1])
}

// A question that asks how many things a document lists ("how many
// references does SP 800-223 list?") is answered by the numbered list
// whose heading or announcing sentence names those things: its items
// counted, the first and the last quoted. It reads every page of the
// document: a list of references runs over pages.

// listedAs are the words between "how many" and the kind counted that
// say how it is listed: "how many numbered references".
var listedAs = sentences.WordSet("numbered listed distinct different separate")

func TakeListCount(q *inquiry.Question, par base.Params) (base.ReadPages, string) {
	return base.CountTake(q, func(q *inquiry.Question) (base.ReadPages, bool) {
		m := sentences.ReHowMany.FindStringSubmatch(q.Asked)
		if m == nil {
			return nil, false
		}
		word := m[1]
		if listedAs[strings.ToLower(word)] {
			word = m[2]
		}
		if !strings.HasSuffix(word, "s") {
			return nil, false // a kind is counted in the plural
		}
		kind := textterms.Of(word)
		if len(kind) != 1 {
			return nil, false
		}
		return func(pages []base.Source) (base.Reading, bool) { return readListCount(q, kind[0], pages, par) }, true
	})
}

// readListCount counts the items of the longest numbered list, numbered
// from 1 without a gap, headed by kind ("References"), or whose heading
// or announcing sentence holds kind and that (with its items) holds
// [base.Params.MinList] of the question's other weighted terms: "how many
// modules are implemented with BERT's backbone?" is not a list of
// modules. ok is false when there is none,
// or two of that length.
func readListCount(q *inquiry.Question, kind string, pages []base.Source, p base.Params) (base.Reading, bool) {
	// the question's other terms, weighed over every page only when a
	// list that names the kind but is not headed by it needs them
	var w map[string]float64
	var total float64
	holds := func(text string) float64 {
		if w == nil {
			w, total = unitWeights(q.Asked, pages, p)
			total -= w[kind]
			delete(w, kind)
		}
		if total <= 0 {
			return 1
		}
		return sentences.WeightOf(w, text) / total
	}
	var best struct {
		run  docRun
		list doc.List
		tie  bool
	}
	for _, run := range docRuns(pages) {
		for _, l := range run.lists {
			if !l.Numbered || l.Nums[0] != 1 || len(l.Items) < 2 {
				continue
			}
			// a list headed by the kind itself ("References"), or one
			// whose heading or announcement names it and that holds the
			// rest of the question
			head, items := run.listText(l)
			titled := slices.Equal(textterms.Of(l.Heading), []string{kind})
			if !titled && (!slices.Contains(textterms.Of(head), kind) || holds(head+"\n"+items) < p.MinList) {
				continue
			}
			switch {
			case len(l.Items) > len(best.list.Items):
				best.run, best.list, best.tie = run, l, false
			case len(l.Items) == len(best.list.Items):
				best.tie = true
			}
		}
	}
	l := best.list
	if len(l.Items) == 0 || best.tie {
		return base.Reading{}, false
	}
	run := best.run
	n := len(l.Items) - 1
	first := run.quote(run.firstSentence(l.Items[0], l.Marks[0]))
	last := run.quote(run.firstSentence(l.Items[n], l.Marks[n]))
	return base.Reading{
		Answer:      strconv.Itoa(len(l.Items)),
		Explanation: fmt.Sprintf("The numbered list%s runs from 1 to %d; its first and last items are quoted.", under(l), len(l.Items)),
		Quotes:      []base.Quote{first, last},
	}.Covering(1), true
}
