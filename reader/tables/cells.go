package tables

import (
	"fmt"
	"slices"
	"strings"

	"docqa/internal/inquiry"
	"docqa/internal/lazyre"
	"docqa/internal/table"
	textterms "docqa/internal/terms"
	"docqa/reader/base"
	"docqa/reader/sentences"
)

// A paper's results table, a datasheet's ratings, a survey's figures: a
// header line names the columns by words, not years, and each row is a
// label and its figures.
//
//	Method MMLU Physics MMLU Chemistry
//	PaLM-2L 66.4% (0.8%) 70.9% (0.9%)
//	PaLM-2L + Step-Back (ours) 73.2% (1.9%) 81.8% (1.4%)
//
// "What score did PaLM-2L + Step-Back achieve in MMLU Physics?" names a
// row by its label and a column by its header: the answer is the cell
// where they cross. The header line's words are read as columns only when
// they can be told apart without the page's geometry, which the text has
// lost ([columnNames]): one word a name, but where a word opens several
// names ("MMLU Physics MMLU Chemistry"). A figure in brackets after each
// figure of a column is its spread, no column of its own. A question that
// does not name one row and one column fully, or that asks for a change
// ([cellDifference] reads a difference of two rows), a total, an average
// or a rank, is not read here.

// readCells answers q from the word-headed tables of the sources:
// a difference of two cells ([cellDifference]), else one cell
// ([cellQuestion]); ok is false when it asks for neither or the tables
// do not hold it.
func readCells(q *inquiry.Question, sources []base.Source, par base.Params) (base.Reading, bool) {
	if d, ok := parseCellDifference(q); ok {
		if r, ok := d.read(sources, par); ok {
			return r, true
		}
	}
	if c, ok := parseCellQuestion(q); ok {
		return c.read(sources, par)
	}
	return base.Reading{}, false
}

// cellQuestion is what a question names: its content terms, and the
// words of an aggregate it holds ([reAggregate]).
type cellQuestion struct{ terms, ops []string }

// reNotCellQ asks for more than one cell: a comparison, a ranking or a
// count over cells.
var reNotCellQ = lazyre.New(`(?i)\b(?:difference|gap|change|increase|decrease|higher|lower|more|less|better|worse|improve\w*|best|worst|highest|lowest|largest|smallest|most|least|rank\w*|compared?|versus|vs|ratio|times|which|who|list|all)\b`)

// reAggregate asks for an aggregate of cells, unless a row or column is
// named by it: "What is the total number of claims in FEVEROUS?" reads
// the row "Total # of Claims", "the average number of claims per table"
// the row "Avg. claims per table".
var reAggregate = lazyre.New(`(?i)\b(?:average|avg|mean|median|sum|total|combined)\b`)

// parseCellQuestion reads q; ok is false when it asks for more than one
// cell ([reNotCellQ]).
func parseCellQuestion(q *inquiry.Question) (cellQuestion, bool) {
	a := q.Asked
	if reNotCellQ.MatchString(a) {
		return cellQuestion{}, false
	}
	ts := textterms.Of(a)
	if len(ts) < 2 {
		return cellQuestion{}, false
	}
	var ops []string
	for _, w := range reAggregate.FindAllString(a, -1) {
		ops = append(ops, textterms.Of(w)...)
	}
	if slices.Contains(ts, textterms.Stem("average")) {
		ts = append(ts, "avg") // a table's label abbreviates it: "Avg. claims per table"
	}
	return cellQuestion{terms: ts, ops: ops}, true
}

// namesAnother returns a row the question names besides row pick, one
// whose terms are all the question's and not all pick's, or -1: "held by
// foreign companies and institutional investors" names both "Foreign
// Companies" and "Foreign Institutional Investors", and one cell is not
// the answer.
func (c cellQuestion) namesAnother(labels []string, pick int) int {
	own := labelTerms(labels[pick])
	for i, l := range labels {
		ts := labelTerms(l)
		if i == pick || len(ts) == 0 || slices.ContainsFunc(ts, func(t string) bool { return !slices.Contains(c.terms, t) }) {
			continue
		}
		if slices.ContainsFunc(ts, func(t string) bool { return !slices.Contains(own, t) }) {
			return i
		}
	}
	return -1
}

