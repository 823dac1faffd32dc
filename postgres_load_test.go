package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"docqa/internal/pgtest"
)

// BenchmarkPostgresLoad is issue 41's load test: the dev sets' PDFs
// copied DOCQA_LOAD_COPIES times (default 4, about 26k pages; each copy
// with a comment appended so that no two files hash alike) are ingested
// into a PostgreSQL primary and into a folder; then 8 askers at once ask
// 50 MMLongBench and FinanceBench questions each, as whole processes,
// on the primary while another ingest writes to it, on its streaming
// replica, and on the folder. It prints p50 and p95 per question and
// the errors (which must be 0) of each, and reports them as metrics.
//
//	go test -run '^$' -bench PostgresLoad -benchtime 1x -timeout 60m .
func BenchmarkPostgresLoad(b *testing.B) {
	bin := buildDocqa(b)
	c := pgtest.Start(b, pgtest.Async)
	b.Setenv("PGPASSFILE", c.PassFile)
	copies := 4
	if n, err := strconv.Atoi(os.Getenv("DOCQA_LOAD_COPIES")); err == nil && n > 0 {
		copies = n
	}
	corpus, extra := b.TempDir(), b.TempDir()
	var sources []string
	for _, set := range []string{"mmlongbench", "financebench", "docugami", "natural", "tables"} {
		files, _ := filepath.Glob(filepath.Join("..", "shared", "eval", "dev", set, "pdfs", "*.pdf"))
		sources = append(sources, files...)
	}
	for k := range copies + 1 {
		dir := corpus
		if k == copies {
			dir = extra // ingested while the askers ask
		}
		for _, f := range sources {
			data, err := os.ReadFile(f)
			if err != nil {
				b.Fatal(err)
			}
			data = append(data, fmt.Sprintf("\n%% copy %d\n", k)...)
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("k%d__%s", k, filepath.Base(f))), data, 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
	folder := filepath.Join(b.TempDir(), "index")
	for _, index := range []string{c.URL, folder} {
		start := time.Now()
		if out, err := exec.Command(bin, "--index", index, "-q", "ingest", "--ocr", "never", corpus).CombinedOutput(); err != nil {
			b.Fatalf("ingest into %s: %v\n%s", index, err, out)
		}
		b.Logf("ingest of %d PDFs into %s: %.1f s", copies*len(sources), kind(index), time.Since(start).Seconds())
	}
	var questions []string
	for _, set := range []string{"mmlongbench", "financebench"} {
		data, err := os.ReadFile(filepath.Join("..", "shared", "eval", "dev", set, "questions.jsonl"))
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for _, line := range splitLines(data) {
			var q struct{ Question string }
			if n < 50 && json.Unmarshal(line, &q) == nil && q.Question != "" {
				questions = append(questions, q.Question)
				n++
			}
		}
	}
	pages := 0
	for _, e := range listDocs(b, bin, folder) {
		pages += e.Pages
	}
	b.Logf("corpus: %d PDFs, %d pages", copies*len(sources), pages)
	ask := func(name, metric, index string) {
		var mu sync.Mutex
		var took []float64
		errs := 0
		var wg sync.WaitGroup
		for w := range 8 {
			wg.Go(func() {
				for i := range 50 {
					q := questions[(w*50+i)%len(questions)]
					start := time.Now()
					err := exec.Command(bin, "--index", index, "--engine", "extractive", "ask", "--json", q).Run()
					ms := float64(time.Since(start).Microseconds()) / 1000
					mu.Lock()
					took = append(took, ms)
					if err != nil {
						errs++
					}
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		slices.Sort(took)
		p50, p95 := took[len(took)/2], took[len(took)*95/100]
		b.Logf("%-40s 8 askers x 50: p50 %6.1f ms  p95 %6.1f ms  errors %d", name, p50, p95, errs)
		b.ReportMetric(p50, metric+"-p50-ms")
		b.ReportMetric(p95, metric+"-p95-ms")
		b.ReportMetric(float64(errs), metric+"-errors")
		if errs > 0 {
			b.Errorf("%s: %d errors", name, errs)
		}
	}
	for range b.N {
		ingest := exec.Command(bin, "--index", c.URL, "-q", "ingest", "--ocr", "never", extra)
		if err := ingest.Start(); err != nil {
			b.Fatal(err)
		}
		ask("primary, while it ingests", "primary", c.URL)
		if err := ingest.Wait(); err != nil {
			b.Errorf("the ingest beside the askers: %v", err)
		}
		ask("replica", "replica", c.ReplicaURL)
		ask("folder (bleve)", "folder", folder)
	}
}

func kind(index string) string {
	if filepath.IsAbs(index) {
		return "a folder"
	}
	return "PostgreSQL"
}

func splitLines(data []byte) [][]byte {
	var out [][]byte
	for len(data) > 0 {
		i := slices.Index(data, '\n')
		if i < 0 {
			return append(out, data)
		}
		out = append(out, data[:i])
		data = data[i+1:]
	}
	return out
}
