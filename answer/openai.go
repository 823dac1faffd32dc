package answer

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
)

var _ Generator = (*OpenAI)(nil)

// Errors of the OpenAI-compatible engine, beside those it shares with the
// Ollama engine ([ErrModelMissing], [ErrTimeout], [ErrGeneration],
// [ErrContextOverflow]).
var (
	ErrServerDown  = errors.New("cannot reach the model server")
	ErrRateLimited = errors.New("the model server is busy (429 Too Many Requests)")
	ErrAuth        = errors.New("the model server refused the API key")
)

// OpenAIConfig configures [NewOpenAI].
type OpenAIConfig struct {
	// BaseURL is the API's root, e.g. http://127.0.0.1:8080/v1 for
	// llama.cpp's llama-server.
	BaseURL string
	// APIKey is sent as a bearer token when set; local servers need none.
	APIKey string
	Model  string
	// Timeout bounds each generation; zero means 2 minutes.
	Timeout time.Duration
	// MaxTokens caps a reply; zero means 512.
	MaxTokens int
	// ContextSize is the model's context window in tokens; zero means
	// the one the server states ([OpenAI.Check] asks), if it states one.
	ContextSize int
}

// OpenAI generates through any server that speaks the OpenAI chat
// completions API (llama.cpp's llama-server, vLLM, LM Studio, LocalAI,
// Jan, Ollama's /v1), streaming, at temperature 0 with a fixed seed, with
// the reply held to a JSON schema where one is asked for.
//
// It speaks the API over net/http itself: the three requests it makes
// (a model, a streamed chat completion, the server's context window)
// are a few lines each, where the openai-go SDK linked 52 MB of code
// into docqa (103 -> 51 MB) and its package set-up cost every process,
// a question or not, about 2 ms of its start (issue 40: a question that
// matches nothing, 60 runs alternating, p50 22.8 -> 20.3 ms).
type OpenAI struct {
	hc   *http.Client
	base string // the API's root, with a trailing slash
	cfg  OpenAIConfig
}

// NewOpenAI returns an engine for cfg's server and model; it does not
// contact the server (see [OpenAI.Check]).
func NewOpenAI(cfg OpenAIConfig, hc *http.Client) (*OpenAI, error) {
	u, err := url.Parse(strings.TrimSpace(cfg.BaseURL))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("base URL %q: want http://HOST:PORT/v1 or https://...", cfg.BaseURL)
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 2 * time.Minute
	}
	if cfg.MaxTokens <= 0 {
		cfg.MaxTokens = 512
	}
	if hc == nil {
		hc = &http.Client{}
	}
	base := strings.TrimSuffix(u.String(), "/") + "/"
	return &OpenAI{hc: hc, base: base, cfg: cfg}, nil
}

// apiError is a request the server refused: its status and what it said.
type apiError struct {
	status int // 0 for an error sent within a stream
	msg    string
}

func (e *apiError) Error() string {
	if e.status == 0 {
		return "the server sent an error: " + e.msg
	}
	return fmt.Sprintf("the server answered %d: %s", e.status, e.msg)
}

// maxErrorBody is how much of a refusal's body is read for its message.
const maxErrorBody = 1 << 16

// do sends one request to the server (u, an address under it; body, when
// not nil, as JSON) with the key as a bearer token, once: the answer loop
// falls back when a model fails, and a retry would only add wait. A
// status other than 2xx comes back as an [*apiError] with the message
// the server gave ({"error":{"message":...}}, as OpenAI writes it, or
// the body's text).
func (o *OpenAI) do(ctx context.Context, method, u string, body any) (*http.Response, error) {
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, u, r)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if o.cfg.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+o.cfg.APIKey)
	}
	resp, err := o.hc.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode/100 != 2 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
		resp.Body.Close()
		return nil, &apiError{status: resp.StatusCode, msg: errorMessage(b)}
	}
	return resp, nil
}

// errorMessage is the message of an error body: OpenAI's
// {"error":{"message":...}}, the {"error":"..."} some servers write, a
// top-level "message", or else the body's text.
func errorMessage(b []byte) string {
	var v struct {
		Error   json.RawMessage `json:"error"`
		Message string          `json:"message"`
	}
	if json.Unmarshal(b, &v) == nil {
		var inner struct {
			Message string `json:"message"`
		}
		var text string
		switch {
		case json.Unmarshal(v.Error, &inner) == nil && inner.Message != "":
			return inner.Message
		case json.Unmarshal(v.Error, &text) == nil && text != "":
			return text
		case v.Message != "":
			return v.Message
		}
	}
	return strings.TrimSpace(string(b))
}

