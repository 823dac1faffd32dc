package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"docqa/internal/lazyre"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"docqa": func() { os.Exit(run(context.Background(), os.Args, os.Stdin, os.Stdout, os.Stderr)) },
	})
}

func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{Dir: "testdata/script", Setup: scriptEnv})
}

// scriptEnv sets what every script reads: the folders of testdata, a
// cache of its own, and no Ollama.
func scriptEnv(env *testscript.Env) error {
	samples, err := filepath.Abs("testdata/pdfs")
	if err != nil {
		return err
	}
	env.Setenv("SAMPLES", samples)
	env.Setenv("QUESTIONS", filepath.Join(filepath.Dir(samples), "questions"))
	env.Setenv("REPORTS", filepath.Join(filepath.Dir(samples), "reports"))
	env.Setenv("SCANNED", filepath.Join(filepath.Dir(samples), "scanned"))
	env.Setenv("TABLES", filepath.Join(filepath.Dir(samples), "tables"))
	env.Setenv("STRUCTURE", filepath.Join(filepath.Dir(samples), "structure"))
	env.Setenv("XDG_CACHE_HOME", filepath.Join(os.TempDir(), "docqa-test-cache"))
	// No Ollama: a closed port, so a developer's own server is never used.
	env.Setenv("OLLAMA_HOST", "127.0.0.1:1")
	return nil
}

