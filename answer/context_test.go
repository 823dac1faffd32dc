package answer

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"docqa/internal/doc"
	"docqa/internal/table"
	"docqa/search"
)

func TestAssembleLocate(t *testing.T) {
	sources := []Source{
		{Doc: "h.pdf", Page: 4, Text: "The maximum oil temperature is 110 degrees Celsius.\nPropeller speed must not exceed 2,200 rpm."},
		{Doc: "h.pdf", Page: 5, Text: "Oil pressure: 85 to 105 psi."},
		{Doc: "b.pdf", Page: 1, Text: "Replace the chip detector with part 3072-114."},
	}
	c := Assemble(sources)
	if diff := cmp.Diff(sources, c.Sources()); diff != "" {
		t.Errorf("Sources() (-want +got):\n%s", diff)
	}
	// Every character of every page's text maps back to that page.
	for _, s := range sources {
		at := strings.Index(c.Text, s.Text)
		if at < 0 {
			t.Fatalf("page %s %d missing from the context", s.Doc, s.Page)
		}
		for i := at; i < at+len(s.Text); i++ {
			doc, page, ok := c.Locate(i)
			if !ok || doc != s.Doc || page != s.Page {
				t.Fatalf("byte %d (%q) maps to %s p. %d (%v), want %s p. %d", i, c.Text[i], doc, page, ok, s.Doc, s.Page)
			}
		}
		if m := strings.Index(c.Text, Marker(s.Doc, s.Page)); m < 0 || m > at {
			t.Errorf("marker for %s p. %d missing or after its text", s.Doc, s.Page)
		}
	}
	// And every byte of the context belongs to some page.
	for i := range len(c.Text) {
		if _, _, ok := c.Locate(i); !ok {
			t.Fatalf("byte %d belongs to no page", i)
		}
	}
	if _, _, ok := c.Locate(len(c.Text)); ok {
		t.Error("offset past the end located")
	}
}

