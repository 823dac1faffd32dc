package answer

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"docqa/prompts"
	"docqa/search"
)

// fakeOllama is an httptest Ollama /api/chat that streams scripted replies
// in order and records the requests. It is for the cases a real server
// cannot be made to produce; the real server is tested in system_test.go.
type fakeOllama struct {
	mu       sync.Mutex
	replies  []string
	requests []map[string]any
	notDone  bool          // end the stream without done: true
	delay    time.Duration // before answering
	stall    bool          // after the reply's tokens, wait for the client to go
}

func (f *fakeOllama) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/api/chat" {
		http.NotFound(w, r)
		return
	}
	var req map[string]any
	json.NewDecoder(r.Body).Decode(&req)
	f.mu.Lock()
	f.requests = append(f.requests, req)
	reply := "[ANSWER]: Not found in provided context."
	if len(f.replies) > 0 {
		reply, f.replies = f.replies[0], f.replies[1:]
	}
	f.mu.Unlock()
	if f.delay > 0 {
		select {
		case <-time.After(f.delay):
		case <-r.Context().Done():
			return
		}
	}
	enc := json.NewEncoder(w)
	for _, tok := range strings.SplitAfter(reply, " ") {
		enc.Encode(map[string]any{"model": "tiny", "message": map[string]string{"role": "assistant", "content": tok}, "done": false})
	}
	if f.stall {
		w.(http.Flusher).Flush()
		<-r.Context().Done()
		return
	}
	if !f.notDone {
		enc.Encode(map[string]any{"model": "tiny", "message": map[string]string{"role": "assistant", "content": ""}, "done": true, "done_reason": "stop", "prompt_eval_count": 100, "eval_count": 20})
	}
}

func (f *fakeOllama) calls() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.requests)
}

func newFake(t *testing.T, f *fakeOllama, timeout time.Duration) *Ollama {
	t.Helper()
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	o, err := NewOllama(OllamaConfig{Host: srv.URL, Model: "tiny", Timeout: timeout}, srv.Client())
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// askModel asks the sample index's handbook question through the fake.
func askModel(t *testing.T, f *fakeOllama, edit ...func(*Request)) (*Answer, []Event, error) {
	t.Helper()
	ps, err := prompts.Load("")
	if err != nil {
		t.Fatal(err)
	}
	var events []Event
	req := Request{
		Question: "What is the maximum oil temperature?",
		Filter:   search.Filter{Docs: []string{"ae300-handbook.pdf"}},
		Model:    newFake(t, f, 5*time.Second), ModelName: "ollama:tiny", Prompts: ps,
		Trace: func(e Event) { events = append(events, e) },
	}
	for _, e := range edit {
		e(&req)
	}
	a, err := Ask(t.Context(), openSample(t), req)
	return a, events, err
}

func fallbackReason(events []Event) string {
	for _, e := range events {
		if e.Stage == "fallback" {
			return e.Fields["reason"].(string)
		}
	}
	return ""
}

const goodReply = "[CITATION]: \"The maximum oil temperature is 110 degrees Celsius in all phases of flight.\"\n[ANSWER]: 110 °C.\n[EXPLANATION]: The limits page says so."

// TestModelOption: the model's "[ANSWER]: 2. ..." names the option.
func TestModelOption(t *testing.T) {
	f := &fakeOllama{replies: []string{strings.Replace(goodReply, "[ANSWER]: 110 °C.", "[ANSWER]: 2. 110 °C", 1)}}
	a, _, err := askModel(t, f, func(r *Request) { r.Options = []string{"90 °C", "110 °C"} })
	if err != nil {
		t.Fatal(err)
	}
	if a.Status != StatusAnswered || !cmp.Equal(a.Option, &Choice{2, "110 °C"}) || a.Reader != ModelReader {
		t.Errorf("status %s option %+v reader %q, want answered, option 2, by %s", a.Status, a.Option, a.Reader, ModelReader)
	}
}

func TestModelLoop(t *testing.T) {
	decision := func(types ...string) string {
		b, _ := json.Marshal(map[string]any{"contract_version": 1, "decision": "request_context", "evidence_types": types, "reason": "need more"})
		return string(b)
	}
	tests := []struct {
		name    string
		replies []string
		calls   int
		status  string
		reason  string
	}{
		{"cited answer verifies", []string{goodReply}, 1, StatusAnswered, ""},
		{"fabricated quote rejected after one retry",
			[]string{"[CITATION]: \"Oil may reach 140 degrees.\"\n[ANSWER]: 140", "[CITATION]: \"Oil may reach 140 degrees Celsius.\"\n[ANSWER]: 140"},
			2, StatusNotFound, ReasonUnverified},
		{"fabricated quote fixed by the retry", []string{"[CITATION]: \"Oil may reach 140 degrees.\"\n[ANSWER]: 140", goodReply}, 2, StatusAnswered, ""},
		{"request_context with new evidence retries once",
			[]string{"[ANSWER]: Not found in provided context.", decision("adjacent_pages"), goodReply}, 3, StatusAnswered, ""},
		{"request_context with no new evidence",
			[]string{"[ANSWER]: Not found in provided context.", decision("full_page")}, 2, StatusNotFound, ReasonNoNewEvidence},
		{"second request_context refused",
			[]string{"[ANSWER]: Not found in provided context.", decision("adjacent_pages"), decision("more_results")}, 3, StatusNotFound, ReasonBudgetExhausted},
		{"decision in the answer reply", []string{decision("adjacent_pages"), goodReply}, 2, StatusAnswered, ""},
		{"unknown contract version", []string{"[ANSWER]: Not found in provided context.", `{"contract_version": 7, "decision": "answer"}`}, 2, StatusNotFound, ReasonContract},
		{"abstain", []string{"[ANSWER]: Not found in provided context.", `{"contract_version": 1, "decision": "abstain", "reason": "not in these pages"}`}, 2, StatusNotFound, ReasonAbstain},
		{"gibberish twice", []string{"qwz vlor pk", "zzkq"}, 2, StatusNotFound, ReasonUnverified},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fakeOllama{replies: tt.replies}
			a, events, err := askModel(t, f)
			if err != nil {
				t.Fatal(err)
			}
			if a.Status != tt.status || fallbackReason(events) != tt.reason || f.calls() != tt.calls {
				t.Errorf("status %s, reason %q, %d calls; want %s, %q, %d", a.Status, fallbackReason(events), f.calls(), tt.status, tt.reason, tt.calls)
			}
			for _, c := range a.Citations {
				if !c.Verified {
					t.Errorf("unverified citation shown: %+v", c)
				}
			}
			if a.Status == StatusAnswered && (len(a.Citations) == 0 || a.Citations[0].Page != 4 || a.Citations[0].Doc != "ae300-handbook.pdf") {
				t.Errorf("citations %+v, want the handbook's page 4", a.Citations)
			}
			if a.Status == StatusNotFound && len(a.Citations) != 0 {
				t.Errorf("not-found answer with citations %+v", a.Citations)
			}
			if a.Engine != "ollama:tiny" {
				t.Errorf("engine %q", a.Engine)
			}
		})
	}
}

