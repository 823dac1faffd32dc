package ingest

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"docqa/internal/table"
)

// parseBBox reads pdftotext's -bbox XHTML whole: [bboxReader].
func parseBBox(b []byte) []PageWords {
	var pages []PageWords
	r := &bboxReader{page: func(pw PageWords) { pages = append(pages, pw) }}
	r.Write(b)
	r.Close()
	return pages
}

func TestParseBBox(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []PageWords
	}{
		{"two pages", `<!DOCTYPE html><html><head><title></title></head><body><doc>
<page width="595.000000" height="842.000000"><flow><block><line>
<word xMin="70.86" yMin="97.5" xMax="77.7" yMax="109.6">A</word>
<word xMin="81.2" yMin="97.5" xMax="114.0" yMax="109.6">facility&amp;co</word>
</line></block></flow></page>
<page width="612" height="792"></page>
</doc></body></html>`, []PageWords{
			{Width: 595, Height: 842, Words: []table.Word{{Text: "A", X0: 70.86, Y0: 97.5, X1: 77.7, Y1: 109.6}, {Text: "facility&co", X0: 81.2, Y0: 97.5, X1: 114, Y1: 109.6}}},
			{Width: 612, Height: 792},
		}},
		{"a word before any page is dropped", `<doc><word xMin="1" yMin="1" xMax="2" yMax="2">x</word></doc>`, nil},
		{"missing numbers read as 0", `<doc><page><word>y</word></page></doc>`, []PageWords{{Words: []table.Word{{Text: "y"}}}}},
		{"single quotes, a name inside another", `<page width='10' height="20"><word yMax="4" xMax="3" yMin="2" xMin="1" data-xMin="9">&lt;b&gt; &#233;</word></page>`,
			[]PageWords{{Width: 10, Height: 20, Words: []table.Word{{Text: "<b> é", X0: 1, Y0: 2, X1: 3, Y1: 4}}}}},
		{"a word cut short ends the reading", `<page width="1"><word xMin="1">ab`, []PageWords{{Width: 1}}},
		{"pages and words only", `<pages><wordy>no</wordy><page/><word>a</word>`, []PageWords{{Words: []table.Word{{Text: "a"}}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := parseBBox([]byte(tt.in))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("parseBBox (-want +got):\n%s", diff)
			}
			// as pdftotext's output arrives: a byte at a time
			var pages []PageWords
			r := &bboxReader{page: func(pw PageWords) { pages = append(pages, pw) }}
			for i := range len(tt.in) {
				r.Write([]byte(tt.in[i : i+1]))
			}
			r.Close()
			if diff := cmp.Diff(tt.want, pages); diff != "" {
				t.Errorf("bboxReader a byte at a time (-want +got):\n%s", diff)
			}
		})
	}
	// pdftotext writes a damaged font's control characters as they are:
	// the page text keeps them, as -raw does; a grid does not
	got := parseBBox([]byte("<doc><page><word>a\a\x01b</word><word>\x02</word><word>c</word></page></doc>"))
	if len(got) != 1 || got[0].Words[0].Text != "a\a\x01b" {
		t.Errorf("control characters: %+v; want the word a\\a\\x01b", got)
	}
	if diff := cmp.Diff([]table.Word{{Text: "ab"}, {Text: "c"}}, gridWords(got[0].Words)); diff != "" {
		t.Errorf("gridWords (-want +got):\n%s", diff)
	}
}

// FuzzParseBBox: whatever pdftotext writes, parseBBox returns pages,
// rawText writes them and the grid builder reads them, never panics;
// the text holds every word.
func FuzzParseBBox(f *testing.F) {
	f.Add(`<doc><page width="1" height="2"><word xMin="1" yMin="1" xMax="2" yMax="2">x</word></page></doc>`)
	f.Add(`<page><word xMin="NaN">`)
	f.Add("<doc><page></doc>")
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range parseBBox([]byte(s)) {
			text := rawText(p.Words, DefaultRawTextParams())
			for _, w := range p.Words {
				if !strings.Contains(text, w.Text) {
					t.Fatalf("rawText = %q, without the word %q", text, w.Text)
				}
			}
			for _, g := range table.Grids(p.Words, table.DefaultGridParams()) {
				_ = table.Label(g)
			}
		}
	})
}

func TestParseFloat(t *testing.T) {
	for _, s := range []string{"595.000000", "0.5", "-12.25", "7", "", "-", ".", "1e3", "NaN", "12.3.4", "1234567890123456789.5", "00.010000", "-0.000001"} {
		want, _ := strconv.ParseFloat(s, 64)
		if math.IsNaN(want) {
			want = 0
		}
		got := parseFloat([]byte(s))
		if math.IsNaN(got) {
			got = 0
		}
		if math.Abs(got-want) > 1e-9*math.Max(1, math.Abs(want)) {
			t.Errorf("parseFloat(%q) = %v, want %v", s, got, want)
		}
	}
}
