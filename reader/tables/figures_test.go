package tables

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	textterms "docqa/internal/terms"
	"docqa/reader/base"
)

const incomeStatement = `Corning Incorporated and Subsidiary Companies
Consolidated Statements of Income
(In millions, except per share amounts)
Year ended December 31,
2021 2020 2019
Net sales $ 14,082 $ 11,303 $ 11,503
Cost of sales 9,019 7,772 7,468
Gross margin 5,063 3,531 4,035
Operating income 2,112 509 1,306
Interest expense (300) (276) (221)
Wages 1,400 1,300 1,200
Effective income tax rate 17.5 % (0.6) % 14.8 %
`

const cashFlows = `Consolidated Statements of Cash Flows
(In millions) 2021 2020 2019
Capital expenditures (1,637) (1,377) (1,987)
Segment revenue
Display Technologies 3,700 3,100 3,200
`

const salesByCategory = `Net sales by category (in millions)
2023 2022
iPhone $ 39,669 $ 40,665
Mac 6,840 7,382
Services 21,213 19,604
Total net sales $ 81,797 $ 82,959
Diluted earnings per share $ 1.26 $ 1.20
`

const balanceSheet = `Consolidated Balance Sheets
(In millions)
2021 2020
Current portion of long-term debt 500 250
Long-term debt 7,100 7,250
Accounts payable 1,804 1,174
Inventories 2,481 2,438
`

func TestReadFigureQuestion(t *testing.T) {
	tests := []struct {
		q       string
		ok      bool
		years   []string
		metric  string
		item    string
		average bool
		change  bool
		dec     int
		percent bool
	}{
		{q: "What is the FY2018 capital expenditure amount (in USD millions) for 3M?", ok: true, years: []string{"2018"}, item: "capital expenditure", dec: -1},
		{q: "What is the FY2019 - FY2021 3 year average operating income % margin for Corning? Round to one decimal place.", ok: true, years: []string{"2019", "2020", "2021"}, metric: "operating margin", average: true, dec: 1, percent: true},
		{q: "How much did net sales change between FY2020 and FY2021?", ok: true, years: []string{"2020", "2021"}, item: "net sales", change: true, dec: -1},
		{q: "What is the quick ratio for FY2022?", ok: true, years: []string{"2022"}, metric: "quick ratio", dec: -1},
		{q: "Does Adobe have an improving Free cashflow conversion as of FY2022?", ok: true, years: []string{"2021", "2022"}, metric: "free cash flow conversion", change: true, dec: -1},
		{q: "What drove the gross margin change in FY2022?", ok: false},
		{q: "Is 3M a capital-intensive business based on FY2022 data?", ok: false},
		{q: "What is the capital expenditure?", ok: false}, // no year: which column?
		{q: "What is the name of the CEO in 2021?", ok: false},
	}
	for _, tt := range tests {
		fq, ok := readFigureQuestion(ask(tt.q), nil, base.DefaultParams())
		if ok != tt.ok {
			t.Errorf("%q: ok = %v, want %v", tt.q, ok, tt.ok)
			continue
		}
		if !ok {
			continue
		}
		metric, item := "", ""
		if fq.metric != nil {
			metric = fq.metric.Names[0]
		}
		if len(fq.items) > 0 {
			item = fq.items[0][0]
		}
		got := []any{fq.years, metric, item, fq.average, fq.change, fq.decimals, fq.percent}
		want := []any{tt.years, tt.metric, tt.item, tt.average, tt.change, tt.dec, tt.percent}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tt.q, diff)
		}
	}
}

