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

// A question may ask which item of a table's group is the largest or the
// smallest in a year: "Which type of debt received the largest investment
// among the short-term investments in FY2023?". A statement groups its
// rows under a heading ("Short-term investments:", then a row for each
// kind of security and a total); the answer is the row with the largest
// figure in the year's column, among the rows of the group the question
// names by its heading. Totals are no items.

// reSuperlativeQ is a which-question that asks for the largest or the
// smallest of something.
var reSuperlativeQ = lazyre.New(`(?i)^\s*(?:which|what)\b.*?\b(highest|largest|biggest|greatest|most|maximum|lowest|smallest|least|minimum)\b`)

// superlative is what such a question asks.
type superlative struct {
	most  bool     // the largest, else the smallest
	year  string   // the column
	terms []string // the question's content terms, without years and periods
}

// parseSuperlative reads q; ok is false unless it asks for the largest
// or smallest of a group in one year.
func parseSuperlative(q *inquiry.Question) (superlative, bool) {
	a := q.Asked
	m := reSuperlativeQ.FindStringSubmatch(a)
	if m == nil {
		return superlative{}, false
	}
	years := questionYears(textterms.Fold(a))
	if len(years) != 1 {
		return superlative{}, false
	}
	s := superlative{year: years[0]}
	s.most = ranksMost(m[1])
	super := textterms.Stem(strings.ToLower(m[1]))
	for _, t := range textterms.Of(a) {
		if t != super && !sentences.ReYearQ.MatchString(t) && !sentences.PeriodMarker(t) && !strings.HasPrefix(t, "fy") {
			s.terms = append(s.terms, t)
		}
	}
	return s, true
}

// rowGroup is the rows of a page under one heading.
type rowGroup struct {
	src     int
	heading string   // the heading line as written
	above   []string // the lines above the heading, nearest first, [base.Params.MaxAbove] at most
	rows    []table.Row
}

// rowGroups splits each source's table rows into groups: a row that
// follows another with nothing but white space between joins its group;
// any other starts a group headed by the last line before it.
func rowGroups(sources []base.Source, par base.Params) []rowGroup {
	var out []rowGroup
	for i, s := range sources {
		prev := 0
		for _, r := range table.Rows(s.Text) {
			gap := "" // a total labelled by its heading starts before the rows it adds up
			if r.Start > prev {
				gap = s.Text[prev:r.Start]
			}
			prev = max(prev, r.End)
			if strings.TrimSpace(gap) == "" && len(out) > 0 && out[len(out)-1].src == i {
				out[len(out)-1].rows = append(out[len(out)-1].rows, r)
				continue
			}
			g := rowGroup{src: i}
			if t := strings.TrimRight(gap, " \t\n"); t != "" {
				g.heading = strings.TrimSpace(t[strings.LastIndexByte(t, '\n')+1:])
				lines := strings.Split(strings.TrimRight(s.Text[:r.Start], " \t\n"), "\n")
				for k := len(lines) - 2; k >= 0 && len(g.above) < par.MaxAbove; k-- {
					if l := strings.TrimSpace(lines[k]); l != "" {
						g.above = append(g.above, l)
					}
				}
			}
			g.rows = []table.Row{r}
			out = append(out, g)
		}
	}
	return out
}

// group returns the group of table rows whose heading the question
// names whole, the one of the most heading terms; nil for none.
func (s superlative) group(sources []base.Source, par base.Params) *rowGroup {
	var best *rowGroup
	bestN := 0
	groups := rowGroups(sources, par)
	for gi := range groups {
		g := &groups[gi]
		ht := labelTerms(strings.TrimRight(g.heading, ":"))
		if len(ht) < 2 || slices.ContainsFunc(ht, func(t string) bool { return !slices.Contains(s.terms, t) }) {
			continue
		}
		if len(ht) > bestN {
			best, bestN = g, len(ht)
		}
	}
	return best
}

