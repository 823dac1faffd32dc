package ingest

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Normalize returns page text in the form docqa indexes, quotes and verifies:
// Unicode NFKC, line breaks as "\n", words hyphenated across a line break
// joined, control characters dropped, runs of spaces folded to one, lines
// trimmed and at most one blank line in a row. It is idempotent.
func Normalize(s string) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	s = symbolBullets(s)
	// Control characters go before NFKC: dropped after it, they would let
	// a letter and a combining mark they kept apart compose on a second
	// pass, and Normalize must be idempotent.
	s = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == '\t' || r == '\u0002' {
			return r
		}
		if unicode.IsControl(r) || r == '\uFFFE' || r == '\uFFFF' {
			return -1
		}
		return r
	}, s)
	s = norm.NFKC.String(s)
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")

	lines := strings.Split(s, "\n")
	out := make([]string, 0, len(lines))
	for i := 0; i < len(lines); i++ {
		line := cleanLine(lines[i])
		// Join "exam-" + "ple" when a word is broken across lines. pdfium
		// marks the break with U+0002 (cleaned to "-").
		for strings.HasSuffix(line, "-") && i+1 < len(lines) && hyphenJoins(line, cleanLine(lines[i+1])) {
			i++
			line = line[:len(line)-1] + cleanLine(lines[i])
		}
		if line == "" && (len(out) == 0 || out[len(out)-1] == "") {
			continue
		}
		out = append(out, line)
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return strings.Join(out, "\n")
}

// symbolBullets writes "•" for a C1 control character that starts a
// line before a space: a symbol font's bullet or arrow that the PDF maps
// to no character ("\u0099 Slide the operating panel upward", a step of
// the WMF 1500 S manual), which would otherwise be dropped with the
// other control characters and leave the step without its mark.
func symbolBullets(s string) string {
	if !strings.ContainsFunc(s, c1) {
		return s
	}
	var b strings.Builder
	for line := range strings.SplitSeq(s, "\n") {
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		t := strings.TrimLeft(line, " \t")
		r, n := utf8.DecodeRuneInString(t)
		if c1(r) && n < len(t) && (t[n] == ' ' || t[n] == '\t') {
			b.WriteString("•")
			b.WriteString(t[n:])
			continue
		}
		b.WriteString(line)
	}
	return b.String()
}

// c1 reports whether r is a C1 control character.
func c1(r rune) bool { return r >= 0x80 && r <= 0x9f }

// hyphenJoins reports whether a line ending in "-" and the next line form
// one hyphenated word: a lowercase letter before the hyphen and a lowercase
// letter starting the next line.
func hyphenJoins(line, next string) bool {
	if len(line) < 2 || next == "" {
		return false
	}
	before, _ := utf8.DecodeLastRuneInString(line[:len(line)-1])
	after, _ := utf8.DecodeRuneInString(next)
	return unicode.IsLower(before) && unicode.IsLower(after)
}

// cleanLine folds white space, maps pdfium's soft-hyphen marker to "-",
// and drops other control characters.
func cleanLine(line string) string {
	var b strings.Builder
	space := false
	for _, r := range line {
		switch {
		case r == '\u0002' || r == '\u00AD':
			if space {
				b.WriteByte(' ')
				space = false
			}
			b.WriteByte('-')
		case unicode.IsSpace(r) || r == '\uFEFF' || r == '\u200B':
			space = b.Len() > 0
		case unicode.IsControl(r) || r == '\uFFFE' || r == '\uFFFF':
		default:
			if space {
				b.WriteByte(' ')
				space = false
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}
