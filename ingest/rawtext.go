package ingest

import (
	"math"
	"slices"
	"strings"

	"docqa/internal/table"
)

// rawText writes a page's words, in the order pdftotext -raw -bbox gives
// them (or [columnWords] puts them), as pdftotext -raw writes the page: the text and the words come
// from one pass over the document ([Pdftotext.ExtractWords]), where a
// second pass for the words of the pages likely to hold a table made
// ingest of the FinanceBench dev filings 71% slower.
//
// pdftotext -raw (poppler's TextPage::dump in raw order) writes a word,
// then a space when the next word starts on its line more than 0.15 of
// the word's font size after it, nothing when nearer, and a line end
// when the next word's baseline is 0.5 font size or more away or the
// next word starts 0.2 font size or more before this one ends. The
// -bbox words carry neither font size nor baseline, so both are
// estimated from the word's box ([RawTextParams]). Over every word
// boundary of the dev sets' PDFs (2.6 million), the text differs from
// pdftotext -raw's at: FinanceBench 128 boundaries of 1,413,109,
// MMLongBench 2,084 of 593,607, natural 210 of 85,356, Docugami 5 of
// 475,950, tables 38 of 27,739 (TestRawTextAgreement); with the font
// size read as the box's height / 1.15 alone, 4,518 in all. Where they
// differ, the words run together are as often pdftotext's (a word gap
// under 0.15 font size gets no space: "betweeneight" on a tight line)
// as rawText's.
func rawText(ws []table.Word, p RawTextParams) string {
	spaces := wordGaps(ws, p)
	var b strings.Builder
	for i, w := range ws {
		b.WriteString(w.Text)
		if i+1 == len(ws) {
			b.WriteByte('\n')
			break
		}
		n := ws[i+1]
		h := w.Y1 - w.Y0
		switch {
		case !p.sameLine(w, n):
			b.WriteByte('\n')
		case n.X0-w.X1 > spaces.over(h, p):
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// RawTextParams are the numbers [rawText] estimates pdftotext's
// decisions with: poppler's own thresholds (TextOutputDev.cc), and how
// a word's font size and baseline are read from its box.
type RawTextParams struct {
	// poppler: maxIntraLineDelta, minDupBreakOverlap, minWordSpacing
	LineDelta, DupOverlap, WordSpacing float64
	// EmHeight is a word box's height in font sizes: ascent - descent
	// of the font, 0.9 to 1.45 in the fonts of the dev sets; 1.15
	// misplaces fewest line ends over them (91 of 109,639 on
	// FinanceBench, 1,182 of 96,638 on MMLongBench; 1.0: 137, 934;
	// 1.2: 99, 1,126; 1.3: 907, 1,387).
	EmHeight float64
	// Descent is how far the baseline stands above the box's foot, in
	// box heights (descent / (ascent - descent): 0.2 for most fonts).
	Descent float64
	// A font's word space is read from the gaps between its words on
	// the page: a gap is a space when wider than GapShare of their
	// median, when at least GapSamples gaps are seen, held within the
	// thresholds the box heights EmHeightMax and EmHeightMin give (a
	// gap under 0.15 h/1.45 is never a space, one over 0.15 h/1.05
	// always). Word boundaries written otherwise than pdftotext over
	// the dev sets: 2,483 as set; the median of all gaps, column gaps
	// too: 2,513 (and then GapShare 0.5: 2,941, 0.6: 2,739; EmHeightMin
	// 0.95: 2,689, 1.0: 2,592, 1.1: 2,578; EmHeightMax 1.3: 2,539, 1.6:
	// 2,556); GapMax 0.5: 3,276; the median of each line's gaps: 4,600 or
	// more.
	GapShare                 float64
	GapSamples               int
	GapMax                   float64 // in box heights: wider gaps part columns, not words
	EmHeightMin, EmHeightMax float64
}

// DefaultRawTextParams returns the numbers above.
func DefaultRawTextParams() RawTextParams {
	return RawTextParams{
		LineDelta: 0.5, DupOverlap: 0.2, WordSpacing: 0.15,
		EmHeight: 1.15, Descent: 0.2,
		GapShare: 0.55, GapSamples: 10, GapMax: 0.8, EmHeightMin: 1.05, EmHeightMax: 1.45,
	}
}

// sameLine reports whether pdftotext -raw writes n on w's line.
func (p RawTextParams) sameLine(w, n table.Word) bool {
	h, nh := w.Y1-w.Y0, n.Y1-n.Y0
	size := h / p.EmHeight
	base, nbase := w.Y1-p.Descent*h, n.Y1-p.Descent*nh
	return math.Abs(nbase-base) < p.LineDelta*size && n.X0 > w.X1-p.DupOverlap*size
}

// gapMedians are the median gap between words of one box height on one
// line of a page, by height (rounded to 0.01 point), where enough are
// seen.
type gapMedians map[float64]float64

// wordGaps measures the word gaps of each box height on the page.
func wordGaps(ws []table.Word, p RawTextParams) gapMedians {
	gaps := map[float64][]float64{}
	for i := 0; i+1 < len(ws); i++ {
		w, n := ws[i], ws[i+1]
		h := heightKey(w.Y1 - w.Y0)
		if h == heightKey(n.Y1-n.Y0) && n.X0 > w.X1 && n.X0-w.X1 < p.GapMax*h && p.sameLine(w, n) {
			gaps[h] = append(gaps[h], n.X0-w.X1)
		}
	}
	m := gapMedians{}
	for h, g := range gaps {
		if len(g) >= p.GapSamples {
			slices.Sort(g)
			m[h] = median(g)
		}
	}
	return m
}

// over is the gap beyond which a word of box height h is followed by a
// space.
func (m gapMedians) over(h float64, p RawTextParams) float64 {
	fixed := p.WordSpacing * h / p.EmHeight
	med, ok := m[heightKey(h)]
	if !ok {
		return fixed
	}
	return min(p.WordSpacing*h/p.EmHeightMin, max(p.WordSpacing*h/p.EmHeightMax, p.GapShare*med))
}

// heightKey is a word box's height h rounded to 0.01 point.
func heightKey(h float64) float64 { return math.Round(h*100) / 100 }

// median of sorted values.
func median(s []float64) float64 {
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
