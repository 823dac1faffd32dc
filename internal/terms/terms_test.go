package terms

import (
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func TestOf(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"What is the maximum oil temperature?", []string{"maximum", "oil", "temperatur"}},
		{"Running runs in 2018, x and 7", []string{"run", "run", "2018", "7"}},
		{"ÉCOLE Straße", []string{"école", "straße"}}, // the Porter stemmer leaves non-ASCII words alone
		{"the of and", nil},
		// Chinese and Japanese: pairs of characters, hiragana dropped
		{"研究の背景は何ですか？", []string{"研究", "背景"}},
		{"GPU性能とCPU", []string{"gpu", "性能", "cpu"}},
		{"東京都の人口", []string{"東京", "京都", "人口"}},
		{"水は", []string{"水"}},
		{"第\n二\n条\n第\n一\n項", []string{"第二", "二条", "条第", "第一", "一項"}}, // set vertically, a character a line
		{"固有表現\n抽出 and models", []string{"固有", "有表", "表現", "現抽", "抽出", "model"}},
		{"한국어 문장", []string{"한국어", "문장"}}, // Korean spaces its words
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, Of(tt.in)); diff != "" {
			t.Errorf("Of(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestStemMemo(t *testing.T) {
	long := "antidisestablishmentarianisms"
	for range 2 {
		if got := Stem(long); got != "antidisestablishmentarian" {
			t.Errorf("Stem(%q) = %q", long, got)
		}
		if got := Stem("temperatures"); got != "temperatur" {
			t.Errorf("Stem(temperatures) = %q", got)
		}
	}
}

func TestUpperShare(t *testing.T) {
	for s, want := range map[string]float64{"": 0, "12 34": 0, "WHAT IS IT": 1, "What": 0.25, "ABCDe": 0.8} {
		if got := UpperShare(s); got != want {
			t.Errorf("UpperShare(%q) = %v, want %v", s, got, want)
		}
	}
}

// FuzzWords: splitting never panics, gives no empty word, and keeps
// valid UTF-8 valid.
func FuzzWords(f *testing.F) {
	f.Add("研究の背景は何ですか？")
	f.Add("GPU性能とCPU FY2018 U.S.")
	f.Add("ーコンパラブル")
	f.Fuzz(func(t *testing.T, s string) {
		for _, w := range Words(s) {
			if w == "" {
				t.Fatalf("Words(%q) holds an empty word", s)
			}
			if utf8.ValidString(s) && !utf8.ValidString(w) {
				t.Fatalf("Words(%q) holds %q, not valid UTF-8", s, w)
			}
		}
	})
}
