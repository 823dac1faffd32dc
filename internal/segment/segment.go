// Package segment splits normalised page text into sentences ([Sentences]),
// the unit ingest cuts passages on and the reader scores and quotes. It
// sits below both, so that neither imports the other for it.
package segment

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// A Span is a half-open byte range [Start, End) of a text.
type Span struct{ Start, End int }

// Sentences splits normalised text into sentence spans. A sentence ends at
// ".", "!", "?" (or their CJK forms) followed by white space, or at a line
// break that ends a line without closing punctuation when the next line
// starts a new block (a heading, a list item, a table row). Spans exclude
// surrounding white space and are never empty.
func Sentences(text string) []Span {
	var out []Span
	start := 0
	emit := func(end int) {
		s, e := start, end
		for s < e && IsSpace(text[s]) {
			s++
		}
		for e > s && IsSpace(text[e-1]) {
			e--
		}
		if e > s {
			out = append(out, Span{s, e})
		}
		start = end
	}
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		next := i + size
		switch {
		case r == '。' || r == '！' || r == '？':
			emit(next)
		case r == '.' && footnoteEnd(text, i) > 0:
			// "rose 12%.3 Costs fell": the footnote mark goes with the
			// sentence it marks
			next = footnoteEnd(text, i)
			emit(next)
		case (r == '.' || r == '!' || r == '?') && endsSentence(text, i, next):
			// Take closing quotes and brackets with the sentence.
			for next < len(text) && strings.ContainsRune(`"')]”’`, rune(text[next])) {
				next++
			}
			emit(next)
		case r == '\n' && breaksBlock(text, i):
			emit(i)
		}
		i = next
	}
	emit(len(text))
	return out
}

// endsSentence reports whether the punctuation at text[i:next] closes a
// sentence: followed by white space (or the end) and not an abbreviation
// like "e.g." or "Fig." or a decimal.
func endsSentence(text string, i, next int) bool {
	j := next
	for j < len(text) && strings.ContainsRune(`"')]”’`, rune(text[j])) {
		j++
	}
	if j < len(text) && !IsSpace(text[j]) {
		return false
	}
	for j < len(text) && IsSpace(text[j]) {
		j++
	}
	if r, n := utf8.DecodeRuneInString(text[j:]); unicode.IsLower(r) && j+n < len(text) && !IsSpace(text[j+n]) {
		// a sentence starts with a capital: "the U.S. economy", "Smith
		// Corp. and"; a lone small letter is rather a bullet a symbol
		// font drew ("l Use the refrigerator ...")
		return false
	}
	if text[i] != '.' {
		return true
	}
	// The word before the dot.
	k := i
	for k > 0 && !IsSpace(text[k-1]) {
		k--
	}
	word := strings.ToLower(strings.TrimLeft(text[k:i], "([\"'“‘")) // "(max. 16 g)"
	if (k == 0 || text[k-1] == '\n') && word != "" && strings.Trim(word, "0123456789.") == "" {
		return false // list and section numbers: "5.", "2.1."
	}
	if len(word) == 1 && unicode.IsLetter(rune(word[0])) {
		return false // initials: "J. Smith"
	}
	if dottedLetters(word) && !strings.Contains(text[next:j], "\n") {
		// "U.S. Copyright Office", "10:30 a.m. Eastern time": a dotted
		// abbreviation goes on, unless its line ends there
		return false
	}
	switch word {
	case "e.g", "i.e", "etc", "fig", "figs", "no", "nos", "vs", "mr", "mrs", "ms", "dr", "jr", "sr", "st", "p", "pp", "vol", "approx", "max", "min", "inc", "co", "corp", "ltd", "cf", "eq", "sec", "al",
		"jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec":
		// "etc." and "Inc." often end sentences; accept them when the
		// next word is capitalised after a line break only.
		return false
	}
	return true
}

// dottedLetters reports whether word is single letters joined by dots,
// its last dot cut off: "u.s", "a.m", "u.s.a".
func dottedLetters(word string) bool {
	if len(word) < 3 {
		return false
	}
	for i := 0; i < len(word); i++ {
		letter := i%2 == 0
		if letter != (word[i] != '.') || letter && !unicode.IsLetter(rune(word[i])) {
			return false
		}
	}
	return len(word)%2 == 1
}

// footnoteEnd returns where a footnote mark after the period at text[i]
// ends, when one follows: a number of one or two digits run into the
// period after a word, a per cent sign or a bracket, then white space and
// a capital ("... rose 12%.3 Costs fell."); 0 otherwise. A decimal has a
// digit before its point.
func footnoteEnd(text string, i int) int {
	if i == 0 {
		return 0
	}
	before, _ := utf8.DecodeLastRuneInString(text[:i])
	if !unicode.IsLetter(before) && !strings.ContainsRune("%)”\"", before) {
		return 0
	}
	j := i + 1
	for j < len(text) && j-i <= 2 && text[j] >= '0' && text[j] <= '9' {
		j++
	}
	if j == i+1 || j-i > 3 || j >= len(text) || text[j] != ' ' && text[j] != '\n' {
		return 0
	}
	if r, _ := utf8.DecodeRuneInString(text[j+1:]); !unicode.IsUpper(r) {
		return 0
	}
	return j
}

