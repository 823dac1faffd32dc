package tables

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"docqa/internal/inquiry"
	"docqa/internal/lazyre"
	"docqa/internal/metrics"
	"docqa/internal/synonyms"
	textterms "docqa/internal/terms"
	"docqa/reader/base"
	"docqa/reader/sentences"
)

// Figure is what a question asks of a table: a figure looked up by row
// label and year, or a metric computed from several ([ParseFigure]).
type Figure struct {
	fq    figureQuestion
	among *among            // a question that lists the rows it compares ([parseAmong])
	ms    []metrics.Metric  // the metrics it was read with
	q     *inquiry.Question // the question it was parsed from; nil for a ranking's ([ParseRanking])
	rows  rowMemo           // the figure rows of the pages read for it
	par   base.Params       // the numbers it is read with
}

// ParseFigure reads what q asks of a table, with its metrics (nil for
// the standard ones), to be read with par; ok is false when it asks for no figure,
// as an analysis does ("What is the relationship between R&D spending
// and new products?" asks no amount of R&D).
func ParseFigure(q *inquiry.Question, par base.Params) (f *Figure, ok bool) {
	if sentences.ReAnalysisQ.MatchString(q.Stripped) {
		return nil, false
	}
	ms := metricsOr(q.Metrics)
	if a, ok := parseAmong(q, par); ok {
		return &Figure{among: &a, ms: ms, q: q, par: par}, true
	}
	fq, ok := readFigureQuestion(q, ms, par)
	if !ok {
		return nil, false
	}
	return &Figure{fq: fq, ms: ms, q: q, par: par}, true
}

// ParseRanking reads, from a question that names a metric and a year but
// asks a judgement no figure settles ("Is 3M a capital-intensive business
// based on FY2022 data?"), the statement rows the metric needs: a Figure
// to order pages by ([Figure.RowsHeld]), not to answer with. ok is false
// when the question names no metric, no year, or asks why or what drove
// a figure, which the statements' prose answers. par are the numbers
// it is read with.
func ParseRanking(q *inquiry.Question, par base.Params) (f *Figure, ok bool) {
	ms := metricsOr(q.Metrics)
	if reNotFigureQ.MatchString(q.Lead) {
		return nil, false
	}
	text := metrics.Unjoin(q.Text, ms)
	m := namedMetric(text, ms, par)
	years := questionYears(textterms.Fold(text))
	if m == nil || len(years) == 0 {
		return nil, false
	}
	return &Figure{fq: figureQuestion{years: years, metric: m, decimals: -1}, ms: ms, par: par}, true
}

// Read answers f from the tables of the sources (the table reader,
// figures.go), each operand's row quoted; ok is false when the tables
// lack a figure it needs.
func (f *Figure) Read(sources []base.Source) (r base.Reading, ok bool) {
	if f.among != nil {
		return f.among.read(sources)
	}
	fr := newFigureReader(sources, f.ms, &f.rows, f.par)
	if len(fr.rows) == 0 {
		return base.Reading{}, false
	}
	fq := f.fq
	fr.fullYear = fq.fullYear
	if fq.latest {
		// the latest period: the latest year the tables show
		ys := tableYears(fr)
		if len(ys) == 0 {
			return base.Reading{}, false
		}
		fq.years = ys[:1]
	}
	return f.read(fr, fq)
}

// tableYears returns the years of the columns of r's rows, latest first.
func tableYears(r *figureReader) []string {
	var ys []string
	for _, fr := range r.rows {
		for _, c := range fr.row.Columns {
			if len(c) == 4 && atoi(c) > 0 && !slices.Contains(ys, c) {
				ys = append(ys, c)
			}
		}
	}
	slices.Sort(ys)
	slices.Reverse(ys)
	return ys
}

