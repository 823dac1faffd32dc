// Package readertest holds what the tests of reader's packages share:
// pages with the structure ingest would read of them, a board manual's
// pages, and the checks every reader's test makes of its quotes.
package readertest

import (
	"slices"
	"strings"

	"docqa/internal/doc"
	"docqa/internal/inquiry"
	"docqa/reader/base"
	"docqa/reader/sentences"
)

// Ask parses text as a question with no options and the standard
// metrics.
func Ask(text string) *inquiry.Question { return inquiry.Parse(text, nil, nil) }

// Quoted reports whether r has quotes and each is its page's text word
// for word (line breaks folded).
func Quoted(r base.Reading, sources []base.Source) bool {
	for _, q := range r.Quotes {
		if !slices.ContainsFunc(sources, func(s base.Source) bool {
			return s.Doc == q.Doc && s.Page == q.Page && strings.Contains(sentences.OneLine(s.Text), q.Text)
		}) {
			return false
		}
	}
	return len(r.Quotes) > 0
}

// ManualPages are the pages of a board manual: a procedure that runs
// over a page's turn with a figure's labels between its steps, a section
// with a numbered procedure, a list a sentence announces, and a
// footnote.
func ManualPages() []base.Source {
	return Structured([]base.Source{
		{Doc: "board.pdf", Page: 16, Text: "2.4.4 Set-up the Board Hardware\nUse the following steps to connect the board:\n1. Remove the board from the package.\n2. Check the default jumper settings.\nBoard Manual\n2-4"},
		{Doc: "board.pdf", Page: 17, Text: "Power: LED11\nFigure 2-1: Hardware Setup\n3. Plug the power supply into P16.\nVerify that the green power LED is on and the red reset LEDs blink.\n4. Connect the USB cable to a free USB port and to P2.\n5. Install the USB driver.\n2.4.5 Install the Driver\nThe driver runs on Windows 98 and Windows 2000.\nUnlike the Windows 95 driver, the driver is based on the USB stack.\nThe board does not run under Windows 95 or Windows NT.\nBoard Manual\n2-5"},
		{Doc: "board.pdf", Page: 28, Text: "2.4.7 Starting the Debugger\nIn order to start debugging, you must set up a session.\n1. Hold down the Control (CTRL) key.\n2. Select the Start button.\n3. Click on New Session.\nBoard Manual\n2-16"},
		{Doc: "board.pdf", Page: 31, Text: "3.1 Support\nThe support desk of the board answers calls from people who are a:\n• Registered owner of the board,\n• Reseller, or\n• Field engineer on a service contract.\nBoard Manual\n3-3"},
		{Doc: "board.pdf", Page: 32, Text: "3.2 Switch on the display unit\n• Slide the front cover upward\nThe power switch is behind the cover.\n• Press the power switch\nThe unit heats up.\nBoard Manual\n3-4"},
		{Doc: "board.pdf", Page: 30, Text: "3. Memory Architecture and Zones\nThe memory of the board is divided into three zones:\n1. The program zone holds code.\n2. The data zone holds variables.\n3. The boot zone holds the loader.\nStudies from the Ponemon Institute 2 revealed that breaches cost more.\nThe Identity Theft Center\n1\nreports 5000 breaches.\n1 http://www.idtheftcenter.org\n2 http://www.ponemon.org/\nBoard Manual\n3-2"},
	})
}

// Structured gives pages the structure ingest reads of them
// ([doc.Read]), as if each document were its pages here, in page order:
// the readers of units read it, never the text.
func Structured(pages []base.Source) []base.Source {
	out := slices.Clone(pages)
	byDoc := map[string][]int{}
	for i, s := range out {
		byDoc[s.Doc] = append(byDoc[s.Doc], i)
	}
	for _, idx := range byDoc {
		slices.SortFunc(idx, func(a, b int) int { return out[a].Page - out[b].Page })
		var texts []string
		for _, i := range idx {
			texts = append(texts, out[i].Text)
		}
		st := doc.Read(texts, nil, nil)
		real := func(k int) int { return out[idx[k-1]].Page } // the k-th page read is real(k)
		for i := range st.Lists {
			l := &st.Lists[i]
			if l.Intro != nil {
				in := *l.Intro
				in.Page = real(in.Page)
				l.Intro = &in
			}
			for j := range l.Items {
				l.Items[j].Page = real(l.Items[j].Page)
			}
		}
		for k, i := range idx {
			p := st.Of(k + 1)
			p.Number, p.Lists = out[i].Page, nil
			for _, l := range st.Lists {
				if slices.ContainsFunc(l.Items, func(sp doc.Span) bool { return sp.Page == out[i].Page }) {
					p.Lists = append(p.Lists, l)
				}
			}
			out[i].Structure = p
		}
	}
	return out
}

// DebtInvestments is a filing's table of debt investments: two
// columns of dates, groups with their subtotals, a total.
const DebtInvestments = `The following tables present information regarding the Company's debt investments:
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