// Each kind of figure question is answered from the rows of the tables,
// every operand's row cited word for word and verified.
func TestFigureAnswer(t *testing.T) {
	sources := []base.Source{{Doc: "c.pdf", Page: 65, Text: incomeStatement}, {Doc: "c.pdf", Page: 70, Text: cashFlows}, {Doc: "c.pdf", Page: 66, Text: balanceSheet}}
	tests := []struct {
		q      string
		answer string
		quotes []string
	}{
		{"What is Corning's FY2020 cost of goods sold (in USD millions)?", "$7,772 million (2020)",
			[]string{"Cost of sales 9,019 7,772 7,468"}},
		{"What was the FY2021 capital expenditure?", "1,637 million (2021; (1,637) in the table)",
			[]string{"Capital expenditures (1,637) (1,377) (1,987)"}},
		{"What is the FY2019 - FY2021 3 year average operating income % margin? Round to one decimal place.", "10.3%",
			[]string{"Operating income 2,112 509 1,306", "Net sales $ 14,082 $ 11,303 $ 11,503"}},
		{"What is the FY2021 gross margin?", "35.95% (2021)",
			[]string{"Gross margin 5,063 3,531 4,035", "Net sales $ 14,082 $ 11,303 $ 11,503"}},
		{"What is the FY2021 capex to revenue? Answer in percent.", "11.62% (2021)",
			[]string{"Capital expenditures (1,637) (1,377) (1,987)", "Net sales $ 14,082 $ 11,303 $ 11,503"}},
		{"How much did net sales change from FY2020 to FY2021?", "$11,303 million in 2020, $14,082 million in 2021 (change +2,779, +24.6%)",
			[]string{"Net sales $ 14,082 $ 11,303 $ 11,503"}},
		{"What was the revenue of Display Technologies in FY2020?", "3,100 million (2020)",
			[]string{"Display Technologies 3,700 3,100 3,200"}},
		// A comparison of two items: both, and the first as a share of the second.
		{"How did Corning's cost of sales compare to its net sales in FY2021?", "Cost of sales $9,019 million vs Net sales $14,082 million (2021): 64.0% of Net sales",
			[]string{"Cost of sales 9,019 7,772 7,468", "Net sales $ 14,082 $ 11,303 $ 11,503"}},
		{"What were wages as a percent of net sales in FY2021?", "9.94% (2021)",
			[]string{"Wages 1,400 1,300 1,200", "Net sales $ 14,082 $ 11,303 $ 11,503"}},
		{"Did wages as a percent of net sales increase in FY2021?", "No: 11.50% in 2020, 9.94% in 2021 (change -1.56%)",
			[]string{"Wages 1,400 1,300 1,200", "Net sales $ 14,082 $ 11,303 $ 11,503"}},
		{"Has the quick ratio or gross margin improved or declined between FY2019 and FY2021?", "Increased: 35.08% in 2019, 35.95% in 2021 (change +0.88%)",
			[]string{"Gross margin 5,063 3,531 4,035", "Net sales $ 14,082 $ 11,303 $ 11,503"}},
		{"Does Corning have positive operating income in FY2020?", "Yes: $509 million (2020)",
			[]string{"Operating income 2,112 509 1,306"}},
		// A formula the question states is followed.
		{"What is FY2021 DPO? DPO is defined as: 365 * (average accounts payable between FY2020 and FY2021) / (FY2021 COGS + change in inventory between FY2020 and FY2021). Round your answer to two decimal places.", "59.97 (2021)",
			[]string{"Accounts payable 1,804 1,174", "Cost of sales 9,019 7,772 7,468", "Inventories 2,481 2,438"}},
		// A sum of amounts is an amount: total debt, the sum of its rows.
		{"Has the company increased its debt between FY2020 and FY2021?", "Yes: 7,500 million in 2020, 7,600 million in 2021 (change +100 million)",
			[]string{"Current portion of long-term debt 500 250", "Long-term debt 7,100 7,250"}},
		{"How does the effective tax rate in FY2021 compare to FY2020?", "-0.6% in 2020, 17.5% in 2021 (change +18.1%)", // as stated, to the table's decimals
			[]string{"Effective income tax rate 17.5 % (0.6) % 14.8 %"}},
	}
	// The effective tax rate from the income statement's own labels: the
	// income before taxes is not the taxes, whatever the labels' words.
	for _, tt := range []struct{ stmt, want string }{
		{"(Dollars in Millions)\n2022 2021\nEarnings before provision for taxes on income 21,725 22,776\nProvision for taxes on income (Note 8) 3,784 1,898\n", "17.42% (2022)"},
		{"(Dollars in millions)\n2022 2021\n(Loss)/earnings before income taxes (5,022) (5,033)\nIncome tax (expense)/benefit (31) 743\n", "-0.62% (2022)"},
	} {
		src := []base.Source{{Doc: "s.pdf", Page: 47, Text: tt.stmt}}
		if a, ok := readFigure("What was the effective tax rate in 2022?", src); !ok || a.Answer != tt.want {
			t.Errorf("effective tax rate from %q = %q, %v; want %q", tt.stmt, a.Answer, ok, tt.want)
		}
	}
	// "the latest quarter": the latest year the tables show
	if a, ok := readFigure("For the latest quarter, what was the total revenue generated from iPhone sales?", []base.Source{{Doc: "a.pdf", Page: 19, Text: salesByCategory}}); !ok || a.Answer != "$39,669 million (2023)" {
		t.Errorf("latest quarter: %q, %v; want the iPhone row's 2023 figure", a.Answer, ok)
	}
	maturities := "Debt maturities (in millions)\n2024 2025 2026\nNotes 1,000 1,500 2,000\n"
	if a, ok := readFigure("What were iPhone net sales in the most recent quarter?", []base.Source{{Doc: "a.pdf", Page: 19, Text: salesByCategory}, {Doc: "a.pdf", Page: 30, Text: maturities}}); ok {
		t.Errorf("latest quarter beside a schedule of future years: answered %q, want none", a.Answer)
	}
	// Net income is the company's own, not the group's with its minority
	// owners' share, whichever row comes first.
	parent := []base.Source{{Doc: "cvs.pdf", Page: 108, Text: "(In millions)\n2022 2021\nNet income 4,165 7,898\nNet (income) loss attributable to noncontrolling interests (16) 12\nNet income attributable to CVS Health $ 4,149 $ 7,910\n"}}
	for _, q := range []string{"What was net income attributable to shareholders in 2022?", "What was net income in 2022?"} {
		if a, ok := readFigure(q, parent); !ok || a.Answer != "$4,149 million (2022)" {
			t.Errorf("%q = %q, %v; want the row attributable to CVS Health", q, a.Answer, ok)
		}
	}
	// A word of the question that qualifies the item ("net") picks the
	// row that writes it: the net amount, not the gross one of a note, nor
	// a cash flow statement's change in it.
	qualified := []base.Source{
		{Doc: "m.pdf", Page: 53, Text: "Cash flows (In millions)\n2023 2022\nTrade receivables 93 (272)\n"},
		{Doc: "m.pdf", Page: 68, Text: "Note 9 (Millions)\n2023 2022\nProperty, plant and equipment 25,998 27,213\nLess: Accumulated depreciation 16,820 17,784\n"},
		{Doc: "m.pdf", Page: 52, Text: "Balance Sheet (In millions)\n2023 2022\nTrade receivables, net of allowance for credit losses of $21 and $25, respectively 1,875 1,935\nProperty, plant and equipment - net 9,178 9,429\nOther, net 5 106\n"},
	}
	wantFigures(t, qualified, map[string]string{
		"What is the year end FY2023 net PPNE? Answer in USD millions.": "$9,178 million (2023)",
		"What is the year end FY2023 net AR (in USD millions)?":         "$1,875 million (2023)",
	})
	// A sum the tables state in a row of its name is read, not added up
	// again from parts that another table may count otherwise.
	debt := []base.Source{{Doc: "c.pdf", Page: 66, Text: balanceSheet}, {Doc: "c.pdf", Page: 94, Text: "Debt (In millions)\n2021 2020\nTotal debt $ 8,000 $ 7,900\n"}}
	if a, ok := readFigure("What was total debt at the end of 2021?", debt); !ok || !strings.HasPrefix(a.Answer, "$8,000") {
		t.Errorf("total debt = %q, %v; want the stated $8,000", a.Answer, ok)
	}
	// A formula's items come from one statement: the balance sheet's
	// receivables, not the cash flow statement's change in them.
	quick := []base.Source{
		{Doc: "c.pdf", Page: 61, Text: "Consolidated Statements of Cash Flows\n(In millions) 2022 2021\nTrade accounts receivable 113 (54)\n"},
		{Doc: "c.pdf", Page: 60, Text: "Consolidated Balance Sheets\n(In millions) 2022 2021\nCash and cash equivalents $ 1,671 $ 2,148\nTrade accounts receivable, net of doubtful accounts - $40 and $42 1,721 2,004\nTotal current liabilities 5,175 4,806\n"},
	}
	if a, ok := readFigure("What was the quick ratio at the end of 2022?", quick); !ok || a.Answer != "0.66 (2022)" {
		t.Errorf("quick ratio: %q, %v; want 0.66 (2022), from the balance sheet", a.Answer, ok)
	}
	// A stated formula's item written with "total" is the row labelled so.
	if a, ok := readFigure("What is the FY2022 cash ratio? Cash ratio is defined as: cash and cash equivalents / total current liabilities.", quick); !ok || a.Answer != "0.32 (2022)" {
		t.Errorf("stated cash ratio: %q, %v; want 0.32 (2022)", a.Answer, ok)
	}
	// The working capital ratio is the current ratio, not working
	// capital's amount.
	wc := []base.Source{{Doc: "c.pdf", Page: 60, Text: "Consolidated Balance Sheets\n(In millions) 2022 2021\nTotal current assets 4,000 3,900\nTotal current liabilities 5,175 4,806\nWorking capital (1,175) (906)\n"}}
	if a, ok := readFigure("What is the FY2022 working capital ratio?", wc); !ok || a.Answer != "0.77 (2022)" {
		t.Errorf("working capital ratio: %q, %v; want 0.77 (2022)", a.Answer, ok)
	}
	// A row named by one word of the question's own, beside the item: the
	// category, not the total of the category table.
	category := []base.Source{{Doc: "a.pdf", Page: 19, Text: salesByCategory}}
	tests = append(tests, []struct {
		q      string
		answer string
		quotes []string
	}{
		{"What were iPhone net sales in 2023?", "$39,669 million (2023)", []string{"iPhone $ 39,669 $ 40,665"}},
		{"What were total net sales in 2022?", "$82,959 million (2022)", []string{"Total net sales $ 81,797 $ 82,959"}},
		// an amount per share is in dollars, whatever the table's scale
		{"What were diluted earnings per share in 2023?", "$1.26 (2023)", []string{"Diluted earnings per share $ 1.26 $ 1.20"}},
	}...)
	for _, tt := range tests {
		sources := sources
		if strings.Contains(tt.q, "net sales in 202") || strings.Contains(tt.q, "per share in 202") {
			sources = category
		}
		a, ok := readFigure(tt.q, sources)
		if !ok {
			t.Errorf("%q: no figure answer", tt.q)
			continue
		}
		var quotes []string
		for _, c := range a.Quotes {
			quotes = append(quotes, c.Text)
		}
		if !quoted(a, sources) {
			t.Errorf("%q: quotes %+v not word for word from their pages", tt.q, a.Quotes)
		}
		if a.Answer != tt.answer || !cmp.Equal(quotes, tt.quotes) {
			t.Errorf("%q:\n answer %q, want %q\n quotes %q, want %q", tt.q, a.Answer, tt.answer, quotes, tt.quotes)
		}
		if !strings.Contains(a.Explanation, "no language model") {
			t.Errorf("%q: explanation %q does not say how", tt.q, a.Explanation)
		}
	}
	// Operands from tables in different scales are not divided.
	billions := []base.Source{{Doc: "c.pdf", Page: 65, Text: incomeStatement}, {Doc: "c.pdf", Page: 71, Text: "Cash flows\n(In billions) 2021 2020 2019\nCapital expenditures (1.6) (1.4) (2.0)\n"}}
	wantFigures(t, billions, map[string]string{"What is the FY2021 capex to revenue? Answer in percent.": ""})
	for _, q := range []string{
		"What is the FY2018 cost of goods sold?",           // no such column
		"What is the FY2021 receivables turnover?",         // an operand is missing
		"What is the FY2021 number of employees in total?", // no row names it
	} {
		if a, ok := readFigure(q, sources); ok {
			t.Errorf("%q: answered %q, want no figure answer", q, a.Answer)
		}
	}
}

