// Package app builds what docqa's commands answer with from plain
// values, without flags or output: the index and its manifest
// ([OpenIndex]), the answer engine (Ollama, an OpenAI-compatible server,
// or the extractive engine when no model answers: [OpenEngine]) and the
// sub-question planner. Package internal/cli turns flags into these
// values and each one's errors into hints.
package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"docqa/answer"
	"docqa/ingest"
	"docqa/prompts"
	"docqa/search"
)

// DefaultModel is the model asked for when none is named.
const DefaultModel = "llama3.2"

// The engines, as --engine names them.
const (
	EngineAuto       = "auto"
	EngineOllama     = "ollama"
	EngineOpenAI     = "openai"
	EngineExtractive = answer.ExtractiveEngine
)

// Sentinel errors of [OpenEngine] and [Engine.Planner], for the
// caller's hints.
var (
	ErrUnknownEngine  = errors.New("unknown engine")
	ErrUnknownPlanner = errors.New("unknown planner")
	ErrNoBaseURL      = errors.New("the openai engine needs the server's address")
)

// AddressError is a server address (the Ollama host, the base URL) that
// cannot be used.
type AddressError struct{ Err error }

func (e *AddressError) Error() string { return e.Err.Error() }
func (e *AddressError) Unwrap() error { return e.Err }

// EngineConfig chooses the answer engine.
type EngineConfig struct {
	// Kind is auto, ollama, openai or extractive; "" is auto. Auto uses
	// the OpenAI-compatible server at BaseURL when one is given, else
	// Ollama, and the extractive engine when the model does not answer.
	Kind        string
	Model       string // "" is DefaultModel
	OllamaHost  string
	BaseURL     string
	APIKey      string
	ContextSize int           // the openai engine's context window; 0 asks the server
	Timeout     time.Duration // for each generation
	Prompts     string        // folder of prompt sheets replacing the built-in ones; "" for none
}

// OpenAI reports whether the engine cfg chooses is the OpenAI-compatible
// server: named, or auto with a base URL.
func (cfg EngineConfig) OpenAI() bool {
	return cfg.Kind == EngineOpenAI || cfg.Kind != EngineOllama && cfg.BaseURL != ""
}

// ModelName is the model cfg asks for: Model, or DefaultModel.
func (cfg EngineConfig) ModelName() string {
	if cfg.Model == "" {
		return DefaultModel
	}
	return cfg.Model
}

// Engine is an answer engine: a model and its prompts, or neither for
// the extractive engine.
type Engine struct {
	Model   answer.Generator
	Name    string
	Prompts *prompts.Set
	// Fallback: the extractive engine answers when the model fails on a
	// question (auto).
	Fallback bool
	// Unused is why auto answers with the extractive engine though a
	// model was wanted (the server is down, the model missing); nil
	// otherwise.
	Unused error
}

// OpenIndex opens the index in dir (read-only: the snapshot the last
// writer published) and reads its manifest.
func OpenIndex(ctx context.Context, dir string, readOnly bool, params *search.Params) (*search.Index, *ingest.Manifest, error) {
	idx, err := search.Open(ctx, dir, search.Options{ReadOnly: readOnly, Params: params})
	if err != nil {
		return nil, nil, err
	}
	m, err := idx.LoadManifest(ctx)
	if err != nil {
		idx.Close()
		return nil, nil, err
	}
	return idx, m, nil
}

// OpenEngine resolves cfg to an engine. A model engine is checked (the
// server answers and holds the model); for auto, a failed check gives
// the extractive engine with [Engine.Unused] set, and for a named
// engine it is the error.
func OpenEngine(ctx context.Context, cfg EngineConfig) (Engine, error) {
	switch cfg.Kind {
	case EngineExtractive:
		return Engine{Name: answer.ExtractiveEngine}, nil
	case EngineAuto, "", EngineOllama, EngineOpenAI:
	default:
		return Engine{}, fmt.Errorf("%w %q", ErrUnknownEngine, cfg.Kind)
	}
	ps, err := prompts.Load(cfg.Prompts)
	if err != nil {
		return Engine{}, err
	}
	cfg.Model = cfg.ModelName()
	named := cfg.Kind == EngineOllama || cfg.Kind == EngineOpenAI
	var model checkedModel
	if cfg.OpenAI() {
		if cfg.BaseURL == "" {
			return Engine{}, ErrNoBaseURL
		}
		o, err := answer.NewOpenAI(answer.OpenAIConfig{BaseURL: cfg.BaseURL, APIKey: cfg.APIKey, Model: cfg.Model, Timeout: cfg.Timeout, ContextSize: cfg.ContextSize}, nil)
		if err != nil {
			return Engine{}, &AddressError{err}
		}
		model = o
	} else {
		o, err := answer.NewOllama(answer.OllamaConfig{Host: cfg.OllamaHost, Model: cfg.Model, Timeout: cfg.Timeout}, nil)
		if err != nil {
			return Engine{}, &AddressError{err}
		}
		model = o
	}
	if err := model.Check(ctx); err != nil {
		if named {
			return Engine{}, err
		}
		return Engine{Name: answer.ExtractiveEngine, Unused: err}, nil
	}
	return Engine{Model: model, Name: model.Name(), Prompts: ps, Fallback: !named}, nil
}

// checkedModel is a model whose server can be asked whether it serves it.
type checkedModel interface {
	answer.Generator
	Check(context.Context) error
	Name() string
}

// Planner returns the sub-question planner kind names: auto (the
// model's plan beside the rules' when the engine has a model) or rules.
func (e Engine) Planner(kind string, trace func(answer.Event)) (search.Planner, error) {
	switch kind {
	case "", "auto":
		if e.Model != nil {
			return answer.ModelPlanner{Model: e.Model, Prompts: e.Prompts, Trace: trace}, nil
		}
		return search.RulePlanner{}, nil
	case "rules":
		return search.RulePlanner{}, nil
	}
	return nil, fmt.Errorf("%w %q", ErrUnknownPlanner, kind)
}