// Name is the engine name answers carry: "openai:MODEL".
func (o *OpenAI) Name() string { return "openai:" + o.cfg.Model }

// Check reports whether the server answers and has the model. A server
// that does not list models (some do not serve /models) is taken at its
// word when it answers at all.
func (o *OpenAI) Check(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, checkTimeout)
	defer cancel()
	resp, err := o.do(ctx, http.MethodGet, o.base+"models/"+url.PathEscape(o.cfg.Model), nil)
	if err == nil {
		resp.Body.Close()
	}
	var ae *apiError
	if errors.As(err, &ae) && ae.status != http.StatusNotFound && ae.status != http.StatusUnauthorized && ae.status != http.StatusForbidden {
		err = nil // up, but without the models endpoint
	}
	if err != nil {
		return o.classify(ctx, err, checkTimeout)
	}
	if o.cfg.ContextSize == 0 {
		o.cfg.ContextSize = o.serverContext(ctx)
	}
	return nil
}

// contextKeys are the names servers give a model's context window:
// vLLM's /v1/models (max_model_len), LM Studio's (max_context_length),
// llama.cpp's /props (n_ctx), and others' context_length.
var contextKeys = []string{"max_model_len", "max_context_length", "context_length", "n_ctx"}

// serverContext asks the server for the model's context window: its
// entry under /models, then llama.cpp's /props. Zero when none says.
func (o *OpenAI) serverContext(ctx context.Context) int {
	root := strings.TrimSuffix(strings.TrimSuffix(o.base, "/"), "/v1") + "/"
	for _, u := range []string{o.base + "models/" + url.PathEscape(o.cfg.Model), o.base + "models", root + "props"} {
		resp, err := o.do(ctx, http.MethodGet, u, nil)
		if err != nil {
			continue
		}
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		resp.Body.Close()
		var v any
		if resp.StatusCode != http.StatusOK || json.Unmarshal(body, &v) != nil {
			continue
		}
		if n := contextOf(v, o.cfg.Model); n > 0 {
			return n
		}
	}
	return 0
}

// contextOf finds a context window in a server's JSON: under the entry
// whose "id" is model when it lists several, anywhere otherwise.
func contextOf(v any, model string) int {
	switch x := v.(type) {
	case map[string]any:
		if list, ok := x["data"].([]any); ok {
			for _, e := range list {
				if m, ok := e.(map[string]any); ok && m["id"] == model {
					return contextOf(m, model)
				}
			}
			return 0
		}
		for _, k := range contextKeys {
			if n, ok := x[k].(float64); ok && n > 0 {
				return int(n)
			}
		}
		for _, k := range slices.Sorted(maps.Keys(x)) {
			if n := contextOf(x[k], model); n > 0 {
				return n
			}
		}
	case []any:
		for _, e := range x {
			if n := contextOf(e, model); n > 0 {
				return n
			}
		}
	}
	return 0
}

// bytesPerToken is a low estimate of the bytes of text a token holds
// (English runs near 4), so that the guard errs toward refusing a prompt
// the server would cut.
const bytesPerToken = 3

