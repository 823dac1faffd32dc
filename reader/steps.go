package reader

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"docqa/internal/inquiry"
	textterms "docqa/internal/terms"
)

// A manual writes a procedure as a numbered list under a line that
// announces it ("To replace the grille:" then "1. Line up ...", "2. Push
// ...", "3. Close the doors."). Three questions are answered by it: how
// many steps it has (the last number of the list), what one of them is
// ("What is the first step to remove a shelf?", "... the last step ..."),
// and what they are ("What are the steps to remove the wine rack?", "How
// do I remove a shelf?").

// stepAsk is what a question asks of a procedure.
type stepAsk int

const (
	stepCount stepAsk = iota // how many steps
	stepAt                   // one step, by its place
	stepAll                  // every step
)

var (
	// reStepsQ asks how many steps a procedure has; what follows the
	// match names the procedure.
	reStepsQ = regexp.MustCompile(`(?i)^\s*how many (?:steps|stages)\b(?:\s+(?:are|is|does it take|do (?:i|you|we) need)\b)?(?:\s+(?:there|needed|required|involved|necessary))*\b`)
	// reStepAtQ asks for one step by its place: "What is the first step
	// to remove a shelf?"
	reStepAtQ = regexp.MustCompile(`(?i)^\s*what\s+(?:is|was|'s)\s+the\s+(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|final|\d{1,2}(?:st|nd|rd|th))\s+(?:step|stage)\b`)
	// reStepsAllQ asks for every step: "What are the steps to remove
	// the wine rack?", "How do I remove a shelf?"
	reStepsAllQ = regexp.MustCompile(`(?i)^\s*(?:what\s+are\s+the\s+steps|(?:please\s+)?list\s+(?:all\s+)?the\s+steps|how\s+(?:do|can|should)\s+(?:i|you|we|one)\b)`)
)

// ordinals are the places a question names a step by.
var ordinals = map[string]int{"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10}

// reItem is a numbered list item at the start of a line: "3. Close".
var reItem = regexp.MustCompile(`^\s*(\d{1,2})[.)]\s+\S`)

// reNote opens a note inside a procedure ("NOTE: Make sure both track
// hooks are in slots"): its lines are no step's, nor do they end the list.
var reNote = regexp.MustCompile(`^\s*(?:NOTE|Note|CAUTION|Caution|WARNING|Warning|IMPORTANT|Important|TIP|Tip)\b`)

// stepList is a numbered list found in a source.
type stepList struct {
	src        int
	announce   string   // the line before the list, and the one above it, as written
	items      []string // each step's text, its wrapped lines joined
	n          int      // the last item's number
	cover      float64
	start, end int // the announcing line's bytes
}

// AsksSteps reports whether question asks how many steps a procedure
// has, what one of them is, or what they are.
func AsksSteps(question string) bool {
	_, _, ok := parseSteps(question)
	return ok
}

// ReadSteps answers a question about a procedure's steps ([AsksSteps])
// from the numbered lists of sources; ok is false when none is announced
// by the procedure's name. A long procedure runs past the window of its
// page: the sources should be whole pages.
func ReadSteps(question string, sources []Source) (Reading, bool) {
	return readSteps(newPool(sources), question)
}

// parseSteps reads what q asks of a procedure, the place of the step it
// asks for (-1 for the last), and the rest of q, which names the
// procedure.
func parseSteps(q string) (ask stepAsk, at int, ok bool) {
	switch {
	case reStepsQ.MatchString(q):
		return stepCount, 0, true
	case reStepAtQ.MatchString(q):
		w := strings.ToLower(reStepAtQ.FindStringSubmatch(q)[1])
		switch {
		case w == "last" || w == "final":
			at = -1
		case ordinals[w] > 0:
			at = ordinals[w]
		default:
			at, _ = strconv.Atoi(strings.TrimRight(w, "stndrh"))
		}
		return stepAt, at, at != 0
	case reStepsAllQ.MatchString(q):
		return stepAll, 0, true
	}
	return 0, 0, false
}

// procedureOf is the part of q that names the procedure: what follows
// the words that ask about its steps.
func procedureOf(q string) string {
	q = inquiry.Asked(inquiry.StripInstructions(q))
	for _, re := range []*regexp.Regexp{reStepsQ, reStepAtQ, reStepsAllQ} {
		if m := re.FindStringIndex(q); m != nil {
			return q[m[1]:]
		}
	}
	return q
}

// readSteps answers a question about a procedure's steps from the
// numbered lists of the pool's sources: the list whose announcing line
// (and the line above it) holds most of the weighted terms that name the
// procedure, [Params.MinAnnounced] at least. ok is false when there is none, two
// lists tie, or the list lacks the step asked for.
func readSteps(p *pool, q string) (Reading, bool) {
	ask, at, ok := parseSteps(q)
	if !ok {
		return Reading{}, false
	}
	sources := p.sources
	// the terms that name the procedure: an instruction ("Write the
	// answer in integer format.") or the question's frame ("How many
	// steps are needed") names none
	step := textterms.Stem("step")
	terms := textterms.Of(procedureOf(q))
	w, rest := p.weights(terms, map[string]float64{step: 0}) // "step" names no procedure
	named := slices.Contains(terms, step)
	if rest <= 0 {
		return Reading{}, false
	}
	best, ok := bestSteps(sources, w, rest, step, named)
	if !ok {
		return Reading{}, false
	}
	src := sources[best.src]
	first := oneLine(src.Text[best.start:best.end])
	quote := func(s string) Quote { return Quote{Text: oneLine(s), Doc: src.Doc, Page: src.Page} }
	r := Reading{Quotes: []Quote{quote(first)}}
	switch ask {
	case stepCount:
		last := best.items[len(best.items)-1]
		r.Answer = strconv.Itoa(best.n)
		r.Quotes = append(r.Quotes, quote(firstLine(last)))
		r.Explanation = fmt.Sprintf("Extractive answer (no language model): the numbered list under %q on p. %d of %s runs from 1 to %d.", first, src.Page, src.Doc, best.n)
	case stepAt:
		if at == -1 {
			at = best.n
		}
		if at > best.n {
			return Reading{}, false
		}
		item := best.items[at-1]
		r.Answer = reItemNumber.ReplaceAllString(oneLine(item), "")
		r.Quotes = append(r.Quotes, quote(item))
		r.Explanation = fmt.Sprintf("Extractive answer (no language model): step %d of the %d under %q on p. %d of %s.", at, best.n, first, src.Page, src.Doc)
	case stepAll:
		var steps []string
		for _, it := range best.items {
			steps = append(steps, oneLine(it))
			r.Quotes = append(r.Quotes, quote(it))
		}
		r.Answer = strings.Join(steps, " ")
		r.Explanation = fmt.Sprintf("Extractive answer (no language model): the %d numbered steps under %q on p. %d of %s.", best.n, first, src.Page, src.Doc)
	}
	return r, true
}

// bestSteps returns the numbered list of sources that the procedure
// named by the terms w (of weight rest; "step" counted as its own when
// named) announces best: the most of the procedure's name in its
// announcement, then in its announcing line alone, then the least else
// in that line; between equals, the first in the search's order. ok is
// false when two lists of one page tie, or none is announced by enough
// of the name or has two steps.
func bestSteps(sources []Source, w map[string]float64, rest float64, step string, named bool) (best stepList, ok bool) {
	held := func(s string) float64 { return weightOf(w, s) / rest }
	// the share of a line's own terms that the question holds: "To
	// remove shelf track:" names a track the question does not
	own := func(s string) float64 {
		ts := textterms.Of(s)
		slices.Sort(ts)
		ts = slices.Compact(ts)
		n := 0
		for _, t := range ts {
			if w[t] > 0 || t == step && named {
				n++
			}
		}
		return float64(n) / float64(max(len(ts), 1))
	}
	type rank struct{ cover, line, own float64 }
	better := func(a, b rank) int {
		return cmp.Or(cmp.Compare(a.cover, b.cover), cmp.Compare(a.line, b.line), cmp.Compare(a.own, b.own))
	}
	var bestRank rank
	tie := false
	for i, s := range sources {
		for _, l := range stepLists(s.Text) {
			l.src = i
			l.cover = held(l.announce)
			line := s.Text[l.start:l.end]
			r := rank{l.cover, held(line), own(line)}
			switch c := better(r, bestRank); {
			case c > 0:
				best, bestRank, tie = l, r, false
			case c == 0 && l.cover > 0 && l.src == best.src:
				tie = true // two lists on one page alike
			}
		}
	}
	return best, !tie && best.cover >= params.MinAnnounced && best.n >= 2
}

// reItemNumber is an item's number before its words: "3. ".
var reItemNumber = regexp.MustCompile(`^\s*\d{1,2}[.)]\s+`)

// firstLine is s up to its first line break.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return strings.TrimSpace(line)
}