// breaksBlock reports whether the line break at text[i] separates blocks:
// a blank line, or a line that ends without a comma, colon or hyphen (and,
// when it ends in a lowercase letter, is short like a heading) followed by
// a line that starts with an uppercase letter, digit or bullet.
func breaksBlock(text string, i int) bool {
	if i+1 < len(text) && text[i+1] == '\n' {
		return true
	}
	k := i
	for k > 0 && text[k-1] == ' ' {
		k--
	}
	if k == 0 {
		return false
	}
	last, _ := utf8.DecodeLastRuneInString(text[:k])
	if strings.ContainsRune(",;:-(", last) {
		return false
	}
	if footnoteLine(text, i) {
		return false
	}
	// A short line without closing punctuation is a heading or a table
	// row; a long one is most likely wrapped prose, and so is a line of a
	// narrow column that ends on a word no heading ends on ("published
	// mainly in the\nU.S.") or that began its sentence after another
	// ended ("2005). We obtained\n643,767 basic patterns").
	lineStart := strings.LastIndexByte(text[:k], '\n') + 1
	if unicode.IsLower(last) && (k-lineStart > 60 || joinerEnd(text[lineStart:k]) || sentenceInside(text[lineStart:k]) || columnProse(text, lineStart, k)) {
		return false
	}
	first, _ := utf8.DecodeRuneInString(text[i+1:])
	return unicode.IsUpper(first) || unicode.IsDigit(first) || strings.ContainsRune("•-–*▪", first)
}

// columnProse reports whether the line from lineStart to k is a line of
// a paragraph set in a narrow column: it and the line before are as long
// as a column's lines (columnLine bytes or more), and the line before
// runs on into it without closing punctuation. A heading is short, or
// follows a sentence's end.
func columnProse(text string, lineStart, k int) bool {
	return k-lineStart >= columnLine && prevRunsOn(text, lineStart, columnLine)
}

// prevRunsOn reports whether the line before the one that starts at
// start runs on into it: it is min bytes long or more and ends in a small
// letter or a comma.
func prevRunsOn(text string, start, min int) bool {
	if start == 0 {
		return false
	}
	prev := strings.TrimRight(text[:start-1], " ")
	last, _ := utf8.DecodeLastRuneInString(prev)
	return (unicode.IsLower(last) || last == ',') && len(prev)-(strings.LastIndexByte(prev, '\n')+1) >= min
}

// columnLine is the length in bytes from which a line reads as one of a
// column of prose: a column of a two-column paper holds 45 to 55
// characters a line, a heading seldom more than 30.
const columnLine = 35

// joinerEnd reports whether line ends on a word that joins it to what
// follows: an article, a preposition, a conjunction, a form of "be".
func joinerEnd(line string) bool {
	f := strings.Fields(line)
	return len(f) > 1 && lineJoiners[f[len(f)-1]]
}

var lineJoiners = map[string]bool{
	"the": true, "a": true, "an": true, "of": true, "to": true, "in": true, "on": true, "at": true, "by": true, "for": true,
	"from": true, "with": true, "and": true, "or": true, "as": true, "that": true, "than": true, "is": true, "are": true,
	"was": true, "were": true, "be": true, "its": true, "their": true, "our": true, "into": true, "between": true,
}

// sentenceInside reports whether a sentence ends inside line and another
// begins after it ("2005). We obtained"): a line of prose, not a heading.
func sentenceInside(line string) bool {
	for i := 0; i+2 < len(line); i++ {
		if strings.IndexByte(".?!", line[i]) >= 0 && endsSentence(line, i, i+1) && line[i+1] == ' ' {
			r, _ := utf8.DecodeRuneInString(line[i+2:])
			if unicode.IsUpper(r) {
				return true
			}
		}
	}
	return false
}

// footnoteLine reports whether the line that the break at text[i] ends
// is a footnote mark set apart from the prose it marks (a superscript the
// extractor put on its own line): one or two digits, after a long line
// that runs on ("was signed into law by\n1\nPresident Clinton on ...").
func footnoteLine(text string, i int) bool {
	start := strings.LastIndexByte(text[:i], '\n') + 1
	mark := strings.TrimSpace(text[start:i])
	if len(mark) == 0 || len(mark) > 2 || strings.Trim(mark, "0123456789") != "" {
		return false
	}
	return prevRunsOn(text, start, 61) // a long line: over 60 bytes
}

// IsSpace reports whether c is a byte of white space in normalised text.
func IsSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\t' }