func TestModelRequest(t *testing.T) {
	f := &fakeOllama{replies: []string{"[ANSWER]: Not found in provided context.", `{"contract_version": 1, "decision": "abstain"}`}}
	if _, _, err := askModel(t, f); err != nil {
		t.Fatal(err)
	}
	first, second := f.requests[0], f.requests[1]
	opts := first["options"].(map[string]any)
	if opts["temperature"].(float64) != 0 || opts["num_ctx"].(float64) < 2048 || first["truncate"] != false {
		t.Errorf("answer request options %v truncate %v: want temperature 0, num_ctx from the prompt, truncate false", opts, first["truncate"])
	}
	if first["stream"] != true || first["format"] != nil {
		t.Errorf("answer request stream %v format %v", first["stream"], first["format"])
	}
	if second["format"] == nil {
		t.Error("decision request without a JSON schema format")
	}
}

func TestOllamaErrors(t *testing.T) {
	gen := Generation{System: "s", Messages: []Message{{Role: "user", Content: "q"}}}
	t.Run("done false", func(t *testing.T) {
		_, err := newFake(t, &fakeOllama{replies: []string{"partial"}, notDone: true}, 5*time.Second).Generate(t.Context(), gen)
		if !errors.Is(err, ErrGeneration) {
			t.Errorf("error %v, want ErrGeneration", err)
		}
	})
	t.Run("timeout", func(t *testing.T) {
		_, err := newFake(t, &fakeOllama{delay: 2 * time.Second}, 100*time.Millisecond).Generate(t.Context(), gen)
		if !errors.Is(err, ErrTimeout) {
			t.Errorf("error %v, want ErrTimeout", err)
		}
	})
	// A stream cut short by the caller or by --timeout is that, not a
	// failed generation: Ctrl-C in chat says "answer cancelled".
	t.Run("cancelled mid-stream", func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		g := gen
		g.OnToken = func(string) { cancel() }
		_, err := newFake(t, &fakeOllama{replies: []string{"a draft"}, stall: true}, 5*time.Second).Generate(ctx, g)
		if !errors.Is(err, context.Canceled) || errors.Is(err, ErrGeneration) {
			t.Errorf("error %v, want context.Canceled", err)
		}
	})
	t.Run("timeout mid-stream", func(t *testing.T) {
		_, err := newFake(t, &fakeOllama{replies: []string{"a draft"}, stall: true}, 200*time.Millisecond).Generate(t.Context(), gen)
		if !errors.Is(err, ErrTimeout) {
			t.Errorf("error %v, want ErrTimeout", err)
		}
	})
	t.Run("model missing", func(t *testing.T) {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusNotFound)
			w.Write([]byte(`{"error":"model 'tiny' not found"}`))
		}))
		defer srv.Close()
		o, _ := NewOllama(OllamaConfig{Host: srv.URL, Model: "tiny"}, nil)
		if _, err := o.Generate(t.Context(), gen); !errors.Is(err, ErrModelMissing) {
			t.Errorf("Generate: %v, want ErrModelMissing", err)
		}
		if err := o.Check(t.Context()); !errors.Is(err, ErrModelMissing) {
			t.Errorf("Check: %v, want ErrModelMissing", err)
		}
	})
	t.Run("server closes the connection", func(t *testing.T) {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				conn.Close()
			}
		}))
		defer srv.Close()
		o, _ := NewOllama(OllamaConfig{Host: srv.URL, Model: "tiny"}, srv.Client())
		if err := o.Check(t.Context()); !errors.Is(err, ErrOllamaDown) {
			t.Errorf("Check: %v, want ErrOllamaDown", err)
		}
	})
	t.Run("server down", func(t *testing.T) {
		srv := httptest.NewServer(http.NotFoundHandler())
		url := srv.URL
		srv.Close()
		o, _ := NewOllama(OllamaConfig{Host: url, Model: "tiny"}, nil)
		if _, err := o.Generate(t.Context(), gen); !errors.Is(err, ErrOllamaDown) {
			t.Errorf("error %v, want ErrOllamaDown", err)
		}
	})
}

