package tables

import (
	"docqa/reader/base"
	"strings"
	"testing"
)

// cashFlowPage is a statement of cash flows: the three activities' net
// cash, each a row of the year's columns.
const cashFlowPage = `Consolidated Statements of Cash Flows
(In millions) 2022 2021 2020
Net income 1,316 1,906 512
Net cash provided by operating activities 2,615 3,412 2,180
Capital expenditures (1,604) (1,637) (1,377)
Net cash used in investing activities (1,355) (1,419) (1,310)
Net cash used in financing activities (1,649) (2,452) (729)
`

func TestReadAmong(t *testing.T) {
	sources := []base.Source{{Doc: "c.pdf", Page: 61, Text: cashFlowPage}, {Doc: "m.pdf", Page: 61, Text: "(In millions) 2023 2022\nNet cash from operations 87,582 89,035\nPurchases of investments (37,651 ) (26,456 )\nNet cash used in financing (43,935 ) (58,876 )\nNet cash used in investing (22,680 ) (30,311 )\n"}}
	tests := []struct {
		q, want string
	}{
		{"Among operations, investing, and financing activities, which brought in the most (or lost the least) cash flow for Corning in FY2022?",
			"Net cash provided by operating activities (2,615, in millions, 2022)"},
		{"Among investing and financing activities, which lost the most cash in 2021? ", "Net cash used in financing activities ((2,452), in millions, 2021)"},
		{"Among operating, investing and financing activities, which used the least cash in 2020?", "Net cash provided by operating activities (2,180, in millions, 2020)"},
		{"Among investing and financing activities, which brought in the most and lost the least in 2021?", "Net cash used in investing activities ((1,419), in millions, 2021)"},
		{"Among operations, investing, and financing activities, which brought in the most cash flow in FY2019?", ""}, // no such column
		// rows that leave the list's noun out; a flow of a thing is not it
		{"Among operations, investing, and financing activities, which brought in the most cash flow in FY2023?", "Net cash from operations (87,582, in millions, 2023)"},
		{"Among operations and dividends, which was the largest in 2022?", ""},                              // no row for dividends
		{"Among operations, investing, and financing activities, which brought in the most cash flow?", ""}, // no year
		{"Which activities brought in the most cash flow in 2022?", ""},                                     // lists nothing
	}
	for _, tt := range tests {
		f, ok := ParseFigure(ask(tt.q), base.DefaultParams())
		var r base.Reading
		if ok && f.among != nil {
			r, ok = f.Read(sources)
		} else {
			ok = false
		}
		if ok != (tt.want != "") || r.Answer != tt.want {
			t.Errorf("%q = %q, %v; want %q", tt.q, r.Answer, ok, tt.want)
		}
		if ok && (!quoted(r, sources) || len(r.Quotes) < 2 || !strings.Contains(r.Explanation, "no language model")) {
			t.Errorf("%q: quotes %+v, explanation %q: want each row quoted word for word", tt.q, r.Quotes, r.Explanation)
		}
	}
}
