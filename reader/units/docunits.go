package units

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"docqa/internal/doc"
	textterms "docqa/internal/terms"
	"docqa/reader/base"
	"docqa/reader/sentences"
)

// The units readers answer with are the document's own structure
// (package doc): its lists and numbered procedures, its footnotes, the
// entries of its contents. A question is matched to a unit by the unit's
// words (its heading, the sentence announcing it, its items), weighted
// as the sentence scorer weighs them, never by the question's template.

// docRun is consecutive whole pages of one document with their
// structure as ingest read it ([base.Source.Structure]): a procedure runs on
// over a page's turn.
type docRun struct {
	srcs   []base.Source
	texts  []string
	blocks [][]doc.Block
	marks  [][]doc.Marker
	// lists are the document's lists on the run's pages, their spans'
	// pages the run's indexes ([doc.List.On]).
	lists []doc.List
}

// docRuns groups pages into runs of consecutive pages of one document,
// documents in the order they first come, pages in page order.
func docRuns(pages []base.Source) []docRun {
	var order []string
	byDoc := map[string][]base.Source{}
	for _, s := range pages {
		if _, ok := byDoc[s.Doc]; !ok {
			order = append(order, s.Doc)
		}
		if !slices.ContainsFunc(byDoc[s.Doc], func(o base.Source) bool { return o.Page == s.Page }) {
			byDoc[s.Doc] = append(byDoc[s.Doc], s)
		}
	}
	var runs []docRun
	for _, d := range order {
		ss := byDoc[d]
		slices.SortFunc(ss, func(a, b base.Source) int { return a.Page - b.Page })
		for i := 0; i < len(ss); {
			j := i + 1
			for j < len(ss) && ss[j].Page == ss[j-1].Page+1 {
				j++
			}
			runs = append(runs, newRun(ss[i:j]))
			i = j
		}
	}
	return runs
}

// newRun is the run of pages ss, with the structure of each page whose
// text is whole: a page cut to a window has none its spans fit.
func newRun(ss []base.Source) docRun {
	r := docRun{srcs: ss}
	at := map[int]int{}
	for i, s := range ss {
		r.texts = append(r.texts, s.Text)
		var p doc.Page
		if !s.Cut {
			p = s.Structure
			at[s.Page] = i
		}
		r.blocks = append(r.blocks, p.Blocks)
		r.marks = append(r.marks, p.Marks)
	}
	seen := map[doc.Span]bool{}
	for _, s := range ss {
		for _, l := range s.Structure.Lists {
			if seen[l.Items[0]] {
				continue // a list over the run's pages, met on each
			}
			seen[l.Items[0]] = true
			if on, ok := l.On(func(page int) (int, bool) { i, ok := at[page]; return i, ok }); ok {
				r.lists = append(r.lists, on)
			}
		}
	}
	return r
}

// text is the text of span sp of the run.
func (r docRun) text(sp doc.Span) string { return r.texts[sp.Page][sp.Start:sp.End] }

// quote is span sp quoted on its page.
func (r docRun) quote(sp doc.Span) base.Quote {
	s := r.srcs[sp.Page]
	return base.Quote{Text: sentences.OneLine(r.text(sp)), Doc: s.Doc, Page: s.Page}
}

// firstSentence is the span of an item's first sentence, its mark left
// out: the instruction of a step, the name of a listed thing.
func (r docRun) firstSentence(sp doc.Span, mark string) doc.Span {
	t := r.text(sp)
	start := 0
	if strings.HasPrefix(t, mark) {
		start = len(mark)
	}
	for start < len(t) && (t[start] == ' ' || t[start] == '\t') {
		start++
	}
	end := len(t)
	for i := start; i+2 < len(t); i++ {
		// a sentence's end; or a line's end with no stop before a
		// line that starts a sentence: a step written without one
		// ("Slide the operating panel upward" over "The ON/OFF switch
		// is on the right side")
		stop := t[i] == '.' || t[i] == '!' || t[i] == '?'
		bare := t[i+1] == '\n' && !stop && !strings.ContainsRune(",;:-", rune(t[i])) && !sentences.Joiners[strings.ToLower(lastWord(t[start:i+1]))]
		if stop && (t[i+1] == ' ' || t[i+1] == '\n') || bare {
			c, _ := utf8.DecodeRuneInString(t[i+2:])
			if unicode.IsUpper(c) || stop && unicode.IsDigit(c) {
				end = i + 1
				break
			}
		}
	}
	return doc.Span{Page: sp.Page, Start: sp.Start + start, End: sp.Start + end}
}

// lastWord is the last word of s.
func lastWord(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return f[len(f)-1]
}

// unitWeights weighs the question's terms over the sentences of pages,
// as the sentence scorer does, read with par.
func unitWeights(text string, pages []base.Source, par base.Params) (map[string]float64, float64) {
	p := sentences.NewPool(pages, par)
	return p.Weights(textterms.Of(text), nil)
}

// listText is the words a list is matched by: its heading, the sentence
// announcing it and its items.
func (r docRun) listText(l doc.List) (head, items string) {
	var b strings.Builder
	b.WriteString(l.Heading)
	if l.Intro != nil {
		b.WriteString(" ")
		b.WriteString(r.text(*l.Intro))
	}
	head = b.String()
	b.Reset()
	for _, it := range l.Items {
		b.WriteString(r.text(it))
		b.WriteString("\n")
	}
	return head, b.String()
}

// matchedList is the list of pages that holds the largest weighted share
// of the question's terms w (its heading, announcing sentence and items);
// of two alike, the one whose heading and announcement hold more: what it
// is for. keep says which lists a reader reads, given the share its
// heading and announcement hold alone. ok is false when none is kept,
// or two tie.
func matchedList(pages []base.Source, w map[string]float64, total float64, keep func(run docRun, l doc.List, head float64) bool) (run docRun, l doc.List, cover float64, ok bool) {
	var best struct {
		run   docRun
		list  doc.List
		cover float64
		head  float64
		tie   bool
	}
	for _, run := range docRuns(pages) {
		for _, l := range run.lists {
			head, items := run.listText(l)
			h := sentences.WeightOf(w, head) / total
			if !keep(run, l, h) {
				continue
			}
			c := sentences.WeightOf(w, head+"\n"+items) / total
			switch {
			case c > best.cover || c == best.cover && h > best.head:
				best.run, best.list, best.cover, best.head, best.tie = run, l, c, h, false
			case c == best.cover && h == best.head && c > 0:
				best.tie = true
			}
		}
	}
	return best.run, best.list, best.cover, best.cover > 0 && !best.tie
}
