package tables

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"math/big"
	"slices"
	"strings"
	"unicode"

	"docqa/internal/inquiry"
	"docqa/internal/table"
	textterms "docqa/internal/terms"
	"docqa/reader/base"
	"docqa/reader/sentences"
)

// The grid reader answers a question that names a row and a column of a
// table ingest found on a context page ([table.Grids]): the cell where
// they cross, or, for a question that asks a difference or a total of
// two rows, the two cells and the figure computed from them. It reads
// the table's own labels, not the question's wording: a row is named
// when the question holds most of its label's weight, a column likewise,
// each label's words weighed by how few of the table's rows (columns)
// share them, so that "Methane" names its row and "kg/year", under every
// column, names none. The row and the header are quoted as they stand in
// the page text.

// gridLabel is a row's or column's label as the question names it.
type gridLabel struct {
	index    int
	cover    float64 // the share of the label's weight the question holds
	weight   float64 // the weight of its words the question holds
	position int     // where in the question its first word stands
	terms    map[string]bool
}

// gridCell is a cell the question may ask for, with how well it names
// its row and column.
type gridCell struct {
	src      base.Source
	tab      table.Labelled
	row, col gridLabel
	rows     []gridLabel     // every row the question names, best first
	caption  string          // the page text before the table ([gridCell.before]), once the cell is chosen
	subj     map[string]bool // the names of its document the question gives ([gridCell.subject]), likewise
}

// score ranks a cell by how much of its row's and column's labels the
// question holds, then by the weight of the question's words it explains:
// a column "1991 – no. of stores" before a column "1991" for "the 1991
// number of stores".
func (c gridCell) score() float64 { return c.row.cover + c.col.cover }

func (c gridCell) weight() float64 { return c.row.weight + c.col.weight }

// rank orders cells best first.
func rank(a, b gridCell) int {
	if d := cmp.Compare(a.score(), b.score()); d != 0 && math.Abs(a.score()-b.score()) > 1e-9 {
		return -d
	}
	if math.Abs(a.weight()-b.weight()) > 1e-9 {
		return -cmp.Compare(a.weight(), b.weight())
	}
	return 0
}

// TakeGrid takes every question that asks one thing and no yes or no
// and has no options: whether a table's labels answer it is known only
// from the tables.
func TakeGrid(q *inquiry.Question, par base.Params) (base.ReadPages, string) {
	return base.TakeParsed(q, func(q *inquiry.Question) (base.ReadPages, bool) {
		if len(q.Asks) > 0 || sentences.ReYesNoQ.MatchString(q.Asked) {
			return nil, false
		}
		return func(pages []base.Source) (base.Reading, bool) { return readGrid(q, pages, par) }, true
	})
}

// readGrid reads q from the tables of pages; ok is false unless one cell
// (or, for a difference or total, one pair of rows in one column) is
// named better than any other.
func readGrid(q *inquiry.Question, pages []base.Source, p base.Params) (base.Reading, bool) {
	qterms := textterms.Of(q.Stripped)
	if len(qterms) == 0 {
		return base.Reading{}, false
	}
	at := map[string]int{}
	for i, t := range qterms {
		if _, ok := at[t]; !ok {
			at[t] = i
		}
	}
	cands := gridCells(pages, at, p)
	if len(cands) == 0 {
		return base.Reading{}, false
	}
	slices.SortStableFunc(cands, rank)
	best := cands[0]
	best.caption = best.before() // read by the checks below, found once
	best.subj = best.subject(q)
	if !best.explains(qterms, p.GridExplained) || best.lacksName(q) {
		return base.Reading{}, false
	}
	// The question is about the table: a cell it cannot tell from
	// another is refused here, not guessed at by the sentence scorer.
	refuse := func(why string) (base.Reading, bool) {
		return base.Reading{Explanation: fmt.Sprintf("The table on p. %d of %s %s.", best.src.Page, best.src.Doc, why), Reader: "grid"}, true
	}
	if op := gridOp(q.Asked); op != "" {
		if len(best.rows) < 2 || best.namesOther(qterms, best.row, best.rows[1]) {
			return base.Reading{}, false
		}
		return best.compute(op, p)
	}
	if best.namesOther(qterms, best.row) {
		return refuse(fmt.Sprintf("has the row %q, but the question also names another", best.tab.RowLabels[best.row.index]))
	}
	// two cells named alike are a question no one cell answers
	for _, c := range cands[1:] {
		if rank(best, c) < 0 {
			break
		}
		if c.cell() != best.cell() {
			return refuse("has two cells the question names alike")
		}
	}
	if len(best.rows) > 1 && best.rows[1].compare(best.row) == 0 && best.tab.Cell(best.rows[1].index, best.col.index) != best.cell() {
		return refuse("has two rows the question names alike")
	}
	v := best.cell()
	if v == "" || echoes(v, at) {
		return base.Reading{}, false
	}
	quotes, ok := best.quotes(best.row)
	if !ok {
		return base.Reading{}, false
	}
	return base.Reading{
		Answer:      v,
		Explanation: fmt.Sprintf("Read from the table on p. %d of %s: the row %q, the column %q.", best.src.Page, best.src.Doc, best.tab.RowLabels[best.row.index], best.tab.ColLabels[best.col.index]),
		Quotes:      quotes,
		Reader:      "grid",
	}, true
}