func TestHostURL(t *testing.T) {
	for in, want := range map[string]string{
		"":                        "http://127.0.0.1:11434",
		"1.2.3.4:1234":            "http://1.2.3.4:1234",
		"example.com":             "http://example.com:11434",
		":8080":                   "http://127.0.0.1:8080",
		"https://ollama.lan:443/": "https://ollama.lan:443",
		"http://[::1]:11434":      "http://[::1]:11434",
	} {
		u, err := HostURL(in)
		if err != nil || u.String() != want {
			t.Errorf("HostURL(%q) = %v, %v; want %s", in, u, err, want)
		}
	}
	for _, bad := range []string{"ftp://x", "http://[bad", "host:port:x", "localhost:99999", "localhost:abc"} {
		if _, err := HostURL(bad); err == nil {
			t.Errorf("HostURL(%q) accepted", bad)
		}
	}
}

// With Fallback (--engine auto), a model that fails on the question
// after the health check gives way to the extractive engine, which
// answers and says why; without it the failure is the error.
func TestModelFallback(t *testing.T) {
	slow := func(fallback bool) func(*Request) {
		return func(r *Request) {
			r.Model = newFake(t, &fakeOllama{delay: 3 * time.Second}, 100*time.Millisecond)
			r.Fallback = fallback
		}
	}
	a, events, err := askModel(t, &fakeOllama{}, slow(true))
	if err != nil {
		t.Fatalf("with Fallback: %v", err)
	}
	if a.Engine != ExtractiveEngine || !strings.Contains(a.ModelError, "did not finish") || a.Status != StatusAnswered || len(a.Citations) == 0 || !a.Citations[0].Verified {
		t.Errorf("with Fallback: engine %q, model error %q, status %q, citations %+v", a.Engine, a.ModelError, a.Status, a.Citations)
	}
	if !slices.ContainsFunc(events, func(e Event) bool { return e.Stage == "model_failed" }) {
		t.Errorf("no model_failed event in %+v", events)
	}
	if _, _, err := askModel(t, &fakeOllama{}, slow(false)); !errors.Is(err, ErrTimeout) {
		t.Errorf("without Fallback: err %v, want ErrTimeout", err)
	}
}

// A quote the model cites on one page and docqa finds on another carries
// the page it is on, and the answer says so (issue 19, item 6).
func TestModelCitedOtherPage(t *testing.T) {
	reply := "[CITATION]: \"The maximum oil temperature is 110 degrees Celsius in all phases of flight.\" (ae300-handbook.pdf, p. 2)\n[ANSWER]: 110 °C.\n[EXPLANATION]: The limits page."
	a, _, err := askModel(t, &fakeOllama{replies: []string{reply}})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Citations) != 1 || a.Citations[0].Page != 4 || !strings.Contains(a.Explanation, "the model cited p. 2 for a quote found on p. 4 of ae300-handbook.pdf") {
		t.Errorf("citations %+v, explanation %q", a.Citations, a.Explanation)
	}
}
