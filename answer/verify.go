package answer

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"docqa/internal/terms"
)

// Verify looks for quote in the sources and returns the first source that
// contains it, comparing normalised text: Unicode NFKC, case folded, curly
// quotes and dashes made plain, a hyphen between letters dropped with the
// white space after it ("F-\nscore", "F- score" and "F-score" alike) and
// white space folded (dropped between two Chinese or Japanese
// characters). Ellipses ("...", "…") in the quote split it into parts
// that must all appear, in order, on the same page. A quote of fewer than three
// letters or digits never verifies, nor one that takes words from the
// running heads and feet of a page ([answerable]).
func Verify(quote string, sources []Source) (Source, bool) {
	parts := quoteParts(quote)
	if parts == nil {
		return Source{}, false
	}
	for _, s := range sources {
		text := foldText(answerable(s))
		pos, ok := 0, true
		for _, p := range parts {
			i := strings.Index(text[pos:], p)
			if i < 0 {
				ok = false
				break
			}
			pos += i + len(p)
		}
		if ok {
			return s, true
		}
	}
	return Source{}, false
}

// quoteParts folds a quote and splits it at ellipses; nil means the quote
// is too short to verify.
func quoteParts(quote string) []string {
	quote = strings.ReplaceAll(quote, "…", "...")
	var parts []string
	letters := 0
	for _, p := range strings.Split(quote, "...") {
		p = strings.Trim(foldText(p), " \"'")
		if p == "" {
			continue
		}
		for _, r := range p {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				letters++
			}
		}
		parts = append(parts, p)
	}
	if letters < 3 {
		return nil
	}
	return parts
}

// foldText is the normal form Verify compares in.
func foldText(s string) string {
	s = norm.NFKC.String(s)
	var b strings.Builder
	b.Grow(len(s))
	space := false
	last := rune(0) // the last character written
	runes := []rune(s)
	for i := 0; i < len(runes); i++ {
		r := runes[i]
		// "exam-\nple", "exam- ple" and "exam-ple" -> "example", on
		// either side: a word broken at a line's end reads "F-\nscore"
		// on the page and "F- score" in a sentence quoted from it, and a
		// model writes it "F-score"
		if (r == '-' || r == '\u00AD' || r == '\u0002') && i > 0 && unicode.IsLetter(runes[i-1]) {
			j := i + 1
			for j < len(runes) && unicode.IsSpace(runes[j]) {
				j++
			}
			if j < len(runes) && unicode.IsLetter(runes[j]) {
				i = j - 1
				continue
			}
		}
		switch {
		case unicode.IsSpace(r):
			space = b.Len() > 0
			continue
		case r == '‘' || r == '’' || r == '‛' || r == '`' || r == '´':
			r = '\''
		case r == '“' || r == '”' || r == '„' || r == '«' || r == '»':
			r = '"'
		case r == '–' || r == '—' || r == '‐' || r == '‑' || r == '−':
			r = '-'
		case unicode.IsControl(r):
			continue
		}
		if space && !(terms.Unspaced(last) && terms.Unspaced(r)) {
			b.WriteByte(' ') // a line break between two CJK characters breaks no word
		}
		space = false
		b.WriteRune(unicode.ToLower(r))
		last = r
	}
	return b.String()
}
