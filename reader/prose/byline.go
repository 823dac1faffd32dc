package prose

import (
	"docqa/internal/inquiry"
	"docqa/reader/base"
	"docqa/reader/sentences"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"docqa/internal/lazyre"
)

// "Who are the authors of this paper?" asks for its byline: the names
// under the title on its first page, which no sentence of the body
// states and which the words of the question ("authors", "paper") do
// not find.

// reAuthorsQ asks who wrote the document itself: "Who are the authors?",
// "Who wrote this paper?", "the authors of the report"; not who wrote a
// letter or a chapter in it.
var reAuthorsQ = lazyre.New(`(?i)\bwho\s+(?:(?:wrote|authored)\s+(?:this|the)\s+` + docWords + `|(?:are|is|were|was)\s+the\s+authors?\s*(?:\?|$))|\bauthors?\s+of\s+(?:this|the)\s+` + docWords + `\b`)

// docWords are the words a question calls the document itself by.
const docWords = `(?:paper|article|report|study|book|document|thesis|work|review)`

// AsksAuthors reports whether q asks who wrote the document (for their
// names: "How many authors ...?" asks for a count).
func AsksAuthors(q *inquiry.Question) bool {
	return reAuthorsQ.MatchString(q.Text) && sentences.QuestionKind(q.Text) != sentences.KindNumber
}

// Byline returns the lines of a first page's text that name its authors,
// as they stand, or "": lines of names under a title (the title holds a
// small word, names do not), up to the first line that is no names
// (an affiliation: "Mozilla Corporation", "New York University"), read
// with par.
func Byline(text string, par base.Params) string {
	lines := strings.SplitAfter(text, "\n")
	start, end := -1, -1
	at := 0
	for i, l := range lines {
		if i >= par.BylineLines && start < 0 {
			break
		}
		if names(l) && i > 0 && (start >= 0 || !runsOn(lines[i-1])) {
			if start < 0 {
				start = at
			}
			end = at + len(strings.TrimRight(l, "\n"))
		} else if start >= 0 && !marksOnly(l) {
			break
		}
		at += len(l)
	}
	if start < 0 {
		return ""
	}
	block := text[start:end]
	// A title's last line in capitals runs into the names under it
	// ("Language Model Attribution" above "Xinze Li1, Yixin Cao2"):
	// where some lines of the block mark their names (commas, marks of
	// affiliation), the block starts at the first that does.
	bl := strings.SplitAfter(block, "\n")
	for i, l := range bl {
		if marked(l) {
			if (strings.HasPrefix(strings.TrimSpace(l), ",") || marksOnly(l)) && i > 0 {
				i-- // the line's first name ends the line before: "Yunfan Gaoa\n, Yun Xiongb", "Andreas Gal\n∗+"
			}
			block = strings.Join(bl[i:], "")
			break
		}
	}
	return strings.TrimSpace(block)
}

// marksOnly reports whether line holds nothing but marks of affiliation
// and commas: a name's superscript set on a line of its own ("Andreas
// Gal\n∗+\n, Brendan Eich"), which the byline goes on past.
func marksOnly(line string) bool {
	line = strings.TrimSpace(line)
	return line != "" && strings.TrimFunc(line, func(r rune) bool { return r == ',' || isMark(r) }) == ""
}

// marked reports whether a line of names separates or marks them: a
// comma, or a mark of affiliation ("Gal∗+", "Li1", "Cao2†").
func marked(line string) bool {
	if strings.ContainsFunc(line, func(r rune) bool { return r == ',' || strings.ContainsRune(affiliationMarks, r) }) {
		return true
	}
	// a digit marks a name it ends ("Li1"), not a number of its own (the
	// "2" of a title's "Llama 2:")
	for _, f := range strings.Fields(line) {
		if r := []rune(strings.TrimRight(f, ",;")); len(r) > 1 && unicode.IsDigit(r[len(r)-1]) && unicode.IsLetter(r[0]) {
			return true
		}
	}
	return false
}

// runsOn reports whether line goes on in the next: a title's line that
// ends with a comma or a colon ("Overview of the Technology Acceptance
// Model: Origins,"), whose next line, in capitals too, is no byline.
func runsOn(line string) bool {
	line = strings.TrimSpace(line)
	return strings.HasSuffix(line, ",") || strings.HasSuffix(line, ":") || strings.HasSuffix(line, ";") || strings.HasSuffix(line, "-")
}

