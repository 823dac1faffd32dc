package answer

import (
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

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/shared"
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
type OpenAI struct {
	client openai.Client
	hc     *http.Client
	base   string // the API's root, with a trailing slash
	cfg    OpenAIConfig
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
	opts := []option.RequestOption{
		option.WithBaseURL(base),
		option.WithHTTPClient(hc),
		option.WithMaxRetries(0), // the answer loop falls back; a retry only adds wait
		option.WithAPIKey(cfg.APIKey),
	}
	return &OpenAI{client: openai.NewClient(opts...), hc: hc, base: base, cfg: cfg}, nil
}

// Name is the engine name answers carry: "openai:MODEL".
func (o *OpenAI) Name() string { return "openai:" + o.cfg.Model }

// Check reports whether the server answers and has the model. A server
// that does not list models (some do not serve /models) is taken at its
// word when it answers at all.
func (o *OpenAI) Check(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, checkTimeout)
	defer cancel()
	_, err := o.client.Models.Get(ctx, o.cfg.Model)
	var ae *openai.Error
	if errors.As(err, &ae) && ae.StatusCode != http.StatusNotFound && ae.StatusCode != http.StatusUnauthorized && ae.StatusCode != http.StatusForbidden {
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
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			continue
		}
		if o.cfg.APIKey != "" {
			req.Header.Set("Authorization", "Bearer "+o.cfg.APIKey)
		}
		resp, err := o.hc.Do(req)
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
	msgs := []openai.ChatCompletionMessageParamUnion{openai.SystemMessage(g.System)}
	for _, m := range g.Messages {
		if m.Role == "assistant" {
			msgs = append(msgs, openai.AssistantMessage(m.Content))
		} else {
			msgs = append(msgs, openai.UserMessage(m.Content))
		}
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
	p := openai.ChatCompletionNewParams{
		Model:       o.cfg.Model,
		Messages:    msgs,
		Temperature: openai.Float(0),
		Seed:        openai.Int(0),
		MaxTokens:   openai.Int(int64(limit)),
	}
	if len(g.Format) > 0 {
		var schema any
		if err := json.Unmarshal(g.Format, &schema); err != nil {
			return "", fmt.Errorf("%w: bad reply schema: %v", ErrGeneration, err)
		}
		p.ResponseFormat = openai.ChatCompletionNewParamsResponseFormatUnion{OfJSONSchema: &shared.ResponseFormatJSONSchemaParam{
			JSONSchema: shared.ResponseFormatJSONSchemaJSONSchemaParam{Name: "reply", Schema: schema, Strict: openai.Bool(true)},
		}}
	}
	stream := o.client.Chat.Completions.NewStreaming(ctx, p)
	defer stream.Close()
	var b strings.Builder
	finish := ""
	for stream.Next() {
		chunk := stream.Current()
		for _, c := range chunk.Choices {
			if c.Delta.Content != "" {
				b.WriteString(c.Delta.Content)
				if g.OnToken != nil {
					g.OnToken(c.Delta.Content)
				}
			}
			if c.FinishReason != "" {
				finish = c.FinishReason
			}
		}
	}
	err := stream.Err()
	if err == nil && ctx.Err() != nil {
		err = ctx.Err()
	}
	if err != nil {
		return "", o.classify(ctx, err, o.cfg.Timeout)
	}
	switch {
	case finish == "":
		return "", fmt.Errorf("%w: the server stopped before the reply was done", ErrGeneration)
	case strings.TrimSpace(b.String()) == "":
		return "", fmt.Errorf("%w: empty reply", ErrGeneration)
	}
	return b.String(), nil
}

// classify maps a client error to one of the engine's sentinels.
func (o *OpenAI) classify(ctx context.Context, err error, limit time.Duration) error {
	if err == nil {
		return nil
	}
	var ae *openai.Error
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded), errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("%w (%s)", ErrTimeout, limit)
	case errors.Is(err, context.Canceled):
		return err
	case errors.As(err, &ae):
		msg := strings.TrimSpace(ae.Message)
		switch {
		case ae.StatusCode == http.StatusNotFound:
			return fmt.Errorf("%w: %s", ErrModelMissing, o.cfg.Model)
		case ae.StatusCode == http.StatusTooManyRequests:
			return ErrRateLimited
		case ae.StatusCode == http.StatusUnauthorized, ae.StatusCode == http.StatusForbidden:
			return ErrAuth
		case strings.Contains(strings.ToLower(msg), "context"):
			return fmt.Errorf("%w: %s", ErrContextOverflow, msg)
		}
		return fmt.Errorf("%w: the server answered %d: %s", ErrGeneration, ae.StatusCode, msg)
	case unreachable(err):
		return fmt.Errorf("%w at %s: %v", ErrServerDown, o.cfg.BaseURL, err)
	}
	return fmt.Errorf("%w: %v", ErrGeneration, err)
}