// read answers fq from the tables fr has read, none cited yet.
func (f *Figure) read(fr *figureReader, fq figureQuestion) (r base.Reading, ok bool) {
	var res result
	var err error
	switch a, b, compares := comparedSides(f.q); {
	case fq.metric != nil:
		res, err = fr.metricAnswer(fq)
	case compares && len(fq.years) == 1 && fq.ask == askNone:
		res, err = fr.compareAnswer(fq, a, b, fq.years[0])
	default:
		res, err = fr.lookupAnswer(fq)
	}
	if err != nil {
		return base.Reading{}, false
	}
	text := res.text
	if v := verdict(fq.ask, res.first, res.last); v != "" {
		text = v + ": " + text
	}
	r = base.Reading{Answer: text, Explanation: res.how}
	for _, row := range fr.cited {
		src := fr.sources[row.src]
		r.Quotes = append(r.Quotes, base.Quote{Text: sentences.OneLine(src.Text[row.row.Start:row.row.End]), Doc: src.Doc, Page: src.Page})
	}
	return r, true
}

// Ranks reports whether f names the rows and years that [Figure.RowsHeld]
// counts; a question without them gives nothing to order pages by.
func (f *Figure) Ranks() bool {
	return len(f.rowNames()) > 0 && len(f.fq.years) > 0
}

// RowsHeld reports, for each row f needs, whether the tables of page
// hold it in one of the question's years.
func (f *Figure) RowsHeld(page base.Source) []bool {
	fr := newFigureReader([]base.Source{page}, f.ms, &f.rows, f.par)
	// as Read reads them: amounts, and a look-up's row named by the
	// question's words too
	fr.amounts = f.fq.readsAmounts()
	var own []string
	if f.fq.metric == nil {
		own = f.fq.own
	}
	var held []bool
	for _, names := range f.rowNames() {
		held = append(held, slices.ContainsFunc(f.fq.years, func(y string) bool { _, err := fr.find(names, own, y); return err == nil }))
	}
	return held
}

// rowNames lists the rows f needs, each as its names: a look-up's items,
// or the items of the metric it computes.
func (f *Figure) rowNames() [][]string {
	if f.fq.metric == nil {
		return f.fq.items
	}
	var need [][]string
	for _, it := range f.fq.metric.Items {
		need = append(need, synonyms.Of(it))
	}
	return need
}

// readsAmounts reports whether the cells fq is read from are amounts, no
// percent cells: a metric's items, and any look-up but a percent's.
func (fq figureQuestion) readsAmounts() bool { return fq.metric != nil || !fq.percent }

// result is a figure answer: its text, how it was found, and the figures
// of the first and last year it read.
type result struct {
	text, how   string
	first, last *big.Rat
}

// verdict answers a yes-or-no question from the figure of the first and
// last year: whether it rose, fell or is above or below zero; "" when
// the question asks none of that.
func verdict(ask asking, first, last *big.Rat) string {
	yes := func(b bool) string {
		if b {
			return "Yes"
		}
		return "No"
	}
	switch ask {
	case askUp:
		return yes(last.Cmp(first) > 0)
	case askDown:
		return yes(last.Cmp(first) < 0)
	case askWay:
		return [...]string{"Decreased", "Unchanged", "Increased"}[last.Cmp(first)+1]
	case askPositive:
		return yes(last.Sign() > 0)
	case askNegative:
		return yes(last.Sign() < 0)
	}
	return ""
}

// writer returns how a metric's value is written, and the decimals it
// is rounded to (fewer where the table states fewer): a percent with
// two decimals unless the question asks otherwise, and a sum or
// difference of amounts as an amount, written as the table writes its
// figures ("$47,237 million").
func (r *figureReader) writer(fq figureQuestion) (func(v *big.Rat, dec int) string, int) {
	dec := fq.decimals
	if dec < 0 {
		dec = 2
	}
	if fq.percent || strings.ContainsAny(fq.metric.Formula, "*/") {
		unit := ""
		if fq.percent {
			unit = "%"
		}
		return func(v *big.Rat, dec int) string { return fmtRat(v, dec) + unit }, dec
	}
	if fq.decimals < 0 {
		dec = 0
	}
	return func(v *big.Rat, dec int) string {
		cur, scale := r.units()
		if cur == "" && fq.dollars {
			cur = "$"
		}
		v, dec, scale = inScale(v, dec, scale, fq) // "How much (in USD billions) ...", as a look-up's
		out := cur + fmtRat(new(big.Rat).Abs(v), dec)
		if scale != "" {
			out += " " + strings.TrimSuffix(scale, "s")
		}
		if strings.HasPrefix(fmtRat(v, dec), "-") {
			out = "-" + out
		}
		return out
	}, dec
}