// opsHeld reports whether the row label or the column name holds every
// aggregate word of the question: else the question asks for an
// aggregate that the cell is not.
func (c cellQuestion) opsHeld(label, column string) bool {
	held := append(textterms.Of(label), textterms.Of(column)...)
	for _, op := range c.ops {
		if !slices.Contains(held, op) && !(op == textterms.Stem("average") && slices.Contains(held, "avg")) {
			return false
		}
	}
	return true
}

// cellAt is a cell a question names, where it stands, and how fully the
// question names its row and column.
type cellAt struct {
	group      *rowGroup
	header     string // the line that names the columns
	row        table.Row
	cell       table.Cell
	column     string
	rowN, colN int
}

// read answers c from the tables of the sources; ok is false unless one
// cell is named more fully than every other.
func (c cellQuestion) read(sources []base.Source, par base.Params) (base.Reading, bool) {
	var best *cellAt
	tie := false
	groups := rowGroups(sources, par)
	for gi := range groups {
		g := &groups[gi]
		// the header is the heading, else the nearest line above it
		// that names the group's columns, one of them the question's
		var cols []string
		var idx []int
		col, colN, header := -1, 0, ""
		for _, line := range append([]string{g.heading}, g.above...) {
			cs, ix := headerColumnsAt(g, line, par)
			if cs == nil {
				continue
			}
			if k, n, ok := c.named(cs, textterms.Of); ok {
				cols, idx, col, colN, header = cs, ix, k, n, line
				break
			}
		}
		if col < 0 {
			continue
		}
		row, rowN, ok := c.named(g.labels(), labelTerms)
		if !ok || !c.opsHeld(g.rows[row].Label, cols[col]) {
			continue
		}
		if c.namesAnother(g.labels(), row) >= 0 {
			continue
		}
		r := g.rows[row]
		cell := r.Cells[idx[col]]
		if cell.Value == nil {
			continue
		}
		at := &cellAt{group: g, header: header, row: r, cell: cell, column: cols[col], rowN: rowN, colN: colN}
		switch {
		case best == nil || rowN+colN > best.rowN+best.colN:
			best, tie = at, false
		case rowN+colN == best.rowN+best.colN && cell.Text != best.cell.Text:
			tie = true
		}
	}
	if best == nil || tie {
		return base.Reading{}, false
	}
	src := sources[best.group.src]
	return base.Reading{
		Answer: best.cell.Text,
		Quotes: []base.Quote{
			{Text: sentences.OneLine(best.header), Doc: src.Doc, Page: src.Page},
			{Text: sentences.OneLine(src.Text[best.row.Start:best.row.End]), Doc: src.Doc, Page: src.Page},
		},
		Explanation: fmt.Sprintf("Extractive answer (no language model): the cell of row %q under column %q in the table on p. %d of %s.",
			best.row.Label, best.column, src.Page, src.Doc),
	}, true
}

// named returns the one of names that the question names most fully:
// every term of it is the question's (at least one term), and no other
// name has as many. ok is false when none qualifies or two tie.
func (c cellQuestion) named(names []string, termsOf func(string) []string) (pick, n int, ok bool) {
	pick, n = -1, 0
	tie := false
	for i, name := range names {
		ts := termsOf(name)
		if len(ts) == 0 || slices.ContainsFunc(ts, func(t string) bool { return !slices.Contains(c.terms, t) }) {
			continue
		}
		switch {
		case len(ts) > n:
			pick, n, tie = i, len(ts), false
		case len(ts) == n:
			tie = true
		}
	}
	return pick, n, pick >= 0 && !tie
}

// labels are the labels of the group's rows, in order.
func (g *rowGroup) labels() []string {
	out := make([]string, len(g.rows))
	for i, r := range g.rows {
		out[i] = r.Label
	}
	return out
}

