package ingest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"docqa/internal/doc"
)

// TestReadOutline reads the pump manual's outline from its bookmarks
// (PDFium reads them), and from its contents page where it has none or
// the engine reads none.
func TestReadOutline(t *testing.T) {
	p, err := NewPdfium(t.Context(), PdfiumConfig{Workers: 1, CacheDir: filepath.Join(os.TempDir(), "docqa-wazero-test")})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	want := []doc.Part{
		{Title: "Safety", Level: 1, Page: 2},
		{Title: "Installation", Level: 1, Page: 2},
		{Title: "Priming the Pump", Level: 2, Page: 2},
		{Title: "Wiring", Level: 2, Page: 3},
		{Title: "Maintenance", Level: 1, Page: 4},
		{Title: "Seal Replacement", Level: 2, Page: 4},
		{Title: "Storage", Level: 2, Page: 4},
	}
	numbers := []string{"1", "2", "2.1", "2.2", "3", "3.1", "3.2"}
	fromContents := func(ps []doc.Part) []doc.Part { // the contents' printed pages and numbers
		var out []doc.Part
		for i, pt := range ps {
			pt.Label = map[int]string{2: "2", 3: "3", 4: "4"}[pt.Page]
			pt.Number, pt.Listed = numbers[i], 1
			out = append(out, pt)
		}
		return out
	}
	tests := []struct {
		file string
		want []doc.Part
		from string
	}{
		{"kp20-manual.pdf", want, doc.FromBookmarks},
		{"kp20-manual-plain.pdf", fromContents(want), doc.FromContents},
	}
	for _, tt := range tests {
		got, from, err := ReadOutline(t.Context(), p, filepath.Join("..", "testdata", "structure", tt.file))
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(tt.want, got); d != "" || from != tt.from {
			t.Errorf("%s: from %q, want %q (-want +got):\n%s", tt.file, from, tt.from, d)
		}
	}
}

// A document keeps its running heads and feet, found over all its pages,
// whether its outline comes from its bookmarks or its pages (issue 52),
// and every page's blocks (issue 53).
func TestStructureRunning(t *testing.T) {
	pages := []Page{
		{Number: 1, Text: "Pump Manual\nSafety first.\nAcme Pumps Page 1"},
		{Number: 2, Text: "Installation\nPrime the pump.\nAcme Pumps Page 2"},
		{Number: 3, Text: "Maintenance\nReplace the seal.\nAcme Pumps Page 3"},
	}
	for _, marks := range [][]doc.Part{nil, {{Title: "Safety", Level: 1, Page: 1}}} {
		d := &Document{Pages: pages}
		structure(d, nil, marks)
		if want := []string{"acme pumps page"}; !cmp.Equal(d.Structure.Running, want) {
			t.Errorf("bookmarks %v: Running = %q, want %q", marks, d.Structure.Running, want)
		}
		// every page's blocks are read, whatever the outline came from,
		// the running foot known from the whole document
		for i, p := range d.Structure.Pages {
			if p.Number != i+1 || len(p.Blocks) == 0 || p.Blocks[len(p.Blocks)-1].Kind != doc.Running {
				t.Errorf("bookmarks %v: page %d: %+v, want its blocks ending in the running foot", marks, i+1, p)
			}
		}
	}
}

// A document's titles: its information's title unless it names a file,
// its main title without the subtitle, and its first page's opening
// headings one more at a time (issue 52).
func TestTitles(t *testing.T) {
	tests := []struct {
		meta, first string
		want        []string
	}{
		{"Free Culture", "This PDF version of Free Culture is licensed under a Creative Commons license.", []string{"Free Culture"}},
		{"Overview of the Technology Acceptance Model: Origins, Developments", "", []string{"Overview of the Technology Acceptance Model: Origins, Developments", "Overview of the Technology Acceptance Model"}},
		{"Microsoft Word - draft3.doc", "", nil},
		{"report.pdf", "", nil},
		{"Free\x00 Culture\xff\x01", "", []string{"Free Culture"}}, // a title in bytes PostgreSQL's JSON refuses
		{"", "PD KIDS\n\nPublic domain texts for young people, read aloud by parents and teachers alike.", []string{"PD KIDS"}},
	}
	for _, tt := range tests {
		if got := titles(tt.meta, tt.first); !cmp.Equal(got, tt.want) {
			t.Errorf("titles(%q, %q) = %q, want %q", tt.meta, tt.first, got, tt.want)
		}
	}
}
