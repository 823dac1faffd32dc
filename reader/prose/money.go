package prose

import (
	"fmt"
	"strings"

	"docqa/internal/inquiry"
	"docqa/internal/lazyre"
	"docqa/reader/sentences"
)

// A question that asks for money ("How much did it cost in dollars to
// train Qwen2-72B?") is not answered by a sentence whose figures are no
// money: "... outperform Qwen1.5-72B by 10.0 and 17.0 percentage points"
// holds a number beside the question's words, but not a price.

// reMoneyQ asks for an amount of money: in a currency, or what a thing
// cost, paid or spent.
var reMoneyQ = lazyre.New(`(?i)\bin (?:dollars|usd|euros?|pounds|yen)\b|\bhow much\b[^?]*\b(?:cost|costs|paid|pay|spend|spent|charge|charged|price)\b`)

// moneyWords name a currency in a sentence.
var moneyWords = sentences.WordSet("dollar dollars usd eur euro euros gbp pound pounds yen jpy cny rmb")

// holdsMoney reports whether s writes an amount of money: a currency
// sign or a currency's name.
func holdsMoney(s string) bool {
	if strings.ContainsAny(s, sentences.CurrencySigns) {
		return true
	}
	return sentences.NamesKind(s, moneyWords)
}

// CheckNoMoney: the question asks for money, and the best sentence
// writes none.
func CheckNoMoney(q *inquiry.Question, b best) string {
	if !reMoneyQ.MatchString(q.Asked) || holdsMoney(b.text()) {
		return ""
	}
	return fmt.Sprintf("The question asks for an amount of money; the sentence that best matches it (%s) writes none.", b.where())
}
