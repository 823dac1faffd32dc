package tables

import (
	"slices"
	"strings"

	"docqa/internal/lazyre"
	textterms "docqa/internal/terms"
	"docqa/reader/base"
)

// How a row's label names an item: by the item's names (the synonyms of
// the question's item or of a metric's), by the question's own words,
// qualified as the question qualifies it, and weighed by what kind of
// row it is (a total, the company's share, a primary statement's).

// labelMatch rates how well a label's terms lt name what the question
// asks: its own terms, or one of the item's phrases, qualified as quals
// qualify it ([qualifiedMatch]): the question's terms, and on a balance
// sheet a "net" after the item unless the question asks for a gross
// amount, since a balance sheet carries an asset at its amount net of
// depreciation or allowances ("Property, plant and equipment — net 8,738" is 3M's PP&E,
// not the gross 24,873 above it; "Property and equipment, net" is
// Costco's, not "Total property and equipment"). A "net" before the
// item ("Net revenues" of a note, "Total net sales") is no such
// qualifier ([reNetAfter]).
func labelMatch(lt, full, own, quals []string, phrases [][]string, par base.Params) float64 {
	s := ownMatch(lt, own)
	if len(phrases) > 0 && partOf(lt, phrases[0], own) {
		// "Cash and cash equivalents" is a part of "net change in cash
		// and cash equivalents", the item the question names, not it
		s = 0
	}
	if namesAlone(lt, own, phrases) {
		s = max(s, 1+0.1*float64(1+longestHeld(phrases, own)))
	}
	for _, pt := range phrases {
		s = max(s, qualifiedMatch(lt, full, pt, quals, par))
	}
	return s
}

// reNetAfter is a label whose item is qualified as net after its name:
// "Inventories, net", "Property, plant and equipment — net",
// "Receivables, net of allowances of $21".
var reNetAfter = lazyre.New(`(?i)[,—–-]\s*net\b|\bnet\s*(?:\(|$)|\bnet of\b`)

// qualifiedMatch is [rowMatch] with the label's words that qualify the
// phrase as the question does counted as the phrase's ("Property, plant
// and equipment — net" for "net PP&E": 4 of 4, not 3 of 4); each such
// word of the whole label (full, its qualifier after the comma too:
// "Trade receivables, net of allowance") scores a little more than a
// label that lacks it ("Property, plant and equipment", the gross
// amount; "Trade receivables", a cash flow statement's change in them).
func qualifiedMatch(lt, full, pt, own []string, par base.Params) float64 {
	if !standsFor(lt, pt) {
		return 0
	}
	named := func(t string) bool { return !slices.Contains(pt, t) && slices.Contains(own, t) }
	in, all := 0, 0
	for _, t := range lt {
		if named(t) {
			in++
		}
	}
	for _, t := range full {
		if named(t) {
			all++
		}
	}
	return float64(len(pt)+in)/float64(len(lt)) + float64(all)*qualifierBonus(par)
}

// standsFor reports whether a label's terms lt name the item of phrase pt
// ([rowMatch]) and no flow of it that pt does not name ([transactions]).
func standsFor(lt, pt []string) bool {
	return rowMatch(lt, pt) > 0 && !slices.ContainsFunc(lt, func(t string) bool { return transactions[t] && !slices.Contains(pt, t) })
}

// parentBonus puts the row of the item attributable to the company
// ("Net income attributable to CVS Health") before the row of the whole
// group's ("Net income", minority owners' share in it), total or not:
// the figure its earnings per share and most of its ratios are worked
// from (ASC 810 has a statement show both).
func parentBonus(p base.Params) float64 { return 2 * p.TotalBonus }

// statementBonus puts a primary statement's row before a note's or a
// segment table's that names the item alike, even a note's "Total":
// "Cash and cash equivalents $2,853" of 3M's balance sheet, not "Total
// Cash and Cash Equivalents $89" of its pension plan's assets. It weighs
// less than a qualifier the question writes or the company's own share.
func statementBonus(p base.Params) float64 { return 1.5 * p.TotalBonus }

// qualifierBonus is what each word that qualifies an item as the
// question does weighs: more than a total's bonus, so that "Property and
// equipment, net" is the net PP&E, not "Total property and equipment".
func qualifierBonus(p base.Params) float64 { return 2 * p.TotalBonus }

