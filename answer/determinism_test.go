package answer

import (
	"encoding/json"
	"testing"
)

// The same question on the same pages gives the same answer, byte for
// byte: no map order, no goroutine timing reaches the output. Each
// question runs many times; the timings are left out of the comparison.
func TestDeterministic(t *testing.T) {
	r := pages{
		{Doc: "c.pdf", Page: 65, Text: incomeStatement},
		{Doc: "c.pdf", Page: 70, Text: cashFlows},
		// Two sentences holding the same question terms: a tie, which the
		// first must win on every run (sums in map order differ in the
		// last bit from run to run).
		{Doc: "r.pdf", Page: 7, Text: "Exchange rate changes had an impact on our financial results and operating margins in Europe during the quarter. The financial results and operating margins impact of changes in the exchange rate was small in Asia during the quarter."},
		{Doc: "h.pdf", Page: 4, Text: "3. Operating Limits\nThe maximum oil temperature is 110 degrees Celsius in all phases of flight. Propeller speed must not exceed 2,200 rpm.\nOil pressure must stay between 85 and 105 psi."},
	}
	for _, q := range []string{
		"What is the FY2021 gross margin?",
		"What is the FY2019 - FY2021 3 year average operating income % margin? Round to one decimal place.",
		"What is the maximum oil temperature?",
		"How many rpm may the propeller turn?",
		"Who won the 1998 football world cup?",
		"How did exchange rate changes impact the financial results and operating margins during the quarter?",
	} {
		var first []byte
		for i := range 40 {
			a, err := Ask(t.Context(), r, Request{Question: q})
			if err != nil {
				t.Fatal(err)
			}
			a.TimingsMS = nil
			got, err := json.Marshal(a)
			if err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				first = got
			} else if string(got) != string(first) {
				t.Fatalf("%q: run %d differs:\n%s\nfirst:\n%s", q, i, got, first)
			}
		}
	}
}
