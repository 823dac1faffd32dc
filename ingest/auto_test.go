package ingest

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"docqa/internal/table"
)

// fixed is an Extractor that returns the same pages, or an error.
type fixed struct {
	name  string
	pages []string
	err   error
}

func (f fixed) Name() string { return f.name }

func (f fixed) Extract(context.Context, []byte) ([]string, error) {
	return append([]string(nil), f.pages...), f.err
}

func TestUnreadable(t *testing.T) {
	tests := []struct {
		text string
		want bool
	}{
		{"", false},
		{`! " #$%& '` + "\n" + `! " (% '` + "\n" + `*% *% + " ) (,% - . / " *$%& " #% + /`, false}, // too short to judge
		{`! " #$%& ' ! " (% ' " ) " " *% *% + " " ) + ) (,% - . " ) % ' / " *$%& " #% + / " " #% ,% ' 0 " 1 23 ' & ' " . 33 & " " 4 $% '5`, true},
		{"\x01\x02\x03\x04 \x05\x06\x04\a\b\t\x02\x04 \v\f\r\a \x0e\x0f\a\f \x03\x04\a \x06\x10 \x03\x11\x12\x06\t\t\x06\x10\x13 \t\v\a\x06\x04 \x14\x10\x10\x03\f\x0f" + " \x01\x02\x03\x04 \x05\x06\x04\a\b\t\x02\x04 \x0e\x0f\a\f \x03\x04\a \x06\x10", true},
		{"Against a forecast GDP growth of 6.7%, India achieved a GDP growth of 4.3%. In the first two quarters the growth was 5.3% and 5.2%.", false},
		{"Contents\nWelcome to San Francisco ........................ 4\nTop Itineraries ........................ 16\nNeighbourhoods ........................ 40", false},
		{"東京都の人口は約1400万人です。日本の首都であり、政治と経済の中心地です。多くの観光客が訪れます。", false},
	}
	for _, tt := range tests {
		if got := unreadable(tt.text); got != tt.want {
			t.Errorf("unreadable(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}

func TestAutoMendsUnreadablePages(t *testing.T) {
	soup := `! " #$%& ' ! " (% ' " ) " " *% *% + " " ) + ) (,% - . " ) % ' / " *$%& " #% + / " " #% ,% ' 0 " 1 23 ' & ' " . 33 & " " 4 $% '5`
	good := "Against a forecast GDP growth of 6.7%, India achieved a GDP growth of 4.3%."
	tests := []struct {
		name    string
		engines []Extractor
		want    []string
	}{
		{"the next engine reads it", []Extractor{
			fixed{name: "a", pages: []string{soup, "page two"}},
			fixed{name: "b", pages: []string{good, "page two, b"}},
		}, []string{good, "page two"}},
		{"a failing engine is passed over", []Extractor{
			fixed{name: "a", pages: []string{soup, "page two"}},
			fixed{name: "b", err: errors.New("broken")},
			fixed{name: "c", pages: []string{good, "page two, c"}},
		}, []string{good, "page two"}},
		{"other page counts are passed over", []Extractor{
			fixed{name: "a", pages: []string{soup, "page two"}},
			fixed{name: "b", pages: []string{good}},
		}, []string{soup, "page two"}},
		{"an engine that keeps only the foot reads nothing", []Extractor{
			fixed{name: "a", pages: []string{soup, "page two"}},
			fixed{name: "b", pages: []string{"Sprouts - p. 3", "page two, b"}},
		}, []string{soup, "page two"}},
		{"no engine reads it better", []Extractor{
			fixed{name: "a", pages: []string{soup, "page two"}},
			fixed{name: "b", pages: []string{soup + "!", "page two, b"}},
		}, []string{soup, "page two"}},
	}
	for _, tt := range tests {
		got, name, err := (&Auto{Engines: tt.engines}).ExtractWith(context.Background(), []byte("%PDF"))
		if err != nil || name != "a" {
			t.Fatalf("%s: ExtractWith = %v, %q", tt.name, err, name)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: pages (-want +got):\n%s", tt.name, diff)
		}
	}
}

// pdftotext out of its memory leaves the document to the next engine;
// any other verdict of too large ends the search, as before.
func TestAutoAfterOutOfMemory(t *testing.T) {
	tests := []struct {
		name       string
		engines    []Extractor
		wantEngine string
		wantErr    error
	}{
		{"PDFium reads it", []Extractor{
			fixed{name: "pdftotext", err: ErrOutOfMemory},
			fixed{name: "pdfium", pages: []string{"one page"}},
		}, "pdfium", nil},
		{"PDFium too finds it too large", []Extractor{
			fixed{name: "pdftotext", err: ErrOutOfMemory},
			fixed{name: "pdfium", err: ErrTooLarge},
			fixed{name: "ledongthuc", pages: []string{"never asked"}},
		}, "", ErrTooLarge},
		{"the last engine", []Extractor{
			fixed{name: "pdftotext", err: ErrOutOfMemory},
		}, "", ErrOutOfMemory},
	}
	for _, tt := range tests {
		_, engine, err := (&Auto{Engines: tt.engines}).ExtractWith(context.Background(), []byte("%PDF"))
		if engine != tt.wantEngine || !errors.Is(err, tt.wantErr) || (tt.wantErr == nil) != (err == nil) {
			t.Errorf("%s: ExtractWith = %q, %v; want %q, %v", tt.name, engine, err, tt.wantEngine, tt.wantErr)
		}
		if tt.wantErr == ErrTooLarge && errors.Is(err, ErrOutOfMemory) {
			t.Errorf("%s: err = %v, want PDFium's verdict", tt.name, err)
		}
	}
}

// counted is an Extractor that also counts a document's pages.
type counted struct {
	fixed
	count int
}

func (c counted) PageCount(context.Context, []byte) (int, error) { return c.count, nil }

// pdftotext's pages are split at form feeds: another count than the
// document's page tree has means its page numbers cannot be trusted, and
// the next engine reads the document.
func TestAutoChecksPageCount(t *testing.T) {
	tests := []struct {
		name       string
		first      []string
		wantEngine string
	}{
		{"the same count", []string{"one", "two"}, "pdftotext"},
		{"a form feed in the text", []string{"one", "two", "tw\fo"}, "pdfium"},
	}
	for _, tt := range tests {
		a := &Auto{Engines: []Extractor{
			fixed{name: "pdftotext", pages: tt.first},
			counted{fixed{name: "pdfium", pages: []string{"one", "two"}}, 2},
		}}
		_, engine, err := a.ExtractWith(context.Background(), []byte("%PDF"))
		if err != nil || engine != tt.wantEngine {
			t.Errorf("%s: ExtractWith = %q, %v; want %q", tt.name, engine, err, tt.wantEngine)
		}
	}
}

// worded is an Extractor that reads words too: a word "w" on every page.
type worded struct{ fixed }

func (w worded) ExtractWords(ctx context.Context, data []byte, keep func(string) bool, _ Split) ([]string, []PageWords, error) {
	pages, err := w.Extract(ctx, data)
	words := make([]PageWords, len(pages))
	for i, p := range pages {
		if keep(p) {
			words[i].Words = []table.Word{{Text: "w"}}
		}
	}
	return pages, words, err
}

// The words of the pages keep picks come back with the text; a page
// another engine mended keeps none (they are the unreadable page's), nor
// does a page keep did not pick.
func TestAutoExtractWords(t *testing.T) {
	good := "Against a forecast GDP growth of 6.7%, India achieved a GDP growth of 4.3%."
	soup := `! " #$%& ' ! " (% ' " ) " " *% *% + " " ) + ) (,% - . " ) % ' / " *$%& " #% + / " " #% ,% ' 0 " 1 23 ' & ' " . 33 & " " 4 $% '5`
	a := &Auto{Engines: []Extractor{
		worded{fixed{name: "pdftotext", pages: []string{soup, "2019 2020", "prose"}}},
		fixed{name: "b", pages: []string{good, "x", "y"}},
	}}
	pages, words, engine, err := a.ExtractWords(context.Background(), []byte("%PDF"), func(s string) bool { return s != "prose" }, 1)
	if err != nil || engine != "pdftotext" {
		t.Fatalf("ExtractWords = %q, %v", engine, err)
	}
	if pages[0] != good {
		t.Errorf("page 1 = %q, want it mended", pages[0])
	}
	var got []int
	for _, w := range words {
		got = append(got, len(w.Words))
	}
	if diff := cmp.Diff([]int{0, 1, 0}, got); diff != "" {
		t.Errorf("words a page (-want +got):\n%s", diff)
	}
	// an engine without words gives a page's worth of none
	b := &Auto{Engines: []Extractor{fixed{name: "b", pages: []string{"one", "two"}}}}
	if _, words, _, err := b.ExtractWords(context.Background(), []byte("%PDF"), func(string) bool { return true }, 1); err != nil || len(words) != 2 {
		t.Errorf("ExtractWords without words = %d pages of words, %v; want 2", len(words), err)
	}
}
