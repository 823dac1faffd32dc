package answer

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// sse writes chunks as a chat-completions event stream.
func sse(w http.ResponseWriter, chunks ...string) {
	w.Header().Set("Content-Type", "text/event-stream")
	for _, c := range chunks {
		fmt.Fprintf(w, "data: %s\n\n", c)
	}
}

func chunk(content, finish string) string {
	f := "null"
	if finish != "" {
		f = `"` + finish + `"`
	}
	return fmt.Sprintf(`{"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":%q},"finish_reason":%s}]}`, content, f)
}

// TestOpenAIFake covers what a real server cannot be made to do; the
// real server's test is TestRealOpenAI (package main).
func TestOpenAIFake(t *testing.T) {
	tests := []struct {
		name    string
		handler http.HandlerFunc
		want    string // the reply, or
		err     error  // the error
	}{
		{"streams a reply", func(w http.ResponseWriter, r *http.Request) {
			sse(w, chunk("The oil ", ""), chunk("limit.", ""), chunk("", "stop"), "[DONE]")
		}, "The oil limit.", nil},
		{"429", func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusTooManyRequests)
			io.WriteString(w, `{"error":{"message":"slow down","type":"rate_limit"}}`)
		}, "", ErrRateLimited},
		{"model missing", func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusNotFound)
			io.WriteString(w, `{"error":{"message":"model not found","type":"invalid_request_error"}}`)
		}, "", ErrModelMissing},
		{"bad key", func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusUnauthorized)
			io.WriteString(w, `{"error":{"message":"bad key"}}`)
		}, "", ErrAuth},
		{"context too long", func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusBadRequest)
			io.WriteString(w, `{"error":{"message":"the request exceeds the available context size"}}`)
		}, "", ErrContextOverflow},
		{"cut stream", func(w http.ResponseWriter, r *http.Request) {
			sse(w, chunk("The oil ", ""))
		}, "", ErrGeneration},
		{"no choices", func(w http.ResponseWriter, r *http.Request) {
			sse(w, `{"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[]}`, "[DONE]")
		}, "", ErrGeneration},
		{"empty reply", func(w http.ResponseWriter, r *http.Request) {
			sse(w, chunk("", "stop"), "[DONE]")
		}, "", ErrGeneration},
		{"error in the stream", func(w http.ResponseWriter, r *http.Request) {
			sse(w, chunk("The ", ""), `{"error":{"message":"the request exceeds the available context size"}}`)
		}, "", ErrContextOverflow},
		{"bad chunk", func(w http.ResponseWriter, r *http.Request) {
			sse(w, chunk("The ", ""), `{"choices":[`)
		}, "", ErrGeneration},
		{"500 in text", func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "upstream crashed", http.StatusInternalServerError)
		}, "", ErrGeneration},
		{"too slow", func(w http.ResponseWriter, r *http.Request) {
			time.Sleep(300 * time.Millisecond)
			sse(w, chunk("late", "stop"), "[DONE]")
		}, "", ErrTimeout},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(tt.handler)
			defer srv.Close()
			o, err := NewOpenAI(OpenAIConfig{BaseURL: srv.URL + "/v1", Model: "m", Timeout: 100 * time.Millisecond}, nil)
			if err != nil {
				t.Fatal(err)
			}
			var streamed strings.Builder
			got, err := o.Generate(t.Context(), Generation{System: "s", Messages: []Message{{Role: "user", Content: "q"}}, OnToken: func(s string) { streamed.WriteString(s) }})
			if tt.err != nil {
				if !errors.Is(err, tt.err) {
					t.Errorf("err = %v, want %v", err, tt.err)
				}
				return
			}
			if err != nil || got != tt.want || streamed.String() != tt.want {
				t.Errorf("Generate = %q (streamed %q), %v; want %q", got, streamed.String(), err, tt.want)
			}
		})
	}
}

