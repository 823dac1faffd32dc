package reader

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
)

// "Who are the authors of this paper?" asks for its byline: the names
// under the title on its first page, which no sentence of the body
// states and which the words of the question ("authors", "paper") do
// not find.

// reAuthorsQ asks who wrote the document itself: "Who are the authors?",
// "Who wrote this paper?", "the authors of the report"; not who wrote a
// letter or a chapter in it.
var reAuthorsQ = regexp.MustCompile(`(?i)\bwho\s+(?:(?:wrote|authored)\s+(?:this|the)\s+` + docWords + `|(?:are|is|were|was)\s+the\s+authors?\s*(?:\?|$))|\bauthors?\s+of\s+(?:this|the)\s+` + docWords + `\b`)

// docWords are the words a question calls the document itself by.
const docWords = `(?:paper|article|report|study|book|document|thesis|work|review)`

// AsksAuthors reports whether q asks who wrote the document (for their
// names: "How many authors ...?" asks for a count).
func AsksAuthors(q string) bool { return reAuthorsQ.MatchString(q) && questionKind(q) != kindNumber }

// bylineLines is how far down a first page its byline may stand.
const bylineLines = 15

// Byline returns the lines of a first page's text that name its authors,
// as they stand, or "": lines of names under a title (the title holds a
// small word, names do not), up to the first line that is no names
// (an affiliation: "Mozilla Corporation", "New York University").
func Byline(text string) string {
	lines := strings.SplitAfter(text, "\n")
	start, end := -1, -1
	at := 0
	for i, l := range lines {
		if i >= bylineLines {
			break
		}
		if names(l) && i > 0 && (start >= 0 || !runsOn(lines[i-1])) {
			if start < 0 {
				start = at
			}
			end = at + len(strings.TrimRight(l, "\n"))
		} else if start >= 0 {
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
			if strings.HasPrefix(strings.TrimSpace(l), ",") && i > 0 {
				i-- // the line's first name ends the line before: "Yunfan Gaoa\n, Yun Xiongb"
			}
			block = strings.Join(bl[i:], "")
			break
		}
	}
	return strings.TrimSpace(block)
}

// marked reports whether a line of names separates or marks them: a
// comma, or a mark of affiliation ("Gal∗+", "Li1", "Cao2†").
func marked(line string) bool {
	return strings.ContainsFunc(line, func(r rune) bool {
		return r == ',' || unicode.IsDigit(r) || strings.ContainsRune("∗*†‡§¶#$+", r)
	})
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

// readByline answers a question about who wrote the document from the
// byline of the first page among sources.
func readByline(sources []Source) (Reading, bool) {
	for _, src := range sources {
		if src.Page != 1 {
			continue
		}
		if b := Byline(src.Text); b != "" {
			q := Quote{Text: oneLine(b), Doc: src.Doc, Page: src.Page}
			return Reading{Answer: q.Text, Quotes: []Quote{q}, Explanation: fmt.Sprintf("Extractive answer (no language model): the names under the title on p. 1 of %s.", src.Doc)}, true
		}
	}
	return Reading{}, false
}