// headerColumns reads the column names of a group's header (its heading
// line) for its rows, and the index of each column's cell in a row; nil
// when the rows do not all hold as many cells, two or more, or the
// header's words cannot be told apart into that many names.
func headerColumns(g *rowGroup, par base.Params) (cols []string, idx []int) {
	return headerColumnsAt(g, g.heading, par)
}

// headerColumnsAt is [headerColumns] with line, the heading or a line
// above it, as the header.
func headerColumnsAt(g *rowGroup, line string, par base.Params) (cols []string, idx []int) {
	if len(g.rows) < 2 || line == "" || listHeading(line, par) {
		return nil, nil // none, or a list's ("Financing activities:")
	}
	n := len(g.rows[0].Cells)
	for _, r := range g.rows {
		if len(r.Cells) != n || r.Columns != nil {
			return nil, nil // cells missing, or the columns are years
		}
	}
	for j := range n {
		if j > 0 && spread(g.rows, j) {
			continue
		}
		idx = append(idx, j)
	}
	if len(idx) < 2 {
		return nil, nil
	}
	words := strings.Fields(line)
	if len(words) > par.MaxHeaderWords || slices.ContainsFunc(words, func(w string) bool { return reFigure.MatchString(w) }) {
		return nil, nil
	}
	if cols := columnNames(words, len(idx)); cols != nil {
		return cols, idx
	}
	return nil, nil
}

// reFigure is a word that is a figure: a header holds none.
var reFigure = lazyre.New(`^\(?[$€£¥]?[0-9][0-9.,]*%?\)?$`)

// spread reports whether cell j of every row is in brackets after a
// figure that is not: the spread of the figure before it, "66.4% (0.8%)".
func spread(rows []table.Row, j int) bool {
	for _, r := range rows {
		if !strings.HasPrefix(r.Cells[j].Text, "(") || strings.HasPrefix(r.Cells[j-1].Text, "(") {
			return false
		}
	}
	return true
}

// columnNames splits header words into k column names, after at most
// one word that names the label column, when exactly one split reads as
// a header does: a word that opens two names or more ("TQA" of "TQA Easy
// TQA Hard") opens a name wherever it stands, the names it opens are
// equally long, and every other name is one word ("Method TimeQA TQA
// Easy TQA Hard SituatedQA" is TimeQA | TQA Easy | TQA Hard |
// SituatedQA). nil when no split or more than one does.
func columnNames(words []string, k int) []string {
	var found []string
	n := 0
	for lead := 0; lead <= 1 && lead < len(words); lead++ {
		ws := words[lead:]
		count := map[string]int{}
		for _, w := range ws {
			count[strings.ToLower(w)]++
		}
		opener := func(w string) bool { return count[strings.ToLower(w)] >= 2 }
		var split func(from int, names []string)
		split = func(from int, names []string) {
			if n > 1 || len(names) > k {
				return
			}
			if from == len(ws) {
				if len(names) == k && parallel(names, opener) {
					found, n = slices.Clone(names), n+1
				}
				return
			}
			for to := from + 1; to <= len(ws); to++ {
				if to > from+1 && (!opener(ws[from]) || opener(ws[to-1])) {
					break // a name of two words or more is an opener's, and holds no other opener
				}
				split(to, append(names, strings.Join(ws[from:to], " ")))
			}
		}
		split(0, nil)
	}
	if n != 1 {
		return nil
	}
	return found
}

// parallel reports whether the names opened by the same word are equally
// long.
func parallel(names []string, opener func(string) bool) bool {
	long := map[string]int{}
	for _, name := range names {
		f := strings.Fields(name)
		if !opener(f[0]) {
			continue
		}
		o := strings.ToLower(f[0])
		if l, ok := long[o]; ok && l != len(f) {
			return false
		}
		long[o] = len(f)
	}
	return true
}

func ReadCellsOf(q *inquiry.Question, in *sentences.Context) base.Outcome {
	return base.Answered(readCells(q, in.P.Sources, in.Par()))
}