// reOtherSign is a label's word of one sign followed by the other in
// brackets: "income (loss)", "increase (decrease)", "expense (benefit)".
var reOtherSign = lazyre.New(`(?i)\b(?:income|earnings|profit|gains?|losses|loss|increase|decrease|expenses?|benefit)\s+\((loss|losses|income|earnings|deficit|benefit|expense|gain|gains|decrease|increase)\)`)

// otherSign returns label read with its other sign ("Net loss
// attributable to MGM" for "Net income (loss) attributable to MGM"), or
// "" when it writes none.
func otherSign(label string) string {
	if strings.IndexByte(label, '(') < 0 {
		return "" // the pattern's bracket: most labels have none
	}
	m := reOtherSign.FindStringSubmatchIndex(label)
	if m == nil {
		return ""
	}
	return label[:m[0]] + label[m[2]:m[3]] + label[m[1]:]
}

// reLossResult is a statement's result line labelled for a year of
// loss, the word "loss" where a year of profit has "income" (ASC 220
// reports one line, income or loss): "Net loss", "Net loss attributable
// to Boeing Shareholders", "Loss from operations", "Operating loss",
// "Loss before income taxes".
var reLossResult = lazyre.New(`(?i)^((?:net |operating )?)loss\b`)

// rowMatch rates how well a row label's terms lt ([labelTerms]) name an
// item phrase's terms pt: 0 unless the label holds every term of the
// phrase, else the share of the label's terms the phrase names, "total"
// not counted ("Total net revenues" is "net revenues").
func rowMatch(lt, pt []string) float64 {
	if len(lt) == 0 || len(pt) == 0 {
		return 0
	}
	for _, t := range pt {
		if !slices.Contains(lt, t) {
			return 0
		}
	}
	return float64(len(pt)) / float64(len(lt))
}

// ownMatch rates a label's terms against a question's own: 0 unless the
// label names two terms or more, all of them the question's; then more
// than any [rowMatch], a tenth more for each term.
func ownMatch(lt, own []string) float64 {
	if len(lt) < 2 {
		return 0
	}
	for _, t := range lt {
		if !slices.Contains(own, t) {
			return 0
		}
	}
	return 1 + 0.1*float64(len(lt))
}

// partOf reports whether a label's terms lt are some, not all, of the
// terms of the item name pt that the question writes (own holds them
// all).
func partOf(lt, pt, own []string) bool {
	if len(lt) >= len(pt) {
		return false
	}
	for _, t := range pt {
		if !slices.Contains(own, t) {
			return false
		}
	}
	for _, t := range lt {
		if !slices.Contains(pt, t) {
			return false
		}
	}
	return true
}

// namesAlone reports whether a one-word label lt is a word of the
// question's own that no item phrase holds: "What were iPhone net sales?"
// names the row "iPhone" of a table of net sales by category, not the
// table's total, which the item "net sales" alone would pick. It weighs
// as much as a label of its word and the item's that the question names
// ([ownMatch]): more than the item's own row.
func namesAlone(lt, own []string, phrases [][]string) bool {
	if len(lt) != 1 || !slices.Contains(own, lt[0]) || qualifiers[lt[0]] {
		return false
	}
	for _, pt := range phrases {
		if slices.Contains(pt, lt[0]) {
			return false
		}
	}
	return true
}

// transactions are the words of a label that names a flow of an item,
// not the item: "Purchases of property, plant and equipment" and
// "Property, plant and equipment additions" are no balance of PP&E,
// "Proceeds from sale of businesses" no business.
// Such a row stands for a name that says so ("purchases of property and
// equipment", a name of capital expenditure).
var transactions = map[string]bool{"purchas": true, "addit": true, "reduct": true, "transfer": true, "proce": true, "payment": true, "repay": true, "acquisit": true, "issuanc": true, "repurchas": true, "dispos": true, "retir": true}

// qualifiers are words that qualify an item, never name one: "net AR"
// asks for receivables, and a row labelled "Net" alone (or "Other, net")
// is not them; "diluted EPS" asks for earnings per share, not the
// "Diluted" count of shares.
var qualifiers = map[string]bool{"net": true, "gross": true, "total": true, "adjust": true, "dilut": true, "basic": true}

