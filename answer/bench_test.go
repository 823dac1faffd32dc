package answer

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"docqa/ingest"
	"docqa/search"
)

const devDir = "../../shared/eval/dev"

// corpusDir holds the shared corpus of real-world PDFs; with the dev sets
// it makes an index of about 7,000 pages.
const corpusDir = "../../shared/corpus"

// devIndex indexes every PDF of the shared dev sets and corpus (with
// the auto extractor, as docqa does) once per benchmark run.
var devIndex = sync.OnceValues(func() (*search.Index, error) {
	cache, _ := os.UserCacheDir()
	dirs := []string{devDir}
	if _, err := os.Stat(corpusDir); err == nil {
		dirs = append(dirs, corpusDir)
	}
	return buildIndex(dirs, func(ctx context.Context) (ingest.Extractor, error) {
		return ingest.NewExtractor(ctx, "auto", ingest.ExtractorConfig{Pdfium: ingest.PdfiumConfig{Workers: runtime.NumCPU(), CacheDir: filepath.Join(cache, "docqa", "wazero")}})
	})
})

// devQuestions are the MMLongBench and FinanceBench dev questions with
// evidence pages.
func devQuestions(b *testing.B) []Request {
	b.Helper()
	var data []byte
	for _, set := range []string{"mmlongbench", "financebench"} {
		d, err := os.ReadFile(filepath.Join(devDir, set, "questions.jsonl"))
		if err != nil {
			b.Skipf("no dev questions at %s: the benchmark needs ../shared beside the project", devDir)
		}
		data = append(append(data, d...), '\n')
	}
	var out []Request
	for _, line := range splitLines(data) {
		q, doc, ok := parseDevQuestion(line)
		if ok {
			out = append(out, Request{Question: q, Filter: search.Filter{Docs: []string{doc}}})
		}
	}
	return out
}

// BenchmarkMultiStage times multi-stage search and context assembly (no
// answer engine) per question on a warm index of all the dev PDFs, with
// no options and with four, sequential against parallel sub-questions,
// and unscoped (the whole index, with the focus stage).
// It reports p50 and p95 in milliseconds.
//
//	go test ./answer -run '^$' -bench MultiStage -benchtime 1x
func BenchmarkMultiStage(b *testing.B) {
	reqs := devQuestions(b)
	idx, err := devIndex()
	if err != nil {
		b.Fatal(err)
	}
	options := []string{"the first half of the year", "a decrease of 12.4%", "Table 3 in the appendix", "none of the above"}
	cases := []struct {
		name     string
		options  []string
		parallel int
		unscoped bool
	}{
		{"options=0", nil, 4, false},
		{"options=4/parallel", options, 4, false},
		{"options=4/sequential", options, 1, false},
		{"options=0/unscoped", nil, 4, true},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			var times []time.Duration
			for b.Loop() {
				for _, r := range reqs {
					start := time.Now()
					f := r.Filter
					if c.unscoped {
						f = search.Filter{}
					}
					subs := search.Plan(search.Question{Text: r.Question, Options: c.options})
					ranked, err := idx.MultiSearch(b.Context(), subs, search.MultiOptions{Filter: f, Parallel: c.parallel, Focus: true})
					if err != nil {
						b.Fatal(err)
					}
					if _, err := contextPages(b.Context(), idx, ranked, 6000, 1, f); err != nil {
						b.Fatal(err)
					}
					times = append(times, time.Since(start))
				}
			}
			slices.Sort(times)
			ms := func(p float64) float64 {
				return float64(times[min(len(times)-1, int(p*float64(len(times))))]) / float64(time.Millisecond)
			}
			b.ReportMetric(ms(0.50), "p50-ms")
			b.ReportMetric(ms(0.95), "p95-ms")
			b.ReportMetric(0, "ns/op")
			b.Logf("%s: %d questions, p50 %.2f ms, p95 %.2f ms", c.name, len(times), ms(0.5), ms(0.95))
		})
	}
}

func splitLines(data []byte) [][]byte {
	var out [][]byte
	for len(data) > 0 {
		i := 0
		for i < len(data) && data[i] != '\n' {
			i++
		}
		out = append(out, data[:i])
		if i < len(data) {
			i++
		}
		data = data[i:]
	}
	return out
}

func parseDevQuestion(line []byte) (question, doc string, ok bool) {
	var q struct {
		Question string `json:"question"`
		Doc      string `json:"doc"`
		Pages    []int  `json:"pages"`
	}
	if json.Unmarshal(line, &q) != nil || len(q.Pages) == 0 {
		return "", "", false
	}
	return q.Question, q.Doc, true
}