// read answers s from the groups of the sources: the group whose heading
// the question names most fully (every heading term, at least two),
// and in it the row of the largest or smallest figure in the year's
// column, among two or more rows that are not its total. ok is false
// when no group qualifies or two rows tie.
func (s superlative) read(sources []base.Source, par base.Params) (base.Reading, bool) {
	best := s.group(sources, par)
	if best == nil {
		return base.Reading{}, false
	}
	ht := labelTerms(strings.TrimRight(best.heading, ":"))
	type item struct {
		row  table.Row
		cell table.Cell
	}
	var items, totals []item
	for _, r := range best.rows {
		c, ok := r.Column(s.year)
		if !ok || c.Value == nil {
			continue
		}
		lt := labelTerms(r.Label)
		if r.Total || strings.HasPrefix(strings.ToLower(r.Label), "total") || len(lt) == 0 || rowMatch(lt, ht) > 0 {
			totals = append(totals, item{r, c}) // the group's total, however labelled
			continue
		}
		items = append(items, item{r, c})
	}
	if len(items) < 2 {
		return base.Reading{}, false
	}
	values := make([]*big.Rat, len(items))
	for i, x := range items {
		values[i] = x.cell.Value
	}
	pick, ok := extreme(values, s.most)
	if !ok {
		return base.Reading{}, false
	}
	src := sources[best.src]
	it := items[pick]
	scale := ""
	if it.row.Scale != "" {
		scale = ", in " + it.row.Scale
	}
	which := "smallest"
	if s.most {
		which = "largest"
	}
	r := base.Reading{
		Answer: fmt.Sprintf("%s (%s%s, %s)", it.row.Label, it.cell.Text, scale, s.year),
		Quotes: []base.Quote{
			{Text: sentences.OneLine(best.heading), Doc: src.Doc, Page: src.Page},
			{Text: sentences.OneLine(src.Text[it.row.Start:it.row.End]), Doc: src.Doc, Page: src.Page},
		},
		Explanation: fmt.Sprintf("Extractive answer (no language model): of the %d rows under %q on p. %d of %s, the %s figure in the %s column.",
			len(items), best.heading, src.Page, src.Doc, which, s.year),
	}
	// Its share of the group: of a total the page writes, and only one
	// that the items add up to exactly, so the share is of these items.
	sum := new(big.Rat)
	for _, x := range items {
		sum.Add(sum, x.cell.Value)
	}
	for _, t := range totals {
		if t.cell.Value.Sign() > 0 && it.cell.Value.Sign() >= 0 && t.cell.Value.Cmp(sum) == 0 {
			share := percentOf(it.cell.Value, t.cell.Value)
			r.Answer = fmt.Sprintf("%s (%s%s, %s), %s%% of the total %s", it.row.Label, it.cell.Text, scale, s.year, share.FloatString(1), t.cell.Text)
			r.Quotes = append(r.Quotes, base.Quote{Text: sentences.OneLine(src.Text[t.row.Start:t.row.End]), Doc: src.Doc, Page: src.Page})
			r.Explanation += fmt.Sprintf(" Share: %s / %s = %s%%.", it.cell.Text, t.cell.Text, share.FloatString(1))
			break
		}
	}
	return r, true
}

// ranksMost reports whether a rank word asks for the largest
// ("highest", "most"), not the smallest ("lowest", "least").
func ranksMost(word string) bool {
	switch strings.ToLower(word) {
	case "highest", "largest", "biggest", "greatest", "most", "maximum":
		return true
	}
	return false
}

// extreme returns the index of the largest of values (the smallest when
// most is false); ok is false when two share it.
func extreme(values []*big.Rat, most bool) (pick int, ok bool) {
	tie := false
	for i := 1; i < len(values); i++ {
		switch c := values[i].Cmp(values[pick]); {
		case c == 0:
			tie = true
		case (c > 0) == most:
			pick, tie = i, false
		}
	}
	return pick, !tie
}

func ReadSuperlativeOf(q *inquiry.Question, in *sentences.Context) base.Outcome {
	s, ok := parseSuperlative(q)
	if !ok {
		return base.Declined(base.NotAsked)
	}
	if r, ok := s.read(in.P.Sources, in.Par()); ok {
		return base.Took(r.Covering(1))
	}
	return base.Declined("no table of the pages ranks the items asked about")
}
