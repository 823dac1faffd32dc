package tables

import (
	"errors"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"sync"

	"docqa/internal/inquiry"
	"docqa/internal/lazyre"
	"docqa/internal/metrics"
	"docqa/internal/synonyms"
	textterms "docqa/internal/terms"
	"docqa/reader/base"
	"docqa/reader/sentences"
)

// figureQuestion is what a question asks of the tables of a page: a
// statement item looked up in a year's column ("What is the FY2018
// capital expenditure for 3M?"), a metric computed from items ("What is
// Corning's FY2021 operating margin?"), their average over years or
// their change between two.
type figureQuestion struct {
	years    []string        // the years named, in order, a range ("FY2017 - FY2019") written out
	metric   *metrics.Metric // the metric named, nil for a look-up
	items    [][]string      // a look-up's statement items, each as its names ([synonyms.NamedItems])
	own      []string        // the question's content terms but years: a row label all of whose terms it holds is named
	scale    string          // the unit asked for: "thousands", "millions", "billions" or ""
	dollars  bool            // the question asks in dollars
	percent  bool            // the answer is a percentage
	decimals int             // the decimals asked for, -1 when the question says not
	average  bool            // the mean over the years
	sum      bool            // the total over a range of years ("FY2020 - FY2022 total D&A")
	fullYear bool            // a fiscal year's or a year to date's figure is asked ("FY2022", "full year", "six months ended"), no quarter's
	change   bool            // the change from the first year to the last
	ask      asking          // what a yes-or-no question asks of the figure
	// latest: the question names no year but the latest period ("for
	// the latest quarter"): the latest year the tables show a figure in
	latest bool
}

// asking is what a yes-or-no question asks of a figure.
type asking int

const (
	askNone     asking = iota
	askUp              // did it rise ("improved", "increased")
	askDown            // did it fall
	askWay             // which way did it go ("improved or declined")
	askPositive        // is it above zero
	askNegative
)

var (
	reYearRange = lazyre.New(`(?i)\b((?:19|20)\d\d)\s*(?:-|–|to|through)\s*(?:FY\s*)?((?:19|20)\d\d)\b`)
	reScaleQ    = lazyre.New(`(?i)\bin\s+(?:(?:US\$|USD|\$|US dollars?|dollars?)\s+)?(thousands|millions|billions)\b`)
	reDecimals  = lazyre.New(`(?i)\b(?:to|at)\s+(one|two|three|four|\d)\s+decimal`)
	reWholeQ    = lazyre.New(`(?i)\bnearest (?:whole|integer)|\bwhole (?:number|percent)`)
	reAverageQ  = lazyre.New(`(?i)\baverage\b|\bmean\b`)
	reRangeSumQ = lazyre.New(`(?i)\b(?:total|sum|cumulative|combined|aggregate)\b`)
	reChangeQ   = lazyre.New(`(?i)\b(?:change[sd]?|increased?|decreased?|grow(?:th|n)?|grew|improv(?:e|ed|ing)|declin(?:e|ed|ing)|compare[sd]?)\b`)
	// reFigureQ asks for a figure, reNotFigureQ for reasons, a choice
	// or a yes or no, which a figure alone does not answer.
	reFigureQ    = lazyre.New(`(?i)\b(?:what (?:is|was|were|are|will be)|how much|calculate|compute)\b|\bhow (?:does|did|do|has|have)\b.*\b(?:compare|change)`)
	reNotFigureQ = lazyre.New(`(?i)\b(?:why|drove|drive[sn]?|drivers?|factors?|reasons?|caused?|nature|purpose|which|explain|describe)\b|` +
		// a figure adjusted from the statements' ("excluding FX",
		// "organic", "non-GAAP"), which their rows do not hold
		`\b(?:exclud\w*|adjusted|organic(?:ally)?|non-gaap|pro forma|real change|real growth|constant currency)\b`)
	reSignQ   = lazyre.New(`(?i)\b(positive|negative)\b`)
	reDollarQ = lazyre.New(`(?i)\$|\bUSD\b|\bdollars?\b`)
	// reLatestQ asks for the latest period a document reports on: "the
	// latest quarter", "the most recent 10-Q filing".
	reLatestQ = lazyre.New(`(?i)\b(?:latest|most recent|current|last reported)\s+(?:fiscal\s+)?(?:quarter|year|period|quarterly period|three months|(?:form\s+)?10-?[qk]\b|(?:quarterly|annual)\s+(?:filing|report)|filing|report)`)
	reAmountQ = lazyre.New(`(?i)\b(?:amount|how much|value|total|figure|balance)\b|\$|\bUSD\b|\bin\s+(?:USD\s+)?(?:thousands|millions|billions)\b`)
)

