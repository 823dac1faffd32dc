package ingest

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestPopplerErrors(t *testing.T) {
	tests := []struct {
		name     string
		writes   []string
		oom, pwd bool
		last     string
	}{
		{"quiet", nil, false, false, ""},
		{"warnings, then why it failed", []string{"Syntax Error (435): Missing 'endstream'\nSyntax Error: Couldn't read xref table\n"}, false, false, "Syntax Error: Couldn't read xref table"},
		{"a line over two writes", []string{"Syntax Error: Couldn't ", "read page catalog\n"}, false, false, "Syntax Error: Couldn't read page catalog"},
		{"no newline at the end", []string{"Syntax Error: Couldn't read xref table"}, false, false, ""},
		{"password", []string{"Command Line Error: Incorrect password\n"}, false, true, "Command Line Error: Incorrect password"},
		{"out of memory, then more", []string{"Out of memory\nSyntax Warning: something\n"}, true, false, "Syntax Warning: something"},
		{"C++ bad_alloc", []string{"terminate called after throwing an instance of 'std::bad_alloc'\n"}, true, false, "terminate called after throwing an instance of 'std::bad_alloc'"},
	}
	for _, tt := range tests {
		var p popplerErrors
		for _, w := range tt.writes {
			if n, err := p.Write([]byte(w)); n != len(w) || err != nil {
				t.Fatalf("%s: Write = %d, %v", tt.name, n, err)
			}
		}
		if p.outOfMemory != tt.oom || p.password != tt.pwd || p.last != tt.last {
			t.Errorf("%s: got oom %v, password %v, last %q; want %v, %v, %q", tt.name, p.outOfMemory, p.password, p.last, tt.oom, tt.pwd, tt.last)
		}
	}
}

// FuzzPopplerErrors: however pdftotext's standard error is cut into
// writes, it is read the same, and a long line is not held whole.
func FuzzPopplerErrors(f *testing.F) {
	f.Add("Syntax Error: Couldn't read xref table\n", 7)
	f.Add("Out of memory\nCommand Line Error: Incorrect password\n", 3)
	f.Add(strings.Repeat("x", 2000)+"\nOut of memory\n", 1000)
	f.Fuzz(func(t *testing.T, s string, cut int) {
		var whole, parts popplerErrors
		whole.Write([]byte(s))
		if cut <= 0 {
			cut = 1
		}
		for b := []byte(s); len(b) > 0; {
			n := min(cut, len(b))
			parts.Write(b[:n])
			b = b[n:]
		}
		if len(whole.partial) > 512 || len(parts.partial) > 512 {
			t.Fatalf("held %d and %d bytes of an unfinished line", len(whole.partial), len(parts.partial))
		}
		// a line longer than what is held may be read differently; the
		// two conditions are short and read the same when lines are
		if !strings.Contains(s, strings.Repeat("x", 100)) && len(s) < 512 &&
			(whole.outOfMemory != parts.outOfMemory || whole.password != parts.password || whole.last != parts.last) {
			t.Errorf("one write: %+v; writes of %d: %+v", whole, cut, parts)
		}
	})
}

func newPdftotext(t *testing.T, memoryMiB int) *Pdftotext {
	t.Helper()
	p, err := NewPdftotext(10*time.Second, memoryMiB)
	if errors.Is(err, ErrUnavailable) {
		t.Skip("pdftotext is not installed (apt-get install poppler-utils; .ci/run installs it)")
	}
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// A statement's row stays one line with its figures, as the table
// reader needs it (pdftotext's default layout reads the labels, then each
// year's column).
func TestPdftotextReadsTableRows(t *testing.T) {
	p := newPdftotext(t, 0)
	data, err := os.ReadFile(filepath.Join("..", "testdata", "reports", "aurora-annual-report-2023.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	pages, err := p.Extract(t.Context(), data)
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) < 2 || !strings.Contains(pages[1], "Cost of sales 901.2 790.5 702.8\n") {
		t.Fatalf("Extract = %d pages; page 2 lacks the row \"Cost of sales 901.2 790.5 702.8\":\n%s", len(pages), strings.Join(pages, "\f"))
	}
}

// The shared corpus's encrypted file and decompression bomb: pdftotext
// says the first is encrypted, runs out of its memory on the second at
// once (unbounded, it took 2.4 GB and over a minute), and Auto lets PDFium
// read the bomb's one page within its own cap.
func TestPdftotextHostileCorpus(t *testing.T) {
	p := newPdftotext(t, 0)
	read := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join(corpusDir, name))
		if err != nil {
			t.Skipf("no corpus at %s: this test needs ../shared beside the project", corpusDir)
		}
		return data
	}
	if _, err := p.Extract(t.Context(), read("pdfminer__aes-128.pdf")); !errors.Is(err, ErrEncrypted) {
		t.Errorf("encrypted: err = %v, want ErrEncrypted", err)
	}
	bomb := read("pdfjs__bomb_giant.pdf")
	// (with no cap it would time out first: the 10 s of newPdftotext)
	if _, err := p.Extract(t.Context(), bomb); !errors.Is(err, ErrOutOfMemory) || !errors.Is(err, ErrTooLarge) {
		t.Errorf("bomb: err = %v, want ErrOutOfMemory", err)
	}
	pdfium, err := NewPdfium(t.Context(), PdfiumConfig{Workers: 1, CacheDir: filepath.Join(os.TempDir(), "docqa-wazero-test")})
	if err != nil {
		t.Fatal(err)
	}
	defer pdfium.Close()
	_, engine, err := (&Auto{Engines: []Extractor{p, pdfium, Glyphs{}}}).ExtractWith(t.Context(), bomb)
	if err != nil || engine != "pdfium" {
		t.Errorf("Auto on the bomb = %q, %v; want PDFium's pages", engine, err)
	}
}

// A long document read in ranges at once reads as it does whole, the
// ranges wherever its count puts them: a count too high or too low
// still reads every page once, in order.
func TestPdftotextSplit(t *testing.T) {
	p, err := NewPdftotext(0, 0)
	if err != nil {
		t.Skip(err)
	}
	const n = 3 * MinSplitPages
	streams := make([]string, n)
	for i := range streams {
		streams[i] = fmt.Sprintf("BT /F1 10 Tf 72 700 Td (Page %d of the manual) Tj 0 -14 Td (Revenue 12 %d) Tj ET", i+1, 100+i)
	}
	data := pagesPDF("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>", streams)
	all := func(string) bool { return true }
	wantPages, wantWords, err := p.ExtractWords(t.Context(), data, all, Split{})
	if err != nil || len(wantPages) != n {
		t.Fatalf("whole: %d pages, %v", len(wantPages), err)
	}
	for _, s := range []Split{{Pages: n, Parts: 2}, {Pages: n, Parts: 3}, {Pages: n / 2, Parts: 2}, {Pages: 4 * n, Parts: 2}, {Pages: n, Parts: 8}} {
		if got := len(s.ranges()); s.Pages == n && s.Parts <= 3 && got != s.Parts {
			t.Errorf("%+v: %d ranges, want %d", s, got, s.Parts)
		}
		pages, words, err := p.ExtractWords(t.Context(), data, all, s)
		if err != nil {
			t.Fatalf("%+v: %v", s, err)
		}
		if diff := cmp.Diff(wantPages, pages); diff != "" {
			t.Errorf("%+v: pages differ (-whole +split):\n%s", s, diff)
		}
		if diff := cmp.Diff(wantWords, words); diff != "" {
			t.Errorf("%+v: words differ (-whole +split):\n%s", s, diff)
		}
	}
}
