package ingest

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode"

	"golang.org/x/sync/errgroup"
	"golang.org/x/text/unicode/norm"

	"docqa/internal/scanpdf"
)

var (
	fidelity    = flag.Bool("fidelity", false, "run the extraction fidelity benchmark over ../shared/corpus")
	fidelityRaw = flag.Bool("fidelity.raw", false, "score the engines' raw output, before docqa's normaliser")
)

const corpusDir = "../../shared/corpus"

// TestFidelity extracts every PDF of the shared corpus with each engine and
// prints per engine: files with text, errors, panics recovered, median and
// mean word-level F1 against pdftotext's reference text, the same of
// word-bigram F1 (which sees reading order: columns read across, not
// down, score low), and total seconds.
// The text scored is what docqa indexes (after [Normalize]); -fidelity.raw
// scores the engines' output as it comes.
// Run it with: go test ./ingest -run TestFidelity -fidelity -v
func TestFidelity(t *testing.T) {
	if !*fidelity {
		t.Skip("fidelity benchmark: pass -fidelity to run it")
	}
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*.pdf"))
	if len(files) == 0 {
		t.Skipf("no corpus at %s: the benchmark needs ../shared beside the project", corpusDir)
	}
	engines := fidelityEngines(t)
	fmt.Printf("%-12s %6s %6s %6s %7s %8s %7s %8s %8s %8s\n", "engine", "files", "text", "errors", "panics", "medianF1", "meanF1", "medBiF1", "meanBiF1", "seconds")
	columns := map[string][]string{} // per engine, the bigram F1 of each multi-column document
	for _, ex := range engines {
		res := make([]fidelityResult, len(files))
		start := time.Now()
		g, ctx := errgroup.WithContext(t.Context())
		g.SetLimit(runtime.NumCPU())
		for i, f := range files {
			g.Go(func() error {
				res[i] = fidelityOne(ctx, ex, f)
				return nil
			})
		}
		g.Wait()
		secs := time.Since(start).Seconds()
		var f1s, bis []float64
		text, errs, panics := 0, 0, 0
		for i, r := range res {
			if r.err != nil {
				errs++
				if errors.Is(r.err, ErrPanic) {
					panics++
				}
				if testing.Verbose() {
					t.Logf("%s %s: %v", ex.Name(), filepath.Base(files[i]), r.err)
				}
			}
			if r.words > 0 {
				text++
			}
			if multiColumn[filepath.Base(files[i])] {
				columns[ex.Name()] = append(columns[ex.Name()], fmt.Sprintf("%s %.3f", strings.TrimSuffix(filepath.Base(files[i]), ".pdf"), r.bigramF1))
			}
			if r.refWords >= 20 {
				f1s = append(f1s, r.f1)
				bis = append(bis, r.bigramF1)
				if testing.Verbose() && (r.f1 < 0.9 || r.bigramF1 < 0.9) {
					t.Logf("%s %s: F1 %.3f, bigram F1 %.3f", ex.Name(), filepath.Base(files[i]), r.f1, r.bigramF1)
				}
			}
		}
		med, mean := medianMean(f1s)
		biMed, biMean := medianMean(bis)
		fmt.Printf("%-12s %6d %6d %6d %7d %8.3f %7.3f %8.3f %8.3f %8.1f\n", ex.Name(), len(files), text, errs, panics, med, mean, biMed, biMean, secs)
	}
	for _, ex := range engines {
		fmt.Printf("%s: reading order (bigram F1) of multi-column documents: %s\n", ex.Name(), strings.Join(columns[ex.Name()], ", "))
	}
	fidelityOCR(t, engines[0].(*Pdfium), files)
}

// multiColumn are the corpus's documents set in two or more columns of
// prose, and its IRS forms, whose reading order the bigram F1 shows
// (pdftotext, the reference, reads them column by column).
var multiColumn = map[string]bool{
	"pypdf__multicolumn.pdf":         true, // LaTeX multicols
	"pdfminer__naacl06-shinyama.pdf": true, // ACL two-column paper
	"pdfjs__tracemonkey.pdf":         true, // ACM two-column paper
	"pdfminer__i1040nr.pdf":          true, // IRS instructions: forms, and three columns on some pages
	"pdfminer__f1040nr.pdf":          true, // IRS form: boxes and columns of lines
	"pdfjs__prefilled_f1040.pdf":     true, // IRS form, filled in
}