// statedMetric reads a formula that text, a question's wording, states ("DPO is defined as:
// 365 * (average accounts payable between FY2019 and FY2020) / (FY2020
// COGS + change in inventory between FY2019 and FY2020)"), which takes
// the place of any standard one, and returns text without it. The years of
// the formula are the question's: "FY2020 COGS" is the cost of goods
// sold of the year asked about, "average X between FY2019 and FY2020" the
// mean of its two years, "change in X between ..." the second less the
// first. A formula docqa cannot read is left in text, as if not stated.
func statedMetric(text string) (*metrics.Metric, string) {
	loc := reDefinedAs.FindStringSubmatchIndex(text)
	if loc == nil {
		loc = reDefineAs.FindStringSubmatchIndex(text)
	}
	if loc == nil {
		return nil, text
	}
	name := strings.TrimSpace(text[loc[2]:loc[3]])
	formula := reBetweenYears.ReplaceAllString(text[loc[4]:loc[5]], "")
	formula = reFormulaYear.ReplaceAllString(formula, "")
	formula = strings.NewReplacer("×", "*", "÷", "/", "−", "-", "–", "-").Replace(formula)
	formula = reWordOp.ReplaceAllStringFunc(formula, func(op string) string {
		return " " + wordOps[strings.ToLower(strings.Join(strings.Fields(op), " "))] + " "
	})
	formula = strings.Join(strings.Fields(formula), " ")
	formula = strings.NewReplacer("( ", "(", " )", ")").Replace(formula)
	if !strings.ContainsAny(formula, "+*/") && !strings.Contains(formula, " - ") {
		return nil, text // words, no arithmetic
	}
	ms, err := metrics.Parse(strings.NewReader(name + " = " + formula))
	if err != nil || len(ms) != 1 {
		return nil, text
	}
	if _, err := ms[0].Eval(func(string, bool) (*big.Rat, error) { return big.NewRat(1, 1), nil }); errors.Is(err, metrics.ErrBadFormula) {
		return nil, text
	}
	return &ms[0], text[:loc[0]] + " " + strings.TrimPrefix(text[loc[5]:], ".")
}

var (
	// reDefinedAs is a sentence that states a formula: "DPO is defined
	// as: ...", up to the end of its sentence.
	reDefinedAs = lazyre.New(`(?i)` + definedName + ` (?:is|are) (?:defined|calculated|computed) as:? ` + definingFormula)
	// reDefineAs is the same, said as a request: "Define working
	// capital ratio as total current assets divided by total current
	// liabilities."
	reDefineAs = lazyre.New(`(?i)\bdefine ` + definedName + ` as:? ` + definingFormula)
	// reWordOp is an operation a formula says in words, wordOps its sign.
	reWordOp = lazyre.New(`(?i)\s+(?:divided\s+by|multiplied\s+by|times|plus|minus)\s+`)
	// reBetweenYears is the span of years a formula's item is taken
	// over: "between FY2019 and FY2020".
	reBetweenYears = lazyre.New(`(?i)\s+(?:between|from) (?:FY\s?)?(?:19|20)\d\d (?:and|to) (?:FY\s?)?(?:19|20)\d\d`)
	// reFormulaYear is a year that qualifies an item: "FY2020 COGS".
	reFormulaYear = lazyre.New(`(?i)\b(?:FY\s?)?(?:19|20)\d\d\b`)
)

