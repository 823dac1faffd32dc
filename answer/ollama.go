package answer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/ollama/ollama/api"
)

// Message is one turn of a conversation with a model.
type Message struct {
	Role    string // "user" or "assistant"
	Content string
}

// Generation is one request to a model.
type Generation struct {
	System   string
	Messages []Message
	// Format, when set, is a JSON schema the reply must follow.
	Format json.RawMessage
	// OnToken, when set, receives the reply as it is generated.
	OnToken func(string)
	// MaxTokens caps this reply below the engine's own cap; zero means
	// the engine's.
	MaxTokens int
}

// A Generator produces a model's reply; [*Ollama] is one.
type Generator interface {
	Generate(ctx context.Context, g Generation) (string, error)
}

var _ Generator = (*Ollama)(nil)

// Errors of the Ollama engine; main turns each into a message and a hint.
var (
	ErrOllamaDown      = errors.New("cannot reach the Ollama server")
	ErrModelMissing    = errors.New("model not found on the Ollama server")
	ErrTimeout         = errors.New("the model did not finish in time")
	ErrGeneration      = errors.New("the model's generation failed")
	ErrContextOverflow = errors.New("the prompt does not fit the model's context window")
)

// OllamaConfig configures [NewOllama].
type OllamaConfig struct {
	// Host is the server, as a URL or a bare host:port like OLLAMA_HOST.
	Host  string
	Model string
	// Timeout bounds each generation; zero means 2 minutes.
	Timeout time.Duration
	// NumPredict caps the tokens of a reply; zero means 512.
	NumPredict int
}

// Ollama generates through an Ollama server's /api/chat, streaming, at
// temperature 0, with num_ctx sized to the prompt and truncation off, so
// the server fails rather than silently dropping part of the context.
type Ollama struct {
	client *api.Client
	cfg    OllamaConfig
}

// NewOllama returns an engine for cfg's server and model; it does not
// contact the server (see [Ollama.Check]).
func NewOllama(cfg OllamaConfig, hc *http.Client) (*Ollama, error) {
	base, err := HostURL(cfg.Host)
	if err != nil {
		return nil, err
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 2 * time.Minute
	}
	if cfg.NumPredict <= 0 {
		cfg.NumPredict = 512
	}
	if hc == nil {
		hc = &http.Client{}
	}
	return &Ollama{client: api.NewClient(base, hc), cfg: cfg}, nil
}

// Name is the engine name answers carry: "ollama:MODEL".
func (o *Ollama) Name() string { return "ollama:" + o.cfg.Model }

// HostURL reads a server address as Ollama does: "host:port", "host",
// ":port" or a full URL; the default port is 11434.
func HostURL(host string) (*url.URL, error) {
	host = strings.TrimSpace(host)
	if host == "" {
		host = "127.0.0.1:11434"
	}
	scheme := "http"
	if s, rest, ok := strings.Cut(host, "://"); ok {
		scheme, host = s, rest
	}
	host, path, _ := strings.Cut(host, "/")
	h, port, err := net.SplitHostPort(host)
	if err != nil {
		h, port = host, "11434"
	}
	if h == "" {
		h = "127.0.0.1"
	}
	u := &url.URL{Scheme: scheme, Host: net.JoinHostPort(h, port)}
	if path != "" {
		u.Path = "/" + path
	}
	if scheme != "http" && scheme != "https" {
		return nil, fmt.Errorf("ollama host %q: scheme must be http or https", host)
	}
	// The URL must read back as written: "[bad" or "a:b:c" would only
	// fail at the first request, as if the server had.
	if back, err := url.Parse(u.String()); err != nil || back.Host != u.Host {
		return nil, fmt.Errorf("ollama host %q: not a host name or address with a port", host)
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return nil, fmt.Errorf("ollama host %q: port %q is not a number from 1 to 65535", host, p)
		}
	}
	return u, nil
}