// stepLists returns the numbered lists of a page's text that count from
// 1 without a gap, each with the line before it (and the line above that
// one, which may be the procedure's heading) as its announcement. An
// item's wrapped lines are its text; a note's are not.
func stepLists(text string) []stepList {
	lines := strings.SplitAfter(text, "\n")
	offs := make([]int, len(lines))
	for i, off := 0, 0; i < len(lines); i++ {
		offs[i], off = off, off+len(lines[i])
	}
	var out []stepList
	for i := 1; i < len(lines); i++ {
		if m := reItem.FindStringSubmatch(lines[i]); m == nil || m[1] != "1" || strings.TrimSpace(lines[i-1]) == "" {
			continue
		}
		l := stepList{announce: lines[i-1], start: offs[i-1], end: offs[i-1] + len(lines[i-1])}
		if i >= 2 {
			l.announce = lines[i-2] + lines[i-1]
		}
		n, items, wrapped, note := 1, []string{strings.TrimSpace(lines[i])}, 0, 0
		for j := i + 1; j < len(lines) && wrapped <= params.MaxWrapped && note <= params.MaxNote; j++ {
			m := reItem.FindStringSubmatch(lines[j])
			switch {
			case m != nil && m[1] == strconv.Itoa(n+1):
				n, wrapped, note = n+1, 0, 0
				items = append(items, strings.TrimSpace(lines[j]))
			case m != nil || strings.HasSuffix(strings.TrimSpace(lines[j]), ":"):
				wrapped = params.MaxWrapped + 1 // another list, or the next one's announcement
			case note > 0 || reNote.MatchString(lines[j]):
				note++ // a note's line, until the next step
			default:
				wrapped++
				if wrapped <= params.MaxWrapped && !ended(items[n-1]) {
					items[n-1] += "\n" + strings.TrimSpace(lines[j]) // the step runs on; after its full stop, what follows is not its
				}
			}
		}
		l.n, l.items = n, items
		out = append(out, l)
	}
	return out
}
