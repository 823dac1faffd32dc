package ingest

import (
	"slices"

	"docqa/internal/table"
)

// columnWords returns a page's words column by column when their content
// order runs line by line through columns of prose, as some producers
// write forms and newsletters (the IRS instructions of ../shared/corpus:
// "You cannot take What and Where to File for a effectively connected
// with a trade or the standard deduction"); otherwise words as they are.
// It reads the page as PDFium's pages are read ([columnLayout]), from the
// runs of words a line holds between gaps of minGutter or more: the
// rectangles PDFium gives for runs of text.
func columnWords(pw PageWords, p RawTextParams) []table.Word {
	ws, _ := columnOrder(pw, p)
	return ws
}

// columnOrder is [columnWords] that also reports whether it read the
// words in another order than they came.
func columnOrder(pw PageWords, p RawTextParams) ([]table.Word, bool) {
	ws := pw.Words
	if len(ws) < 2*minColumnRects || pw.Height <= 0 {
		return ws, false
	}
	toBox := func(w table.Word) box { return box{w.X0, pw.Height - w.Y0, w.X1, pw.Height - w.Y1} }
	var runs []box
	for i, w := range ws {
		b := toBox(w)
		if k := len(runs) - 1; i > 0 && p.sameLine(ws[i-1], w) && w.X0-ws[i-1].X1 < minGutter {
			runs[k] = box{min(runs[k].Left, b.Left), max(runs[k].Top, b.Top), max(runs[k].Right, b.Right), min(runs[k].Bottom, b.Bottom)}
			continue
		}
		runs = append(runs, b)
	}
	plan, ok := columnLayout(runs)
	if !ok {
		return ws, false
	}
	at := make([]int, len(ws)) // the plan box each word is read in
	for i, w := range ws {
		b := toBox(w)
		x, y := b.centre(), (b.Top+b.Bottom)/2
		at[i] = slices.IndexFunc(plan, func(r box) bool { return r.Left <= x && x <= r.Right && r.Bottom <= y && y <= r.Top })
		if at[i] < 0 {
			return ws, false // a word outside the plan: keep the order whole
		}
	}
	order := make([]int, len(ws))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return at[a] - at[b] })
	out := make([]table.Word, len(ws))
	moved := false
	for i, k := range order {
		out[i] = ws[k]
		moved = moved || i != k
	}
	return out, moved
}
