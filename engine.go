package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sync"

	"github.com/urfave/cli/v2"

	"docqa/answer"
	"docqa/prompts"
	"docqa/search"
)

// defaultModel is the Ollama model used when --model is not given.
const defaultModel = "llama3.2"

// engine is the answer engine a command uses: a model and its prompts,
// or neither for the extractive engine.
type engine struct {
	model   answer.Generator
	name    string
	prompts *prompts.Set
	// fallback: --engine auto answers with the extractive engine when
	// the model fails on a question
	fallback bool
}

// pickEngine resolves --engine. "auto" uses Ollama when the server answers
// and has the model, else the extractive engine, with one notice line
// saying why; "ollama" fails with the reason instead.
func pickEngine(c *cli.Context) (engine, error) {
	kind := c.String("engine")
	switch kind {
	case "extractive":
		return engine{name: answer.ExtractiveEngine}, nil
	case "auto", "", "ollama", "openai":
	default:
		return engine{}, &usageError{msg: fmt.Sprintf("unknown engine %q", kind), hint: "use --engine auto, ollama, openai or extractive"}
	}
	ps, err := prompts.Load(c.String("prompts"))
	if err != nil {
		return engine{}, err
	}
	model := c.String("model")
	if model == "" {
		model = defaultModel
	}
	if kind == "openai" || kind != "ollama" && c.String("base-url") != "" {
		return pickOpenAI(c, kind, model, ps)
	}
	o, err := answer.NewOllama(answer.OllamaConfig{Host: c.String("ollama-host"), Model: model, Timeout: c.Duration("timeout")}, nil)
	if err != nil {
		return engine{}, &usageError{msg: err.Error(), hint: "give --ollama-host as host:port or http://host:port"}
	}
	if err := o.Check(c.Context); err != nil {
		if kind == "ollama" {
			if errors.Is(err, answer.ErrModelMissing) {
				return engine{}, &hintError{err, fmt.Sprintf("pull the model first: ollama pull %s, or name another with --model", model)}
			}
			return engine{}, err
		}
		if !c.Bool("quiet") {
			fmt.Fprintln(c.App.ErrWriter, "docqa: notice: "+autoNotice(err, c.String("ollama-host"), model))
		}
		return engine{name: answer.ExtractiveEngine}, nil
	}
	return engine{model: o, name: o.Name(), prompts: ps, fallback: kind != "ollama"}, nil
}

// pickOpenAI resolves --engine openai, and auto when --base-url is set:
// the server at --base-url with the model, else (auto) the extractive
// engine with one notice.
func pickOpenAI(c *cli.Context, kind, model string, ps *prompts.Set) (engine, error) {
	base := c.String("base-url")
	if base == "" {
		return engine{}, &usageError{msg: "--engine openai needs the server's address", hint: "give --base-url http://127.0.0.1:8080/v1 (llama-server), http://127.0.0.1:1234/v1 (LM Studio), or set OPENAI_BASE_URL"}
	}
	o, err := answer.NewOpenAI(answer.OpenAIConfig{BaseURL: base, APIKey: os.Getenv("OPENAI_API_KEY"), Model: model, Timeout: c.Duration("timeout"), ContextSize: c.Int("context-size")}, nil)
	if err != nil {
		return engine{}, &usageError{msg: err.Error(), hint: "give --base-url as http://HOST:PORT/v1"}
	}
	if err := o.Check(c.Context); err != nil {
		if kind == "openai" {
			if errors.Is(err, answer.ErrModelMissing) {
				return engine{}, &hintError{err, fmt.Sprintf("the server at %s has no model %s: name one it serves with --model", base, model)}
			}
			if errors.Is(err, answer.ErrServerDown) {
				return engine{}, &hintError{err, fmt.Sprintf("is the model server running at %s? start it (llama-server, LM Studio, vLLM...) or fix --base-url, or use --engine extractive", base)}
			}
			return engine{}, err
		}
		if !c.Bool("quiet") {
			fmt.Fprintf(c.App.ErrWriter, "docqa: notice: answering with the built-in extractive engine; the model server at %s did not answer (%v; --engine extractive hides this)\n", base, err)
		}
		return engine{name: answer.ExtractiveEngine}, nil
	}
	return engine{model: o, name: o.Name(), prompts: ps, fallback: kind != "openai"}, nil
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

// planner picks how sub-questions are planned: by the model when the
// engine has one and --planner is auto, else by the rules.
func (e engine) planner(c *cli.Context, trace func(answer.Event)) (search.Planner, error) {
	switch p := c.String("planner"); p {
	case "", "auto":
		if e.model != nil {
			return answer.ModelPlanner{Model: e.model, Prompts: e.prompts, Trace: trace}, nil
		}
		return search.RulePlanner{}, nil
	case "rules":
		return search.RulePlanner{}, nil
	default:
		return nil, &usageError{msg: fmt.Sprintf("unknown planner %q", p), hint: "use --planner auto or --planner rules"}
	}
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