// definedName is the name a stated formula defines, a few words;
// definingFormula its formula, up to the end of its sentence.
const (
	definedName     = `([A-Za-z][\w&'’%-]*(?: [\w&'’%()-]+){0,5}?)`
	definingFormula = `(.+?)(?:\.\s+[A-Z]|\.?\s*$)`
)

var wordOps = map[string]string{"divided by": "/", "multiplied by": "*", "times": "*", "plus": "+", "minus": "-"}

// readFigureQuestion tells what question asks of a table, knowing the metrics
// ms (nil: the standard ones); ok is false when it asks for no figure of
// a year a table could hold.
func readFigureQuestion(question *inquiry.Question, ms []metrics.Metric, par base.Params) (fq figureQuestion, ok bool) {
	if reNotFigureQ.MatchString(question.Lead) {
		return fq, false
	}
	q := metrics.Unjoin(question.Text, metricsOr(ms))
	stated, q := statedMetric(q)
	folded := textterms.Fold(q)
	fq.decimals = -1
	fq.years = questionYears(folded)
	fq.latest = len(fq.years) == 0 && reLatestQ.MatchString(q)
	if sentences.ReYesNoQ.MatchString(q) {
		up, down := sentences.ReUpQ.MatchString(q), sentences.ReDownQ.MatchString(q)
		switch {
		case up && !down:
			fq.ask = askUp
		case down && !up:
			fq.ask = askDown
		case up && down:
			fq.ask = askWay
		}
		if m := reSignQ.FindString(q); m != "" && fq.ask == askNone {
			fq.ask = askPositive
			if strings.EqualFold(m, "negative") {
				fq.ask = askNegative
			}
		}
		if fq.ask == askNone || len(fq.years) == 0 {
			return fq, false
		}
		if fq.ask <= askWay && len(fq.years) == 1 { // "as of FY2022": against the year before
			fq.years = []string{strconv.Itoa(atoi(fq.years[0]) - 1), fq.years[0]}
		}
	} else if !reFigureQ.MatchString(q) {
		return fq, false
	}
	if m := reScaleQ.FindStringSubmatch(q); m != nil {
		fq.scale = strings.ToLower(m[1])
	}
	if m := reDecimals.FindStringSubmatch(q); m != nil {
		fq.decimals = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4}[strings.ToLower(m[1])]
		if n, err := strconv.Atoi(m[1]); err == nil {
			fq.decimals = n
		}
	} else if reWholeQ.MatchString(q) {
		fq.decimals = 0
	}
	fq.percent = sentences.RePercentQ.MatchString(q)
	fq.dollars = reDollarQ.MatchString(q)
	fq.average = reAverageQ.MatchString(q) && len(fq.years) >= 2
	fq.change = !fq.average && len(fq.years) >= 2 && (reChangeQ.MatchString(q) || fq.ask != askNone && fq.ask <= askWay)
	fq.sum = !fq.average && !fq.change && len(fq.years) >= 2 && reYearRange.MatchString(folded) && reRangeSumQ.MatchString(q)
	fq.fullYear = reFullYearQ.MatchString(inquiry.Asked(q)) && !reQuarterWordQ.MatchString(inquiry.Asked(q)) || reYearToDateQ.MatchString(inquiry.Asked(q))
	m := stated
	if m == nil {
		m = namedMetric(q, metricsOr(ms), par)
	}
	if m == nil {
		m = shareOf(q)
	}
	if m != nil {
		fq.metric = m
		name := strings.ToLower(m.Names[0])
		fq.percent = fq.percent || strings.Contains(name, "margin") || strings.Contains(name, "rate") || strings.Contains(name, "percent") || strings.Contains(name, "%")
		return fq, len(fq.years) > 0 || fq.latest
	}
	if len(fq.years) == 0 && !fq.latest {
		return fq, false
	}
	fq.own, fq.items = rowNamesOf(q)
	if len(fq.items) > 0 {
		return fq, true
	}
	return fq, reAmountQ.MatchString(q) && len(fq.own) > 0
}

