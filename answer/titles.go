package answer

import (
	"strings"
	"unicode"

	"docqa/internal/lazyre"
)

// Titles are what a question may name a document by beside its file
// name: its title, as ingest read it (ingest.Document.Titles).

// titleWords is the least number of words, and titleLetters of letters,
// a title needs to bind a question by: one word ("Overview") or a short
// pair ("PD Kids") is said of other things too.
const (
	titleWords   = 2
	titleLetters = 8
)

// wordSpan is a word of a text and where it stands.
type wordSpan struct {
	word       string
	start, end int
}

// wordsOf splits s into its words (runs of letters and digits), case
// folded, with their places.
func wordsOf(s string) []wordSpan {
	var out []wordSpan
	start := -1
	for i, r := range s {
		in := unicode.IsLetter(r) || unicode.IsDigit(r)
		switch {
		case in && start < 0:
			start = i
		case !in && start >= 0:
			out = append(out, wordSpan{strings.ToLower(s[start:i]), start, i})
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, wordSpan{strings.ToLower(s[start:]), start, len(s)})
	}
	return out
}

// titleDoc returns the document whose title q holds, word for word, and
// the span of q that holds it: "Who wrote Free Culture?" names
// pdfjs__freeculture.pdf, whose information's title is "Free Culture";
// "Who are the authors of Trace-based Just-in-Time Type Specialization
// for Dynamic Languages?" the paper with that heading (issue 52). The
// longest title held wins; two documents holding titles as long bind
// none. A leading article of the title may be left out.
func titleDoc(q string, titles map[string][]string) (doc, span string) {
	qw := wordsOf(q)
	best, bestLen, tie := "", 0, false
	var bestSpan string
	for d, ts := range titles {
		for _, t := range ts {
			tw := wordsOf(t)
			if len(tw) > 0 && (tw[0].word == "the" || tw[0].word == "a" || tw[0].word == "an") {
				tw = tw[1:]
			}
			letters := 0
			for _, w := range tw {
				letters += len(w.word)
			}
			if len(tw) < titleWords || letters < titleLetters {
				continue
			}
			at := indexWords(qw, tw)
			if at < 0 {
				continue
			}
			switch {
			case len(tw) > bestLen:
				best, bestLen, tie = d, len(tw), false
				bestSpan = q[qw[at].start:qw[at+len(tw)-1].end]
			case len(tw) == bestLen && d != best:
				tie = true
			}
		}
	}
	if tie {
		return "", ""
	}
	return best, bestSpan
}

// indexWords returns where the words of t first stand in a row in q, -1
// when they do not.
func indexWords(q, t []wordSpan) int {
	for i := 0; i+len(t) <= len(q); i++ {
		match := true
		for j := range t {
			if q[i+j].word != t[j].word {
				match = false
				break
			}
		}
		if match {
			return i
		}
	}
	return -1
}

// asTheDocument writes the title q names a document by as "the
// document", which the readers read as the document in scope: "Who
// wrote Free Culture?" reads "Who wrote the document?", "How many pages
// does the Free Culture PDF have?" "How many pages does the document
// have?".
func asTheDocument(q, title string) string {
	i := strings.Index(q, title)
	if i < 0 {
		return q
	}
	before, after := q[:i], q[i+len(title):]
	if t := strings.TrimRight(before, " "); len(t) >= 3 && strings.EqualFold(t[len(t)-3:], "the") && (len(t) == 3 || t[len(t)-4] == ' ') {
		before = t[:len(t)-3]
	}
	if m := reDocWord.FindStringIndex(after); m != nil {
		after = after[m[1]:]
	}
	return before + "the document" + after
}

// reDocWord is a word for a document right after a title: "the Free
// Culture PDF", "the Free Culture book".
var reDocWord = lazyre.New(`^\s+(?i:paper|report|document|manual|handbook|guide|guidebook|brochure|filing|book|article|study|pdf|file|datasheet|publication)\b`)