// names reports whether line is nothing but people's names: two words or
// more, each capitalised or an initial ("Mohammad R. Haghighat"), joined
// by commas or "and", marks of affiliation aside ("Gal∗+", "Smith1"),
// and no word of an organisation's name.
func names(line string) bool {
	n := 0
	for _, f := range strings.FieldsFunc(line, func(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == ';' }) {
		w := strings.TrimFunc(f, func(r rune) bool { return !unicode.IsLetter(r) && r != '.' && r != '-' && r != '\'' })
		switch {
		case w == "":
			continue // a mark alone
		case w == "and" || w == "&" || nameParticles[w]:
			continue
		case orgWords[strings.ToLower(strings.TrimRight(w, "."))]:
			return false
		}
		if r := []rune(w); !unicode.IsUpper(r[0]) || len(r) > 3 && strings.ToUpper(w) == w {
			return false // a small word, or a word in capitals (a heading's)
		}
		n++
	}
	return n >= 2 && n <= 24
}

var nameParticles = map[string]bool{"van": true, "von": true, "de": true, "der": true, "den": true, "da": true, "di": true, "du": true, "le": true, "la": true, "bin": true, "al": true}

var orgWords = map[string]bool{
	"university": true, "universität": true, "université": true, "universidad": true, "college": true, "school": true, "institute": true, "institut": true,
	"department": true, "dept": true, "laboratory": true, "laboratories": true, "lab": true, "labs": true, "center": true, "centre": true,
	"corporation": true, "corp": true, "inc": true, "ltd": true, "llc": true, "company": true, "research": true, "group": true, "faculty": true,
	"abstract": true, "introduction": true, "contents": true, "summary": true, "chapter": true, "section": true, "table": true, "figure": true,
}

// What a question asks of the byline: the authors' names, how many they
// are, or where they work.
type bylineAsk int

const (
	askNoByline bylineAsk = iota
	askNames
	askAuthorCount
	askAffiliations
	askTitle
)

var (
	// reAuthorCountQ asks how many wrote the document: "How many authors
	// does the paper have?", "How many authors are there?"; not how many
	// a table lists or a page cites.
	reAuthorCountQ = lazyre.New(`(?i)\bhow\s+many\s+(?:co-?)?authors\s+(?:(?:does|do|did)\s+(?:this|the)\s+` + docWords + `\s+have|(?:are|were)\s+there|(?:wrote|write|have|has)\s+(?:this|the)\s+` + docWords + `)\b`)
	// reAffiliationQ asks where the authors work: "What are the authors'
	// affiliations?", "Which universities are the authors from?", "Which
	// companies did the authors work for?", "Where are the authors
	// from?".
	reAffiliationQ = lazyre.New(`(?i)\baffiliations?\s+of\s+(?:the\s+)?(?:authors?|writers?)\b|\b(?:authors?|writers?)(?:'|’|’s|'s)?\s+(?:affiliations?|institutions?|universit(?:y|ies)|employers?)\b` +
		`|\b(?:which|what)\s+(?:universit(?:y|ies)|institutions?|compan(?:y|ies)|organi[sz]ations?|labs?|laborator(?:y|ies))\s+(?:are|is|were|was|do|does|did)\s+(?:the\s+)?(?:authors?|writers?)\s+(?:from|with|at|work(?:ing)?\s+(?:for|at)|affiliated)\b` +
		`|\bwhere\s+(?:are|is|were|was|do|does|did)\s+(?:the\s+)?(?:authors?|writers?)\s+(?:from|work|based)\b`)
)

// reDocTitleQ asks for the title of the document itself: "What is the
// title of this paper?", not of a paper it cites ("the paper's full
// title that proposes ...").
var reDocTitleQ = lazyre.New(`(?i)^\s*(?:what\s+is|what's|give)\s+(?:the\s+)?(?:full\s+)?(?:title|name)\s+of\s+(?:this|the)\s+` + docWords + `\s*\??\s*$`)

// bylineAsked returns what q asks of the document's byline.
func bylineAsked(q *inquiry.Question) bylineAsk {
	switch {
	case reDocTitleQ.MatchString(q.Text):
		return askTitle
	case reAuthorCountQ.MatchString(q.Text):
		return askAuthorCount
	case reAffiliationQ.MatchString(q.Text):
		return askAffiliations
	case AsksAuthors(q):
		return askNames
	}
	return askNoByline
}

