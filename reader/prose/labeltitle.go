package prose

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"docqa/internal/inquiry"
	"docqa/internal/lazyre"
	"docqa/internal/segment"
	"docqa/reader/base"
	"docqa/reader/sentences"
)

// "What's the topic of Unit 14?", "What are the names of Unit 1 and
// Unit 2?", "What is the caption of Table 3?" ask for the title a
// handbook, a course outline or a paper gives a numbered part: the rest
// of its heading line ("UNIT 14: Using Financial Information and
// Accounting"). The words of the question find every page that speaks of
// the unit; the answer is the line that names it.

// partWords are the names of a document's numbered parts.
const partWords = `(?:units?|chapters?|sections?|parts?|lessons?|modules?|appendix|appendices|annex|tables?|figures?|fig\.|weeks?|sessions?|articles?|schedules?|exhibits?|topics?)`

// partNumber is a part's number: 14, 3.2, 4a, IV, B, or one spelt out
// ("Chapter One").
var partNumber = `(?:\d{1,3}(?:\.\d{1,2})?[a-z]?|[ivxlc]{1,6}|[a-z]|` + strings.Join(sentences.Spelt[1:], "|") + `)`

// numberPattern matches number n as a heading may write it: "1" as "1"
// or "One", "one" as either.
func numberPattern(n string) string {
	for i, w := range sentences.Spelt {
		if strings.EqualFold(n, w) || n == strconv.Itoa(i) {
			return `(?:` + strconv.Itoa(i) + `|` + w + `)`
		}
	}
	return regexp.QuoteMeta(n)
}

var (
	// reTitleAsk finds where a question asks for the title of numbered
	// parts: "the topic of Unit 14", "names of Unit 1 and Unit 2",
	// "Chapter 3 called", "what is Section 2 about", "What does Figure 10
	// show?" (its caption says); its groups are the parts.
	reTitleAsk = lazyre.New(`(?i)\b(?:topics?|titles?|names?|subjects?|themes?|headings?|captions?)\s+(?:of|for)\s+(?:the\s+)?(` + partWords + `\s+` + partNumber + `\b(?:\s*(?:,|and|&)\s*(?:` + partWords + `\s+)?` + partNumber + `\b)*)` +
		`|\b(` + partWords + `\s+` + partNumber + `)(?:'s|’s)?\s+(?:(?:is|was)\s+)?(?:titled|called|named|about|title|topic|name)\b` +
		`|^\s*what\s+(?:does|do|did)\s+(?:the\s+)?((?:tables?|figures?|fig\.)\s+` + partNumber + `)\s+(?:show|depict|illustrate|present|display)\s*\??\s*$` +
		`|^\s*what\s+(?:is|are)\s+(?:shown|depicted|illustrated|presented|displayed)\s+in\s+((?:tables?|figures?|fig\.)\s+` + partNumber + `)\s*\??\s*$`)
	// reLabelRef is one numbered part in the group reTitleAsk found; a
	// number without its label ("Units 1 and 2") takes the last label.
	reLabelRef = lazyre.New(`(?i)\b(?:(` + partWords + `)\s+)?(` + partNumber + `)\b`)
	// reTocPage is a table of contents' leader and page number at a line's
	// end: "...... 28".
	reTocPage = lazyre.New(`(?:\s*\.{3,}|\s+)\s*\d{1,4}\s*$`)
	// reLeaderPage is a leader and a page number only: a caption may end
	// with a number of its own.
	reLeaderPage = lazyre.New(`\s*\.{3,}\s*\d{1,4}\s*$`)
)

// partRef is a numbered part a question asks the title of.
type partRef struct{ label, number string }

// titleAsked returns the numbered parts q asks the titles of, in its
// order, or nil.
func titleAsked(q *inquiry.Question) []partRef {
	// "What does Figure 1 of the paper show?": the document named aside
	m := reTitleAsk.FindStringSubmatch(strings.Join(strings.Fields(inquiry.WithoutSourceNames(q.Text)), " "))
	if m == nil {
		return nil
	}
	group := m[1] + m[2] + m[3] + m[4]
	var out []partRef
	label := ""
	for _, r := range reLabelRef.FindAllStringSubmatch(group, -1) {
		if r[1] != "" {
			label = singular(strings.ToLower(r[1]))
		}
		if label == "" || strings.EqualFold(r[2], "and") {
			continue
		}
		out = append(out, partRef{label, r[2]})
	}
	return out
}

// singular is a label's name for one part.
func singular(l string) string {
	switch l {
	case "appendices":
		return "appendix"
	case "fig.":
		return "figure"
	}
	return strings.TrimSuffix(l, "s")
}

// headingLine returns the heading of part r in text, as its line stands,
// and its title, or "", "": a line that starts with the part's label and
// number and goes on to its title ("UNIT 14: Using Financial Information
// and Accounting", "Table 3. Results on the test set"). A title that
// ends with a colon announces what follows ("Unit 14 Key Assignments:"),
// and one with no separator after the number must start with a capital.
func headingLine(text string, r partRef, par base.Params) (line, title string) {
	return r.heading(text, headingPattern(r), par)
}

// headingPattern matches the lines that may head part r; compiled once
// for all the pages a part is looked for on.
func headingPattern(r partRef) *regexp.Regexp {
	label := regexp.QuoteMeta(r.label)
	if r.label == "figure" {
		label = `(?:figure|fig\.)`
	}
	return regexp.MustCompile(`(?im)^[ \t]*` + label + `s?[ \t]*` + numberPattern(r.number) + `\b(?:[ \t]*([:.)\-–—])[ \t]*|[ \t]+)(\S[^\n]{1,400}?)[ \t]*$`)
}

