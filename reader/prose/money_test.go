package prose

import "testing"

func TestMoney(t *testing.T) {
	asks := map[string]bool{
		"How much did it cost in dollars to train Qwen2-72B?": true,
		"How much did Apple spend on research?":               true,
		"What was revenue in euros?":                          true,
		"How much memory does the board need?":                false,
		"How many dollars signs are there?":                   false,
	}
	for q, want := range asks {
		if got := reMoneyQ.MatchString(q); got != want {
			t.Errorf("reMoneyQ(%q) = %v, want %v", q, got, want)
		}
	}
	holds := map[string]bool{
		"Training took $2.1 million.":                                  true,
		"The grant was 40,000 euros.":                                  true,
		"Qwen2-72B outperforms Qwen1.5-72B by 10.0 percentage points.": false,
	}
	for s, want := range holds {
		if got := holdsMoney(s); got != want {
			t.Errorf("holdsMoney(%q) = %v, want %v", s, got, want)
		}
	}
}
