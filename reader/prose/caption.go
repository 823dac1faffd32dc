package prose

import (
	"docqa/internal/inquiry"
	"docqa/reader/base"
	"docqa/reader/sentences"
	"fmt"
	"strings"

	"docqa/internal/lazyre"
)

// "Who is the defendant of this case?" asks for a party the caption of a
// court document names: "Diane HANSON v. DELAWARE STATE PUBLIC INTEGRITY
// COMMISSION." on its first page. By the convention of the caption, the
// party before "v." brings the case (plaintiff, petitioner, appellant)
// and the party after answers it (defendant, respondent, appellee),
// unless the caption labels them.

// reCaptionQ asks for a party of a case; its group is the role.
var reCaptionQ = lazyre.New(`(?i)\bwho\s+(?:is|are|was|were)\s+the\s+(plaintiffs?|defendants?|petitioners?|respondents?|appellants?|appellees?|claimants?)\b`)

// firstParty tells the roles of the party a caption names first.
var firstParty = map[string]bool{"plaintiff": true, "petitioner": true, "appellant": true, "claimant": true}

// reVersus is the line or the words of a caption that set the parties
// apart: "v.", "vs.", "versus".
var reVersus = lazyre.New(`(?i)^\s*(?:v\.?|vs\.?|versus)\s*$`)

// AsksParty reports whether q asks for a party of the case a document is
// about, which its caption on page 1 names.
func AsksParty(q *inquiry.Question) bool { return reCaptionQ.MatchString(q.Text) }

// Caption returns the caption of a court document's first page: the lines
// of the parties around a line "v.", as they stand, or "", read with par.
func Caption(text string, par base.Params) string {
	c, ok := captionOf(text, par)
	if !ok {
		return ""
	}
	return text[c.start:c.end]
}

// caption is where a caption stands in a page's text, and its two
// parties as they stand.
type caption struct {
	start, end    int
	before, after string
}

// captionOf finds text's caption: the lines above "v." up to a line that
// ends a sentence or names a court, three at most, and the lines below
// it up to one that ends with a full stop, three at most.
func captionOf(text string, par base.Params) (caption, bool) {
	lines := strings.SplitAfter(text, "\n")
	offs := make([]int, len(lines)+1)
	for i, l := range lines {
		offs[i+1] = offs[i] + len(l)
	}
	for i, l := range lines {
		if i >= par.CaptionReach {
			break
		}
		if !reVersus.MatchString(strings.TrimRight(l, "\n")) || i == 0 || i+1 >= len(lines) {
			continue
		}
		from := i - 1
		for from > 0 && i-from < 3 && !sentences.Ended(lines[from-1]) && !strings.Contains(strings.ToLower(lines[from-1]), "court") && strings.TrimSpace(lines[from-1]) != "" {
			from--
		}
		to := i + 1
		for to+1 < len(lines) && to-i < 3 && !sentences.Ended(lines[to]) && strings.TrimSpace(lines[to+1]) != "" {
			to++
		}
		c := caption{
			start:  offs[from],
			end:    offs[to] + len(strings.TrimRight(lines[to], "\n")),
			before: strings.TrimSpace(text[offs[from]:offs[i]]),
			after:  strings.TrimSpace(text[offs[i+1] : offs[to]+len(lines[to])]),
		}
		if c.before == "" || c.after == "" {
			return caption{}, false
		}
		return c, true
	}
	return caption{}, false
}

// reRe is the "Re:" a letter opinion puts before its caption.
var reRe = lazyre.New(`(?i)^re:\s*`)

// readParty answers a question that asks for a party from the caption on
// the first page among sources; ok is false when none has one.
func readParty(q *inquiry.Question, sources []base.Source, par base.Params) (base.Reading, bool) {
	m := reCaptionQ.FindStringSubmatch(q.Text)
	if m == nil {
		return base.Reading{}, false
	}
	role := strings.TrimSuffix(strings.ToLower(m[1]), "s")
	for _, src := range sources {
		if src.Page != 1 {
			continue
		}
		c, ok := captionOf(src.Text, par)
		if !ok {
			continue
		}
		party := c.after
		if firstParty[role] {
			party = c.before
		}
		quote := base.Quote{Text: sentences.OneLine(src.Text[c.start:c.end]), Doc: src.Doc, Page: src.Page}
		name := strings.TrimSuffix(sentences.OneLine(reRe.ReplaceAllString(party, "")), ".")
		return base.Reading{
			Answer:      name,
			Quotes:      []base.Quote{quote},
			Explanation: fmt.Sprintf("Extractive answer (no language model): the caption on p. 1 of %s names the %s %s \"v.\", as a caption names the party that %s.", src.Doc, role, map[bool]string{true: "before", false: "after"}[firstParty[role]], map[bool]string{true: "brings the case", false: "answers it"}[firstParty[role]]),
		}, true
	}
	return base.Reading{}, false
}

func ReadPartyOf(q *inquiry.Question, in *sentences.Context) base.Outcome {
	if !AsksParty(q) {
		return base.Declined(base.NotAsked)
	}
	if r, ok := readParty(q, in.P.Sources, in.Par()); ok {
		return base.Took(r.Covering(1))
	}
	return base.Declined("no caption of a case on the pages")
}