// item returns the names of the first statement item fq names, or nil.
func (fq figureQuestion) item() []string {
	if len(fq.items) == 0 {
		return nil
	}
	return fq.items[0]
}

// reFullYearQ asks a fiscal year's figure: "FY2022", "fiscal 2022",
// "full year", "annual"; reQuarterWordQ a quarter's or a part of a year's.
var (
	reFullYearQ    = lazyre.New(`(?i)\bFY\s?'?\d{2,4}\b|\bfiscal(?:\s+year)?\s+\d{4}\b|\bfull[- ]year\b|\bannual\b|\btwelve months\b`)
	reQuarterWordQ = lazyre.New(`(?i)\bQ[1-4]\b|\bquarter|\b(?:three|six|nine) months\b|\bH[12]\b|\bhalf\b`)
	// reYearToDateQ asks for a year to date's figure, which a quarterly
	// report sets after the quarter's (Regulation S-X, Rule 10-01(c):
	// "Three Months Ended ... Six Months Ended ..."): its year's last
	// column, as a full year's is in an earnings release.
	reYearToDateQ = lazyre.New(`(?i)\b(?:six|nine)[- ]months?\b|\byear[- ]to[- ]date\b`)
)

// timeWords say when, not what: "the year end FY2022 inventories" names
// no row "End of year" of a table of tax benefits.
var timeWords = map[string]bool{"year": true, "end": true, "quarter": true, "period": true, "fiscal": true, "month": true, "begin": true, "annual": true, "quarterli": true, "week": true, "latest": true}

// rowNamesOf returns what text, a question's wording, names rows by: its content terms but years
// and periods, and the statement items it names, each as its names
// ([synonyms.NamedItems]).
func rowNamesOf(text string) (own []string, items [][]string) {
	var statements []string // the words of the statements q names: "cash" of "the cash flow statement" names no row
	for _, names := range synonyms.NamedItems(inquiry.SearchText(text)) {
		if statementName(names) {
			statements = append(statements, textterms.Of(names[0])...)
			continue
		}
		items = append(items, names)
	}
	for _, t := range textterms.Of(inquiry.SearchText(text)) {
		if !sentences.ReYearQ.MatchString(t) && !sentences.PeriodMarker(t) && !timeWords[t] && !slices.Contains(own, t) && !slices.Contains(statements, t) {
			own = append(own, t)
		}
	}
	return own, items
}

// span returns the first and last of the years asked, earlier first:
// the two years a change runs between.
func (fq figureQuestion) span() (first, last string) {
	first, last = fq.years[0], fq.years[len(fq.years)-1]
	if atoi(first) > atoi(last) {
		first, last = last, first
	}
	return first, last
}

// questionYears returns the years of folded, a question's wording
// folded ([textterms.Fold]), in order, each once; "2017 - 2019" adds 2018.
func questionYears(folded string) []string {
	var out []string
	add := func(y string) {
		if !slices.Contains(out, y) {
			out = append(out, y)
		}
	}
	ranges := reYearRange.FindAllStringSubmatchIndex(folded, -1)
	for _, loc := range sentences.ReYearQ.FindAllStringIndex(folded, -1) {
		y := folded[loc[0]:loc[1]]
		for _, r := range ranges {
			if loc[0] == r[4] { // the end of a range: the years between first
				from, _ := strconv.Atoi(folded[r[2]:r[3]])
				to, _ := strconv.Atoi(y)
				for k := from + 1; k < to && to-from <= 10; k++ {
					add(strconv.Itoa(k))
				}
			}
		}
		add(y)
	}
	return out
}

// statementName reports whether a synonym group names a whole statement
// ("cash flow statement", "balance sheet") rather than an item of one.
func statementName(names []string) bool {
	for _, n := range names {
		n = strings.ToLower(n)
		if strings.Contains(n, "statement") || strings.Contains(n, "sheet") {
			return true
		}
	}
	return false
}