// Generate implements [Generator].
func (o *OpenAI) Generate(ctx context.Context, g Generation) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, o.cfg.Timeout)
	defer cancel()
	msgs := []chatMessage{{Role: "system", Content: g.System}}
	for _, m := range g.Messages {
		role := "user"
		if m.Role == "assistant" {
			role = "assistant"
		}
		msgs = append(msgs, chatMessage{Role: role, Content: m.Content})
	}
	limit := o.cfg.MaxTokens
	if g.MaxTokens > 0 && g.MaxTokens < limit {
		limit = g.MaxTokens
	}
	if n := o.cfg.ContextSize; n > 0 {
		size := len(g.System)
		for _, m := range g.Messages {
			size += len(m.Content) + 16
		}
		if est := size/bytesPerToken + limit; est > n {
			return "", fmt.Errorf("%w: the prompt and reply need about %d tokens, the model's window is %d", ErrContextOverflow, est, n)
		}
	}
	p := chatRequest{Model: o.cfg.Model, Messages: msgs, Temperature: 0, Seed: 0, MaxTokens: limit, Stream: true}
	if len(g.Format) > 0 {
		if !json.Valid(g.Format) {
			return "", fmt.Errorf("%w: bad reply schema", ErrGeneration)
		}
		p.ResponseFormat = &responseFormat{Type: "json_schema", JSONSchema: jsonSchema{Name: "reply", Schema: g.Format, Strict: true}}
	}
	resp, err := o.do(ctx, http.MethodPost, o.base+"chat/completions", p)
	if err != nil {
		return "", o.classify(ctx, err, o.cfg.Timeout)
	}
	defer resp.Body.Close()
	var b strings.Builder
	finish := ""
	events := newSSEReader(resp.Body)
	for {
		data, err := events.Next()
		if err == io.EOF || err == nil && string(data) == "[DONE]" {
			break
		}
		if err == nil {
			err = readChunk(data, &b, &finish, g.OnToken)
		}
		if err != nil {
			if ctx.Err() != nil {
				err = ctx.Err()
			}
			return "", o.classify(ctx, err, o.cfg.Timeout)
		}
	}
	switch {
	case finish == "":
		return "", fmt.Errorf("%w: the server stopped before the reply was done", ErrGeneration)
	case strings.TrimSpace(b.String()) == "":
		return "", fmt.Errorf("%w: empty reply", ErrGeneration)
	}
	return b.String(), nil
}

// chatRequest is a chat completion's request, as the API reads it.
type chatRequest struct {
	Model          string          `json:"model"`
	Messages       []chatMessage   `json:"messages"`
	Temperature    float64         `json:"temperature"`
	Seed           int             `json:"seed"`
	MaxTokens      int             `json:"max_tokens"`
	Stream         bool            `json:"stream"`
	ResponseFormat *responseFormat `json:"response_format,omitempty"`
}

type chatMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type responseFormat struct {
	Type       string     `json:"type"`
	JSONSchema jsonSchema `json:"json_schema"`
}

type jsonSchema struct {
	Name   string          `json:"name"`
	Schema json.RawMessage `json:"schema"`
	Strict bool            `json:"strict"`
}

// readChunk reads one streamed chunk of a chat completion: its choices'
// text goes to b (and to onToken, when set), a finish reason to finish;
// an error the server sends within the stream is an [*apiError].
func readChunk(data []byte, b *strings.Builder, finish *string, onToken func(string)) error {
	var c struct {
		Choices []struct {
			Delta struct {
				Content string `json:"content"`
			} `json:"delta"`
			FinishReason string `json:"finish_reason"`
		} `json:"choices"`
		Error json.RawMessage `json:"error"`
	}
	if err := json.Unmarshal(data, &c); err != nil {
		return fmt.Errorf("%w: a chunk the server sent: %v", ErrGeneration, err)
	}
	if len(c.Error) > 0 && string(c.Error) != "null" {
		return &apiError{msg: errorMessage(data)}
	}
	for _, ch := range c.Choices {
		if ch.Delta.Content != "" {
			b.WriteString(ch.Delta.Content)
			if onToken != nil {
				onToken(ch.Delta.Content)
			}
		}
		if ch.FinishReason != "" {
			*finish = ch.FinishReason
		}
	}
	return nil
}

// classify maps a client error to one of the engine's sentinels.
func (o *OpenAI) classify(ctx context.Context, err error, limit time.Duration) error {
	if err == nil {
		return nil
	}
	var ae *apiError
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded), errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("%w (%s)", ErrTimeout, limit)
	case errors.Is(err, context.Canceled):
		return err
	case errors.As(err, &ae):
		msg := strings.TrimSpace(ae.msg)
		switch {
		case ae.status == http.StatusNotFound:
			return fmt.Errorf("%w: %s", ErrModelMissing, o.cfg.Model)
		case ae.status == http.StatusTooManyRequests:
			return ErrRateLimited
		case ae.status == http.StatusUnauthorized, ae.status == http.StatusForbidden:
			return ErrAuth
		case strings.Contains(strings.ToLower(msg), "context"):
			return fmt.Errorf("%w: %s", ErrContextOverflow, msg)
		}
		return fmt.Errorf("%w: %v", ErrGeneration, ae)
	case unreachable(err):
		return fmt.Errorf("%w at %s: %v", ErrServerDown, o.cfg.BaseURL, err)
	}
	return fmt.Errorf("%w: %v", ErrGeneration, err)
}
