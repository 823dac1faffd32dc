package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/rogpeppe/go-internal/testscript"

	"docqa/internal/pgtest"
)

// TestPostgresCLI runs docqa's commands against an index in a real
// PostgreSQL (issue 41): ingest, ingest again (nothing to do), docs,
// ask, remove and eval on the primary, and ask on its streaming replica.
// The password comes from a pass file, as ~/.pgpass would give it.
func TestPostgresCLI(t *testing.T) {
	c := pgtest.Start(t)
	t.Setenv("PGPASSFILE", c.PassFile)
	docqa := func(index string, args ...string) (int, string, string) {
		var out, errOut bytes.Buffer
		code := run(context.Background(), append([]string{"docqa", "--index", index, "--engine", "extractive"}, args...), strings.NewReader(""), &out, &errOut)
		return code, out.String(), errOut.String()
	}
	if code, _, e := docqa(c.URL, "ingest", "testdata/pdfs"); code != 0 || !strings.Contains(e, "indexed 2 document(s)") {
		t.Fatalf("ingest: exit %d\n%s", code, e)
	}
	if code, _, e := docqa(c.URL, "ingest", "testdata/pdfs"); code != 0 || !strings.Contains(e, "2 unchanged") {
		t.Errorf("ingest again: exit %d\n%s", code, e)
	}
	if code, out, e := docqa(c.URL, "docs"); code != 0 || !strings.Contains(out, "ae300-handbook.pdf") || !strings.Contains(out, "ae300-service-bulletin.pdf") {
		t.Errorf("docs: exit %d\n%s\n%s", code, out, e)
	}
	if code, out, e := docqa(c.URL, "ask", "How often is the oil changed?"); code != 0 || !strings.Contains(out, "every 400 flight hours or 12 months") {
		t.Errorf("ask: exit %d\n%s\n%s", code, out, e)
	}
	if code, out, e := docqa(c.URL, "eval", "testdata/questions/ae300.jsonl"); code != 0 || !strings.Contains(out+e, "verified") {
		t.Errorf("eval: exit %d\n%s\n%s", code, out, e)
	}
	// the replica answers what the primary committed
	deadline := time.Now().Add(10 * time.Second)
	for {
		code, out, e := docqa(c.ReplicaURL, "ask", "How often is the oil changed?")
		if code == 0 && strings.Contains(out, "every 400 flight hours or 12 months") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("ask on the replica: exit %d\n%s\n%s", code, out, e)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if code, _, e := docqa(c.ReplicaURL, "ingest", "testdata/pdfs"); code == 0 {
		t.Errorf("ingest into the replica succeeded:\n%s", e)
	}
	if code, _, e := docqa(c.URL, "remove", "ae300-service-bulletin.pdf"); code != 0 {
		t.Errorf("remove: exit %d\n%s", code, e)
	}
	if code, out, _ := docqa(c.URL, "docs"); code != 0 || strings.Contains(out, "ae300-service-bulletin.pdf") {
		t.Errorf("docs after remove: exit %d\n%s", code, out)
	}
}

// TestPostgresScripts runs the scripts of testdata/script-postgres
// against a throwaway primary ($PRIMARY) and its replica ($REPLICA).
func TestPostgresScripts(t *testing.T) {
	c := pgtest.Start(t)
	samples, err := filepath.Abs("testdata/pdfs")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script-postgres",
		Setup: func(env *testscript.Env) error {
			env.Setenv("SAMPLES", samples)
			env.Setenv("QUESTIONS", filepath.Join(filepath.Dir(samples), "questions"))
			env.Setenv("PRIMARY", c.URL)
			env.Setenv("REPLICA", c.ReplicaURL)
			env.Setenv("PGPASSFILE", c.PassFile)
			env.Setenv("OLLAMA_HOST", "127.0.0.1:1")
			return nil
		},
	})
}

// TestPostgresIngestSurvivesSIGKILL kills an ingest into PostgreSQL
// midway: the database holds whole documents only (each one's passages
// all there, its manifest entry written with it), a reader on the
// replica answers while an ingest writes, and the next ingest completes
// the index.
func TestPostgresIngestSurvivesSIGKILL(t *testing.T) {
	bin := buildDocqa(t)
	corpus := copyCorpus(t)
	c := pgtest.Start(t)
	t.Setenv("PGPASSFILE", c.PassFile)
	ref := filepath.Join(t.TempDir(), "ref")
	exec.Command(bin, "--index", ref, "ingest", "--ocr", "never", corpus).Run()
	want := listDocs(t, bin, ref)

	cmd := exec.Command(bin, "--index", c.URL, "ingest", "--ocr", "never", corpus)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// once the first documents are in, a reader on the replica answers
	// while the primary goes on ingesting
	until := func(limit time.Duration, ok func() bool) bool {
		for end := time.Now().Add(limit); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
			if ok() {
				return true
			}
		}
		return false
	}
	if !until(30*time.Second, func() bool {
		out, err := exec.Command(bin, "--index", c.URL, "docs", "--json").Output()
		return err == nil && strings.Contains(string(out), `"sha256"`)
	}) {
		t.Fatal("no document indexed in 30 s")
	}
	var out []byte
	if !until(10*time.Second, func() bool {
		docs, err := exec.Command(bin, "--index", c.ReplicaURL, "docs", "--json").Output()
		if err != nil || !strings.Contains(string(docs), `"sha256"`) {
			return false
		}
		out, err = exec.Command(bin, "--index", c.ReplicaURL, "--engine", "extractive", "ask", "--json", "copyright license terms").Output()
		return err == nil && strings.Contains(string(out), `"status"`)
	}) {
		t.Errorf("the replica did not list documents and answer during an ingest:\n%s", out)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	whole(t, c.URL)
	partial := listDocs(t, bin, c.URL)
	t.Logf("killed with %d of %d documents indexed", len(partial), len(want))

	var stderr bytes.Buffer
	again := exec.Command(bin, "--index", c.URL, "ingest", "--ocr", "never", corpus)
	again.Stderr = &stderr
	if err := again.Run(); err != nil && again.ProcessState.ExitCode() != exitPartial {
		t.Fatalf("ingest after kill: %v\n%s", err, stderr.String())
	}
	whole(t, c.URL)
	checkDocs(t, listDocs(t, bin, c.URL), want)
	out, err := exec.Command(bin, "--index", c.URL, "--engine", "extractive", "ask", "--json", "--doc", "pdfjs__tracemonkey.pdf", "trace trees compilation").Output()
	if err != nil || !strings.Contains(string(out), `"verified": true`) {
		t.Errorf("ask after recovery: %v\n%s", err, out)
	}
}

// whole checks that every document in the database has all the
// passages its row counts and a manifest entry ingest wrote (its hash).
func whole(t *testing.T, url string) {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	rows, err := conn.Query(context.Background(), `SELECT d.name, d.passages, (SELECT count(*) FROM docqa_passages p WHERE p.doc = d.name), d.entry FROM docqa_docs d`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var name string
		var counted, stored int
		var entry []byte
		if err := rows.Scan(&name, &counted, &stored, &entry); err != nil {
			t.Fatal(err)
		}
		var e struct{ SHA256 string }
		if counted != stored || json.Unmarshal(entry, &e) != nil || e.SHA256 == "" {
			t.Errorf("%s: %d passages counted, %d stored, entry %s", name, counted, stored, entry)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
}