// gridCells are the cells of the tables of pages that the question's
// terms (at: each term's first place in the question) name by the label
// of their row and of their column, or of their row in a table of one
// column of figures; unranked.
func gridCells(pages []base.Source, at map[string]int, p base.Params) []gridCell {
	var cands []gridCell
	for _, src := range pages {
		for _, g := range src.Structure.Grids {
			tab := table.Label(g)
			rows := namedLabels(tab.RowLabels, at, p.GridCover)
			cols := namedLabels(tab.ColLabels, at, p.GridCover)
			if len(rows) == 0 {
				continue
			}
			if len(cols) == 0 && tab.Cols-tab.StubCols == 1 {
				cols = []gridLabel{{index: tab.Cols - 1, cover: 1}}
			}
			for _, c := range cols {
				if tab.Cell(rows[0].index, c.index) != "" {
					cands = append(cands, gridCell{src: src, tab: tab, row: rows[0], col: c, rows: rows})
				}
			}
		}
	}
	return cands
}

func (c gridCell) cell() string { return c.tab.Cell(c.row.index, c.col.index) }

// explains reports whether the table explains at least share of the
// question's words: those of its rows' labels, its headers and the text
// before it on the page (its caption, its unit) and the names of its
// document the question gives ([gridCell.subject]), the words that name
// a table's parts ([tableWords]) aside. A question about something else
// that shares a row's and a column's words ("the absolute percent change
// of respondents age above 65 viewing ...") is not a question about
// this table.
func (c gridCell) explains(qterms []string, share float64) bool {
	known := maps.Clone(c.subj) // set with the caption: never nil
	for _, l := range c.tab.RowLabels {
		for _, t := range textterms.Of(l) {
			known[t] = true
		}
	}
	for _, l := range c.tab.ColLabels {
		for _, t := range textterms.Of(l) {
			known[t] = true
		}
	}
	for r := range c.tab.HeadRows {
		for k := range c.tab.StubCols {
			for _, t := range textterms.Of(c.tab.Cell(r, k)) {
				known[t] = true
			}
		}
	}
	for _, t := range textterms.Of(c.caption) {
		known[t] = true
	}
	all, held := 0, 0
	seen := map[string]bool{}
	for _, t := range qterms {
		if seen[t] || tableWords[t] {
			continue
		}
		seen[t] = true
		all++
		if known[t] {
			held++
		}
	}
	return all > 0 && float64(held) >= share*float64(all)
}

// lacksName reports whether the question names a thing by a coined word
// (a capital after a small letter, or letters and digits in one word:
// "LLaVa", "GPT-4", "7MSs"; [coined]) that neither the table's labels,
// the text before it nor its document's name ([gridCell.subject]) hold: "LLaVa + Step-Back" asked of a table whose row
// is "PaLM-2L + Step-Back" and that has no LLaVa. A word of a label is
// known joined to the next as well ("7 MSs" as "7MSs").
func (c gridCell) lacksName(q *inquiry.Question) bool {
	known := map[string]bool{}
	learn := func(s string) {
		ts := textterms.Of(s)
		for i, t := range ts {
			known[t] = true
			if i+1 < len(ts) {
				known[t+ts[i+1]] = true
			}
		}
	}
	for _, l := range append(slices.Clone(c.tab.RowLabels), c.tab.ColLabels...) {
		learn(l)
	}
	learn(c.caption)
	maps.Copy(known, c.subj)
	for _, w := range strings.Fields(q.Stripped) {
		if !coined(w) {
			continue
		}
		for _, t := range textterms.Of(w) {
			if !known[t] && !known[strings.Join(textterms.Of(w), "")] {
				return true
			}
		}
	}
	return false
}

