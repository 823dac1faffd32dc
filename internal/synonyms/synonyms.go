// Package synonyms holds the groups of names one thing goes by
// (synonyms.txt: "capital expenditure" and "purchases of property, plant
// and equipment", "revenue" and "net sales") and the standard metrics'
// items: search adds sub-questions by them ([Subquestions],
// [MetricItems]) and the reader finds a statement row by any of an item's
// names ([Of], [NamedItems]). It sits below both.
package synonyms

import (
	_ "embed"
	"slices"
	"strings"
	"sync"

	"docqa/internal/metrics"
	"docqa/internal/terms"
)

// A question and the page that answers it often name one thing in two
// ways: "capital expenditure" and "purchases of property, plant and
// equipment", "revenue" and "net sales". BM25 matches words, so a
// question that holds a phrase of a group in synonyms.txt (standard
// names of financial-statement items and statements, sources named in
// the file) is also searched, as a sub-question of its own, with its
// other words and the group's other phrases.

//go:embed synonyms.txt
var synonymsText string

// groups are the groups of synonyms.txt, read on first use (or by
// [Warm]): read at start, with the standard metrics' phrases, they cost
// every docqa process 0.37 ms before main (GODEBUG=inittrace=1), stems
// of 1,700 words.
var groups = sync.OnceValue(func() []synonymGroup { return parseSynonyms(synonymsText) })

// Warm reads the groups and the standard metrics' phrases now, so that a
// caller with a core to spare finds them read when a question first
// needs them.
func Warm() {
	groups()
	metricGroups()
}

// A synonymGroup holds the phrases of one group as written and as their
// content terms ([terms.Of]), in the same order.
type synonymGroup struct {
	texts []string
	terms [][]string
	// labels are names a statement row writes that no question is
	// searched by ("[net cash from operations]"): the reader's alone
	// ([Of])
	labels []string
}

// parseSynonyms reads groups of phrases, one group a line, phrases split
// by "|"; blank lines and lines starting with "#" are skipped, and so is
// a phrase with no content word. A group of one phrase is an item of one
// name. A phrase in square brackets is a row's label that no search
// uses.
func parseSynonyms(s string) []synonymGroup {
	var out []synonymGroup
	for line := range strings.Lines(s) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var g synonymGroup
		for _, p := range strings.Split(line, "|") {
			p = strings.TrimSpace(p)
			if l, ok := strings.CutPrefix(p, "["); ok && strings.HasSuffix(l, "]") {
				g.labels = append(g.labels, strings.TrimSuffix(l, "]"))
				continue
			}
			if t := terms.Of(p); len(t) > 0 {
				g.texts = append(g.texts, p)
				g.terms = append(g.terms, t)
			}
		}
		if len(g.texts) > 0 {
			out = append(out, g)
		}
	}
	return out
}

// Subquestions returns the sub-questions that name q's things in the other
// ways its synonym groups know: for each group one of whose phrases q
// holds (its content terms in a row), q's other content words with the
// group's other phrases.
func Subquestions(q string) []string {
	qt := terms.Of(q)
	var out []string
	for _, g := range groups() {
		rest, ok := dropLongest(qt, g.terms)
		if !ok {
			continue
		}
		var alts []string
		for i, t := range g.terms {
			if indexRun(qt, t) < 0 {
				alts = append(alts, g.texts[i])
			}
		}
		if len(alts) == 0 {
			continue // an item of one name: nothing else to search it by
		}
		out = append(out, strings.Join(append(rest, alts...), " "))
	}
	return out
}

// standard are the standard metrics, read once.
var standard = sync.OnceValue(metrics.Standard)

// metricGroups are the standard metrics ([metrics.Standard]): each one's
// names as phrases, and its items; read on first use.
var metricGroups = sync.OnceValue(func() (out []metricPhrases) {
	for _, m := range standard() {
		var g metricPhrases
		for _, n := range m.Names {
			if t := terms.Of(n); len(t) > 0 {
				g.names = append(g.names, t)
			}
		}
		g.items = m.Items
		out = append(out, g)
	}
	return out
})

type metricPhrases struct {
	names [][]string
	items []string
}

// MetricItems returns the sub-questions for a question that names a
// standard metric ("What is 3M's quick ratio in FY2022?"): the page that
// answers it is the statement that holds the metric's items, which name
// it not. The sub-question is the question's other content words with
// the items ("3m 2022 current assets current liabilities"): one
// sub-question an item split the fused ranking among the statements
// (FinanceBench dev scoped hit@5 0.545 against 0.564 without any).
func MetricItems(q string) []string {
	qt := terms.Of(metrics.Unjoin(q, standard()))
	var out []string
	for _, g := range metricGroups() {
		rest, ok := dropLongest(qt, g.names)
		if !ok {
			continue
		}
		out = append(out, strings.Join(append(rest, g.items...), " "))
	}
	return out
}

// dropLongest finds the longest of phrases that qt holds as a run of
// terms and returns qt without it; ok is false when qt holds none.
func dropLongest(qt []string, phrases [][]string) (rest []string, ok bool) {
	at, which := longestRun(qt, phrases)
	if at < 0 {
		return nil, false
	}
	return slices.Concat(qt[:at], qt[at+len(phrases[which]):]), true
}

// longestRun finds the longest of phrases that qt holds as a run of
// terms: where it starts in qt and which phrase it is; at is -1 when qt
// holds none.
func longestRun(qt []string, phrases [][]string) (at, which int) {
	at, n := -1, 0
	for i, p := range phrases {
		if k := indexRun(qt, p); k >= 0 && len(p) > n {
			at, n, which = k, len(p), i
		}
	}
	return at, which
}

// indexRun returns where run starts in s as consecutive elements, or -1.
func indexRun(s, run []string) int {
	for i := 0; i+len(run) <= len(s); i++ {
		if slices.Equal(s[i:i+len(run)], run) {
			return i
		}
	}
	return -1
}

// Of returns the phrases of the synonym group that holds phrase
// (compared by content terms), phrase first; just phrase when no group
// does. The extractive reader finds a statement item's row by any of its
// names.
func Of(phrase string) []string {
	pt := terms.Of(phrase)
	out := []string{phrase}
	for _, g := range groups() {
		for i, t := range g.terms {
			if slices.Equal(t, pt) {
				for j, s := range g.texts {
					if j != i {
						out = append(out, s)
					}
				}
				return append(out, g.labels...)
			}
		}
	}
	return out
}

// NamedItems returns the synonym groups whose phrases q holds, each as
// its phrases with the one q holds first, in the order q names them.
func NamedItems(q string) [][]string {
	qt := terms.Of(q)
	type found struct {
		at      int
		phrases []string
	}
	var fs []found
	for _, g := range groups() {
		at, which := longestRun(qt, g.terms)
		if at < 0 {
			continue
		}
		ps := []string{g.texts[which]}
		for i, s := range g.texts {
			if i != which {
				ps = append(ps, s)
			}
		}
		fs = append(fs, found{at, append(ps, g.labels...)})
	}
	slices.SortStableFunc(fs, func(a, b found) int { return a.at - b.at })
	out := make([][]string, len(fs))
	for i, f := range fs {
		out[i] = f.phrases
	}
	return out
}
