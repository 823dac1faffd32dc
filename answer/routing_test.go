package answer

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/sync/errgroup"

	"docqa/ingest"
	"docqa/internal/testindex"
	"docqa/search"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// routingGolden pins the reader every question reaches: a line a
// question, "SET/ID reader[/check]", the dev sets' questions (every
// questions*.jsonl, by id: their text stays in ../shared; a set's
// questions_visual.jsonl is SET_visual) and testdata's.
const routingGolden = "testdata/routing.golden"

// routingSets are the dev sets whose questions the routing test reads.
var routingSets = []string{"mmlongbench", "financebench", "docugami", "natural", "tables"}

// TestRouting asks every question of the dev sets (each scoped to its
// document, on one index of their PDFs read by pdftotext without OCR)
// and of testdata, with the extractive engine, and compares the reader
// (and refusal check) each reaches with routingGolden, so that a change
// that moves a question from one reader to another shows in review. Run
// with -update to rewrite the file after such a change. Every quote of
// every answer must verify: the engine quotes the pages' own text.
//
//	go test ./answer -run TestRouting -update
func TestRouting(t *testing.T) {
	if testing.Short() {
		t.Skip("routing asks about 800 questions: not in -short")
	}
	got := routes(t, testindex.Samples(t), "testdata", "../testdata/questions/ae300.jsonl")
	dev := true
	if _, err := os.Stat(devDir); err != nil {
		t.Logf("no dev sets at %s: only testdata's questions are routed (the dev sets' need ../shared beside the project)", devDir)
		dev = false
	} else if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Log("no pdftotext: only testdata's questions are routed (the dev sets' are pinned on pdftotext's text: scripts/install-tools.sh pdftotext)")
		dev = false
	}
	if dev {
		var pdfs []string
		for _, set := range routingSets {
			pdfs = append(pdfs, filepath.Join(devDir, set, "pdfs"))
		}
		idx, err := buildIndex(pdfs, func(ctx context.Context) (ingest.Extractor, error) {
			return ingest.NewExtractor(ctx, "pdftotext", ingest.ExtractorConfig{})
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, set := range routingSets {
			files, err := filepath.Glob(filepath.Join(devDir, set, "questions*.jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range files { // questions.jsonl, then questions_multidoc.jsonl, questions_visual.jsonl
				name := set + strings.TrimPrefix(strings.TrimSuffix(filepath.Base(f), ".jsonl"), "questions")
				got = append(got, routes(t, idx, name, f)...)
			}
		}
	}
	if *update {
		if !dev {
			t.Fatal("-update needs the dev sets and pdftotext, or the file would lose their routes")
		}
		if err := os.WriteFile(routingGolden, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(routingGolden)
	if err != nil {
		t.Fatalf("%v: run go test ./answer -run TestRouting -update", err)
	}
	var want []string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if dev || strings.HasPrefix(line, "testdata/") {
			want = append(want, line)
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("questions reach other readers (-want +got); if that is meant, run go test ./answer -run TestRouting -update:\n%s", diff)
	}
}

// routes asks the questions of file, each scoped to its document, and
// returns "SET/ID reader[/check]" for each, in the file's order.
func routes(t *testing.T, idx *search.Index, set, file string) []string {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type question struct {
		ID       string   `json:"id"`
		Question string   `json:"question"`
		Doc      string   `json:"doc"`
		Options  []string `json:"options"`
	}
	var qs []question
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var q question
		if line := strings.TrimSpace(sc.Text()); line != "" {
			if err := json.Unmarshal([]byte(line), &q); err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			qs = append(qs, q)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(qs))
	g, ctx := errgroup.WithContext(t.Context())
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, q := range qs {
		g.Go(func() error {
			req := Request{Question: q.Question, Options: q.Options}
			if q.Doc != "" {
				req.Filter = search.Filter{Docs: []string{q.Doc}}
			}
			a, err := Ask(ctx, idx, req)
			if err != nil {
				return fmt.Errorf("%s/%s: %w", set, q.ID, err)
			}
			if a.Reader == "" {
				return fmt.Errorf("%s/%s: answered %s with no reader named", set, q.ID, a.Status)
			}
			for _, c := range a.Citations {
				if !c.Verified { // the extractive engine quotes page text: its quotes verify by construction
					return fmt.Errorf("%s/%s: the %s reader's quote %q (%s, p. %d) is unverified", set, q.ID, a.Reader, c.Quote, c.Doc, c.Page)
				}
			}
			route := a.Reader
			if a.Check != "" {
				route += "/" + a.Check
			}
			out[i] = set + "/" + q.ID + " " + route
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		t.Fatal(err)
	}
	return out
}
