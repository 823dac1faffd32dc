package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"docqa/ingest"
)

// These tests run the docqa binary as separate processes over the shared
// corpus: a SIGKILL in the middle of an ingest, and two ingests at once.
// They ingest without OCR: the corpus has a document of 21 pages only
// OCR reads (half a minute each time), and what they test is the index's
// safety, which OCR's tests test apart.

const sharedCorpus = "../shared/corpus"

func buildDocqa(t testing.TB) string {
	t.Helper()
	if _, err := os.Stat(sharedCorpus); err != nil {
		t.Skipf("%s not found: system tests need ../shared beside the project", sharedCorpus)
	}
	if testing.Short() {
		t.Skip("system test skipped in -short mode")
	}
	bin := filepath.Join(t.TempDir(), "docqa")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func listDocs(t testing.TB, bin, index string) []ingest.Entry {
	t.Helper()
	out, err := exec.Command(bin, "--index", index, "docs", "--json").Output()
	if err != nil {
		t.Fatalf("docqa docs: %v", err)
	}
	var entries []ingest.Entry
	if err := json.Unmarshal(out, &entries); err != nil {
		t.Fatalf("docqa docs --json: %v\n%s", err, out)
	}
	return entries
}

// checkDocs checks that every document is listed exactly once with the page
// count a fresh ingest gives it.
func checkDocs(t *testing.T, got, want []ingest.Entry) {
	t.Helper()
	seen := map[string]int{}
	for _, e := range got {
		seen[e.Name]++
	}
	for name, n := range seen {
		if n != 1 {
			t.Errorf("%s listed %d times", name, n)
		}
	}
	if len(got) != len(want) {
		t.Errorf("listed %d documents, want %d", len(got), len(want))
	}
	pages := map[string]int{}
	for _, e := range want {
		pages[e.Name] = e.Pages
	}
	for _, e := range got {
		if pages[e.Name] != e.Pages {
			t.Errorf("%s: %d pages, want %d", e.Name, e.Pages, pages[e.Name])
		}
	}
}

// copyCorpus copies the corpus PDFs to a temporary folder, so the killed
// run has real work to be interrupted in.
func copyCorpus(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files, _ := filepath.Glob(filepath.Join(sharedCorpus, "*.pdf"))
	sort.Strings(files)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, filepath.Base(f)), data, 0o644)
	}
	return dir
}

func TestIngestSurvivesSIGKILL(t *testing.T) {
	bin := buildDocqa(t)
	corpus := copyCorpus(t)

	ref := filepath.Join(t.TempDir(), "ref")
	exec.Command(bin, "--index", ref, "ingest", "--ocr", "never", corpus).Run()
	want := listDocs(t, bin, ref)
	if len(want) < 50 {
		t.Fatalf("reference ingest indexed only %d documents", len(want))
	}

	for _, after := range []time.Duration{700 * time.Millisecond, 1500 * time.Millisecond, 3 * time.Second} {
		t.Run(after.String(), func(t *testing.T) {
			index := filepath.Join(t.TempDir(), "index")
			cmd := exec.Command(bin, "--index", index, "ingest", "--ocr", "never", corpus)
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(after)
			cmd.Process.Signal(syscall.SIGKILL)
			cmd.Wait()
			partial := listDocs(t, bin, index)
			t.Logf("killed after %v with %d documents indexed", after, len(partial))

			var stderr bytes.Buffer
			again := exec.Command(bin, "--index", index, "ingest", "--ocr", "never", corpus)
			again.Stderr = &stderr
			err := again.Run()
			if code := again.ProcessState.ExitCode(); code != exitPartial && code != exitOK {
				t.Fatalf("ingest after kill: %v (exit %d)\n%s", err, code, stderr.String())
			}
			checkDocs(t, listDocs(t, bin, index), want)

			// Every document answers from the index, not only from the manifest.
			out, err := exec.Command(bin, "--index", index, "ask", "--json", "--doc", "pdfjs__tracemonkey.pdf", "trace trees compilation").Output()
			if err != nil || !strings.Contains(string(out), `"verified": true`) {
				t.Errorf("ask after recovery: %v\n%s", err, out)
			}
		})
	}
}

func TestConcurrentIngest(t *testing.T) {
	bin := buildDocqa(t)
	corpus := copyCorpus(t)
	index := filepath.Join(t.TempDir(), "index")

	type result struct {
		code   int
		stderr string
	}
	runOne := func() (*exec.Cmd, *bytes.Buffer) {
		var stderr bytes.Buffer
		cmd := exec.Command(bin, "--index", index, "ingest", "--ocr", "never", corpus)
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		return cmd, &stderr
	}
	a, aerr := runOne()
	time.Sleep(100 * time.Millisecond)
	b, berr := runOne()
	a.Wait()
	b.Wait()
	results := []result{{a.ProcessState.ExitCode(), aerr.String()}, {b.ProcessState.ExitCode(), berr.String()}}
	losers := 0
	for _, r := range results {
		if r.code == exitError {
			losers++
			if !strings.Contains(r.stderr, "docqa: error: index is in use by another docqa process") ||
				!strings.Contains(r.stderr, "docqa: hint: ") {
				t.Errorf("loser's message:\n%s", r.stderr)
			}
		} else if r.code != exitPartial && r.code != exitOK {
			t.Errorf("exit %d:\n%s", r.code, r.stderr)
		}
	}
	if losers != 1 {
		t.Errorf("%d runs lost the lock, want 1: %+v", losers, results)
	}
	ref := filepath.Join(t.TempDir(), "ref")
	exec.Command(bin, "--index", ref, "ingest", "--ocr", "never", corpus).Run()
	checkDocs(t, listDocs(t, bin, index), listDocs(t, bin, ref))
}
