package reader

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	textterms "docqa/internal/terms"
	"docqa/search"
)

// "How many steps are required to replace the grille?" is answered by a
// numbered list under a line that announces it ("To replace the grille:"
// then "1. Line up ...", "2. Push ...", "3. Close the doors."): the last
// number of the list is the count. A manual writes its procedures so.

// reStepsQ asks how many steps a procedure has.
var reStepsQ = regexp.MustCompile(`(?i)^\s*how many (?:steps|stages)\b`)

// reItem is a numbered list item at the start of a line: "3. Close".
var reItem = regexp.MustCompile(`^\s*(\d{1,2})[.)]\s+\S`)

// minAnnounced is the share of the question's weighted terms the lines
// announcing a list must hold: the procedure's name, not a word of it.
const minAnnounced = 0.5

// maxWrapped is how many lines an item may wrap onto before the list is
// taken to have ended.
const maxWrapped = 3

// stepList is a numbered list found in a source.
type stepList struct {
	src        int
	announce   string // the line before the list, as written
	last       string // the list's last item's first line, as written
	n          int    // the last item's number
	cover      float64
	start, end int // the announcing line's bytes
}

// AsksSteps reports whether question asks how many steps a procedure has.
func AsksSteps(question string) bool { return reStepsQ.MatchString(question) }

// ReadSteps answers a question that asks how many steps a procedure has
// ([AsksSteps]) from the numbered lists of sources; ok is false when none
// is announced by the procedure's name. A long procedure runs past the
// window of its page: the sources should be whole pages.
func ReadSteps(question string, sources []Source) (Reading, bool) {
	return readSteps(newPool(sources), question)
}

// readSteps answers a how-many-steps question from the numbered lists of
// the pool's sources: the list whose announcing line (and the line above
// it) holds most of the question's weighted terms, minAnnounced at least.
// ok is false when there is none, or two lists tie.
func readSteps(p *pool, q string) (Reading, bool) {
	if !reStepsQ.MatchString(q) {
		return Reading{}, false
	}
	sources := p.sources
	// the terms of what is asked: an instruction ("Write the answer in
	// integer format.") names no procedure
	w, total := p.weights(textterms.Of(asked(search.StripInstructions(q))), nil)
	step := textterms.Stem("step")
	rest := total - w[step]
	if rest <= 0 {
		return Reading{}, false
	}
	var best stepList
	tie := false
	for i, s := range sources {
		for _, l := range stepLists(s.Text) {
			l.src = i
			held := 0.0
			ts := textterms.Of(l.announce)
			slices.Sort(ts) // each term once, summed in one order
			for _, t := range slices.Compact(ts) {
				if t != step {
					held += w[t]
				}
			}
			l.cover = held / rest
			switch {
			case l.cover > best.cover:
				best, tie = l, false
			case l.cover == best.cover && l.cover > 0:
				tie = true
			}
		}
	}
	if tie || best.cover < minAnnounced || best.n < 2 {
		return Reading{}, false
	}
	src := sources[best.src]
	first := strings.TrimSpace(src.Text[best.start:best.end])
	return Reading{
		Answer: strconv.Itoa(best.n),
		Quotes: []Quote{
			{Text: oneLine(first), Doc: src.Doc, Page: src.Page},
			{Text: oneLine(best.last), Doc: src.Doc, Page: src.Page},
		},
		Explanation: fmt.Sprintf("Extractive answer (no language model): the numbered list under %q on p. %d of %s runs from 1 to %d.", oneLine(first), src.Page, src.Doc, best.n),
	}, true
}

// stepLists returns the numbered lists of a page's text that count from
// 1 without a gap, each with the line before it (and the line above that
// one, which may be the procedure's heading) as its announcement.
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
		n, last, wrapped := 1, lines[i], 0
		for j := i + 1; j < len(lines) && wrapped <= maxWrapped; j++ {
			m := reItem.FindStringSubmatch(lines[j])
			switch {
			case m != nil && m[1] == strconv.Itoa(n+1):
				n, last, wrapped = n+1, lines[j], 0
			case m != nil || strings.HasSuffix(strings.TrimSpace(lines[j]), ":"):
				wrapped = maxWrapped + 1 // another list, or the next one's announcement
			default:
				wrapped++
			}
		}
		l.n, l.last = n, strings.TrimSpace(last)
		out = append(out, l)
	}
	return out
}