// reShareQ matches "A as a percent of B": a ratio the question defines.
var reShareQ = lazyre.New(`(?i)([a-z][a-z ,&'-]*?)\s+as an?\s+(percent(?:age)?|%|share|proportion|ratio|fraction)\s+of\s+(?:the\s+|its\s+|total\s+)*([a-z][a-z ,&'-]*?)(?:\s+(?:in|for|at|between|during|from|over|as|of)\b|[?.;]|$)`)

// reMarginOfQ is an item's margin, a percent of revenue, in the words
// analysts write it: "COGS % margin", "SG&A percent margin"; its group
// is the item, after the words before it that are no part of it.
var reMarginOfQ = lazyre.New(`(?i)(?:^|\b(?:the|its|their)\s+|'s\s+|’s\s+)(?:FY\s?(?:19|20)\d\d\s+)?([a-z][a-z ,&'-]*?)\s+(?:%|percent(?:age)?)\s+margin\b`)

// shareOf returns the ratio text, a question's wording, defines as "A as a percent of B"
// ("wages expense as a percent of net sales"), or nil. A starts after the
// last owner ("Ulta Beauty's") or article before it.
func shareOf(text string) *metrics.Metric {
	m := reShareQ.FindStringSubmatch(text)
	if m == nil {
		// "the FY2022 COGS % margin": a cost or an income as a
		// percent of revenue, as a margin is
		mm := reMarginOfQ.FindStringSubmatch(text)
		if mm == nil {
			return nil
		}
		m = []string{mm[0], mm[1], "percent", "revenue"}
	}
	a := m[1]
	for _, cut := range []string{"'s ", "’s ", " the ", " of ", " its ", " their "} {
		if i := strings.LastIndex(a, cut); i >= 0 {
			a = a[i+len(cut):]
		}
	}
	b := m[3]
	for { // "net sales increase": the verb is the question's
		f := strings.Fields(b)
		if len(f) < 2 || !reChangeQ.MatchString(f[len(f)-1]) && !sentences.ReUpQ.MatchString(f[len(f)-1]) && !sentences.ReDownQ.MatchString(f[len(f)-1]) {
			break
		}
		b = strings.Join(f[:len(f)-1], " ")
	}
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	if len(textterms.Of(a)) == 0 || len(textterms.Of(b)) == 0 {
		return nil
	}
	name := a + " as a " + m[2] + " of " + b
	if strings.EqualFold(m[2], "ratio") || strings.EqualFold(m[2], "fraction") {
		name = a + " to " + b
	}
	return &metrics.Metric{Names: []string{name}, Formula: a + " / " + b, Items: []string{a, b}}
}

// standardMetrics are the definitions docqa ships, read on first use.
var standardMetrics = sync.OnceValue(metrics.Standard)

// metricsOr returns ms, or the standard metrics when ms is nil.
func metricsOr(ms []metrics.Metric) []metrics.Metric {
	if ms == nil {
		return standardMetrics()
	}
	return ms
}

// namedMetric returns the metric whose name or alias text, a
// question's wording, holds, the
// longest such name winning, or nil.
func namedMetric(text string, ms []metrics.Metric, par base.Params) *metrics.Metric {
	qt := textterms.Of(text)
	var best *metrics.Metric
	n := 0
	for i := range ms {
		for _, name := range ms[i].Names {
			nt := textterms.Of(name)
			if len(nt) > n && inOrder(qt, nt, par) {
				best, n = &ms[i], len(nt)
			}
		}
	}
	return best
}

// inOrder reports whether s holds the terms of name in order, each
// within [base.Params.MaxGap] terms of the one before.
func inOrder(s, name []string, par base.Params) bool {
	for i, t := range s {
		if t != name[0] {
			continue
		}
		k, last := 1, i
		for j := i + 1; j < len(s) && k < len(name) && j-last <= par.MaxGap+1; j++ {
			if s[j] == name[k] {
				k, last = k+1, j
			}
		}
		if k == len(name) {
			return true
		}
	}
	return false
}
