package reader

import (
	"docqa/reader/base"
	"testing"
)

// FuzzRead: whatever the question and the pages, the reader ends, and
// every quote it gives is in its page word for word, and an answer has
// one.
func FuzzRead(f *testing.F) {
	for _, s := range []struct{ q, page1, page2 string }{
		{"What was the effective tax rate in 2022?", "(In millions)\n2022 2021\nEarnings before provision for taxes on income 21,725 22,776\nProvision for taxes on income (Note 8) 3,784 1,898\n", "Net sales $ 1 $ 2"},
		{"For the latest quarter, what were iPhone net sales?", salesByCategory, ""},
		{"How long does it take to charge the headset?", "Charging the headset takes about 3 hours.", "It is"},
		{"What is step-back prompting, and what does it improve?", "We present STEP-BACK PROMPTING, a simple technique. It improves reasoning by 7%.", "accuracy"},
		{"What percentage of seniors own a smartphone?", "Just 18% of seniors are smartphone adopters.", "by 20 percentage points—from 35%"},
		{"Which segment will be a discontinued operation from August 30, 2023?", "(August 30, 2023) – Johnson & Johnson today announced.", "Consumer Health is a discontinued operation."},
	} {
		f.Add(s.q, s.page1, s.page2)
	}
	f.Fuzz(func(t *testing.T, q, page1, page2 string) {
		sources := []base.Source{{Doc: "a.pdf", Page: 1, Text: page1}, {Doc: "a.pdf", Page: 2, Text: page2}}
		r := readText(q, nil, sources)
		if r.Found() && !quoted(r, sources) {
			t.Errorf("readText(%q) = %q with quotes %+v not word for word from their pages", q, r.Answer, r.Quotes)
		}
	})
}
