package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
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
	srv := startOllama(t)
	dir, host, stop := srv.dir, srv.host, srv.stop
	defer stop()

	index := filepath.Join(dir, "index")
	var stdin io.Reader
	docqa := func(args ...string) (int, string, string) {
		var out, errOut bytes.Buffer
		all := append([]string{"docqa", "--index", index, "--ollama-host", host}, args...)
		code := run(context.Background(), all, stdin, &out, &errOut)
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
	lines := checkGibberish(t, out, "ollama:docqa-tiny", trace)
	if code, out, errOut := docqa("--engine", "ollama", "--model", "docqa-quoter", "ask", "--planner", "rules", "What is the maximum oil temperature?"); code != 0 || !strings.Contains(out, trueCitation) {
		t.Errorf("the quoting model through the ollama engine: exit %d\n%s\n%s", code, out, errOut)
	}

	// The model's plan: its gibberish queries share no word with the
	// question and are dropped, so the rule plan is searched.
	if !strings.Contains(string(lines), `"stage":"plan"`) || !strings.Contains(string(lines), `"by":"model"`) {
		t.Errorf("trace shows no model plan:\n%s", lines)
	}

	// chat: a free-form pick goes to the model (select_option, JSON
	// constrained by the schema) and can only pick an option shown; a
	// question the documents do not answer gets either "not found" or the
	// model's text labelled as general knowledge, never as the documents'.
	t.Setenv("XDG_STATE_HOME", filepath.Join(dir, "state"))
	chatTrace := filepath.Join(dir, "chat.jsonl")
	stdin = strings.NewReader("Who is Aurora Propulsion Works?\nthe one that came out later\nWhat is the capital of France?\n")
	code, out, errOut = docqa("--engine", "ollama", "--model", "docqa-tiny", "chat", "--trace", chatTrace)
	stdin = nil
	if code != 0 || !strings.Contains(out, "Several documents match") {
		t.Fatalf("chat: exit %d\n%s\n%s", code, out, errOut)
	}
	lines, _ = os.ReadFile(chatTrace)
	for _, stage := range []string{`"stage":"select_model"`, `"stage":"general_knowledge"`} {
		if !strings.Contains(string(lines), stage) {
			t.Errorf("chat trace lacks %s:\n%s", stage, lines)
		}
	}
	if strings.Contains(out, "verified") && !strings.Contains(out, "Not found in provided context.") {
		t.Errorf("chat shows a model answer as the documents':\n%s", out)
	}
	t.Logf("chat with the tiny model:\n%s", out)

	code, _, errOut = docqa("--engine", "ollama", "--model", "docqa-tiny", "ask", "--timeout", "1s", "What is the maximum oil temperature?")
	if code != 1 || !strings.Contains(errOut, "did not finish in time") || !strings.Contains(errOut, "hint: give the model more time with --timeout") {
		t.Errorf("--timeout 1s: exit %d\n%s", code, errOut)
	}
	// --engine auto: the same timeout gives way to the extractive engine
	// (issue 19, item 4: it waited out the model, then failed).
	code, out, errOut = docqa("--model", "docqa-tiny", "ask", "--timeout", "1s", "What is the maximum oil temperature?")
	if code != 0 || !strings.Contains(errOut, "notice: the model did not answer (the model did not finish in time") || !strings.Contains(out, "[CITATION]: \"The maximum oil temperature is 110") {
		t.Errorf("--engine auto --timeout 1s: exit %d\n%s\n%s", code, out, errOut)
	}
	code, _, errOut = docqa("--engine", "ollama", "--model", "no-such-model", "ask", "oil")
	if code != 1 || !strings.Contains(errOut, "model not found") || !strings.Contains(errOut, "hint: pull the model first: ollama pull no-such-model,") {
		t.Errorf("missing model: exit %d\n%s", code, errOut)
	}
	stop()
	code, _, errOut = docqa("--engine", "ollama", "--model", "docqa-tiny", "ask", "oil")
	if code != 1 || !strings.Contains(errOut, "cannot reach the Ollama server") || !strings.Contains(errOut, "hint: is Ollama running?") {
		t.Errorf("stopped server: exit %d\n%s", code, errOut)
	}
}

// ollamaServer is a real `ollama serve` with the tiny random-weight model
// "docqa-tiny" and the scripted "docqa-quoter" and "docqa-inventor"
// (tinyllama.WriteScripted).
type ollamaServer struct {
	dir, host string
	stop      func()
}