// AsksByline reports whether q asks about the document's authors: their
// names, their number or their affiliations, which stand under the
// title on page 1.
func AsksByline(q *inquiry.Question) bool { return bylineAsked(q) != askNoByline }

// readByline answers a question about who wrote the document from the
// byline of the first page among sources: the names, how many, or the
// affiliations under them; without an answer, it says why, when the
// byline does not tell what is asked. ok is false when there is no first
// page with a byline.
func readByline(q *inquiry.Question, sources []base.Source, par base.Params) (base.Reading, bool) {
	ask := bylineAsked(q)
	for _, src := range sources {
		if src.Page != 1 {
			continue
		}
		b := Byline(src.Text, par)
		if b == "" {
			continue
		}
		quote := base.Quote{Text: sentences.OneLine(b), Doc: src.Doc, Page: src.Page}
		switch ask {
		case askTitle:
			t := titleAbove(src.Text, strings.Index(src.Text, b), par)
			if t == "" {
				return base.NotFound(fmt.Sprintf("No title stands above the names on p. 1 of %s.", src.Doc)), true
			}
			q := base.Quote{Text: sentences.OneLine(t), Doc: src.Doc, Page: src.Page}
			return base.Reading{Answer: q.Text, Quotes: []base.Quote{q}, Explanation: fmt.Sprintf("Extractive answer (no language model): the title above the authors' names on p. 1 of %s.", src.Doc)}, true
		case askAuthorCount:
			n := countNames(b)
			if n == 0 {
				return base.NotFound(fmt.Sprintf("The names under the title on p. 1 of %s are not told apart by commas or \"and\", so they cannot be counted: %q.", src.Doc, quote.Text)), true
			}
			return base.Reading{Answer: strconv.Itoa(n), Quotes: []base.Quote{quote}, Explanation: fmt.Sprintf("Extractive answer (no language model): %d names under the title on p. 1 of %s.", n, src.Doc)}, true
		case askAffiliations:
			lines := affiliations(src.Text, strings.Index(src.Text, b)+len(b), par)
			if len(lines) == 0 {
				return base.NotFound(fmt.Sprintf("No line under the names on p. 1 of %s names an institution.", src.Doc)), true
			}
			var quotes []base.Quote
			var names []string
			for _, l := range lines {
				quotes = append(quotes, base.Quote{Text: sentences.OneLine(l), Doc: src.Doc, Page: src.Page})
				names = append(names, strings.TrimRightFunc(sentences.OneLine(l), isMark))
			}
			return base.Reading{Answer: strings.Join(names, "; "), Quotes: quotes, Explanation: fmt.Sprintf("Extractive answer (no language model): the affiliations under the authors' names on p. 1 of %s.", src.Doc)}, true
		}
		return base.Reading{Answer: nameList(b), Quotes: []base.Quote{quote}, Explanation: fmt.Sprintf("Extractive answer (no language model): the names under the title on p. 1 of %s.", src.Doc)}, true
	}
	return base.Reading{}, false
}

// isMark reports whether r marks an affiliation beside a name or an
// institution: "Gal∗+", "Mozilla Corporation∗".
func isMark(r rune) bool {
	return unicode.IsDigit(r) || r == ' ' || strings.ContainsRune(affiliationMarks, r)
}

// affiliationMarks are the signs a byline ties a name to an affiliation
// with, beside digits ("Gal∗+", "Cao2†").
const affiliationMarks = "∗*†‡§¶#$+"

// countNames returns how many names a byline holds, or 0 when it cannot
// tell: names are told apart by commas, semicolons and "and"; a run of
// more than three capitalised words with none between ("Yusuke Shinyama
// Satoshi Sekine") may be one name or two.
func countNames(byline string) int {
	n := 0
	for _, part := range nameParts(byline) {
		words := 0
		for _, f := range strings.Fields(part) {
			if w := strings.TrimFunc(f, isMark); w != "" && !nameParticles[w] {
				words++
			}
		}
		switch {
		case words == 0:
			continue
		case words > 3:
			return 0
		}
		n++
	}
	return n
}