// Analysts' wordings of the standard figures: an item's "% margin", a
// total over a range of years, the retention ratio, EBITDA in the unit
// asked for.
func TestFigureAnswerWordings(t *testing.T) {
	extra := "Cash flows (In millions) 2021 2020 2019\nDepreciation and amortization 1,000 900 800\nDividends paid (600) (500) (400)\nNet income 1,500 400 900\n"
	sources := []base.Source{{Doc: "c.pdf", Page: 65, Text: incomeStatement}, {Doc: "c.pdf", Page: 70, Text: cashFlows}, {Doc: "c.pdf", Page: 71, Text: extra}}
	tests := []struct{ q, want string }{
		{"What is the FY2021 COGS % margin for Corning?", "64.05% (2021)"},
		{"What is the FY2019 - FY2021 total capital expenditure? Answer in USD millions.", "$5,001 million (2019 to 2021)"},
		{"What is the FY2021 retention ratio? Round answer to two decimal places.", "0.60 (2021)"},
		{"How much (in USD billions) did Corning generate in unadjusted EBITDA in FY2021?", "$3.11 billion (2021)"},
	}
	cash := "Cash flows (In millions) 2022 2021\nDividends to shareholders (11,682) (11,032)\nPurchases of common stock for treasury (221) (274)\nNet increase (decrease) in cash and cash equivalents (909) (70)\nCash and cash equivalents at end of period $ 3,655 $ 4,564\nAmounts recognized in accumulated other comprehensive\nincome, net (881) (528)\n"
	sources = append(sources, base.Source{Doc: "c.pdf", Page: 52, Text: cash}, base.Source{Doc: "c.pdf", Page: 48, Text: "(In millions) 2022 2021\nNet earnings 17,941 20,878\nCash and cash equivalents 3,655 4,564\n"})
	tests = append(tests, []struct{ q, want string }{
		{"What is the FY2022 dividend payout ratio? Round answer to two decimal places.", "0.65 (2022)"},
		{"How much did it spend on share repurchases in FY2022? Answer in USD millions.", "$221 million (2022; (221) in the table)"},
		// the item the question names, not a part of its name; a
		// decrease below zero
		{"What is the FY2022 net change in cash and cash equivalents?", "-$909 million (2022; (909) in the table)"},
		// the end of a wrapped label is no row of its own
		{"What was FY2022 net income?", "17,941 million (2022)"},
	}...)
	for _, tt := range tests {
		if a, ok := readFigure(tt.q, sources); !ok || a.Answer != tt.want {
			t.Errorf("%q = %q, %v; want %q", tt.q, a.Answer, ok, tt.want)
		}
	}
	// What the headings above rows say, and what the question names.
	statements := []base.Source{
		{Doc: "m.pdf", Page: 89, Text: "Cash and Cash Equivalents\nAt December 31,\n2023 2022\nCash $ 437 $ 268\n"},
		{Doc: "m.pdf", Page: 62, Text: "Cash flows (In millions) 2023 2022\nChanges in operating assets and liabilities:\nInventories 1,242 (1,123)\nNet cash from operations 87,582 89,035\nAdditions to property and equipment (28,107 ) (23,886 )\nPurchases of property, plant and equipment 1,749 1,603\n"},
		{Doc: "m.pdf", Page: 58, Text: "(In millions, except per share amounts) 2023 2022\nNet sales $ 192,052 $ 163,220\nTotal revenue 195,929 166,761\nEarnings per share:\nBasic $ 9.72 $ 9.70\nDiluted $ 9.68 $ 9.65\n"},
		{Doc: "m.pdf", Page: 60, Text: "Balance sheets (In millions) 2023 2022\nInventories 2,500 3,742\n"},
	}
	wantFigures(t, statements, map[string]string{
		"What is the year end FY2023 total amount of inventories? Answer in USD millions.": "$2,500 million (2023)", // the balance, not the cash flow statement's change
		"What is the FY2023 diluted EPS?":                                                  "$9.68 (2023)",          // "Diluted" under "Earnings per share:", no scale
		"What is the FY2023 total revenue? Answer in USD millions.":                        "$195,929 million (2023)",
		"What is the FY2023 capital expenditure amount (in USD millions)? Give a response by relying on the details shown in the cash flow statement.": "$28,107 million (2023; (28,107 ) in the table)", // not "Cash", a word of the statement's name
		"What is the year end FY2023 net PPNE?": "", // the purchases of an item are no balance of it
	})
	// A segment's rows before the company's: the larger amount is the
	// whole; a percent cell is no amount; a flow word anywhere in a label
	// keeps it from the item; "Diluted" shares are no diluted EPS.
	segments := []base.Source{
		{Doc: "s.pdf", Page: 30, Text: "Safety and Industrial (millions) 2018 2017\nSales (millions) $ 4,796 $ 4,731\nCost of sales 50.9 % 50.8 %\nTotal assets $ 3,507 $ 3,680\nProperty, plant and equipment additions (1,722) (1,739)\n"},
		{Doc: "s.pdf", Page: 52, Text: "(Millions) 2018 2017\nNet sales $ 32,765 $ 31,657\nCost of sales 16,682 16,055\nTotal assets $ 117,359 $ 112,362\nWeighted-average shares:\nDiluted 8,013 8,254\nEarnings per share:\nDiluted $ 2.10 $ 1.48\n"},
	}
	wantFigures(t, segments, map[string]string{
		"What is the FY2018 COGS % margin?":                           "50.91% (2018)",
		"What were year end FY2018 total assets? Answer in millions.": "$117,359 million (2018)",
		"What is the FY2018 diluted EPS?":                             "$2.10 (2018)",
		"What is the year end FY2018 net PPNE?":                       "",
	})
	// "year end" says when, not what: no "End of year" row of another
	// table; a cost in brackets is a share of revenue by its magnitude;
	// the question's "net" outweighs a "Total" of the gross amount
	when := []base.Source{
		{Doc: "j.pdf", Page: 70, Text: "(Dollars in Millions) 2022 2021\nBeginning of year $ 3,323 3,373\nEnd of year $ 3,829 3,323\n"},
		{Doc: "j.pdf", Page: 46, Text: "(Dollars in Millions) 2022 2021\nNet sales $ 14,694 $ 14,544\nCost of sales (11,969) (11,724)\nTotal inventories $ 12,483 10,387\nTotal property and equipment 34,600 33,550\nProperty and equipment, net $ 13,117 $ 12,896\n"},
	}
	wantFigures(t, when, map[string]string{
		"What is the year end FY2022 total amount of inventories? Answer in USD millions.": "$12,483 million (2022)",
		"What is the FY2022 COGS % margin?":                                                "81.46% (2022)",
		"What is the year end FY2022 net PPNE? Answer in USD millions.":                    "$13,117 million (2022)",
	})
	// an amount looked up is no percent of one
	shares := []base.Source{{Doc: "j.pdf", Page: 5, Text: "(Millions) 2023 2022\n% to Sales 23.5% 25.9%\n"}}
	wantFigures(t, shares, map[string]string{"What is the 2023 total sales? Answer in USD millions.": ""})
}

