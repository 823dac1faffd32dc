package reader

import (
	"docqa/internal/inquiry"
	"docqa/reader/base"
	"docqa/reader/internal/readertest"
)

// ask parses text as a question with no options and the standard
// metrics.
// debtInvestments is a filing's table of debt investments ([readertest.DebtInvestments]).
const debtInvestments = readertest.DebtInvestments

func ask(text string) *inquiry.Question { return inquiry.Parse(text, nil, nil) }

// readText reads text as a question with options (nil for none) from
// the sources, with the default numbers ([DefaultParams]).
func readText(text string, options []string, sources []base.Source) base.Reading {
	return ReadQuestion(inquiry.Parse(text, options, nil), base.DefaultParams(), sources)
}

const salesByCategory = `Net sales by category (in millions)
2023 2022
iPhone $ 39,669 $ 40,665
Mac 6,840 7,382
Services 21,213 19,604
Total net sales $ 81,797 $ 82,959
Diluted earnings per share $ 1.26 $ 1.20
`

const letterOpinion = "Page 1\nNot Reported in A.3d, 2012 WL 3860732 (Del.Super.)\nSuperior Court of Delaware.\nRe: Diane HANSON\nv.\nDELAWARE STATE PUBLIC INTEGRITY\nCOMMISSION.\nC.A. No. 11A-06-001(ESB).\nAug. 30, 2012.\nThis is my decision on Diane Hanson's appeal of the Commission's finding."