// subject returns the terms of the coined words of the question that
// its table's document's file name holds: the product or system the
// whole document is about ("DB2" of "... in DB2 for i?" asked of
// ibm_redp5110_db2_rcac.pdf), which no table of it names again. A plain
// word of the name ("China" of US-Views-on-China.pdf) stays the table's
// to explain.
func (c gridCell) subject(q *inquiry.Question) map[string]bool {
	name := map[string]bool{}
	for _, t := range textterms.OfName(c.src.Doc) {
		name[t] = true
	}
	out := map[string]bool{}
	for _, w := range strings.Fields(q.Stripped) {
		if !coined(w) {
			continue
		}
		ts := textterms.Of(w)
		if len(ts) > 0 && !slices.ContainsFunc(ts, func(t string) bool { return !name[t] }) {
			for _, t := range ts {
				out[t] = true
			}
		}
	}
	return out
}

// coined reports whether a word is coined: a capital after a small
// letter ("LLaVa", "iPhone"), or two letters or more and digits together
// ("GPT-4", "7MSs"; not an address, "0x0400").
func coined(word string) bool {
	for _, w := range strings.FieldsFunc(word, func(r rune) bool { return r == '+' || r == '/' || r == '(' || r == ')' || r == ',' }) {
		letters, digits, camel := 0, false, false
		prevLower := false
		for _, r := range w {
			switch {
			case unicode.IsDigit(r):
				digits = true
			case unicode.IsLetter(r):
				letters++
				if unicode.IsUpper(r) && prevLower {
					camel = true
				}
			}
			prevLower = unicode.IsLower(r)
		}
		if camel || letters >= 2 && digits {
			return true
		}
	}
	return false
}

// namesOther reports whether the question names a row other than rows:
// a word of the question that the rows' labels, the column's and the
// caption lack stands in another row's label ("LLaVa + Step-Back" asked, "PaLM-2L +
// Step-Back" read, where a row "LLaVa" stands below).
func (c gridCell) namesOther(qterms []string, rows ...gridLabel) bool {
	mine := map[string]bool{}
	for _, t := range textterms.Of(c.tab.ColLabels[c.col.index]) {
		mine[t] = true
	}
	for _, r := range rows {
		for t := range r.terms {
			mine[t] = true
		}
	}
	others := map[string]int{} // how many other rows each word names
	for i, l := range c.tab.RowLabels {
		if slices.ContainsFunc(rows, func(r gridLabel) bool { return r.index == i }) {
			continue
		}
		seen := map[string]bool{}
		for _, t := range textterms.Of(l) {
			if !seen[t] {
				seen[t] = true
				others[t]++
			}
		}
	}
	caption := map[string]bool{}
	for _, t := range textterms.Of(c.caption) {
		caption[t] = true
	}
	for _, t := range qterms {
		if !mine[t] && others[t] > 0 && !caption[t] && !tableWords[t] && !smallNumber(t) {
			return true
		}
	}
	return false
}

// heldAt returns where the question holds label word t: the word
// itself, or, for a word of three or four letters, a longer word it
// abbreviates ("Max" for "maximum", "Typ" for "typical", "Temp" for
// "temperature").
func heldAt(t string, at map[string]int) (int, bool) {
	if k, ok := at[t]; ok {
		return k, true
	}
	if len(t) < 3 || len(t) > 4 || strings.Trim(t, "0123456789") != t {
		return 0, false
	}
	best, found := 0, false
	for q, k := range at {
		if len(q) > len(t) && strings.HasPrefix(q, t) && (!found || k < best) {
			best, found = k, true
		}
	}
	return best, found
}

// echoes reports whether cell text v repeats a word of the question
// ("Code" for "the market name for EPS Code AR01", "Intel up $0.04" for
// "Intel's gross margin"): a label read as a value, from a table laid
// out sideways or a chart's labels beside it. A value names what the
// question does not. (Sparing the row's own words, "Nielson, Finland,
// 1997" as Finland's source, let labels through: tables 207/243 against
// 206/240, Docugami 10 against 11.)
func echoes(v string, at map[string]int) bool {
	for _, t := range textterms.Of(v) {
		if _, ok := at[t]; ok && strings.Trim(t, "0123456789") != "" {
			return true
		}
	}
	return false
}

// smallNumber reports whether term t is a number of one or two digits,
// which names a page, a note or a count as often as a row.
func smallNumber(t string) bool {
	return len(t) <= 2 && strings.Trim(t, "0123456789") == ""
}

// before returns the page text before the table, up to [captionBytes]
// before each place its first header stands on the page (a header may
// stand above another table too): where its caption and unit stand.
func (c gridCell) before() string {
	for k := c.tab.StubCols; k < c.tab.Cols; k++ {
		heads := c.tab.Heads[k]
		if len(heads) == 0 {
			continue
		}
		re := flexible(heads[0])
		if re == nil {
			return ""
		}
		var b strings.Builder
		for _, m := range re.FindAllStringSubmatchIndex(c.src.Text, -1) {
			b.WriteString(c.src.Text[max(0, m[2]-captionBytes):m[2]])
			b.WriteByte('\n')
		}
		return b.String()
	}
	return ""
}