// units returns the currency and the scale the cited rows write their
// figures in.
func (r *figureReader) units() (currency, scale string) {
	for _, fr := range r.cited {
		if currency == "" {
			currency = fr.row.Currency
		}
		if scale == "" {
			scale = fr.row.Scale
		}
	}
	return currency, scale
}

// scales lists the scales of the cited rows, each once.
func (r *figureReader) scales() []string {
	var out []string
	for _, fr := range r.cited {
		if s := fr.row.Scale; s != "" && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// stated returns a metric's figure in year where a table states it in a
// row of its own ("Effective income tax rate (0.6) % 14.8 %"): a percent
// for a metric given in percent; an amount for a metric that is a sum or
// difference of amounts (amount), in a row its name labels outright
// ("Total debt $57,001": the sum of its parts is stated, and a part
// read from another table would count twice); else a small figure in no
// currency (a ratio, not the amount a "Gross margin" row of dollars
// holds). The row is the caller's to cite.
func (r *figureReader) stated(names []string, percent, amount bool, year string) (v *big.Rat, decimals int, row figureRow, ok bool) {
	f, err := r.find(names, nil, year)
	if err != nil || f.cell.Value == nil {
		return nil, 0, row, false
	}
	small := new(big.Rat).Abs(f.value).Cmp(big.NewRat(100, 1)) < 0
	switch {
	case percent != f.cell.Percent:
		return nil, 0, row, false
	case !percent && amount:
		if f.cell.Percent || !labelsOutright(f.row.terms, names) {
			return nil, 0, row, false
		}
	case !percent && (f.row.row.Currency != "" || !small):
		return nil, 0, row, false
	}
	return f.value, decimalsOf(f.cell.Text), f.row, true
}

// labelsOutright reports whether a row label's terms lt are one of
// names' terms, no more and no fewer ("Total debt" for "total debt").
func labelsOutright(lt []string, names []string) bool {
	for _, n := range names {
		if pt := phraseTerms(n); rowMatch(lt, pt) == 1 && len(pt) == len(lt) {
			return true
		}
	}
	return false
}

// lookupAnswer reads an item's cell in the year asked, or its average
// or change over the years asked.
func (r *figureReader) lookupAnswer(fq figureQuestion) (result, error) {
	r.amounts = fq.readsAmounts() // "total revenue" is no "% to Sales 23.5%"
	defer func() { r.amounts = false }()
	names := fq.item()
	get := func(y string) (figure, error) { return r.use(names, fq.own, y) }
	label := func(f figure) string { return fmt.Sprintf("%q, column %s", f.row.row.Label, f.year) }
	switch {
	case fq.change:
		first, last := fq.span()
		f1, err := get(first)
		if err != nil {
			return result{}, err
		}
		f2, err := get(last)
		if err != nil {
			return result{}, err
		}
		d := new(big.Rat).Sub(f2.value, f1.value)
		dv, ddec, _ := inScale(d, decimalsOf(f2.cell.Text), f2.row.row.Scale, fq) // in the figures' scale
		out := fmt.Sprintf("%s in %s, %s in %s (change %s", r.signedAmount(f1, fq), first, r.signedAmount(f2, fq), last, signed(dv, ddec))
		if f1.value.Sign() != 0 {
			pct := percentOf(d, new(big.Rat).Abs(f1.value))
			out += fmt.Sprintf(", %s%%", signed(pct, 1))
		}
		out += ")"
		return result{out, fmt.Sprintf("Read from the cited table rows (no language model): %s and %s.", label(f1), label(f2)), f1.value, f2.value}, nil
	case fq.average || fq.sum:
		sum := new(big.Rat)
		var last figure
		var each []string
		for _, y := range fq.years {
			f, err := get(y)
			if err != nil {
				return result{}, err
			}
			sum.Add(sum, f.value)
			each = append(each, fmt.Sprintf("%s %s", y, f.cell.Text))
			last = f
		}
		if fq.sum {
			last.value = sum
			last.cell.Text = fmtRat(sum, decimalsOf(last.cell.Text))
			return result{fmt.Sprintf("%s (%s to %s)", r.amount(last, fq), fq.years[0], fq.years[len(fq.years)-1]), fmt.Sprintf("Read from the cited table rows (no language model): the sum of %q over %s (%s).", last.row.row.Label, strings.Join(fq.years, ", "), strings.Join(each, "; ")), sum, sum}, nil
		}
		avg := sum.Quo(sum, big.NewRat(int64(len(fq.years)), 1))
		last.value = avg
		last.cell.Text = fmtRat(avg, 2)
		return result{r.amount(last, fq), fmt.Sprintf("Read from the cited table rows (no language model): the average of %q over %s.", last.row.row.Label, strings.Join(fq.years, ", ")), avg, avg}, nil
	}
	y := fq.years[0]
	f, err := get(y)
	if err != nil {
		return result{}, err
	}
	out := fmt.Sprintf("%s (%s)", r.amount(f, fq), y)
	if f.value.Sign() < 0 {
		sign := "-" // a decrease, a loss: the figure below zero
		if len(names) > 0 && outflow(names[0]) || outflow(f.row.row.Label) {
			sign = "" // what was spent, which the table writes in brackets
		}
		out = fmt.Sprintf("%s%s (%s; %s in the table)", sign, r.amount(f, fq), y, f.cell.Text)
	}
	return result{out, fmt.Sprintf("Read from the cited table row (no language model): %s.", label(f)), f.value, f.value}, nil
}

// amount writes a looked-up figure's magnitude in the question's unit
// where it names one: "$1,577 million".
func (r *figureReader) amount(f figure, fq figureQuestion) string {
	v := new(big.Rat).Abs(f.value)
	dec := decimalsOf(f.cell.Text)
	scale := f.row.row.Scale
	if rePerShare.MatchString(f.row.row.Label) || slices.ContainsFunc(fq.item(), perShare) {
		scale = "" // "(In millions, except per share amounts)"
	}
	v, dec, scale = inScale(v, dec, scale, fq)
	out := fmtRat(v, dec)
	if f.cell.Percent {
		return out + "%"
	}
	switch {
	case f.row.row.Currency != "":
		out = f.row.row.Currency + out
	case fq.dollars:
		out = "$" + out
	}
	if scale != "" {
		out += " " + strings.TrimSuffix(scale, "s")
	}
	return out
}

// signedAmount is [figureReader.amount] with its sign: the figures of a
// change are read as the table signs them ("-$3,547 million", a loss
// from operations), as the change between them is.
func (r *figureReader) signedAmount(f figure, fq figureQuestion) string {
	if f.value.Sign() < 0 {
		return "-" + r.amount(f, fq)
	}
	return r.amount(f, fq)
}

// perShare reports whether an item's name is an amount per share
// ("diluted earnings per share", "EPS"): a row labelled "Diluted" under
// "Earnings per share:" writes no "per share" of its own.
func perShare(name string) bool {
	return rePerShare.MatchString(name) || strings.EqualFold(strings.TrimSpace(name), "eps")
}

// inScale returns v, a figure written in scale, in the scale the
// question asks for where it names another ("in USD billions" of a table
// in millions), with the decimals to write it with (those asked, else
// two) and the scale it is then in; else v, dec and scale as they are.
func inScale(v *big.Rat, dec int, scale string, fq figureQuestion) (*big.Rat, int, string) {
	if fq.scale == "" || scale == "" || fq.scale == scale {
		return v, dec, scale
	}
	if dec = fq.decimals; dec < 0 {
		dec = 2
	}
	return new(big.Rat).Mul(v, big.NewRat(scaleFactor(scale), scaleFactor(fq.scale))), dec, fq.scale
}

// rePerShare marks a row of amounts per share, which a statement's scale
// ("in millions, except per share amounts") leaves out.
var rePerShare = lazyre.New(`(?i)\bper\s+(?:common\s+|ordinary\s+|diluted\s+|basic\s+)?share\b|\bper\s+ADS\b`)

func scaleFactor(s string) int64 {
	switch s {
	case "thousands":
		return 1e3
	case "millions":
		return 1e6
	case "billions":
		return 1e9
	}
	return 1
}

// decimalsOf counts the decimals a figure is written with.
func decimalsOf(s string) int {
	s = strings.TrimRight(s, ")% ")
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		return len(s) - i - 1
	}
	return 0
}

// latest returns the latest of years.
func latest(years []string) string {
	y := years[0]
	for _, x := range years[1:] {
		if atoi(x) > atoi(y) {
			y = x
		}
	}
	return y
}

// fmtRat writes v rounded half away from zero to dec decimals, with
// thousands separators.
func fmtRat(v *big.Rat, dec int) string {
	s := v.FloatString(dec) // rounds half away from zero
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	intPart, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	for i, r := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	out := b.String()
	if frac != "" {
		out += "." + frac
	}
	if neg && strings.Trim(out, "0.,") != "" {
		out = "-" + out
	}
	return out
}

// exact writes an operand as it is, with no more decimals than it has
// (up to six): "1,486,843", "987.1", "0.25".
func exact(v *big.Rat) string {
	s := fmtRat(v, 6)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

// signed writes v with its sign always shown: "+3.0", "-2,500".
func signed(v *big.Rat, dec int) string {
	s := fmtRat(v, dec)
	if !strings.HasPrefix(s, "-") {
		s = "+" + s
	}
	return s
}

// ReadFigureOf reads a table figure. When the tables lack it, it leaves
// the metric or item asked for, which a sentence must then state.
func ReadFigureOf(q *inquiry.Question, in *sentences.Context) base.Outcome {
	f, ok := FigureOf(q, in.Par())
	if !ok {
		if m := namedMetric(q.Stripped, standardMetrics(), in.Par()); m != nil && reFigureQ.MatchString(q.Text) && !reNotFigureQ.MatchString(q.Lead) {
			// "What is the quick ratio at the end of the quarter?" names
			// no year the tables could be read in: a sentence answers only
			// if it states the ratio
			in.Metric = m.Names
		}
		return base.Declined(base.NotAsked)
	}
	if r, ok := f.Read(in.P.Sources); ok {
		return base.Took(r.Covering(1))
	}
	if f.fq.metric != nil {
		in.Metric = f.fq.metric.Names
	}
	if f.fq.metric == nil && !f.fq.percent {
		in.Item = f.fq.item()
	}
	return base.Declined("the tables of the pages lack a figure it needs")
}

// TakeTable takes a figure question ([ParseFigure]), read with the
// question's metrics. A question that asks a difference is not answered
// by one figure: a reading of one quote leaves it to the next reader.
func TakeTable(q *inquiry.Question, par base.Params) (base.ReadPages, string) {
	return base.TakeParsed(q, func(q *inquiry.Question) (base.ReadPages, bool) {
		f, ok := FigureOf(q, par)
		if !ok {
			return nil, false
		}
		if !sentences.AsksDifference(q.Asked) {
			return f.Read, true
		}
		return func(pages []base.Source) (base.Reading, bool) {
			r, ok := f.Read(pages)
			return r, ok && len(r.Quotes) != 1
		}, true
	})
}

// FigureOf is what q asks of a table ([ParseFigure], with q's metrics
// and par), parsed once however many stages ask: the ranking of pages,
// the reader of whole pages and the window's figure reader. It is a
// third of a millisecond a question. Asked again with other numbers
// than the first time, it parses again.
func FigureOf(q *inquiry.Question, par base.Params) (*Figure, bool) {
	type parsed struct {
		par base.Params
		f   *Figure
		ok  bool
	}
	p := q.Derived("reader.figure", func() any {
		f, ok := ParseFigure(q, par)
		return parsed{par, f, ok}
	}).(parsed)
	if p.par != par {
		p.f, p.ok = ParseFigure(q, par)
	}
	return p.f, p.ok
}