// TestOpenAIRequest: the request asks for temperature 0, a fixed seed,
// the reply cap, and the JSON schema as response_format; the key goes as
// a bearer token.
func TestOpenAIRequest(t *testing.T) {
	var body map[string]any
	var auth string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auth = r.Header.Get("Authorization")
		json.NewDecoder(r.Body).Decode(&body)
		sse(w, chunk(`{"decision":"answer"}`, "stop"), "[DONE]")
	}))
	defer srv.Close()
	o, err := NewOpenAI(OpenAIConfig{BaseURL: srv.URL + "/v1/", APIKey: "sk-test", Model: "m"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := o.Generate(t.Context(), Generation{System: "s", Format: DecisionSchema, MaxTokens: 64}); err != nil {
		t.Fatal(err)
	}
	if auth != "Bearer sk-test" {
		t.Errorf("Authorization = %q", auth)
	}
	rf, _ := body["response_format"].(map[string]any)
	if body["temperature"] != 0.0 || body["seed"] != 0.0 || body["max_tokens"] != 64.0 || body["stream"] != true || rf["type"] != "json_schema" {
		t.Errorf("request body = %v", body)
	}
}

func TestOpenAIDown(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	o, err := NewOpenAI(OpenAIConfig{BaseURL: "http://" + addr + "/v1", Model: "m"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Check(t.Context()); !errors.Is(err, ErrServerDown) {
		t.Errorf("Check of a closed port = %v, want ErrServerDown", err)
	}
	for _, bad := range []string{"", "localhost:8080", "ftp://x/v1", "http://"} {
		if _, err := NewOpenAI(OpenAIConfig{BaseURL: bad}, nil); err == nil {
			t.Errorf("NewOpenAI(%q) accepted", bad)
		}
	}
}

func TestContextOf(t *testing.T) {
	tests := []struct {
		json string
		want int
	}{
		{`{"id":"m","object":"model","max_model_len":8192}`, 8192},                                     // vLLM /v1/models/m
		{`{"data":[{"id":"x","max_model_len":4096},{"id":"m","max_model_len":32768}]}`, 32768},         // vLLM /v1/models
		{`{"data":[{"id":"x","max_model_len":4096}]}`, 0},                                              // another model's
		{`{"default_generation_settings":{"n_ctx":4096,"params":{"top_k":40}},"total_slots":1}`, 4096}, // llama.cpp /props
		{`{"id":"m","max_context_length":131072}`, 131072},                                             // LM Studio
		{`{"id":"m","object":"model","owned_by":"library"}`, 0},                                        // Ollama: says nothing
	}
	for _, tt := range tests {
		var v any
		if err := json.Unmarshal([]byte(tt.json), &v); err != nil {
			t.Fatal(err)
		}
		if got := contextOf(v, "m"); got != tt.want {
			t.Errorf("contextOf(%s) = %d, want %d", tt.json, got, tt.want)
		}
	}
}

// TestOpenAIContextGuard: a server that states a small window gets no
// prompt that cannot fit; docqa fails first, as with Ollama.
func TestOpenAIContextGuard(t *testing.T) {
	asked := false
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/v1/models/m":
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"id":"m","object":"model","created":1,"owned_by":"me"}`)
		case "/props":
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"default_generation_settings":{"n_ctx":1024}}`)
		case "/v1/chat/completions":
			asked = true
			sse(w, chunk("fits", "stop"), "[DONE]")
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	o, err := NewOpenAI(OpenAIConfig{BaseURL: srv.URL + "/v1", Model: "m", MaxTokens: 100}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Check(t.Context()); err != nil {
		t.Fatal(err)
	}
	if _, err := o.Generate(t.Context(), Generation{System: strings.Repeat("context ", 600)}); !errors.Is(err, ErrContextOverflow) || asked {
		t.Errorf("a 4800-byte prompt in a 1024-token window: %v (server asked: %v), want ErrContextOverflow first", err, asked)
	}
	if got, err := o.Generate(t.Context(), Generation{System: "short"}); err != nil || got != "fits" {
		t.Errorf("a short prompt: %q, %v", got, err)
	}
}