// heading is [headingLine] with r's pattern re.
func (r partRef) heading(text string, re *regexp.Regexp, par base.Params) (line, title string) {
	for _, m := range re.FindAllStringSubmatchIndex(text, -1) {
		sep := m[2] >= 0
		caption := r.label == "table" || r.label == "figure"
		if caption {
			// a caption's title is its first sentence: "Figure 3. LIR
			// snippet for sample program. This is the LIR recorded ..."
			if sp := segment.Sentences(text[m[4]:m[5]]); len(sp) > 1 {
				m[5], m[1] = m[4]+sp[0].End, m[4]+sp[0].End
			}
		}
		t := text[m[4]:m[5]]
		if caption {
			t = reLeaderPage.ReplaceAllString(t, "") // "Results on GPT 4" keeps its 4
		} else {
			t = reTocPage.ReplaceAllString(t, "")
		}
		t = strings.TrimSpace(t)
		first := []rune(t)
		switch {
		case len(first) == 0, strings.HasSuffix(t, ":"), !strings.ContainsFunc(t, unicode.IsLetter),
			len(strings.Fields(t)) > 20, !sep && !unicode.IsUpper(first[0]):
			continue
		}
		end := m[1]
		if caption {
			end = captionEnd(text, m[5], par)
			if end > m[1] {
				t = sentences.OneLine(t + " " + text[m[1]:end])
			}
		}
		return strings.TrimSpace(text[m[0]:end]), strings.ReplaceAll(t, "- ", "-")
	}
	return "", ""
}

// captionEnd returns where the caption whose first line ends at end
// ends: at the end of its first sentence, [base.Params.CaptionLines] on at most
// ("Figure 2. State machine describing the major activities of
// Trace-\nMonkey and ..."), or at end when the first line ends it, reads
// whole ([wraps]) or no sentence ends near.
func captionEnd(text string, end int, par base.Params) int {
	if end >= len(text) || sentences.Ended(text[:end]) || !wraps(text[strings.LastIndexByte(text[:end], '\n')+1:end], par) {
		return end
	}
	lines := 0
	for i := end; i < len(text); i++ {
		switch c := text[i]; {
		case c == '\n':
			if lines++; lines > par.CaptionLines {
				return end
			}
		case (c == '.' || c == '?' || c == '!') && (i+1 == len(text) || text[i+1] == ' ' || text[i+1] == '\n'):
			return i + 1
		}
	}
	return end
}

// TitleFinder returns a test that finds, in a page's text, the heading
// line of the first numbered part q asks the title of, or nil when q
// asks none: the stage that puts the page holding it first.
func TitleFinder(q *inquiry.Question, par base.Params) func(text string) string {
	parts := titleAsked(q)
	if len(parts) == 0 {
		return nil
	}
	re := headingPattern(parts[0])
	return func(text string) string {
		line, _ := parts[0].heading(text, re, par)
		return line
	}
}

// readTitles answers a question that asks the titles of numbered parts
// from their heading lines among the sources, the best-ranked first; ok
// is false unless every part asked has one.
func readTitles(q *inquiry.Question, sources []base.Source, par base.Params) (base.Reading, bool) {
	parts := titleAsked(q)
	if len(parts) == 0 {
		return base.Reading{}, false
	}
	var titles []string
	var quotes []base.Quote
	for _, r := range parts {
		found := false
		re := headingPattern(r)
		for _, s := range sources {
			if line, title := r.heading(s.Text, re, par); line != "" {
				line, title = firstSentenceOf(line, title)
				titles = append(titles, title)
				quotes = append(quotes, base.Quote{Text: sentences.OneLine(line), Doc: s.Doc, Page: s.Page})
				found = true
				break
			}
		}
		if !found {
			return base.Reading{}, false
		}
	}
	where := fmt.Sprintf("p. %d of %s", quotes[0].Page, quotes[0].Doc)
	if len(quotes) > 1 {
		where = "the pages cited"
	}
	return base.Reading{
		Answer:      strings.Join(titles, "; "),
		Quotes:      quotes,
		Explanation: fmt.Sprintf("Extractive answer (no language model): the heading that names the part asked about, on %s.", where),
	}, true
}

// firstSentenceOf cuts a caption's title, and its line, at the end of
// the title's first sentence when another follows on the line: "Sample
// program: sieve of Eratosthenes." of "Figure 1. Sample program: sieve
// of Eratosthenes. primes is", whose next sentence runs on below.
func firstSentenceOf(line, title string) (string, string) {
	end := -1
	for i := strings.Index(title, ". "); i > 0; {
		// a period after a word of four letters or more ends a
		// sentence; "Fig. 2" and "e.g. the" do not
		w := title[strings.LastIndexAny(title[:i], " (")+1 : i]
		if utf8.RuneCountInString(w) >= 4 {
			end = i + 1
			break
		}
		next := strings.Index(title[i+2:], ". ")
		if next < 0 {
			break
		}
		i += 2 + next
	}
	if end < 0 {
		return line, title
	}
	first := title[:end]
	at := strings.Index(line, first)
	if at < 0 {
		return line, title
	}
	return line[:at+len(first)], first
}

// wraps reports whether a caption's first line goes on in the next: it
// breaks a word ("Trace-"), ends on a word that joins ("of", "the",
// "and") or a comma, or is as long as a wrapped line of a column.
func wraps(line string, par base.Params) bool {
	line = strings.TrimSpace(line)
	if strings.HasSuffix(line, "-") || strings.HasSuffix(line, ",") || len(line) >= par.WrapWidth {
		return true
	}
	f := strings.Fields(line)
	return len(f) > 0 && sentences.Joiners[strings.ToLower(f[len(f)-1])]
}

func ReadTitlesOf(q *inquiry.Question, in *sentences.Context) base.Outcome {
	return base.Answered(readTitles(q, in.P.Sources, in.Par()))
}