// longestHeld returns the length of the longest of phrases whose terms
// are all in own.
func longestHeld(phrases [][]string, own []string) int {
	n := 0
	for _, pt := range phrases {
		if len(pt) > n && !slices.ContainsFunc(pt, func(t string) bool { return !slices.Contains(own, t) }) {
			n = len(pt)
		}
	}
	return n
}

// reSignWords is a bracketed word or two in a row label: "(loss)",
// "(benefit)", "(used in)".
var reSignWords = lazyre.New(`\s*\([a-z]+(?:\s+[a-z]+)?\)`)

// remainder reports whether a row's label is a remainder line ("Other
// income, net", "All other", "Total other assets"): the rest of a
// list's items, never one of them, under any heading.
func remainder(label string) bool {
	l := strings.ToLower(label)
	return strings.HasPrefix(l, "other ") || strings.HasPrefix(l, "other,") || strings.HasPrefix(l, "all other ") || strings.HasPrefix(l, "total other ")
}

// reMinority names the owners of a subsidiary's minority stake.
var reMinority = lazyre.New(`non-?controlling|minority`)

// labelTerms returns the terms that name a row's item: the label's
// before a qualifier (", net of allowance for credit losses of $21",
// "(Note 7)"), "total" left out; none for a remainder line ("Other
// current liabilities"), which is never the item itself. A bracketed
// sign ("(loss)") is dropped in place, and "attributable to" the
// company ends the name.
func labelTerms(label string) []string {
	if remainder(label) {
		return nil
	}
	l := strings.ToLower(label)
	// "Net income (loss) attributable to noncontrolling interest": a
	// word or two in brackets is the item's other sign, and what follows
	// still names it
	if strings.IndexByte(l, '(') >= 0 {
		l = reSignWords.ReplaceAllString(l, "")
	}
	// "Net income attributable to 3M" is the company's net income; the
	// share of noncontrolling interests is another item
	if i := companysAt(l); i > 0 {
		l = l[:i]
	}
	for _, q := range []string{", net of", " net of ", ", less ", " (", ", including ", ", excluding "} {
		if i := strings.Index(l, q); i > 0 {
			l = l[:i]
		}
	}
	var out []string
	for _, t := range itemTerms(withoutShareClass(l)) {
		if t != "total" && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// reShareClass says which shares an amount is of ("Common stock cash
// dividends paid", "Dividends paid to common shareholders",
// "Repurchases of common stock"): it qualifies the item, not names it,
// as "total" does not.
var reShareClass = lazyre.New(`(?i)\b(?:common|ordinary)\s+(?:stock|shares?|stockholders?|shareholders?)\b`)

// rePerClassShare is an amount per share of a class: "per common share"
// is "per share", the unit, not a class to leave out.
var rePerClassShare = lazyre.New(`(?i)\bper\s+(?:common|ordinary)\s+share\b`)

// withoutShareClass returns s without the class of shares it names
// ([reShareClass]).
func withoutShareClass(s string) string {
	if !lazyre.ContainsFold(s, "common", "ordinary") {
		return s // neither pattern can match
	}
	return reShareClass.ReplaceAllString(rePerClassShare.ReplaceAllString(s, "per share"), " ")
}

// phraseTerms returns the terms of an item's name as a label's are
// matched against them: each once ("income before income taxes" names
// three), and "total" left out as [labelTerms] leaves it out ("total
// current liabilities", a formula's item, is the row "Total current
// liabilities").
func phraseTerms(name string) []string {
	pt := slices.DeleteFunc(itemTerms(withoutShareClass(name)), func(t string) bool { return t == "total" })
	slices.Sort(pt)
	return slices.Compact(pt)
}

// itemTerms returns the terms of an item's name or label, with "before"
// and "after", which the terms leave out as stop words, kept: "income
// before income taxes" is not "income taxes".
func itemTerms(s string) []string {
	ts := textterms.Of(s)
	for _, w := range []string{"before", "after"} {
		if lazyre.ContainsFold(s, w) && reWordBeforeAfter[w].MatchString(s) {
			ts = append(ts, w)
		}
	}
	return ts
}

var reWordBeforeAfter = map[string]*lazyre.Regexp{
	"before": lazyre.New(`(?i)\bbefore\b`),
	"after":  lazyre.New(`(?i)\bafter\b`),
}