// captionBytes is how much of the text before a table is read as its
// caption: a title of two lines and a unit line.
const captionBytes = 300

// tableWords are the words a question names a table's parts with, stemmed:
// "what value does the table give in the row for Spain under 1996".
var tableWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields("value figure number amount table tables show shows shown give given gives report reported row column entry entries listed state stated cell read") {
		m[textterms.Stem(w)] = true
	}
	return m
}()

// namedLabels returns the labels the question names, best first: those of
// which it holds at least cover of the weight. A word's weight in a
// label is its inverse frequency among the labels.
func namedLabels(labels []string, at map[string]int, cover float64) []gridLabel {
	ts := make([]map[string]bool, len(labels))
	df := map[string]int{}
	n := 0
	for i, l := range labels {
		if l == "" {
			continue
		}
		n++
		ts[i] = map[string]bool{}
		for _, t := range textterms.Of(l) {
			if !ts[i][t] {
				ts[i][t] = true
				df[t]++
			}
		}
	}
	var out []gridLabel
	for i, set := range ts {
		if len(set) == 0 {
			continue
		}
		var all, held float64
		pos := -1
		for t := range set {
			w := textterms.IDF(n, df[t]-1)
			all += w
			if k, ok := heldAt(t, at); ok {
				held += w
				if pos < 0 || k < pos {
					pos = k
				}
			}
		}
		if held == 0 || held < cover*all {
			continue
		}
		out = append(out, gridLabel{index: i, cover: held / all, weight: held, position: pos, terms: set})
	}
	slices.SortStableFunc(out, func(a, b gridLabel) int { return -a.compare(b) })
	return out
}

// compare orders two labels by the share of each the question holds,
// then by the weight of its words they hold; 0 for labels named alike.
func (a gridLabel) compare(b gridLabel) int {
	switch {
	case math.Abs(a.cover-b.cover) > 1e-9:
		return cmp.Compare(a.cover, b.cover)
	case math.Abs(a.weight-b.weight) > 1e-9:
		return cmp.Compare(a.weight, b.weight)
	}
	return 0
}

// Operations of two rows ([gridOp]).
const (
	opDifference = "difference"
	opSum        = "sum"
)

// gridOp is the operation a question asks of two rows: a difference
// ([sentences.AsksDifference]: "how much higher", "by how much ... exceed", "the
// difference between"), a total ("the total of A and B"), or none.
func gridOp(asked string) string {
	switch {
	case sentences.AsksDifference(asked):
		return opDifference
	case sentences.ReSumQ.MatchString(asked):
		return opSum
	}
	return ""
}

// compute answers a difference or a total of the two rows the question
// names best in the cell's column, the first named first; both cells
// quoted.
func (c gridCell) compute(op string, p base.Params) (base.Reading, bool) {
	a, b := c.rows[0], c.rows[1]
	if covers(a.terms, b.terms) || covers(b.terms, a.terms) {
		return base.Reading{}, false // "Spain" and "Spain – total": one row named twice
	}
	if len(c.rows) > 2 && c.rows[2].compare(b) == 0 {
		return base.Reading{}, false // a third row named as well as the second
	}
	if b.position < a.position {
		a, b = b, a
	}
	comma := c.tab.CommaDecimal(c.col.index)
	ta, tb := c.tab.Cell(a.index, c.col.index), c.tab.Cell(b.index, c.col.index)
	va, okA := table.Number(ta, comma)
	vb, okB := table.Number(tb, comma)
	if !okA || !okB {
		return base.Reading{}, false
	}
	v := new(big.Rat)
	switch op {
	case opDifference:
		v.Sub(va, vb)
		v.Abs(v)
	case opSum:
		v.Add(va, vb)
	}
	qa, okA := c.quotes(a)
	qb, okB := c.quotes(b)
	if !okA || !okB {
		return base.Reading{}, false
	}
	answer := writeLike(v, ta, tb, comma)
	col := c.tab.ColLabels[c.col.index]
	return base.Reading{
		Answer: answer,
		Explanation: fmt.Sprintf("Computed from the table on p. %d of %s, column %q: the %s of %s (%s) and %s (%s).",
			c.src.Page, c.src.Doc, col, op, c.tab.RowLabels[a.index], ta, c.tab.RowLabels[b.index], tb),
		Quotes: append(qa, qb[:1]...),
		Reader: "grid",
	}, true
}

// covers reports whether every term of b is in a.
func covers(a, b map[string]bool) bool {
	for t := range b {
		if !a[t] {
			return false
		}
	}
	return true
}
