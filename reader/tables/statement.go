package tables

import (
	"strings"

	"docqa/internal/lazyre"
	"docqa/reader/base"
)

// reStatementTitle is the title of a primary financial statement (the
// names of ASC 205 and IAS 1), which heads its page: of two pages that
// hold a row alike, the statement's holds the company's figure, a
// segment table's a part of it. [base.Params.StatementHead] is how far into a page
// its title may stand.
var reStatementTitle = lazyre.New(`(?i)\bconsolidated\s+(?:and\s+combined\s+)?(?:condensed\s+)?(?:statements?\s+of\s+(?:operations|income|earnings|comprehensive|cash\s+flows?|financial\s+position)|balance\s+sheets?)` +
	// a line that is a statement's name alone ("BALANCE SHEETS",
	// "INCOME STATEMENTS", "CASH FLOWS STATEMENTS")
	`|(?m)^[ \t]*(?:condensed\s+)?(?:statements?\s+of\s+(?:operations|income|earnings|cash\s+flows?|financial\s+position)|balance\s+sheets?|income\s+statements?|cash\s+flows?\s+statements?)[ \t]*$`)

// StatementHeaded reports whether text, a page, is headed by a primary
// statement's title. A title set with wide letter spacing loses a letter
// to a word of its own ("Consolidated Statement of Incom e", "Balance
// Shee t": pdftotext reads them so too); the letter is joined back.
func StatementHeaded(text string, par base.Params) bool {
	return statementTitle(text, par) != ""
}

// statementTitle returns the primary statement's title that heads text,
// or "", read with par.
func statementTitle(text string, par base.Params) string {
	head := text[:min(len(text), par.StatementHead)]
	if !lazyre.ContainsFold(head, statementWords...) {
		return ""
	}
	return reStatementTitle.FindString(reSplitLetter.ReplaceAllString(head, "$1$2"))
}

// statementWords hold the words a head needs for a statement's title
// ([lazyre.ContainsFold]): every title reStatementTitle knows holds
// "consolidated", "statement" or "balance", and joining a letter set
// apart takes away only the space before a word's last letter, so the
// head as written holds one of them but for its last letter. A figure
// question asks this of every page of its filings, most of which hold
// none: the test spares them the two patterns (issue 40's profile).
var statementWords = []string{"olidate", "tatemen", "balanc"}

// balanceTitle reports whether a statement's title is a balance sheet's:
// the statement of balances, where an asset stands at its carrying
// amount.
func balanceTitle(title string) bool {
	t := strings.ToLower(title)
	return strings.Contains(t, "balance") || strings.Contains(t, "financial position")
}

var reSplitLetter = lazyre.New(`(\pL{3,}) (\p{Ll})\b`)
