package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"docqa/internal/tinyllama"
)

// TestRealOllama runs docqa against a real `ollama serve` (v0.17.4, built
// by scripts/build-ollama.sh; DOCQA_OLLAMA_BIN names the binary) loaded
// with a tiny random-weight llama: generation completes, its gibberish is
// never shown as a verified answer, and each failure (timeout, missing
// model, stopped server) gives its own message and hint.
func TestRealOllama(t *testing.T) {
	bin := os.Getenv("DOCQA_OLLAMA_BIN")
	if bin == "" {
		t.Skip("DOCQA_OLLAMA_BIN not set: run scripts/build-ollama.sh and set it to the path it prints (.ci/run does)")
	}
	dir := t.TempDir()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	host := l.Addr().String()
	l.Close()
	env := append(os.Environ(), "OLLAMA_HOST="+host, "OLLAMA_MODELS="+filepath.Join(dir, "models"), "HOME="+dir, "OLLAMA_NOPRUNE=1")
	serve := exec.Command(bin, "serve")
	serve.Env = env
	var log bytes.Buffer
	serve.Stdout, serve.Stderr = &log, &log
	if err := serve.Start(); err != nil {
		t.Fatal(err)
	}
	stopped := false
	stop := func() {
		if !stopped {
			stopped = true
			serve.Process.Kill()
			serve.Wait()
		}
	}
	defer stop()
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp, err := http.Get("http://" + host + "/api/version")
		if err == nil {
			resp.Body.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("ollama serve did not start: %v\n%s", err, log.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
	gguf := filepath.Join(dir, "tiny.gguf")
	if err := tinyllama.Write(gguf); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "Modelfile"), []byte("FROM "+gguf+"\n"), 0o644)
	create := exec.Command(bin, "create", "docqa-tiny", "-f", filepath.Join(dir, "Modelfile"))
	create.Env = env
	if out, err := create.CombinedOutput(); err != nil {
		t.Fatalf("ollama create: %v\n%s", err, out)
	}

	index := filepath.Join(dir, "index")
	docqa := func(args ...string) (int, string, string) {
		var out, errOut bytes.Buffer
		all := append([]string{"docqa", "--index", index, "--ollama-host", host}, args...)
		code := run(context.Background(), all, nil, &out, &errOut)
		return code, out.String(), errOut.String()
	}
	if code, _, e := docqa("-q", "ingest", "testdata/pdfs"); code != 0 {
		t.Fatalf("ingest: %d %s", code, e)
	}

	trace := filepath.Join(dir, "trace.jsonl")
	code, out, errOut := docqa("--engine", "ollama", "--model", "docqa-tiny", "ask", "--json", "--trace", trace, "What is the maximum oil temperature?")
	if code != 0 {
		t.Fatalf("ask: exit %d\n%s", code, errOut)
	}
	var a struct {
		Status    string
		Engine    string
		Citations []struct{ Verified bool }
	}
	if err := json.Unmarshal([]byte(out), &a); err != nil {
		t.Fatalf("ask --json: %v\n%s", err, out)
	}
	if a.Status != "not_found" && a.Status != "clarify" {
		t.Errorf("random weights gave status %q, want not_found or clarify", a.Status)
	}
	if a.Engine != "ollama:docqa-tiny" || len(a.Citations) != 0 {
		t.Errorf("engine %q, citations %+v", a.Engine, a.Citations)
	}
	lines, _ := os.ReadFile(trace)
	if n := strings.Count(string(lines), `"stage":"generation"`); n == 0 || strings.Contains(string(lines), `"error":"the model`) {
		t.Errorf("trace shows %d generations or a failed one:\n%s", n, lines)
	}

	code, _, errOut = docqa("--engine", "ollama", "--model", "docqa-tiny", "ask", "--timeout", "1s", "What is the maximum oil temperature?")
	if code != 1 || !strings.Contains(errOut, "did not finish in time") || !strings.Contains(errOut, "hint: give the model more time with --timeout") {
		t.Errorf("--timeout 1s: exit %d\n%s", code, errOut)
	}
	code, _, errOut = docqa("--engine", "ollama", "--model", "no-such-model", "ask", "oil")
	if code != 1 || !strings.Contains(errOut, "model not found") || !strings.Contains(errOut, "hint: pull the model first: ollama pull") {
		t.Errorf("missing model: exit %d\n%s", code, errOut)
	}
	stop()
	code, _, errOut = docqa("--engine", "ollama", "--model", "docqa-tiny", "ask", "oil")
	if code != 1 || !strings.Contains(errOut, "cannot reach the Ollama server") || !strings.Contains(errOut, "hint: is Ollama running?") {
		t.Errorf("stopped server: exit %d\n%s", code, errOut)
	}
}