// startOllama starts `ollama serve` (DOCQA_OLLAMA_BIN) on a free port and
// creates the tiny random-weight model in it; the test skips without
// DOCQA_OLLAMA_BIN.
func startOllama(t *testing.T) ollamaServer {
	t.Helper()
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
		if stopped {
			return
		}
		stopped = true
		// An interrupt lets the server stop the model runners it started;
		// killing it outright left them running after the test.
		exited := make(chan struct{})
		go func() { serve.Wait(); close(exited) }()
		if serve.Process.Signal(os.Interrupt) == nil {
			select {
			case <-exited:
				return
			case <-time.After(10 * time.Second):
			}
		}
		serve.Process.Kill()
		<-exited
	}
	t.Cleanup(stop)
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
	create := func(name, gguf string) {
		modelfile := filepath.Join(dir, name+".Modelfile")
		os.WriteFile(modelfile, []byte("FROM "+gguf+"\n"), 0o644)
		create := exec.Command(bin, "create", name, "-f", modelfile)
		create.Env = env
		if out, err := create.CombinedOutput(); err != nil {
			t.Fatalf("ollama create %s: %v\n%s", name, err, out)
		}
	}
	create("docqa-tiny", gguf)
	// two scripted models: one quotes the handbook, one invents its quote
	for name, reply := range map[string]string{"docqa-quoter": trueReply, "docqa-inventor": inventedReply} {
		path := filepath.Join(dir, name+".gguf")
		if err := tinyllama.WriteScripted(path, reply); err != nil {
			t.Fatal(err)
		}
		create(name, path)
	}

	return ollamaServer{dir: dir, host: host, stop: stop}
}

// TestRealOpenAI runs docqa's openai engine against a real
// OpenAI-compatible server: `ollama serve`'s /v1 API, with the tiny
// random-weight model (issue 22). Generation streams to the end, its
// gibberish is never shown as a verified answer, and a stopped server
// gives a hint naming the URL.
func TestRealOpenAI(t *testing.T) {
	srv := startOllama(t)
	index := filepath.Join(srv.dir, "index")
	base := "http://" + srv.host + "/v1"
	docqa := func(args ...string) (int, string, string) {
		var out, errOut bytes.Buffer
		code := run(context.Background(), append([]string{"docqa", "--index", index, "--base-url", base}, args...), nil, &out, &errOut)
		return code, out.String(), errOut.String()
	}
	if code, _, e := docqa("-q", "ingest", "testdata/pdfs"); code != 0 {
		t.Fatalf("ingest: %d %s", code, e)
	}
	trace := filepath.Join(srv.dir, "trace.jsonl")
	code, out, errOut := docqa("--engine", "openai", "--model", "docqa-tiny", "ask", "--json", "--trace", trace, "What is the maximum oil temperature?")
	if code != 0 {
		t.Fatalf("ask: exit %d\n%s", code, errOut)
	}
	checkGibberish(t, out, "openai:docqa-tiny", trace)
	// A model that quotes the page gets a verified citation; one that
	// invents its quote gets none, after the corrective retry.
	code, out, errOut = docqa("--engine", "openai", "--model", "docqa-quoter", "ask", "--planner", "rules", "What is the maximum oil temperature?")
	if code != 0 || !strings.Contains(out, trueCitation) || !strings.Contains(out, "[ANSWER]: 110 degrees Celsius.") {
		t.Errorf("the quoting model through the openai engine: exit %d\n%s\n%s", code, out, errOut)
	}
	t.Logf("docqa --engine openai --base-url %s --model docqa-quoter ask:\n%s", base, out)
	code, out, errOut = docqa("--engine", "openai", "--model", "docqa-inventor", "ask", "--planner", "rules", "What is the maximum oil temperature?")
	if code != 0 || !strings.Contains(out, "[CITATION]: none") || !strings.Contains(out, "[ANSWER]: Not found in provided context.") || !strings.Contains(out, "not found in the documents after a corrective retry") {
		t.Errorf("the inventing model through the openai engine: exit %d\n%s\n%s", code, out, errOut)
	}
	// --engine auto with --base-url set answers through it too.
	if code, out, errOut := docqa("--model", "docqa-tiny", "ask", "--json", "What is the maximum oil temperature?"); code != 0 || !strings.Contains(out, `"engine": "openai:docqa-tiny"`) {
		t.Errorf("auto with --base-url: exit %d\n%s\n%s", code, out, errOut)
	}
	code, _, errOut = docqa("--engine", "openai", "--model", "no-such-model", "ask", "oil")
	if code != 1 || !strings.Contains(errOut, "model not found") || !strings.Contains(errOut, "has no model no-such-model") {
		t.Errorf("missing model: exit %d\n%s", code, errOut)
	}
	srv.stop()
	code, _, errOut = docqa("--engine", "openai", "--model", "docqa-tiny", "ask", "oil")
	if code != 1 || !strings.Contains(errOut, "cannot reach the model server") || !strings.Contains(errOut, "is the model server running at "+base) {
		t.Errorf("stopped server: exit %d\n%s", code, errOut)
	}
}

// checkGibberish checks an ask --json answer of the tiny random-weight
// model, out, and its trace file: the generations ran to the end, and
// the gibberish was refused, never shown as a verified answer. It
// returns the trace.
func checkGibberish(t *testing.T, out, engine, trace string) []byte {
	t.Helper()
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
	if a.Engine != engine || len(a.Citations) != 0 {
		t.Errorf("engine %q, citations %+v; want %s and none", a.Engine, a.Citations, engine)
	}
	lines, _ := os.ReadFile(trace)
	if n := strings.Count(string(lines), `"stage":"generation"`); n == 0 || strings.Contains(string(lines), `"error":"the model`) {
		t.Errorf("trace shows %d generations or a failed one:\n%s", n, lines)
	}
	return lines
}