// An earnings release sets a quarter's columns before the year's, under
// the same years: a fiscal year's figure is the year's column, a
// quarter's the first; a quarterly report's year to date is read so too.
func TestFullYearColumn(t *testing.T) {
	release := []base.Source{{Doc: "a.pdf", Page: 7, Text: "Three Months Ended Twelve Months Ended\n(In millions) 2022 2023 2022 2023\nNet sales 3,909 3,673 14,544 14,694\nGross profit 794 722 2,820 2,725\nOperating income 252 325 1,239 1,508\n"}}
	wantFigures(t, release, map[string]string{
		"What was the FY2023 operating income? Answer in USD millions.":  "$1,508 million (2023)",
		"What was the FY2023 gross margin?":                              "18.54% (2023)",
		"What was the Q4 2023 operating income? Answer in USD millions.": "$325 million (2023)",
	})
	// A quarterly report sets the quarter's columns, then the year to
	// date's: "six months ended" reads the later of the year's two.
	quarterly := []base.Source{{Doc: "g.pdf", Page: 4, Text: "Condensed Consolidated Statements of Operations\n(In thousands)\nThree Months Ended June 30, Six Months Ended June 30,\n2023 2022 2023 2022\nOperating income 371,378 2,381,451 1,102,217 2,487,936\n"}}
	wantFigures(t, quarterly, map[string]string{
		"What was the operating income for the six months ended June 30, 2023?":   "1,102,217 thousand (2023)",
		"What was the operating income for the three months ended June 30, 2023?": "371,378 thousand (2023)",
		"What was the year-to-date operating income in 2022?":                     "2,487,936 thousand (2022)",
	})
}