// Check reports whether the server answers and has the model.
func (o *Ollama) Check(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, checkTimeout)
	defer cancel()
	_, err := o.client.Show(ctx, &api.ShowRequest{Model: o.cfg.Model})
	return o.classify(ctx, err, checkTimeout)
}

// checkTimeout bounds the health check: a server that is up answers it
// at once.
const checkTimeout = 5 * time.Second

// Generate implements [Generator].
func (o *Ollama) Generate(ctx context.Context, g Generation) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, o.cfg.Timeout)
	defer cancel()
	msgs := []api.Message{{Role: "system", Content: g.System}}
	size := len(g.System)
	for _, m := range g.Messages {
		msgs = append(msgs, api.Message{Role: m.Role, Content: m.Content})
		size += len(m.Content) + 16
	}
	predict := o.cfg.NumPredict
	if g.MaxTokens > 0 && g.MaxTokens < predict {
		predict = g.MaxTokens
	}
	off, stream := false, true
	req := &api.ChatRequest{
		Model:    o.cfg.Model,
		Messages: msgs,
		Stream:   &stream,
		Format:   g.Format,
		Truncate: &off,
		Shift:    &off,
		Options: map[string]any{
			"temperature": 0,
			"seed":        0,
			"num_ctx":     numCtx(size, predict),
			"num_predict": predict,
		},
	}
	var b strings.Builder
	done := false
	err := o.client.Chat(ctx, req, func(r api.ChatResponse) error {
		b.WriteString(r.Message.Content)
		if g.OnToken != nil && r.Message.Content != "" {
			g.OnToken(r.Message.Content)
		}
		if r.Done {
			done = true
		}
		return nil
	})
	if err == nil && ctx.Err() != nil {
		// The client ends a stream cut by the context without an error.
		err = ctx.Err()
	}
	if err != nil {
		return "", o.classify(ctx, err, o.cfg.Timeout)
	}
	if !done {
		return "", fmt.Errorf("%w: the server stopped before the reply was done", ErrGeneration)
	}
	if strings.TrimSpace(b.String()) == "" {
		return "", fmt.Errorf("%w: empty reply", ErrGeneration)
	}
	return b.String(), nil
}

// numCtx sizes the context window for a prompt of size bytes: a token is
// never more than a byte, so size bytes plus the reply always fit.
// Rounded up to 1024 so the server can reuse a loaded model.
func numCtx(size, predict int) int {
	n := size + predict + 64
	return (n + 1023) / 1024 * 1024
}

// classify maps a client error to one of the engine's sentinels.
func (o *Ollama) classify(ctx context.Context, err error, limit time.Duration) error {
	if err == nil {
		return nil
	}
	var se api.StatusError
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded), errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("%w (%s)", ErrTimeout, limit)
	case errors.Is(err, context.Canceled):
		return err
	case unreachable(err):
		return fmt.Errorf("%w at %s: %v", ErrOllamaDown, o.cfg.Host, err)
	case errors.As(err, &se) && se.StatusCode == http.StatusNotFound:
		return fmt.Errorf("%w: %s", ErrModelMissing, o.cfg.Model)
	case errors.As(err, &se) && strings.Contains(strings.ToLower(se.ErrorMessage), "context"):
		return fmt.Errorf("%w: %s", ErrContextOverflow, se.ErrorMessage)
	case errors.As(err, &se):
		return fmt.Errorf("%w: ollama answered %d: %s", ErrGeneration, se.StatusCode, se.ErrorMessage)
	}
	return fmt.Errorf("%w: %v", ErrGeneration, err)
}

// unreachable reports an error that says no server answers: a refused
// or failed connection, or a server that went away after an earlier
// request (the kept-alive connection ends without a reply).
func unreachable(err error) bool {
	var op *net.OpError
	return errors.Is(err, syscall.ECONNREFUSED) || errors.As(err, &op) && op.Op == "dial" ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, syscall.ECONNRESET)
}
