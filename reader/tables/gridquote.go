package tables

import (
	"math/big"
	"regexp"
	"strings"
	"unicode/utf8"

	"docqa/internal/lazyre"
	"docqa/reader/base"
	"docqa/reader/sentences"
)

// How the grid reader ([readGrid]) writes what it read: a computed figure
// in the manner of its operands, and the quotes of a row and its header
// as the page text has them.

// writeLike writes v as the operands are written: their decimals (the
// most either has), their decimal mark, and their thousands separator
// ("99 950" from "100 000" and "50").
func writeLike(v *big.Rat, a, b string, comma bool) string {
	decimals := max(cellDecimals(a, comma), cellDecimals(b, comma))
	s := v.FloatString(decimals)
	intPart, frac, _ := strings.Cut(s, ".")
	sep := ""
	for _, o := range []string{a, b} {
		if m := reGroup.FindStringSubmatch(o); m != nil {
			sep = m[1]
		}
	}
	if sep != "" && len(intPart) > 3 {
		var g []string
		for len(intPart) > 3 {
			g = append([]string{intPart[len(intPart)-3:]}, g...)
			intPart = intPart[:len(intPart)-3]
		}
		intPart = strings.Join(append([]string{intPart}, g...), sep)
	}
	unit := ""
	if strings.HasSuffix(strings.TrimRight(a, "* "), "%") && strings.HasSuffix(strings.TrimRight(b, "* "), "%") {
		unit = "%"
	}
	if frac == "" {
		return intPart + unit
	}
	mark := "."
	if comma {
		mark = ","
	}
	return intPart + mark + frac + unit
}

// reGroup finds a thousands separator between digit groups.
var reGroup = lazyre.New(`\d([ ,.\x{00A0}\x{2009}\x{202F}])\d{3}(?:\D|$)`)

// cellDecimals counts the digits after the decimal mark of a figure.
func cellDecimals(s string, comma bool) int {
	mark := "."
	if comma {
		mark = ","
	}
	s = strings.TrimRight(s, "%*) ")
	i := strings.LastIndex(s, mark)
	if i < 0 {
		return 0
	}
	tail := s[i+1:]
	if !comma && len(tail) == 3 && strings.Count(s, mark) > 1 {
		return 0 // "1.234.567": points group thousands
	}
	n := 0
	for _, r := range tail {
		if r < '0' || r > '9' {
			break
		}
		n++
	}
	return n
}

// quotes returns the quotes of row r's cell in c's column: the row, from
// its label to the cell, as it stands in the page text, and the column's
// header, each of its levels. ok is false when the page text does not hold them in order.
func (c gridCell) quotes(r gridLabel) ([]base.Quote, bool) {
	stub := c.tab.Stubs[r.index]
	v := c.tab.Cell(r.index, c.col.index)
	if len(stub) == 0 || v == "" {
		return nil, false
	}
	row, ok := spanIn(c.src.Text, stub[len(stub)-1], v)
	if !ok {
		return nil, false
	}
	out := []base.Quote{{Text: row, Doc: c.src.Doc, Page: c.src.Page}}
	// the header, from its top level to its lowest: "FL100", "Max"; a
	// header too short to check ("Q4", "%") with the line it stands in
	for _, h := range c.tab.Heads[c.col.index] {
		q, ok := spanIn(c.src.Text, h, "")
		if ok && utf8.RuneCountInString(sentences.Flatten(q)) < minQuoteAlnum {
			q = strings.TrimSpace(sentences.LineAt(c.src.Text, strings.Index(c.src.Text, q)))
		}
		if ok && q != row && utf8.RuneCountInString(sentences.Flatten(q)) >= minQuoteAlnum {
			out = append(out, base.Quote{Text: q, Doc: c.src.Doc, Page: c.src.Page})
		}
	}
	return out, true
}

// minQuoteAlnum is the fewest letters and digits of a quote that the
// answer package checks (answer.Verify): a shorter one never verifies.
const minQuoteAlnum = 3

// spanIn finds label in text (any white space between its words), then
// value after it, and returns the text from one to the other when they
// stand close ([maxRowQuote]), else the two joined by an ellipsis, which
// a quote's check reads as two parts in order. value "" finds the label
// alone.
func spanIn(text, label, value string) (string, bool) {
	lm := findIn(text, label)
	if lm == nil {
		return "", false
	}
	if value == "" {
		return text[lm[0]:lm[1]], true
	}
	rest := text[lm[1]:]
	vm := findIn(rest, value)
	if vm == nil {
		return "", false
	}
	if lm[1]+vm[1]-lm[0] <= maxRowQuote {
		return text[lm[0] : lm[1]+vm[1]], true
	}
	return text[lm[0]:lm[1]] + " ... " + rest[vm[0]:vm[1]], true
}

// maxRowQuote is the longest row quoted whole, in bytes: a row of a wide
// table; a longer span is quoted as its label and its cell.
const maxRowQuote = 240

// flexible matches s word for word with any white space between its
// words, not within a longer word or number; nil for s of no words.
func flexible(s string) *regexp.Regexp {
	words := strings.Fields(strings.ToValidUTF8(s, "\uFFFD"))
	if len(words) == 0 {
		return nil
	}
	for i, w := range words {
		words[i] = regexp.QuoteMeta(w)
	}
	re, err := regexp.Compile(`(?:^|[^\pL\pN])(` + strings.Join(words, `\s+`) + `)(?:[^\pL\pN]|$)`)
	if err != nil {
		return nil
	}
	return re
}

// findIn returns where s stands in text as [flexible] finds it: the
// start and end of its words; nil when it does not.
func findIn(text, s string) []int {
	re := flexible(s)
	if re == nil {
		return nil
	}
	m := re.FindStringSubmatchIndex(text)
	if m == nil {
		return nil
	}
	return m[2:4]
}