// What follows a figure question's question mark says how to answer, not
// what: "explain why" there does not make it a question of reasons.
func TestReadFigureQuestionInstructions(t *testing.T) {
	q := "Has the quick ratio improved or declined between FY2023 and FY2022? If the quick ratio is not something an analyst would ask about, then state that and explain why."
	if fq, ok := readFigureQuestion(ask(q), nil, base.DefaultParams()); !ok || fq.metric == nil || fq.metric.Names[0] != "quick ratio" || fq.ask != askWay {
		t.Errorf("readFigureQuestion(%q, DefaultParams()) = %+v, %v; want the quick ratio, which way", q, fq, ok)
	}
	if _, ok := readFigureQuestion(ask("Why did the quick ratio decline in FY2023?"), nil, base.DefaultParams()); ok {
		t.Errorf("a question of reasons read as a figure question")
	}
}

// A formula the question states takes the place of the standard one,
// its years read as the question's.
func TestStatedMetric(t *testing.T) {
	tests := []struct{ q, formula, rest string }{
		{"What is FY2020 days payable outstanding (DPO) for Corning? DPO is defined as: 365 * (average accounts payable between FY2019 and FY2020) / (FY2020 COGS + change in inventory between FY2019 and FY2020). Round your answer to two decimal places.",
			"365 * (average accounts payable) / (COGS + change in inventory)",
			"What is FY2020 days payable outstanding (DPO) for Corning?   Round your answer to two decimal places."},
		{"What is the FY2019 fixed asset turnover ratio? Fixed asset turnover ratio is defined as: FY2019 revenue / (average PP&E between FY2018 and FY2019).",
			"revenue / (average PP&E)",
			"What is the FY2019 fixed asset turnover ratio?  "},
		{"What is the FY2018 working capital ratio? Define working capital ratio as total current assets divided by total current liabilities. Round your answer to two decimal places.",
			"total current assets / total current liabilities",
			"What is the FY2018 working capital ratio?   Round your answer to two decimal places."},
		{"What is the FY2021 asset coverage? Define asset coverage as: total assets times 2 minus total liabilities.",
			"total assets * 2 - total liabilities",
			"What is the FY2021 asset coverage?  "},
		{"What is the FY2019 gross margin?", "", "What is the FY2019 gross margin?"},
		{"What is X? X is defined as: the thing we like.", "", "What is X? X is defined as: the thing we like."}, // no formula docqa can read
		{"What is X? Define X as the thing we like.", "", "What is X? Define X as the thing we like."},
	}
	for _, tt := range tests {
		m, rest := statedMetric(tt.q)
		formula := ""
		if m != nil {
			formula = m.Formula
		}
		if formula != tt.formula || rest != tt.rest {
			t.Errorf("statedMetric(%q) = %q, %q; want %q, %q", tt.q, formula, rest, tt.formula, tt.rest)
		}
	}
}

