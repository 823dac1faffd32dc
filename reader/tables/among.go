package tables

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"docqa/internal/inquiry"
	"docqa/internal/lazyre"
	"docqa/internal/table"
	textterms "docqa/internal/terms"
	"docqa/reader/base"
	"docqa/reader/sentences"
)

// A question may list what it compares before it asks which ranks
// first: "Among operations, investing, and financing activities, which
// brought in the most (or lost the least) cash flow for Corning in
// FY2022?". Each listed thing is a row of one table ("Net cash provided
// by operating activities", "Net cash used in investing activities"),
// and the answer is the row with the largest (or smallest) figure in the
// year's column, every row cited.

// reAmongQ lists the things compared, then asks which of them.
var reAmongQ = lazyre.New(`(?i)^\s*among\s+(?:the\s+)?(.+?)\s*,\s*(?:which|what)\b(.*)$`)

// reListSep separates the things a list names: commas, "and", "or".
var reListSep = lazyre.New(`(?i)\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+`)

// reRankWord is the first word of a question that says which end ranks
// first; "the most (or lost the least)" asks for the largest.
var reRankWord = lazyre.New(`(?i)\b(highest|largest|biggest|greatest|most|maximum|lowest|smallest|least|fewest|minimum)\b`)

// reOutflowRank ends the words before a rank word with a verb of paying
// out: "lost the most", "used the least". The first rank word of the
// question decides ("brought in the most (or lost the least)" asks for
// the largest).
var reOutflowRank = lazyre.New(`(?i)\b(?:lost|lose|loses|used|use|uses|spent|spend|spends|consumed|burned|burnt|paid|pays)\s+(?:the\s+)?$`)

// among is what such a question asks.
type among struct {
	items [][]string // each listed thing's terms, with the list's shared noun
	bare  [][]string // each listed thing's terms as written, for rows that leave the noun out
	about []string   // the terms of what the question asks of them ("cash flow")
	names []string   // each as written
	most  bool
	year  string
}

// parseAmong reads q; ok is false unless it lists two things or more and
// asks which of them is the largest or the smallest in one year.
func parseAmong(q *inquiry.Question, par base.Params) (among, bool) {
	m := reAmongQ.FindStringSubmatch(q.Asked)
	if m == nil {
		return among{}, false
	}
	rank := reRankWord.FindStringIndex(m[2])
	years := questionYears(textterms.Fold(m[2]))
	if rank == nil || len(years) != 1 {
		return among{}, false
	}
	var names []string
	for _, n := range reListSep.Split(m[1], -1) {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	if len(names) < 2 || len(names) > par.MaxAmong {
		return among{}, false
	}
	// "operations, investing, and financing activities": the last
	// thing's noun is every one's
	a := among{names: names, year: years[0], about: textterms.Of(m[2])}
	last := strings.Fields(names[len(names)-1])
	for i, n := range names {
		w := len(strings.Fields(n))
		if w > par.MaxAmongWords {
			return among{}, false
		}
		bare := n
		if i == len(names)-1 && len(last) > 1 && w > 1 {
			bare = strings.Join(last[:len(last)-1], " ") // "financing" of "financing activities"
		}
		a.bare = append(a.bare, phraseTerms(bare))
		if i < len(names)-1 && w == 1 && len(last) > 1 {
			n += " " + last[len(last)-1]
		}
		a.items = append(a.items, phraseTerms(n))
	}
	a.most = ranksMost(m[2][rank[0]:rank[1]])
	if reOutflowRank.MatchString(m[2][:rank[0]]) {
		a.most = !a.most // "lost the most": the lowest figure, an outflow in brackets
	}
	return a, true
}

// read answers a question that lists what it compares ([parseAmong])
// from the first source whose tables hold a row for every listed thing
// in the year's column. ok is false when none does, or two figures tie.
func (a among) read(sources []base.Source) (base.Reading, bool) {
	for _, src := range sources {
		all := table.Rows(src.Text)
		rows, ok := a.rowsOf(all, a.items)
		if !ok {
			// "Net cash from operations", "Net cash used in investing":
			// rows without the list's noun
			rows, ok = a.rowsOf(all, a.bare)
		}
		if !ok {
			continue
		}
		var each []string
		values := make([]*big.Rat, len(rows))
		for i, r := range rows {
			c, _ := r.Column(a.year)
			each = append(each, fmt.Sprintf("%s %s", a.names[i], c.Text))
			values[i] = c.Value
		}
		pick, ok := extreme(values, a.most)
		if !ok {
			return base.Reading{}, false
		}
		which := "smallest"
		if a.most {
			which = "largest"
		}
		best := rows[pick]
		c, _ := best.Column(a.year)
		scale := ""
		if best.Scale != "" {
			scale = ", in " + best.Scale
		}
		var quotes []base.Quote
		for _, r := range rows {
			quotes = append(quotes, base.Quote{Text: sentences.OneLine(src.Text[r.Start:r.End]), Doc: src.Doc, Page: src.Page})
		}
		return base.Reading{
			Answer: fmt.Sprintf("%s (%s%s, %s)", best.Label, c.Text, scale, a.year),
			Quotes: quotes,
			Explanation: fmt.Sprintf("Extractive answer (no language model): of the rows for %s on p. %d of %s (%s, column %s), the %s figure.",
				strings.Join(a.names, ", "), src.Page, src.Doc, strings.Join(each, "; "), a.year, which),
		}, true
	}
	return base.Reading{}, false
}

// rowsOf returns the row of each listed thing (items) among rows: one whose
// label holds all its terms and a figure in the year's column, those
// that hold more of what the question asks of them first, then those of
// the fewest other terms; ok is false unless every thing has one, and
// no two the same.
func (a among) rowsOf(rows []table.Row, items [][]string) ([]table.Row, bool) {
	out := make([]table.Row, len(items))
	for i, it := range items {
		best := -1
		bestExtra, bestAbout := 0, 0
		for k, r := range rows {
			c, ok := r.Column(a.year)
			if !ok || c.Value == nil {
				continue
			}
			lt := labelTerms(r.Label)
			if !standsFor(lt, it) {
				continue // not the thing, or a flow of it ("Purchases of investments")
			}
			about := 0 // "Net cash used in investing" over "Maturities of investments" for "cash flow"
			for _, t := range lt {
				if slices.Contains(a.about, t) {
					about++
				}
			}
			if extra := len(lt) - len(it); best < 0 || about > bestAbout || about == bestAbout && extra < bestExtra {
				best, bestExtra, bestAbout = k, extra, about
			}
		}
		if best < 0 {
			return nil, false
		}
		out[i] = rows[best]
	}
	for i := range out {
		for j := range i {
			if out[i].Start == out[j].Start {
				return nil, false
			}
		}
	}
	return out, !slices.ContainsFunc(out, func(r table.Row) bool { return r.Label == "" })
}
