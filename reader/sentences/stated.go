package sentences

import (
	"docqa/internal/lazyre"
	textterms "docqa/internal/terms"
	"fmt"
	"slices"
)

// Unstated says why sentence i does not answer a question of a metric
// (names) or of an item's amount (item) that the tables could not give,
// or returns "" when it does, or when neither was asked.
func (p *Pool) Unstated(i int, metric, item []string) string {
	s, ts, src := SentText(p, i), p.Sents[i].Terms, p.Sources[p.Sents[i].Src]
	switch {
	case metric != nil && !(namesMetric(ts, metric) && StatesFigure(s)):
		return fmt.Sprintf("The question asks for the %s, which the retrieved tables do not give the figures for, and the sentence that best matches it (p. %d of %s) does not state it.", metric[0], src.Page, src.Doc)
	case item != nil && !(namesMetric(ts, item) && statesAmount(s)):
		return fmt.Sprintf("The question asks for the amount of %s, which the retrieved tables do not give, and the sentence that best matches it (p. %d of %s) does not state it.", item[0], src.Page, src.Doc)
	}
	return ""
}

// namesMetric reports whether a sentence of terms ts names the metric by
// one of names: a sentence that states a metric the tables cannot give
// names it ("Inventory turnover was 12.3 times").
func namesMetric(ts termSet, names []string) bool {
	for _, n := range names {
		nt := textterms.Of(n)
		if len(nt) > 0 && !slices.ContainsFunc(nt, func(t string) bool { return !ts.Has(t) }) {
			return true
		}
	}
	return false
}

// StatesFigure reports whether sentence s states a figure, a date's
// year and day aside: "near break-even gross margins at December 31,
// 2022" states none.
func StatesFigure(s string) bool {
	s = reMonthDay.ReplaceAllString(s, " ")
	return slices.ContainsFunc(numberWords(numberFields(s)), func(n numberWord) bool { return !isYear(n.n) })
}

// statesAmount reports whether sentence s states an amount, not only
// shares or years: "67% of total revenue for fiscal 2024" states none.
func statesAmount(s string) bool { return reAmount.MatchString(s) }

// reMonthDay is a date's month and day: "December 31", "Dec. 31,".
var reMonthDay = lazyre.New(`(?i)\b` + monthNames + `\.?\s+\d{1,2}\b,?`)

// reAmount is an amount in a sentence: a figure with a currency sign, a
// scale word, or thousands separators.
var reAmount = lazyre.New(`(?i)[` + CurrencySigns + `]\s?\d|\d\s*(?:thousand|million|billion|trillion)\b|\b\d{1,3}(?:,\d{3})+\b`)