// Two items of one formula read from one row are refused: the tables do
// not tell them apart.
func TestItemSameRow(t *testing.T) {
	r := newFigureReader([]base.Source{{Doc: "c.pdf", Page: 65, Text: incomeStatement}}, nil, nil, base.DefaultParams())
	if _, err := r.item("operating income", false, "2021"); err != nil {
		t.Fatal(err)
	}
	if _, err := r.item("operating income", false, "2020"); err != nil {
		t.Errorf("the same item in another year: %v", err)
	}
	if _, err := r.item("operating profit", false, "2021"); !errors.Is(err, errSameRow) {
		t.Errorf("another item from the operating income row: err %v, want errSameRow", err)
	}
}

// readFigure answers q from the tables of sources, ok false when q asks
// for no figure or the tables lack one.
func readFigure(q string, sources []base.Source) (base.Reading, bool) {
	f, ok := ParseFigure(ask(q), base.DefaultParams())
	if !ok {
		return base.Reading{}, false
	}
	return f.Read(sources)
}

// A judgement on a metric ("capital-intensive") orders pages by the
// metric's rows, though no figure answers it; why-questions do not.
func TestParseRanking(t *testing.T) {
	tests := []struct {
		q    string
		ok   bool
		rows int // of the income statement and cash flows fixture
	}{
		{"Is Corning a capital-intensive business based on FY2021 data?", true, 2},
		{"What drove the change in gross margin in FY2021?", false, 0},
		{"Is Corning a capital-intensive business?", false, 0},  // no year
		{"Is Corning a well-run business in FY2021?", false, 0}, // no metric
	}
	for _, tt := range tests {
		f, ok := ParseRanking(ask(tt.q), base.DefaultParams())
		if ok != tt.ok {
			t.Errorf("ParseRanking(%q) ok = %v, want %v", tt.q, ok, tt.ok)
			continue
		}
		if ok {
			page := base.Source{Doc: "c.pdf", Page: 65, Text: incomeStatement + cashFlows}
			got := 0
			for _, h := range f.RowsHeld(page) {
				if h {
					got++
				}
			}
			if !f.Ranks() || got != tt.rows {
				t.Errorf("%q: rows held %d (ranks %v), want %d", tt.q, got, f.Ranks(), tt.rows)
			}
		}
	}
}

func TestLabelTerms(t *testing.T) {
	tests := []struct {
		label string
		want  []string
	}{
		{"Net income (loss) attributable to noncontrolling interest", []string{"net", "incom", "attribut", "noncontrol", "interest"}},
		{"Net income attributable to 3M", []string{"net", "incom"}},
		{"Net income attributable to common stockholders", []string{"net", "incom"}},
		{"Net loss attributable to non-controlling interests", []string{"net", "loss", "attribut", "non", "control", "interest"}},
		{"Income tax (benefit) expense", []string{"incom", "tax", "expens"}},
		{"Trade receivables, net of allowance for credit losses of $21", []string{"trade", "receiv"}},
		{"Long-term debt (Note 7)", []string{"term", "debt"}}, // "long" is a stop word
		{"Total current liabilities", []string{"current", "liabil"}},
		{"Other current liabilities", nil},
	}
	for _, tt := range tests {
		if got := labelTerms(tt.label); !cmp.Equal(got, tt.want) {
			t.Errorf("labelTerms(%q) = %q, want %q", tt.label, got, tt.want)
		}
	}
}

func TestOtherSign(t *testing.T) {
	for label, want := range map[string]string{
		"Net income (loss) attributable to MGM Resorts International": "Net loss attributable to MGM Resorts International",
		"Operating income (loss)":                                     "Operating loss",
		"Income tax expense (benefit)":                                "Income tax benefit",
		"Income tax (benefit) expense":                                "",
		"Net sales":                                                   "",
		"Long-term debt (Note 7)":                                     "",
	} {
		if got := otherSign(label); got != want {
			t.Errorf("otherSign(%q) = %q, want %q", label, got, want)
		}
	}
	// a question that names the loss reads the row of income (loss)
	sources := []base.Source{{Doc: "m.pdf", Page: 66, Text: "Consolidated Statements of Operations\n(In thousands) 2020 2019\nNet income (loss) $ (1,319,907) $ 2,214,380\n"}}
	if a, ok := readFigure("What was the amount of the net loss in 2020?", sources); !ok || !strings.Contains(a.Answer, "1,319,907") {
		t.Errorf("net loss: %q, %v; want the row of net income (loss)", a.Answer, ok)
	}
}

func TestLatestFiling(t *testing.T) {
	for q, want := range map[string]bool{
		"What was the effective tax rate for Intel as stated in the most recent 10-Q?": true,
		"What effective tax rate did Apple report in its latest quarterly filing?":     true,
		"What was revenue in the latest quarter?":                                      true,
		"What was revenue in the most recent annual report?":                           true,
		"What was revenue in 2022?":                                                    false,
	} {
		if got := reLatestQ.MatchString(q); got != want {
			t.Errorf("reLatestQ matches %q = %v, want %v", q, got, want)
		}
	}
}

// wantFigures checks the table reader's answer to each question over
// sources: the answer given, or none for "".
func wantFigures(t *testing.T, sources []base.Source, wants map[string]string) {
	t.Helper()
	for q, want := range wants {
		a, ok := readFigure(q, sources)
		if ok != (want != "") || a.Answer != want {
			t.Errorf("%q = %q, %v; want %q", q, a.Answer, ok, want)
		}
	}
}

