// Package terms splits text into the stemmed content words that search
// and the extractive engine compare: lower case, split at anything but
// letters and digits, English stop words dropped, Porter-stemmed.
package terms

import (
	"math"
	"path"
	"strings"
	"sync"
	"unicode"

	porterstemmer "github.com/blevesearch/go-porterstemmer"
)

// IDF is the inverse frequency weight of a term found in df of n units
// (sentences, documents): rare terms weigh most, and it stays positive.
func IDF(n, df int) float64 {
	return math.Log(1 + float64(n)/float64(1+df))
}

// Of returns the stemmed content words of s, stop words and single
// letters removed, in order.
func Of(s string) []string {
	var out []string
	for _, w := range Words(s) {
		if !Content(w) {
			continue
		}
		out = append(out, Stem(w))
	}
	return out
}

// Words returns the lower-case words of s, after [Fold]: its runs of
// letters and digits. Chinese and Japanese, written without spaces
// between words, give the overlapping pairs of their characters instead
// ("研究背景" is 研究 究背 背景), as Lucene's CJK analyzer does: a pair of
// characters is most often a word or within one, so a question shares
// terms with its answer. Japanese hiragana, which writes particles and
// endings ("の", "は", "ですか"), divides the pairs and is dropped, as
// stop words are: "研究の背景は何ですか" is 研究 背景 何.
func Words(s string) []string {
	if strings.IndexFunc(s, cjk) < 0 {
		return strings.FieldsFunc(strings.ToLower(Fold(s)), notWordRune)
	}
	// a line break between two characters breaks no word: a line wraps
	// anywhere, and text set vertically comes a character a line
	return cjkWords(strings.FieldsFunc(strings.ToLower(Fold(JoinUnspaced(s))), notWordRune))
}

// OfName returns the terms of a file's name, its extension left out:
// "case_cx57c_spec_sheet.pdf" is case, cx57c, spec, sheet.
func OfName(name string) []string { return Of(strings.TrimSuffix(name, path.Ext(name))) }

func notWordRune(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }

// JoinUnspaced drops the white space between two [Unspaced] characters.
func JoinUnspaced(s string) string {
	var b strings.Builder
	last := rune(0) // the last character written that is not white space
	space := -1     // where the white space held back starts; -1 for none
	for i, r := range s {
		if unicode.IsSpace(r) {
			if space < 0 {
				space = i
			}
			continue
		}
		if space >= 0 && !(Unspaced(last) && Unspaced(r)) {
			b.WriteString(s[space:i])
		}
		space = -1
		b.WriteRune(r)
		last = r
	}
	if space >= 0 {
		b.WriteString(s[space:])
	}
	return b.String()
}

// Unspaced reports whether r is of a script written without spaces
// between words, whose lines wrap anywhere: a Chinese character,
// Japanese kana, or their punctuation (、。「」).
func Unspaced(r rune) bool { return cjk(r) || r >= 0x3000 && r <= 0x303F && r != 0x3000 }

// cjk reports whether r is a Chinese character or Japanese kana. None
// comes before U+2E80, which spares the tables most text.
func cjk(r rune) bool {
	return r >= 0x2E80 && (unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r))
}

// cjkWords splits each of words into its runs of [cjk] characters and
// the rest, each run, between its hiragana, into its pairs (a lone
// character stands alone).
func cjkWords(words []string) []string {
	var out []string
	for _, w := range words {
		rs := []rune(w)
		for i := 0; i < len(rs); {
			k := cjkKind(rs[i])
			j := i + 1
			for j < len(rs) && cjkKind(rs[j]) == k {
				j++
			}
			switch {
			case k == otherScript:
				out = append(out, string(rs[i:j]))
			case k == hiragana: // particles and endings
			case j-i == 1:
				out = append(out, string(rs[i]))
			default:
				for n := i; n+1 < j; n++ {
					out = append(out, string(rs[n:n+2]))
				}
			}
			i = j
		}
	}
	return out
}

// The kinds of character [cjkWords] tells apart.
const (
	otherScript = iota
	ideograph   // a Chinese character or katakana
	hiragana
)

func cjkKind(r rune) int {
	switch {
	case unicode.Is(unicode.Hiragana, r):
		return hiragana
	case cjk(r):
		return ideograph
	}
	return otherScript
}

// Content reports whether the lower-case word w carries meaning: it is
// no stop word and, unless a digit, longer than one byte.
func Content(w string) bool {
	return w != "" && !stopWords[w] && (len(w) > 1 || unicode.IsDigit(rune(w[0])))
}

// Stop reports whether the lower-case word w is a stop word: a word of
// grammar ("the", "does", "of") that names nothing.
func Stop(w string) bool { return stopWords[w] }

// stems memoises the Porter stemmer, the bulk of splitting a page; words
// longer than 24 bytes are stemmed each time, so the memo stays the size
// of a vocabulary.
var stems sync.Map

// Stem returns the Porter stem of the lower-case word w.
func Stem(w string) string {
	if v, ok := stems.Load(w); ok {
		return v.(string)
	}
	s := porterstemmer.StemString(w)
	if len(w) <= 24 {
		stems.Store(strings.Clone(w), s)
	}
	return s
}

var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a about above after again against all am an and any are as at be because been
		before being below between both but by can could did do does doing during each few for from further had has
		have having he her here hers herself him himself his how i if in into is it its itself just me more most my myself
		no nor not now of on once only or other our ours ourselves out over own same she should so some such than that
		the their theirs them themselves then there these they this those through to too under until very was we were
		what when where which while who whom why will with would you your yours yourself yourselves tell please give list
		describe explain according document page pdf often much many long one ones 何 什么`) {
		m[w] = true
	}
	return m
}()

// UpperShare is the share of the letters of s that are capitals, 0 when
// s has none: near 1 for a question written in capitals, whose capitals
// then mark no names.
func UpperShare(s string) float64 {
	upper, letters := 0, 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			letters++
			if unicode.IsUpper(r) {
				upper++
			}
		}
	}
	if letters == 0 {
		return 0
	}
	return float64(upper) / float64(letters)
}
