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
		{"Version 1.3 2\nNOTE: Priority 1 is not applicable.\nmore\nend", []int{2}},
		{"This line is far too long to be a running head of a page 12\nbody\nmore\nend", nil},
		{"Header\nbody\nTable 4 shows 12 rows\n2019", []int{2019}},
		{"body only, 7 in the text\nand 8 more\nand more\nand more", nil},
		// A short line ending in a number may be a running head; the
		// quorum of PrintedOffset weeds out those that are not.
		{"Chapter one\nwith a total of 8\nand more\nand more", []int{8}},
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

func TestAsksContents(t *testing.T) {
	for q, want := range map[string]bool{
		"How many chapters are in this report?":                         true,
		"What are the last 4 chapters listed in the table of contents?": true,
		"How many appendices does the manual have?":                     true,
		"Which sections are in the handbook?":                           true,
		"What does chapter 3 say about oil?":                            false,
		"How many parts per million of lead?":                           true, // a false alarm: the contents come first, the ranking follows
		"What is the maximum oil temperature?":                          false,
	} {
		if got := AsksContents(q); got != want {
			t.Errorf("AsksContents(%q) = %v, want %v", q, got, want)
		}
	}
}

func TestContentsPages(t *testing.T) {
	contents := "Contents\nPreface ii\n1 Safety ........ 3\n2 Installation ........ 7\n2.1 Mounting 9\n3 Operation … 14\nIndex 40"
	prose := "The unit must be installed by a qualified person.\nRead the safety notes first.\nSee page 3."
	index := "Index\nair filter 12\nbattery 7\ncable 9\ncover 3\nfuse 22\noil 14"
	doc := []string{"Cover", contents, contents, prose, prose, prose, prose, prose, prose, prose, prose}
	doc = append(doc, make([]string, 30)...)
	doc = append(doc, index)
	if diff := cmp.Diff([]int{2, 3}, ContentsPages(doc)); diff != "" {
		t.Errorf("ContentsPages (-want +got):\n%s", diff)
	}
	if got := ContentsPages([]string{prose, index}); len(got) != 1 || got[0] != 2 {
		t.Errorf("ContentsPages of a short document = %v, want [2]", got)
	}
	if got := ContentsPages(nil); got != nil {
		t.Errorf("ContentsPages(nil) = %v", got)
	}
}

func FuzzContentsPages(f *testing.F) {
	f.Add("Contents\n1 Safety .... 3\n2 Setup .... 5", "How many chapters are in this report?")
	f.Fuzz(func(t *testing.T, page, q string) {
		AsksContents(q)
		doc := []string{page, page, page}
		got := ContentsPages(doc)
		if len(got) > contentsMax {
			t.Fatalf("ContentsPages gave %v", got)
		}
		for _, n := range got {
			if n < 1 || n > len(doc) {
				t.Fatalf("ContentsPages gave page %d of %d", n, len(doc))
			}
		}
	})
}

func TestEndLines(t *testing.T) {
	for _, text := range []string{"", "a", "a\nb", "a\nb\nc", "a\nb\nc\nd", "a\nb\nc\nd\ne", "a\n\nc\nd\ne\nf\n", "1\n2\n3\n4\n5\n6\n7"} {
		lines := strings.Split(text, "\n")
		var want []string
		for i, l := range lines {
			if i < 2 || i >= len(lines)-2 {
				want = append(want, l)
			}
		}
		if diff := cmp.Diff(want, endLines(text)); diff != "" {
			t.Errorf("endLines(%q) (-want +got):\n%s", text, diff)
		}
	}
}