// An asset's balance is its carrying amount, net of depreciation, unless
// the question asks for the gross; a "net" before an item is no such
// qualifier; a primary statement's row comes before a note's "Total".
func TestCarryingAmount(t *testing.T) {
	balance := base.Source{Doc: "m.pdf", Page: 58, Text: "Consolidated Balance Sheet\n(Millions) 2018 2017\nCash and cash equivalents $ 2,853 $ 3,053\nProperty, plant and equipment 24,873 24,914\nLess: Accumulated depreciation (16,135) (16,048)\nProperty, plant and equipment — net 8,738 8,866\n"}
	pension := base.Source{Doc: "m.pdf", Page: 97, Text: "Plan assets at fair value\n(Millions) 2018 2017\nTotal Cash and Cash Equivalents $ 89 $ 72\n"}
	sales := base.Source{Doc: "c.pdf", Page: 37, Text: "Consolidated Statements of Income\n(In millions) 2021 2020\nTotal net sales 192,052 163,220\nMembership fees 3,877 3,541\nTotal revenue 195,929 166,761\n"}
	tests := []struct {
		q       string
		sources []base.Source
		want    string
	}{
		{"What is the year end FY2018 PP&E? Answer in USD millions.", []base.Source{balance}, "$8,738 million (2018)"},
		{"What is the year end FY2018 gross PP&E? Answer in USD millions.", []base.Source{balance}, "$24,873 million (2018)"},
		{"What is the FY2018 cash and cash equivalents? Answer in USD millions.", []base.Source{pension, balance}, "$2,853 million (2018)"},
		{"What is the FY2021 total revenue? Answer in USD millions.", []base.Source{sales}, "$195,929 million (2021)"},
	}
	for _, tt := range tests {
		if a, ok := readFigure(tt.q, tt.sources); !ok || a.Answer != tt.want {
			t.Errorf("%s: %q, %v; want %q", tt.q, a.Answer, ok, tt.want)
		}
	}
}

// A ratio a segment's table states is no company's: the statements'
// items give it; a note's that the statements give alike stands.
func TestStatedRatio(t *testing.T) {
	income := base.Source{Doc: "b.pdf", Page: 63, Text: "Consolidated Statements of Operations\n(Dollars in millions) 2018 2017\nTotal revenues 101,127 94,005\nEarnings from operations 11,987 10,344\nIncome tax expense (1,144) (1,649)\nEarnings before income taxes 11,604 10,107\n"}
	segment := base.Source{Doc: "b.pdf", Page: 40, Text: "Commercial Airplanes\n(Dollars in millions) 2018 2017\nRevenues $60,715 $56,729\nEarnings from operations $7,879 $5,432\nOperating margins 13.0% 9.6%\n"}
	tax := base.Source{Doc: "b.pdf", Page: 90, Text: "Note 4 Income Taxes\n2018 2017\nEffective income tax rate 9.9 % 16.3 %\n"}
	wantFigures(t, []base.Source{segment, tax, income}, map[string]string{
		"What is the FY2018 operating margin?":   "11.85% (2018)",
		"What is the FY2018 effective tax rate?": "9.9% (2018)",
	})
}

// A statement's title may stand alone, without "Consolidated", as
// Microsoft's do.
func TestStatementHeaded(t *testing.T) {
	for text, want := range map[string]bool{
		"PART II\nItem 8\nBALANCE SHEETS\n(In millions)\nJune 30, 2023 2022\n":               true,
		"PART II\nItem 8\nCASH FLOWS STATEMENTS\n(In millions)\n":                            true,
		"3M Company and Subsidiaries\nConsolidated Statement of Incom e\nYears ended\n":      true,
		"Table of Contents\nConsolidated Balance Shee t\nAt December 31\n":                   true,
		"Income Statements 58\nBalance Sheets 60\n":                                          false, // a table of contents
		"The balance sheets of our subsidiaries are audited.\n":                              false,
		"NOTE 6 — INVENTORIES\nThe components of inventories were as follows:\n":             false,
		strings.Repeat("Prose of the notes. ", 30) + "\nConsolidated Statements of Income\n": false, // past the head
	} {
		if got := StatementHeaded(text, base.DefaultParams()); got != want {
			t.Errorf("StatementHeaded(%q, DefaultParams()) = %v, want %v", text[:min(len(text), 60)], got, want)
		}
	}
}

// FuzzStatementHeaded: the words statementTitle tests a head for first
// never turn away a head the title's pattern finds.
func FuzzStatementHeaded(f *testing.F) {
	for _, s := range []string{"BALANCE SHEETS\n", "Consolidated Statement of Incom e\n", "Consolidated Balance Shee t\n", "CONSOLIDATE D STATEMENTS OF CASH FLOWS", "Cash flows statemen t\n", "Notes\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		head := reSplitLetter.ReplaceAllString(text[:min(len(text), base.DefaultParams().StatementHead)], "$1$2")
		if got, want := statementTitle(text, base.DefaultParams()), reStatementTitle.FindString(head); got != want {
			t.Fatalf("statementTitle(%q, DefaultParams()) = %q, the pattern finds %q", text, got, want)
		}
	})
}

