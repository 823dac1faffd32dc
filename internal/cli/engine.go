package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sync"

	"github.com/urfave/cli/v2"

	"docqa/answer"
	"docqa/internal/app"
	"docqa/search"
)

// pickEngine resolves --engine (internal/app): "auto" uses a model when
// its server answers and has it, else the extractive engine, with one
// notice line saying why; a named engine fails with the reason instead.
func pickEngine(c *cli.Context) (app.Engine, error) {
	cfg := app.EngineConfig{
		Kind: c.String("engine"), Model: c.String("model"), OllamaHost: c.String("ollama-host"),
		BaseURL: c.String("base-url"), APIKey: os.Getenv("OPENAI_API_KEY"), ContextSize: c.Int("context-size"),
		Timeout: c.Duration("timeout"), Prompts: c.String("prompts"),
	}
	cfg.Model = cfg.ModelName() // for the hints
	openai := cfg.OpenAI()
	e, err := app.OpenEngine(c.Context, cfg)
	var bad *app.AddressError
	switch {
	case errors.Is(err, app.ErrUnknownEngine):
		return e, &usageError{msg: err.Error(), hint: "use --engine auto, ollama, openai or extractive"}
	case errors.Is(err, app.ErrNoBaseURL):
		return e, &usageError{msg: "--engine openai needs the server's address", hint: "give --base-url http://127.0.0.1:8080/v1 (llama-server), http://127.0.0.1:1234/v1 (LM Studio), or set OPENAI_BASE_URL"}
	case errors.As(err, &bad) && openai:
		return e, &usageError{msg: bad.Error(), hint: "give --base-url as http://HOST:PORT/v1"}
	case errors.As(err, &bad):
		return e, &usageError{msg: bad.Error(), hint: "give --ollama-host as host:port or http://host:port"}
	case errors.Is(err, answer.ErrModelMissing) && openai:
		return e, &hintError{err, fmt.Sprintf("the server at %s has no model %s: name one it serves with --model", cfg.BaseURL, cfg.Model)}
	case errors.Is(err, answer.ErrModelMissing):
		return e, &hintError{err, fmt.Sprintf("pull the model first: ollama pull %s, or name another with --model", cfg.Model)}
	case errors.Is(err, answer.ErrServerDown) && openai:
		return e, &hintError{err, fmt.Sprintf("is the model server running at %s? start it (llama-server, LM Studio, vLLM...) or fix --base-url, or use --engine extractive", cfg.BaseURL)}
	case err != nil:
		return e, err
	}
	if e.Unused != nil && !c.Bool("quiet") {
		notice := autoNotice(e.Unused, cfg.OllamaHost, cfg.Model)
		if openai {
			notice = fmt.Sprintf("answering with the built-in extractive engine; the model server at %s did not answer (%v; --engine extractive hides this)", cfg.BaseURL, e.Unused)
		}
		fmt.Fprintln(c.App.ErrWriter, "docqa: notice: "+notice)
	}
	return e, nil
}

// autoNotice is the one calm line --engine auto prints when it answers
// without a model: that the extractive engine answers, why, and how to
// add a model. A user who never installed Ollama meets it first.
func autoNotice(err error, host, model string) string {
	switch {
	case errors.Is(err, answer.ErrOllamaDown):
		return fmt.Sprintf("answering with the built-in extractive engine; no Ollama server answers at %s (to answer with a model, install Ollama and run: ollama pull %s; --engine extractive hides this)", host, model)
	case errors.Is(err, answer.ErrModelMissing):
		return fmt.Sprintf("answering with the built-in extractive engine; the Ollama server has no model %s (run: ollama pull %s; --engine extractive hides this)", model, model)
	}
	return fmt.Sprintf("answering with the built-in extractive engine; the Ollama server did not answer (%v; --engine extractive hides this)", err)
}

// pickPlanner resolves --planner: the model's plan beside the rules' when
// the engine has a model and --planner is auto, else the rules'.
func pickPlanner(c *cli.Context, e app.Engine, trace func(answer.Event)) (search.Planner, error) {
	p, err := e.Planner(c.String("planner"), trace)
	if errors.Is(err, app.ErrUnknownPlanner) {
		return nil, &usageError{msg: err.Error(), hint: "use --planner auto or --planner rules"}
	}
	return p, err
}

// tracer writes each event as a JSON line to --trace FILE; the returned
// func closes it.
func tracer(c *cli.Context) (func(answer.Event), func() error, error) {
	path := c.String("trace")
	if path == "" {
		return nil, func() error { return nil }, nil
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return nil, nil, fmt.Errorf("open trace file: %w", err)
	}
	var mu sync.Mutex
	enc := json.NewEncoder(f)
	var werr error
	return func(e answer.Event) {
			mu.Lock()
			defer mu.Unlock()
			if err := enc.Encode(e); err != nil && werr == nil {
				werr = err
			}
		}, func() error {
			return errors.Join(werr, f.Close())
		}, nil
}