// TestContextOfRealIndex assembles the context of a real search and checks
// the budget and the mapping on it.
func TestContextOfRealIndex(t *testing.T) {
	idx := openSample(t)
	for _, budget := range []int{1000, 6000} {
		a, err := Ask(t.Context(), idx, Request{Question: "oil temperature limits and overhaul interval", MaxContext: budget})
		if err != nil {
			t.Fatal(err)
		}
		if a.ContextChars > budget {
			t.Errorf("budget %d: %d context chars", budget, a.ContextChars)
		}
		ranked, err := idx.MultiSearch(t.Context(), []string{"oil temperature limits"}, search.MultiOptions{})
		if err != nil {
			t.Fatal(err)
		}
		sources, err := contextPages(t.Context(), idx, ranked, budget, 1, search.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		c := Assemble(sources)
		for _, s := range sources {
			at := strings.Index(c.Text, s.Text)
			if doc, page, ok := c.Locate(at + len(s.Text)/2); !ok || doc != s.Doc || page != s.Page {
				t.Errorf("middle of %s p. %d maps to %s p. %d", s.Doc, s.Page, doc, page)
			}
		}
	}
}

func TestWindowKeepsSentences(t *testing.T) {
	var b strings.Builder
	for i := range 40 {
		fmt.Fprintf(&b, "Sentence number %d says something about oil. ", i)
	}
	text := b.String()
	passage := "Sentence number 20 says something about oil."
	for _, n := range []int{120, 300, 700} {
		w := window(text, passage, n)
		if len(w) > n {
			t.Errorf("window of %d: %d bytes", n, len(w))
		}
		if !strings.HasPrefix(w, "Sentence number ") || !strings.HasSuffix(w, "about oil.") {
			t.Errorf("window of %d cuts a sentence: %q", n, w)
		}
		if n >= 300 && !strings.Contains(w, passage) {
			t.Errorf("window of %d lost its passage", n)
		}
	}
}

// A page's tables follow it in the context, read by row and column, and
// a quote of those lines does not verify: only the page text does.
func TestAssembleTables(t *testing.T) {
	g := table.Grid{Rows: 2, Cols: 2, Cells: []table.GridCell{
		{Row: 0, Col: 1, RowSpan: 1, ColSpan: 1, Text: "Limit"},
		{Row: 1, Col: 0, RowSpan: 1, ColSpan: 1, Text: "Turbine case"},
		{Row: 1, Col: 1, RowSpan: 1, ColSpan: 1, Text: "0,70"},
	}}
	page := "Measuring point Limit\nTurbine case 0,70"
	c := Assemble([]Source{{Doc: "d.pdf", Page: 3, Text: page, Structure: doc.Page{Grids: []table.Grid{g}}}, {Doc: "e.pdf", Page: 1, Text: "no tables"}})
	want := "[d.pdf, p. 3]\n" + page + "\n" + TablesLine + "\nTurbine case | Limit: 0,70\n\n[e.pdf, p. 1]\nno tables\n"
	if diff := cmp.Diff(want, c.Text); diff != "" {
		t.Errorf("context (-want +got):\n%s", diff)
	}
	got := c.Sources()
	if got[0].Text != page || got[1].Text != "no tables" {
		t.Errorf("sources %q, %q; want the pages' text alone", got[0].Text, got[1].Text)
	}
	if _, ok := Verify("Turbine case | Limit: 0,70", got); ok {
		t.Error("a quote of the tables' lines verified")
	}
	if doc, p, ok := c.Locate(strings.Index(c.Text, "Limit: 0,70")); !ok || doc != "d.pdf" || p != 3 {
		t.Errorf("Locate in the tables: %s p. %d, %v; want d.pdf p. 3", doc, p, ok)
	}
}

// TestAssembleSections: a page's sections are named on a line after its
// marker, for the model; quotes verify against the page text alone, and
// a page whose own text begins like that line keeps it.
func TestAssembleSections(t *testing.T) {
	sources := []Source{
		{Doc: "m.pdf", Page: 17, Text: "4. Connect the USB cable.", Structure: doc.Page{Section: []string{"Getting Started", "Installation Tasks"}}},
		{Doc: "m.pdf", Page: 18, Text: "[section: planted] Not a section line."},
	}
	c := Assemble(sources)
	if !strings.Contains(c.Text, "[m.pdf, p. 17]\n[section: Getting Started > Installation Tasks]\n4. Connect") {
		t.Errorf("context:\n%s", c.Text)
	}
	if d := cmp.Diff(sources, c.Sources()); d != "" {
		t.Errorf("Sources (-want +got):\n%s", d)
	}
}

// pagesOnly is a Retriever of fixed pages.
type pagesOnly map[PageRef]string

func (p pagesOnly) MultiSearch(context.Context, []string, search.MultiOptions) ([]search.PageHit, error) {
	return nil, nil
}

func (p pagesOnly) Page(_ context.Context, doc string, page int) (string, bool, error) {
	text, ok := p[PageRef{doc, page}]
	return text, ok, nil
}

// The budget the ranked pages leave goes to the pages cut to a window,
// best first (issue 52: the only page in scope, a 4,448-character
// report, was read as 950 characters of a 6,000 budget).
func TestContextWidens(t *testing.T) {
	sentences := func(topic string, n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "Sentence %d of the %s report says something. ", i, topic)
		}
		return b.String()
	}
	one := sentences("only", 100) // about 4,600 bytes
	hit := func(doc string, page int, text string) search.PageHit {
		return search.PageHit{Doc: doc, Page: page, Best: search.Hit{Text: text}}
	}
	t.Run("the only page is read whole", func(t *testing.T) {
		r := pagesOnly{{"r.pdf", 1}: one}
		sources, err := contextPages(t.Context(), r, []search.PageHit{hit("r.pdf", 1, "Sentence 50 of the only report says something.")}, 6000, 1, search.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if len(sources) != 1 || sources[0].Text != one || sources[0].Cut {
			t.Errorf("got %d source(s), the first %d of %d bytes, cut %v; want the whole page", len(sources), len(sources[0].Text), len(one), sources[0].Cut)
		}
	})
	t.Run("the best pages get the rest, best first", func(t *testing.T) {
		r := pagesOnly{{"a.pdf", 1}: sentences("first", 100), {"a.pdf", 5}: sentences("second", 100)}
		ranked := []search.PageHit{hit("a.pdf", 1, "Sentence 50 of the first report says something."), hit("a.pdf", 5, "Sentence 50 of the second report says something.")}
		sources, err := contextPages(t.Context(), r, ranked, 6000, 0, search.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		total := 0
		for _, s := range sources {
			total += len(s.Text)
		}
		if len(sources) != 2 || total > 6000 || total < 5000 || len(sources[0].Text) <= len(sources[1].Text) {
			t.Errorf("got %d source(s) of %d bytes in all, the first %d bytes, the second %d; want two, the first widened into the budget left", len(sources), total, len(sources[0].Text), len(sources[1].Text))
		}
		for _, s := range sources {
			if !strings.Contains(s.Text, "Sentence 50 of") {
				t.Errorf("%s p. %d lost its passage", s.Doc, s.Page)
			}
		}
	})
}
