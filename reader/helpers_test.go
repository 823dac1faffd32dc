package reader

import (
	"docqa/internal/inquiry"
	"docqa/reader/base"
)

// ask parses text as a question with no options and the standard
// metrics.
func ask(text string) *inquiry.Question { return inquiry.Parse(text, nil, nil) }

// readText reads text as a question with options (nil for none) from
// the sources, with the default numbers ([DefaultParams]).
func readText(text string, options []string, sources []base.Source) base.Reading {
	return ReadQuestion(inquiry.Parse(text, options, nil), base.DefaultParams(), sources)
}

const debtInvestments = `The following tables present information regarding the Company's debt investments:
Fair value level June 30, 2023 December 31, 2022
(In thousands)
Cash and cash equivalents:
Money market funds Level 1 $ 2,195 $ 12,009
Commercial paper and certificates of deposit Level 2 — 5,992
Cash and cash equivalents 2,195 18,001
Short-term investments:
U.S. government securities Level 1 57,696 56,835
U.S. agency securities Level 2 29,049 9,530
Commercial paper and certificates of deposit Level 2 4,561 4,466
Corporate bonds Level 2 416,420 213,875
Short-term investments 507,726 284,706
Total debt investments $ 509,921 $ 302,707
`

const salesByCategory = `Net sales by category (in millions)
2023 2022
iPhone $ 39,669 $ 40,665
Mac 6,840 7,382
Services 21,213 19,604
Total net sales $ 81,797 $ 82,959
Diluted earnings per share $ 1.26 $ 1.20
`

const letterOpinion = "Page 1\nNot Reported in A.3d, 2012 WL 3860732 (Del.Super.)\nSuperior Court of Delaware.\nRe: Diane HANSON\nv.\nDELAWARE STATE PUBLIC INTEGRITY\nCOMMISSION.\nC.A. No. 11A-06-001(ESB).\nAug. 30, 2012.\nThis is my decision on Diane Hanson's appeal of the Commission's finding."
