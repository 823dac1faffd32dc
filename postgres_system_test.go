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

// TestPostgresScripts runs the scripts of testdata/script-postgres
// against a throwaway primary ($PRIMARY) and its streaming replica
// ($REPLICA), the password read from a pass file as ~/.pgpass would
// give it: ingest, ingest again, docs, ask, eval and remove on the
// primary, ask on the replica, and a writer on the replica refused.
func TestPostgresScripts(t *testing.T) {
	c := pgtest.Start(t)
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script-postgres",
		Setup: func(env *testscript.Env) error {
			env.Setenv("PRIMARY", c.URL)
			env.Setenv("REPLICA", c.ReplicaURL)
			env.Setenv("PGPASSFILE", c.PassFile)
			return scriptEnv(env)
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