// TestBadInput runs docqa on inputs a user gets wrong and checks that each
// gives the right exit code and a short error, with no stack trace.
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	sample, err := os.ReadFile("testdata/pdfs/ae300-handbook.pdf")
	if err != nil {
		t.Fatal(err)
	}
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	notPDF := write("notes.pdf", []byte("these are plain-text notes, not a PDF\n"))
	empty := write("empty.pdf", nil)
	truncated := write("truncated.pdf", sample[:len(sample)/3])
	emptyDir := filepath.Join(dir, "nothing-here")
	os.Mkdir(emptyDir, 0o755)
	os.WriteFile(filepath.Join(emptyDir, "readme.txt"), []byte("hi"), 0o644)
	encrypted := "../shared/corpus/pypdf__libreoffice-writer-password.pdf"

	tests := []struct {
		name     string
		args     []string
		code     int
		stderr   string // must appear
		needFile string // a file the case needs, or !CMD: a command that must be missing
	}{
		{"ask before ingest", []string{"ask", "what is the oil limit?"}, exitError, "docqa: error: no documents indexed yet", ""},
		{"empty question", []string{"ask", "  "}, exitUsage, "docqa: error: ask needs a question", ""},
		{"no args to ingest", []string{"ingest"}, exitUsage, "docqa: error: ingest needs at least one file or folder", ""},
		{"nonexistent path", []string{"ingest", filepath.Join(dir, "missing")}, exitError, "no such file or directory", ""},
		{"folder without PDFs", []string{"ingest", emptyDir}, exitError, "no PDF files found", ""},
		// issue 19, item 10: one missing path among others fails alone
		{"one path missing", []string{"ingest", "testdata/pdfs", filepath.Join(dir, "missing.pdf")}, exitPartial, "docqa: failed: missing.pdf: no such file or directory", ""},
		{"not a PDF", []string{"ingest", notPDF}, exitPartial, "docqa: failed: notes.pdf: not a PDF file", ""},
		{"empty file", []string{"ingest", empty}, exitPartial, "docqa: failed: empty.pdf: empty file", ""},
		{"truncated PDF", []string{"ingest", truncated}, exitPartial, "docqa: failed: truncated.pdf: damaged or unsupported PDF", ""},
		{"encrypted PDF", []string{"ingest", encrypted}, exitPartial, "encrypted with a password", encrypted},
		// issue 38: a PDF no engine opens has no outline docqa can read,
		// said with the way out; a file that is no PDF is an error
		{"outline, encrypted PDF", []string{"outline", encrypted}, exitOK, "docqa: hint: docqa reads no password-protected PDF", encrypted},
		{"outline, truncated PDF", []string{"outline", truncated}, exitOK, "docqa: hint: no engine could read its pages", ""},
		{"outline, not a PDF", []string{"outline", notPDF}, exitError, "docqa: error: read " + notPDF + ": not a PDF file", ""},
		{"bad page range", []string{"ask", "--pages", "20-10", "oil"}, exitUsage, "bad page range", ""},
		{"unknown extractor", []string{"ingest", "--extractor", "magic", notPDF}, exitUsage, "unknown extractor", ""},
		{"no pdftotext", []string{"ingest", "--extractor", "pdftotext", notPDF}, exitError, "hint: pdftotext comes with poppler-utils", "!pdftotext"},
		{"unknown flag", []string{"ask", "--bogus", "oil"}, exitUsage, "flag provided but not defined", ""},
		// issue 19, item 9: usage errors, not errors or silent defaults
		{"unknown command", []string{"frobnicate"}, exitUsage, `docqa: error: unknown command "frobnicate"`, ""},
		{"negative -k", []string{"ask", "-k", "-1", "oil"}, exitUsage, "docqa: error: -k -1: must be 0 or more", ""},
		{"zero --max-context", []string{"ask", "--max-context", "0", "oil"}, exitUsage, "docqa: error: --max-context 0: must be 1 or more", ""},
		{"bad Ollama host", []string{"--ollama-host", "http://[bad", "ask", "--docs", "testdata/pdfs", "oil"}, exitUsage, `docqa: error: ollama host "[bad": not a host name`, ""},
		{"negative --expand", []string{"eval", "--expand", "-1", "q.jsonl"}, exitUsage, "docqa: error: --expand -1: must be 0 or more", ""},
		// issue 39, item 6: an index path that is a file says what to do
		{"index is a file, ask", []string{"--index", notPDF, "ask", "oil"}, exitError, "docqa: hint: --index (or DOCQA_INDEX) names " + notPDF + ", which is a file, not a folder", ""},
		{"index is a file, ingest", []string{"--index", notPDF, "ingest", "testdata/pdfs"}, exitError, "which is a file, not a folder", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if cmd, ok := strings.CutPrefix(tt.needFile, "!"); ok {
				if _, err := exec.LookPath(cmd); err == nil {
					t.Skipf("%s is installed: the case needs a machine without it", cmd)
				}
			} else if tt.needFile != "" {
				if _, err := os.Stat(tt.needFile); err != nil {
					t.Skipf("%s not found: needs ../shared beside the project", tt.needFile)
				}
			}
			var stdout, stderr bytes.Buffer
			args := append([]string{"docqa", "--index", filepath.Join(t.TempDir(), "index")}, tt.args...)
			code := run(t.Context(), args, strings.NewReader(""), &stdout, &stderr)
			if code != tt.code {
				t.Errorf("exit code = %d, want %d\nstderr:\n%s", code, tt.code, stderr.String())
			}
			if !strings.Contains(stderr.String(), tt.stderr) {
				t.Errorf("stderr does not contain %q:\n%s", tt.stderr, stderr.String())
			}
			for _, bad := range []string{"goroutine ", "panic:", ".go:"} {
				if strings.Contains(stderr.String()+stdout.String(), bad) {
					t.Errorf("output has %q:\n%s", bad, stderr.String())
				}
			}
		})
	}
}

// A file name that is not valid UTF-8 is unchanged on the next ingest,
// and a newline in a file name does not break the docs table (issue 19,
// item 11).
func TestOddFileNames(t *testing.T) {
	dir := t.TempDir()
	sample, err := os.ReadFile("testdata/pdfs/ae300-service-bulletin.pdf")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"bad\xff.pdf", "two\nlines.pdf"} {
		if err := os.WriteFile(filepath.Join(dir, name), sample, 0o644); err != nil {
			t.Skipf("this file system refuses the name %q: %v", name, err)
		}
	}
	index := filepath.Join(t.TempDir(), "index")
	docqa := func(args ...string) (string, string) {
		var stdout, stderr bytes.Buffer
		if code := run(t.Context(), append([]string{"docqa", "--index", index}, args...), strings.NewReader(""), &stdout, &stderr); code != 0 {
			t.Fatalf("docqa %v: exit %d\n%s", args, code, stderr.String())
		}
		return stdout.String(), stderr.String()
	}
	docqa("ingest", dir)
	if _, errOut := docqa("ingest", dir); !strings.Contains(errOut, "indexed 0 document(s), 0 page(s); 2 unchanged") {
		t.Errorf("second ingest:\n%s", errOut)
	}
	if _, errOut := docqa("ingest", "--prune", dir); !strings.Contains(errOut, "2 unchanged") || strings.Contains(errOut, "pruned") {
		t.Errorf("ingest --prune takes a file whose name is not UTF-8 for gone:\n%s", errOut)
	}
	out, _ := docqa("docs")
	if lines := strings.Count(out, "\n"); lines != 4 || !strings.HasPrefix(strings.Split(out, "\n")[3], "0 of 2 documents have bookmarks") {
		t.Errorf("docs table has %d lines, want a header, 2 documents and the outlines' line:\n%s", lines, out)
	}
}

