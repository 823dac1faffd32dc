package table

import (
	"regexp"
	"testing"
)

// tokenPatterns are what the hand-written readers of tokens.go follow.
var tokenPatterns = []struct {
	name string
	re   *regexp.Regexp
	f    func(string) bool
}{
	{"isYear", regexp.MustCompile(`^\(?(19|20)\d\d\)?[,:]?$`), isYear},
	{"isDay", regexp.MustCompile(`^\d{1,2},?$`), isDay},
	{"isFig", regexp.MustCompile(`^\(?-?[$€£¥]?\d[\d,]*(\.\d+)?\)?%?\)?$|^\(?-?[$€£¥]?\.\d+\)?%?$`), isFig},
	{"isDash", regexp.MustCompile(`^[—–-]+$`), isDash},
	{"isOpenFig", regexp.MustCompile(`^\(-?[$€£¥]?\d[\d,]*(\.\d+)?$`), isOpenFig},
}

var tokenSeeds = []string{
	"2022", "(2021)", "2019,", "1999:", "(2020),", "2120", "19999", "202", "(2022", "2022)", ")2022",
	"1", "31", "31,", "311", ",", "1,,",
	"-", "—", "–", "--—", "-a", "",
	"1,234", "(1,234)", "$1,234.5", "-$5", "$-5", "€12", "£3.50", "¥100", "12%", "(12.5)%", "12%)", "12)%)", "12.", ".5", "(.5)%", "-.25", "..5", "1.2.3", "(28,107", "(-$28,107.50", "(28,107)", "(.5", "$", "%", "(", "1,", ",1", "1)", "1))", "1)%)", "1%%",
	"\xff1", "1\xff", "\xe2\x82", "€",
}

func TestTokens(t *testing.T) {
	for _, p := range tokenPatterns {
		for _, s := range tokenSeeds {
			if got, want := p.f(s), p.re.MatchString(s); got != want {
				t.Errorf("%s(%q) = %v, the pattern says %v", p.name, s, got, want)
			}
		}
	}
	for _, tt := range []struct {
		line string
		want bool
	}{
		{"(in millions, except per share data)", true},
		{"Dollars in Thousands", true},
		{"AMOUNTS IN BILLIONS", true},
		{"Net sales 1,234 1,100", false},
		{"in thouſands", true}, // U+017F folds with s in (?i): the test words hold no s
	} {
		if got := mayScale(tt.line); got != tt.want {
			t.Errorf("mayScale(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
}

// FuzzTokens checks each hand-written reader against its pattern, and
// that a line the scale's words are not in never matches reScale.
func FuzzTokens(f *testing.F) {
	for _, s := range tokenSeeds {
		f.Add(s)
	}
	f.Add("(in thousands)")
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range tokenPatterns {
			if got, want := p.f(s), p.re.MatchString(s); got != want {
				t.Fatalf("%s(%q) = %v, the pattern says %v", p.name, s, got, want)
			}
		}
		if !mayScale(s) && reScale.MatchString(s) {
			t.Fatalf("reScale matches %q, which mayScale passed over", s)
		}
	})
}