// ocrMinWords is the words of pdftotext's reference a page needs to be
// read by the OCR row; ocrAgree how far PDFium's text of it must agree.
const (
	ocrMinWords = 100
	ocrAgree    = 0.98
)

// fidelityOCR scores OCR the way a scan would meet it: one page of each
// document of the corpus (its first page whose reference holds
// ocrMinWords words or more, mostly Latin letters) is drawn at 300 dpi,
// wrapped in a PDF without a text layer, read back by Tesseract, and
// compared with pdftotext's reference text of the page. One page a
// document, every document that has one: a sample that stops early or
// takes several pages of a document leans on whichever documents sort
// first (the first 24 pages, two a document, were all pdf.js test files,
// median 0.917). It prints the row "ocr" (files are pages), pages per
// second, and the pages read worst.
func fidelityOCR(t *testing.T, p *Pdfium, files []string) {
	if _, err := exec.LookPath("tesseract"); err != nil {
		fmt.Println("ocr: skipped, tesseract is not installed (scripts/install-tools.sh ocr)")
		return
	}
	type pick struct {
		file string
		page int
		ref  string
	}
	var picks []pick
	for _, f := range files {
		ref, err := os.ReadFile(filepath.Join(corpusDir, "reference", strings.TrimSuffix(filepath.Base(f), ".pdf")+".txt"))
		if err != nil {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		own, err := p.Extract(t.Context(), data)
		if err != nil {
			continue
		}
		for i, page := range strings.Split(string(ref), "\f") {
			// The reference must be what the page shows: PDFium's text of
			// it agrees, so the page has no text hidden or drawn off the
			// page (printer's marks, a text layer under a picture).
			if ws := words(page); len(ws) >= ocrMinWords && latinShare(page) >= 0.9 &&
				i < len(own) && bagF1(wordBag(Normalize(own[i])), wordBag(page)) >= ocrAgree {
				picks = append(picks, pick{f, i, page})
				break
			}
		}
	}
	start := time.Now()
	o := &OCR{Workers: runtime.NumCPU()}
	var f1s, bis []float64
	type scored struct {
		page string
		f1   float64
	}
	var worst []scored
	errs := 0
	for _, pk := range picks {
		data, err := os.ReadFile(pk.file)
		if err == nil {
			var imgs [][]byte
			if imgs, err = p.RenderPNG(t.Context(), data, []int{pk.page}, ocrDPI); err == nil {
				data, err = scanpdf.FromPNGs(imgs, ocrDPI)
			}
		}
		var text []string
		if err == nil {
			text = []string{""}
			_, err = o.ocrPages(t.Context(), p, data, text)
		}
		if err != nil {
			errs++
			t.Logf("ocr %s p. %d: %v", filepath.Base(pk.file), pk.page+1, err)
			continue
		}
		got := Normalize(text[0])
		f1, bi := bagF1(wordBag(got), wordBag(pk.ref)), bagF1(bigramBag(got), bigramBag(pk.ref))
		f1s, bis = append(f1s, f1), append(bis, bi)
		worst = append(worst, scored{fmt.Sprintf("%s p. %d", strings.TrimSuffix(filepath.Base(pk.file), ".pdf"), pk.page+1), f1})
	}
	secs := time.Since(start).Seconds()
	med, mean := medianMean(f1s)
	biMed, biMean := medianMean(bis)
	fmt.Printf("%-12s %6d %6d %6d %7d %8.3f %7.3f %8.3f %8.3f %8.1f\n", "ocr", len(picks), len(f1s), errs, 0, med, mean, biMed, biMean, secs)
	fmt.Printf("ocr: %d pages drawn at %d dpi and read by tesseract, %.2f pages/s\n", len(picks), ocrDPI, float64(len(picks))/secs)
	sort.SliceStable(worst, func(i, j int) bool { return worst[i].f1 < worst[j].f1 })
	var low []string
	for _, w := range worst[:min(5, len(worst))] {
		low = append(low, fmt.Sprintf("%s %.3f", w.page, w.f1))
	}
	fmt.Printf("ocr: read worst: %s\n", strings.Join(low, ", "))
}

// latinShare is the share of s's letters that are Latin.
func latinShare(s string) float64 {
	n, latin := 0, 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			n++
			if unicode.Is(unicode.Latin, r) {
				latin++
			}
		}
	}
	if n == 0 {
		return 0
	}
	return float64(latin) / float64(n)
}