// FuzzLabelPatterns: the tests before a row label's patterns (a
// bracket; "common" or "ordinary"; "before", "after") never skip a label
// a pattern alone would read otherwise.
func FuzzLabelPatterns(f *testing.F) {
	for _, s := range []string{"Net income (loss) attributable to MGM", "Dividends paid to common shareholders", "Earnings per ORDINARY share", "Income before income taxes", "Loss aFter tax (Note 7)", "Increase (decrease) in cash", "Net sales"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, label string) {
		other := ""
		if m := reOtherSign.FindStringSubmatchIndex(label); m != nil {
			other = label[:m[0]] + label[m[2]:m[3]] + label[m[1]:]
		}
		if got := otherSign(label); got != other {
			t.Fatalf("otherSign(%q) = %q, the pattern gives %q", label, got, other)
		}
		if l := strings.ToLower(label); strings.IndexByte(l, '(') < 0 && reSignWords.ReplaceAllString(l, "") != l {
			t.Fatalf("reSignWords changes %q, which has no bracket", l)
		}
		if got, want := withoutShareClass(label), reShareClass.ReplaceAllString(rePerClassShare.ReplaceAllString(label, "per share"), " "); got != want {
			t.Fatalf("withoutShareClass(%q) = %q, the patterns give %q", label, got, want)
		}
		want := textterms.Of(label)
		for _, w := range []string{"before", "after"} {
			if reWordBeforeAfter[w].MatchString(label) {
				want = append(want, w)
			}
		}
		if got := itemTerms(label); !cmp.Equal(got, want, cmpopts.EquateEmpty()) {
			t.Fatalf("itemTerms(%q) = %q, the patterns give %q", label, got, want)
		}
	})
}

// A look-up's row is held where Read would name it, by the question's
// words as well as the item's names: "research and development expense"
// names "Research, development and related expenses".
func TestRowsHeldByQuestion(t *testing.T) {
	f, ok := ParseFigure(ask("What is the FY2018 research and development expense? Answer in USD millions."), base.DefaultParams())
	if !ok {
		t.Fatal("not a figure question")
	}
	page := base.Source{Doc: "m.pdf", Page: 56, Text: "Consolidated Statement of Income\n(Millions) 2018 2017\nNet sales $ 32,765 $ 31,657\nResearch, development and related expenses 1,821 1,870\n"}
	if got := f.RowsHeld(page); !cmp.Equal(got, []bool{true}) {
		t.Errorf("RowsHeld = %v, want [true]", got)
	}
	if f.rows.Len() != 1 {
		t.Errorf("the rows of %d pages kept, want the page's", f.rows.Len())
	}
	if a, ok := f.Read([]base.Source{page}); !ok || a.Answer != "$1,821 million (2018)" {
		t.Errorf("Read = %q, %v", a.Answer, ok)
	}
}

// A year of loss: a statement's "Net loss" and "Loss from operations"
// are its net income and operating income, below zero; a remainder line
// under a list heading ("Other income, net" after "(Loss)/earnings from
// operations:") is never the item; a change keeps its figures' signs and
// scale.
func TestLossYear(t *testing.T) {
	statement := base.Source{Doc: "b.pdf", Page: 55, Text: "Consolidated Statements of Operations\n(Dollars in millions) 2022 2021\nTotal revenues 66,608 62,286\nLoss from operations (3,547) (2,902)\nOther income, net 1,058 551\nInterest and debt expense (2,533) (2,682)\nNet loss (5,053) (4,290)\nNet loss attributable to Boeing Shareholders ($4,935) ($4,202)\n"}
	segments := base.Source{Doc: "b.pdf", Page: 62, Text: "Summary of Business Segment Data\n(Dollars in millions) 2022 2021\n(Loss)/earnings from operations:\nCommercial Airplanes ($2,370) ($6,475)\nGlobal Services 2,727 2,017\nOther income, net 1,058 551\n"}
	note := base.Source{Doc: "b.pdf", Page: 90, Text: "Note 15 Pension\n(Dollars in millions) 2022 2021\nInterest cost 2,080 1,988\n"}
	wantFigures(t, []base.Source{segments, note, statement}, map[string]string{
		"What is the FY2022 net income? Answer in USD millions.":                               "-$4,935 million (2022; ($4,935) in the table)",
		"What is the FY2022 operating margin?":                                                 "-5.33% (2022)",
		"What is the FY2022 interest coverage ratio? Round your answer to two decimal places.": "-1.40 (2022)",
		"What is the FY2021 - FY2022 change in operating income? Answer in USD billions.":      "-$2.90 billion in 2021, -$3.55 billion in 2022 (change -0.65, -22.2%)",
	})
	if a, ok := readFigure("What is the FY2022 net income? Answer in USD millions.", []base.Source{segments}); ok {
		t.Errorf("a remainder under a list heading read as net income: %q", a.Answer)
	}
}

// The class of shares an amount is of qualifies it, and names no item:
// "Common stock cash dividends paid" is the dividends paid; "per common
// share" is still per share.
func TestShareClass(t *testing.T) {
	flows := base.Source{Doc: "m.pdf", Page: 61, Text: "CASH FLOWS STATEMENTS\n(In millions) 2023 2022\nNet income $ 72,361 $ 72,738\nCommon stock repurchased (22,245) (32,696)\nCommon stock cash dividends paid (19,800) (18,135)\n"}
	income := base.Source{Doc: "c.pdf", Page: 70, Text: "Consolidated Statements of Income\n(In millions) 2021 2020\nNet income attributable to Corning $ 1,906 $ 512\nDiluted earnings per common share $ 1.28 $ 0.54\n"}
	wantFigures(t, []base.Source{flows}, map[string]string{
		"What is the FY2023 cash dividends paid? Answer in USD millions.": "$19,800 million (2023; (19,800) in the table)",
		"What is the FY2023 dividend payout ratio?":                       "0.27 (2023)",
	})
	wantFigures(t, []base.Source{income}, map[string]string{
		"What is the FY2021 diluted EPS?": "$1.28 (2021)",
	})
}
