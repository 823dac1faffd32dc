package search

import (
	"cmp"
	"slices"
	"strings"
	"unicode"

	"docqa/internal/terms"
)

// BM25 scores each word of a question on its own. Two signals it misses
// re-score the passages it found:
//
//   - pairs: a passage that holds the question's adjacent words side by
//     side ("press and hold the down button": "down button") most likely
//     speaks of the same thing, not of both words apart;
//   - numbers: a question's numbers and codes ("2018", "AR01", "Table 2")
//     name exactly what it asks about.
//
// A passage's score is multiplied by 1 + PairWeight × (share of the
// question's pairs it holds) + NumberWeight × (share of its numbers)
// ([Params]).

// rescore re-scores hits for question q as described above and sorts
// them again, best first, equal scores keeping their order.
// words gives the words of a passage (wordsOf, or a memo of it).
func rescore(q string, hits []Hit, p Params, words func(string) passageWords) {
	qp, qn := features(wordsOf(q), nil)
	if len(qp) == 0 && len(qn) == 0 {
		return
	}
	starts := stemStarts(qp)
	firsts := map[string]bool{} // the first words of the question's pairs
	for pair := range qp {
		first, _, _ := strings.Cut(pair, " ")
		firsts[first] = true
	}
	for i := range hits {
		pairs, numbers := held(words(hits[i].Text), starts, firsts, qp, qn)
		f := 1.0
		if len(qp) > 0 {
			f += p.PairWeight * (float64(pairs) / float64(len(qp)))
		}
		if len(qn) > 0 {
			f += p.NumberWeight * (float64(numbers) / float64(len(qn)))
		}
		hits[i].Score *= f
	}
	slices.SortStableFunc(hits, func(a, b Hit) int { return cmp.Compare(b.Score, a.Score) })
}

// passageWords are a text's words ([terms.Words]) and its codes: words
// of letters and digits, lower case, unsplit ("ar01").
type passageWords struct{ words, codes []string }

func wordsOf(text string) passageWords {
	var pw passageWords
	pw.words = terms.Words(text)
	// A code ("AR01", "M250") is split by terms.Fold; whole, it names
	// one thing exactly.
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if strings.IndexFunc(w, unicode.IsDigit) >= 0 && strings.IndexFunc(w, unicode.IsLetter) >= 0 {
			pw.codes = append(pw.codes, w)
		}
	}
	return pw
}

// features returns the pairs of a text, two words (stemmed) that follow
// each other with at most one function word between them, and its words
// that hold a digit, folded ("1,577" is "1577") and, for codes, whole.
// When starts is set, only words that begin as one of its stems do are
// stemmed (see stemStarts); the others cannot be in a pair of the
// question's, and stand for themselves.
func features(text passageWords, starts map[string]bool) (pairs, numbers map[string]bool) {
	pairs, numbers = map[string]bool{}, map[string]bool{}
	eachFeature(text, starts, nil, func(p string) { pairs[p] = true }, func(n string) { numbers[n] = true })
	return pairs, numbers
}

// eachFeature calls pair with each pair of text whose first word firsts
// holds (every pair when firsts is nil) and number with each of its
// numbers, as [features] finds them, a feature as often as text says
// it: the pairs a caller does not want are never built.
func eachFeature(text passageWords, starts, firsts map[string]bool, pair, number func(string)) {
	prev, gap := "", 0
	for _, w := range text.words {
		if pairStop[w] {
			gap++
			continue
		}
		if strings.IndexFunc(w, unicode.IsDigit) >= 0 {
			number(w)
		}
		s := w
		if starts == nil || starts[stemStart(w)] {
			s = terms.Stem(w)
		}
		if prev != "" && gap <= 1 && (firsts == nil || firsts[prev]) {
			pair(prev + " " + s)
		}
		prev, gap = s, 0
	}
	for _, w := range text.codes {
		number(w)
	}
}

// held returns how many of the question's pairs qp and numbers qn a
// text holds: the keys of qp and qn among [features] of it, counted
// without the text's own features built. A pair is looked up only when
// its first word begins one of the question's (firsts): most of a
// passage's pairs do not, and building them was most of re-scoring
// (issue 40's profile).
func held(text passageWords, starts, firsts, qp, qn map[string]bool) (pairs, numbers int) {
	var foundP, foundN map[string]bool
	eachFeature(text, starts, firsts, func(p string) {
		if qp[p] && !foundP[p] {
			foundP = mark(foundP, p)
		}
	}, func(n string) {
		if qn[n] && !foundN[n] {
			foundN = mark(foundN, n)
		}
	})
	return len(foundP), len(foundN)
}

// mark adds k to set, making it when nil.
func mark(set map[string]bool, k string) map[string]bool {
	if set == nil {
		set = map[string]bool{}
	}
	set[k] = true
	return set
}

// stemStarts returns the first two bytes of every stem in pairs. The
// Porter stemmer rewrites only the ends of words longer than two letters,
// so a word stems to one of those stems only if it begins as that stem
// does: stemming the rest, most of a passage, is wasted.
func stemStarts(pairs map[string]bool) map[string]bool {
	out := map[string]bool{}
	for p := range pairs {
		for _, s := range strings.Fields(p) {
			out[stemStart(s)] = true
		}
	}
	return out
}

func stemStart(w string) string { return w[:min(2, len(w))] }

// pairStop holds the function words that may fall between the words of
// a pair. It is shorter than the extractive engine's stop list: words
// such as "down", "first" or "between" belong to the phrases a pair
// stands for ("down button", "first page").
var pairStop = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with what which who how when where does do did many much i me my we our you your he she his her its`) {
		m[w] = true
	}
	return m
}()