// ask --docs into the default index says where the documents stay
// (issue 19, item 11); with --index it says nothing of it.
func TestAskDocsSaysWhere(t *testing.T) {
	data := t.TempDir()
	t.Setenv("XDG_DATA_HOME", data)
	if v, ok := os.LookupEnv("DOCQA_INDEX"); ok {
		os.Unsetenv("DOCQA_INDEX")
		t.Cleanup(func() { os.Setenv("DOCQA_INDEX", v) })
	}
	ask := func(args ...string) string {
		var stdout, stderr bytes.Buffer
		args = append(append([]string{"docqa", "--engine", "extractive"}, args...), "ask", "--docs", "testdata/pdfs", "What is the maximum oil temperature?")
		if code := run(t.Context(), args, strings.NewReader(""), &stdout, &stderr); code != 0 {
			t.Fatalf("exit %d\n%s", code, stderr.String())
		}
		return stderr.String()
	}
	if errOut := ask(); !strings.Contains(errOut, "notice: the documents stay indexed in "+filepath.Join(data, "docqa")) {
		t.Errorf("default index: no notice of where:\n%s", errOut)
	}
	if errOut := ask("--index", filepath.Join(t.TempDir(), "ix")); strings.Contains(errOut, "stay indexed") {
		t.Errorf("--index given: notice anyway:\n%s", errOut)
	}
}

// TestOCRWithoutTesseract: a scanned page indexes without its text, the
// ingest says what to install and exits 3; once tesseract is there, the
// next ingest reads the document again (issue 20).
func TestOCRWithoutTesseract(t *testing.T) {
	tesseract, haveOCR := exec.LookPath("tesseract")
	index := filepath.Join(t.TempDir(), "index")
	docqa := func(args ...string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		code := run(t.Context(), append([]string{"docqa", "--index", index}, args...), strings.NewReader(""), &stdout, &stderr)
		return code, stdout.String(), stderr.String()
	}
	path := os.Getenv("PATH")
	t.Setenv("PATH", t.TempDir()) // no tesseract here
	code, _, stderr := docqa("ingest", "testdata/scanned")
	if code != exitPartial {
		t.Errorf("ingest without tesseract: exit %d, want %d\n%s", code, exitPartial, stderr)
	}
	for _, want := range []string{"need OCR, and tesseract is not installed: sb-300-07-scan.pdf", "hint: install it (Debian, Ubuntu: sudo apt-get install tesseract-ocr)"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if _, stdout, _ := docqa("docs"); !strings.Contains(stdout, "needs OCR") {
		t.Errorf("docs does not say the document needs OCR:\n%s", stdout)
	}
	if haveOCR != nil {
		t.Skip("tesseract is not installed: the second ingest, which reads the page, is not tried")
	}
	t.Setenv("PATH", filepath.Dir(tesseract)+string(os.PathListSeparator)+path)
	if code, _, stderr := docqa("ingest", "testdata/scanned"); code != 0 || !strings.Contains(stderr, "1 page(s) read by OCR") {
		t.Errorf("ingest with tesseract: exit %d, want the page read again by OCR:\n%s", code, stderr)
	}
}

// Every package-level pattern of every package compiles: they compile on
// first use ([lazyre]), so a bad one would fail only when an input
// reached it.
func TestPatternsCompile(t *testing.T) {
	if err := lazyre.Check(); err != nil {
		t.Fatal(err)
	}
}
