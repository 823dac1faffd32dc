package sentences

import (
	"docqa/internal/lazyre"
	"docqa/reader/base"
	"strconv"
	"strings"
)

// ReAnalysisQ asks for an analysis that ties parts of a document
// together ("How do the operational expenses details relate to the
// insights in the segment reporting?", "What insights into inventory
// management could be gleaned ...?", "What is the relationship between
// R&D spending and new products?", "How do the changes in inventory
// levels reflect the supply chain strategies?"): a reading, which no one sentence or
// figure of the document states and the extractive engine does not write.
var ReAnalysisQ = lazyre.New(`(?i)\bhow (?:do|does|did|would|could|might|can)\b[^?]*\b(?:relate|correlate|align|connect|tie|measure up|stack up|reconcile|reflect)\b|\b(?:relationship|connection|link|correlation|interplay)s? between\b|\bwhat insights?\b|\binsights? (?:into|on|about)\b|\b(?:assess|analy[sz]e|evaluate)\s+(?:the|how|whether|what|its|their)\b|\bwhat (?:does|do|might|could|would)\b[^?]*\bsuggest\b|\bimplications?\b`)

// IndexPage reports whether text is a page of a book's index.
func IndexPage(text string, par base.Params) bool {
	lines, entries := 0, 0
	for l := range strings.SplitSeq(text, "\n") {
		if strings.TrimSpace(l) == "" {
			continue
		}
		lines++
		if reIndexEntry.MatchString(l) || reIndexPages.MatchString(l) {
			entries++
		}
	}
	return lines >= par.IndexLines && float64(entries) >= par.IndexShare*float64(lines)
}

// A book's index lists terms with the pages that speak of them
// ("permission culture: free culture vs., xiv, 8, 173"): every term of a
// question may stand on it, and none of its lines says anything. Its
// lines are no answer, as a table of contents' are not ([Leader]).
var (
	// reIndexEntry is a line of an index: words, a comma, page numbers
	// (of three digits at most: "February 16, 2023" ends no entry).
	reIndexEntry = lazyre.New(`\pL.*,\s+(?:\d{1,3}(?:[–-]\d{1,3})?n?|[xvilc]{1,6})(?:,\s+(?:\d{1,3}(?:[–-]\d{1,3})?n?|[xvilc]{1,6}))*,?\s*$`)
	// reIndexPages is an entry's page numbers run onto a line of their own
	// (a range, or two numbers or more: a number alone is a folio or a
	// line's number).
	reIndexPages = lazyre.New(`^\s*(?:\d{1,3}[–-]\d{1,3}n?|\d{1,3}n?,\s+\d{1,3}(?:[–-]\d{1,3})?n?)(?:,\s+\d{1,3}(?:[–-]\d{1,3})?n?)*,?\s*$`)
)

// Asides are the words a yes-or-no question leans on that no sentence
// need hold: "can it ever return null?" is settled by "It never returns
// the null value".
var Asides = map[string]bool{"ever": true, "really": true, "actually": true, "still": true, "also": true, "even": true, "just": true, "currently": true}

// CountOf is a count in digits or words.
func CountOf(s string) int {
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	n, _ := strconv.Atoi(countWords[strings.ToLower(s)])
	return n
}

var Joiners = map[string]bool{"of": true, "the": true, "and": true, "or": true, "in": true, "on": true, "for": true, "with": true,
	"to": true, "a": true, "an": true, "by": true, "from": true, "at": true, "as": true, "its": true, "their": true, "between": true}

// LineAt is the line of text that holds byte i.
func LineAt(text string, i int) string {
	start := strings.LastIndexByte(text[:i], '\n') + 1
	end := strings.IndexByte(text[i:], '\n')
	if end < 0 {
		return text[start:]
	}
	return text[start : i+end]
}

var ReYearQ = lazyre.New(`\b(?:19|20)\d\d\b`)

// A question asking yes or no ("Has the quick ratio improved?",
// "Does Corning have positive working capital?") is a figure question
// when it asks which way a figure went or which side of zero it is.
var ReYesNoQ = lazyre.New(`(?i)^\s*(?:is|are|was|were|do|does|did|has|have|had|can|could|will|would|should)\b`)

var ReUpQ = lazyre.New(`(?i)\b(?:improv\w*|increas\w*|grow\w*|grew|ris(?:e|en|ing)|rose|accelerat\w*|higher|expand\w*)\b`)

var ReDownQ = lazyre.New(`(?i)\b(?:declin\w*|decreas\w*|f[ae]ll\w*|drop\w*|lower|shr[iau]nk\w*|decelerat\w*|contract(?:ed|ing|s)?|worsen\w*)\b`)

var RePercentQ = lazyre.New(`(?i)\bpercent(?:s|age)?\b|%`)