type fidelityResult struct {
	words, refWords int
	f1              float64 // of the words, in any order
	bigramF1        float64 // of the pairs of words that follow each other: order
	err             error
}

func fidelityEngines(t *testing.T) []Extractor {
	t.Helper()
	p, err := NewPdfium(t.Context(), PdfiumConfig{Workers: runtime.NumCPU(), CacheDir: filepath.Join(os.TempDir(), "docqa-wazero-test")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	out := []Extractor{p}
	for _, name := range []string{"ledongthuc", "pdftotext"} {
		if ex, err := NewExtractor(t.Context(), name, ExtractorConfig{}); err == nil {
			out = append(out, ex)
		} else {
			t.Logf("engine %s skipped: %v", name, err)
		}
	}
	return out
}

func fidelityOne(ctx context.Context, ex Extractor, path string) fidelityResult {
	data, err := os.ReadFile(path)
	if err != nil {
		return fidelityResult{err: err}
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	pages, err := ex.Extract(ctx, data)
	if !*fidelityRaw {
		// Score the text docqa indexes: the engine's pages after
		// Normalize (which, like pdftotext, joins words hyphenated
		// across lines).
		for i, p := range pages {
			pages[i] = Normalize(p)
		}
	}
	return fidelityScore(path, strings.Join(pages, "\n"), err)
}

func fidelityScore(path, text string, err error) fidelityResult {
	ref, rerr := os.ReadFile(filepath.Join(corpusDir, "reference", strings.TrimSuffix(filepath.Base(path), ".pdf")+".txt"))
	got := wordBag(text)
	r := fidelityResult{err: err, words: bagSize(got)}
	if rerr == nil {
		want := wordBag(string(ref))
		r.refWords = bagSize(want)
		r.f1 = bagF1(got, want)
		r.bigramF1 = bagF1(bigramBag(text), bigramBag(string(ref)))
	}
	return r
}

// wordBag counts lowercase words after NFKC ([words]).
func wordBag(s string) map[string]int {
	bag := map[string]int{}
	for _, w := range words(s) {
		bag[w]++
	}
	return bag
}

// bigramBag counts the pairs of words that follow each other: a text
// with every word but in another order (columns interleaved, a table
// read down instead of across) scores low on it, where [wordBag] cannot
// tell.
func bigramBag(s string) map[string]int {
	ws := words(s)
	bag := map[string]int{}
	for i := 1; i < len(ws); i++ {
		bag[ws[i-1]+" "+ws[i]]++
	}
	return bag
}

// words lists the lowercase words of s after NFKC, in order: runs of
// letters or digits, each CJK character a word of its own.
func words(s string) []string {
	s = strings.ToLower(norm.NFKC.String(s))
	var out []string
	var w []rune
	flush := func() {
		if len(w) > 0 {
			out = append(out, string(w))
			w = w[:0]
		}
	}
	for _, r := range s {
		switch {
		case isCJK(r):
			flush()
			out = append(out, string(r))
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			w = append(w, r)
		default:
			flush()
		}
	}
	flush()
	return out
}

func isCJK(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}

func bagSize(b map[string]int) int {
	n := 0
	for _, c := range b {
		n += c
	}
	return n
}

func bagF1(got, want map[string]int) float64 {
	g, w := bagSize(got), bagSize(want)
	if g == 0 || w == 0 {
		if g == w {
			return 1
		}
		return 0
	}
	common := 0
	for k, c := range got {
		common += min(c, want[k])
	}
	p, r := float64(common)/float64(g), float64(common)/float64(w)
	if p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}

func medianMean(xs []float64) (float64, float64) {
	if len(xs) == 0 {
		return math.NaN(), math.NaN()
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	sum := 0.0
	for _, x := range s {
		sum += x
	}
	med := s[len(s)/2]
	if len(s)%2 == 0 {
		med = (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	return med, sum / float64(len(s))
}
