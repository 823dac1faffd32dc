package segment

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func spans(text string, ss []Span) []string {
	var out []string
	for _, s := range ss {
		out = append(out, text[s.Start:s.End])
	}
	return out
}

func TestSentences(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"two", "The oil is hot. Check it now.", []string{"The oil is hot.", "Check it now."}},
		{"abbreviation", "See Fig. 3 for e.g. details. Next one.", []string{"See Fig. 3 for e.g. details.", "Next one."}},
		{"decimal", "Ratio is 15.2 to 1. Done.", []string{"Ratio is 15.2 to 1.", "Done."}},
		{"heading line", "5. Lubrication System\nThe AE-300 has oil.", []string{"5. Lubrication System", "The AE-300 has oil."}},
		{"wrapped line", "the oil\nis warm.", []string{"the oil\nis warm."}},
		{"cjk", "これは本です。それはペンです。", []string{"これは本です。", "それはペンです。"}},
		{"quote closes", `He said "stop." Then left.`, []string{`He said "stop."`, "Then left."}},
		{"blank", "  \n ", nil},
		// issue 18, item 4: a quote must not stop before its number
		{"month", "The merger closed on Aug. 5, 2023 for $4.2 billion. Shares rose.", []string{"The merger closed on Aug. 5, 2023 for $4.2 billion.", "Shares rose."}},
		{"company", "Smith Corp. and Jones Co. Ltd. signed on Sept. 3. The end.", []string{"Smith Corp. and Jones Co. Ltd. signed on Sept. 3.", "The end."}},
		{"lowercase next", "The U.S. economy grew 2.1% in the quarter. Exports fell.", []string{"The U.S. economy grew 2.1% in the quarter.", "Exports fell."}},
		{"number sign", "See Note No. 5 for the 3,000 employees. Next.", []string{"See Note No. 5 for the 3,000 employees.", "Next."}},
		{"footnote mark", "Sales in Asia rose 12%.3 Costs fell.", []string{"Sales in Asia rose 12%.3", "Costs fell."}},
		{"footnote after word", "It has 18 data centers.12 New ones open.", []string{"It has 18 data centers.12", "New ones open."}},
		{"decimal then capital", "The ratio was 2.5 Percent of sales.", []string{"The ratio was 2.5 Percent of sales."}},
		{"bullet glyph", "It is cold. l Use it only for food.", []string{"It is cold.", "l Use it only for food."}},
		{"line break in sentence", "Revenue was $5 million, up from\n$4 million last year. Next.", []string{"Revenue was $5 million, up from\n$4 million last year.", "Next."}},
		{"dotted abbreviation", "The U.S. Copyright Office issued it at 10 a.m. Eastern time. Then U.S.\nNext line.", []string{"The U.S. Copyright Office issued it at 10 a.m. Eastern time.", "Then U.S.", "Next line."}},
		{"footnote line", "The Digital Millennium Copyright Act (DMCA) was signed into law by\n1\nPresident Clinton on October 28, 1998. The end.", []string{"The Digital Millennium Copyright Act (DMCA) was signed into law by\n1\nPresident Clinton on October 28, 1998.", "The end."}},
		{"folio after prose", "The report ends with this line of text that is a long one.\n12\nNext Page", []string{"The report ends with this line of text that is a long one.", "12", "Next Page"}},
		{"narrow column, joiner at the end", "We used twelve newspapers published mainly in the\nUnited States. We collected them.", []string{"We used twelve newspapers published mainly in the\nUnited States.", "We collected them."}},
		{"narrow column, a sentence inside", "(from Sep. 21, 2005 - Nov. 27, 2005). We obtained\n643,767 basic patterns. Then", []string{"(from Sep. 21, 2005 - Nov. 27, 2005).", "We obtained\n643,767 basic patterns.", "Then"}},
		{"narrow column, the line before runs on", "Preemptive Information Extraction is an\nattempt to automatically create all feasible\nIE systems in advance. We propose", []string{"Preemptive Information Extraction is an\nattempt to automatically create all feasible\nIE systems in advance.", "We propose"}},
		{"heading after a short line", "Source articles\n28,009\nBasic clusters", []string{"Source articles", "28,009", "Basic clusters"}},
		{"max and min", "Insert ground coffee (max. 16 g). Wait min. 5 minutes. Done.", []string{"Insert ground coffee (max. 16 g).", "Wait min. 5 minutes.", "Done."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, spans(tt.in, Sentences(tt.in))); diff != "" {
				t.Errorf("Sentences(%q) (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}