// nameList returns a byline's names without their marks, joined by
// commas ("Andreas Gal, Brendan Eich"), or the byline on one line when
// its names cannot be told apart ([countNames]).
func nameList(byline string) string {
	if countNames(byline) == 0 {
		return sentences.OneLine(byline)
	}
	var names []string
	for _, part := range nameParts(byline) {
		names = append(names, strings.Join(strings.Fields(part), " "))
	}
	return strings.Join(names, ", ")
}

// nameParts returns a byline's parts between commas, semicolons and
// "and", their marks of affiliation trimmed, empty ones left out.
func nameParts(byline string) []string {
	var out []string
	for _, part := range reNameSep.Split(strings.ReplaceAll(byline, "\n", " "), -1) {
		if p := strings.TrimFunc(part, isMark); p != "" {
			out = append(out, p)
		}
	}
	return out
}

var reNameSep = lazyre.New(`\s*(?:,|;|\band\b|&)\s*`)

// affiliations returns the lines below a byline (which ends at end in
// text) that name an institution ("Mozilla Corporation∗", "University
// of California, Irvine+"), up to the abstract; e-mail addresses aside.
func affiliations(text string, end int, par base.Params) []string {
	var out []string
	for i, l := range strings.Split(text[end:], "\n") {
		if i > par.AffiliationLines {
			break
		}
		l = strings.TrimSpace(l)
		low := strings.ToLower(strings.Trim(l, " .:"))
		if strings.HasPrefix(low, "abstract") || low == "introduction" {
			break
		}
		if l == "" || strings.Contains(l, "@") {
			continue
		}
		for _, f := range strings.FieldsFunc(low, func(r rune) bool { return !unicode.IsLetter(r) }) {
			if institutionWords[f] {
				out = append(out, l)
				break
			}
		}
	}
	return out
}

// institutionWords name a place of work.
var institutionWords = map[string]bool{
	"university": true, "universität": true, "université": true, "universidad": true, "universita": true, "college": true, "school": true, "institute": true, "institut": true,
	"department": true, "laboratory": true, "laboratories": true, "lab": true, "labs": true, "center": true, "centre": true, "academy": true,
	"corporation": true, "corp": true, "inc": true, "ltd": true, "llc": true, "gmbh": true, "company": true, "research": true, "foundation": true, "hospital": true,
}

// titleAbove returns the title that stands above a byline starting at
// start in text: the lines just above it, [base.Params.TitleLines] at most, up to a
// blank line, a sentence's end or a line of a journal's stamp ([stamp]),
// as they stand; "" when there is none.
func titleAbove(text string, start int, par base.Params) string {
	if start <= 0 {
		return ""
	}
	lines := strings.Split(text[:start], "\n")
	if len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	from := len(lines)
	for i := len(lines) - 1; i >= 0 && len(lines)-i <= par.TitleLines; i-- {
		l := strings.TrimSpace(lines[i])
		if l == "" || sentences.Ended(l) || stamp(l) {
			break
		}
		from = i
	}
	t := strings.TrimSpace(strings.Join(lines[from:], "\n"))
	if len(strings.Fields(t)) < 2 {
		return ""
	}
	return t
}

// stamp reports whether a line above a title's is a journal's or an
// archive's stamp, not a line of the title ("GPT-4 Technical Report",
// "Llama 2: Open Foundation Models"): an address, a link, an
// identifier or a year (a figure of four digits or more).
func stamp(line string) bool {
	low := strings.ToLower(line)
	if strings.ContainsAny(low, "@") || strings.Contains(low, "arxiv") || strings.Contains(low, "http") || strings.Contains(low, "doi") {
		return true
	}
	run := 0
	for _, r := range line {
		if unicode.IsDigit(r) {
			if run++; run >= 4 {
				return true
			}
		} else {
			run = 0
		}
	}
	return false
}

func ReadBylineOf(q *inquiry.Question, in *sentences.Context) base.Outcome {
	if !AsksByline(q) {
		return base.Declined(base.NotAsked)
	}
	r, ok := readByline(q, in.P.Sources, in.Par())
	switch {
	case ok && r.Found():
		return base.Took(r.Covering(1))
	case ok:
		return base.Took(r)
	}
	return base.Took(base.NotFound("The question asks about the document's authors; no page 1 among the retrieved pages names them under its title."))
}
