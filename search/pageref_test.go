package search

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPageRefs(t *testing.T) {
	tests := []struct {
		q    string
		want []NamedPage
	}{
		{"What date is mentioned at the beginning of page(1)?", []NamedPage{{1, true}}},
		{"What is the Email address on the second cover page?", []NamedPage{{2, false}, {1, false}}},
		{"What are the words in the first rectangle on the top of the page two?", []NamedPage{{2, true}}},
		{"Compare page 12 and p. 14", []NamedPage{{12, true}, {14, true}}},
		{"What is on the front cover?", []NamedPage{{1, false}}},
		{"Who is the defendant of this case?", []NamedPage{{1, false}}},
		{"WHAT IS USCA CASE NUMBER?", []NamedPage{{1, false}}},
		{"What is the date of the document?", []NamedPage{{1, false}}},
		{"What is the case no. on page 3?", []NamedPage{{1, false}, {3, true}}},
		{"What is the maximum oil temperature?", nil},
		{"How many cases were filed?", nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, PageRefs(tt.q)); diff != "" {
			t.Errorf("PageRefs(%q) (-want +got):\n%s", tt.q, diff)
		}
	}
}

func TestPrintedNumbers(t *testing.T) {
	tests := []struct {
		text string
		want []int
	}{
		{"9\nto American farms and ranches\nbody\nmore\nH:\\DOCS\\90141.SF", []int{9}},
		{"Report title\nbody\nmore\n- 12 -\n", []int{12}},
		{"Page 3 of 17\nbody\nmore\nend", []int{3}},
		{"Header\nbody\nTable 4 shows 12 rows\n2019", []int{2019}},
		{"body only, 7 in the text\nand 8\nand more\nand more", nil},
		{"", nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, printedNumbers(tt.text)); diff != "" {
			t.Errorf("printedNumbers(%q) (-want +got):\n%s", tt.text, diff)
		}
	}
}

func TestPrintedOffset(t *testing.T) {
	body := "text of the page\nmore text\nand more\n"
	doc := func(numbers ...string) []string {
		var pages []string
		for _, n := range numbers {
			pages = append(pages, body+n)
		}
		return pages
	}
	tests := []struct {
		name   string
		pages  []string
		want   int
		wantOK bool
	}{
		{"cover and contents before page 1", doc("", "", "", "", "1", "2", "3", "4", "5"), 4, true},
		{"numbers match the file's", doc("1", "2", "3", "4"), 0, true},
		{"too few pages numbered", doc("", "", "1", "2"), 0, false},
		{"no agreement", doc("7", "1", "12", "40", "3", "9"), 0, false},
		{"a chapter printed from page 297", doc("297", "298", "299"), -296, true},
		{"no pages", nil, 0, false},
	}
	for _, tt := range tests {
		got, ok := PrintedOffset(tt.pages)
		if got != tt.want || ok != tt.wantOK {
			t.Errorf("%s: PrintedOffset = %d, %v; want %d, %v", tt.name, got, ok, tt.want, tt.wantOK)
		}
	}
}

func FuzzPrintedOffset(f *testing.F) {
	f.Add("1\nbody", "body\n- 2 -", "Page 3 of 9\nbody")
	f.Fuzz(func(t *testing.T, a, b, c string) {
		pages := []string{a, b, c, strings.Repeat(a, 2)}
		if d, ok := PrintedOffset(pages); !ok && d != 0 {
			t.Fatalf("PrintedOffset gave offset %d without agreement", d)
		}
		for _, n := range printedNumbers(a) {
			if n < 0 || n > 9999 {
				t.Fatalf("printedNumbers(%q) gave %d", a, n)
			}
		}
	})
}

func FuzzPageRefs(f *testing.F) {
	f.Add("What is on page(1) and the second cover page?")
	f.Add("Who is the defendant? page nine, p. 0")
	f.Fuzz(func(t *testing.T, q string) {
		seen := map[int]bool{}
		for _, n := range PageRefs(q) {
			if n.Page < 1 || seen[n.Page] {
				t.Fatalf("PageRefs(%q) gave %+v", q, n)
			}
			seen[n.Page] = true
		}
	})
}
