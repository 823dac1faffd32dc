// Package tinyllama writes tiny llama GGUFs for tests and demos of the
// model engines without downloading a model: one with random weights,
// which generates gibberish, and one scripted to give one reply.
package tinyllama

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/ollama/ollama/fs/ggml"
)

// vocabulary is the model's SentencePiece vocabulary: the control
// tokens, the 256 byte tokens, a space, and a few words, with scores
// that prefer the earlier.
func vocabulary() (tokens []string, types []int32, scores []float32) {
	tokens = []string{"<unk>", "<s>", "</s>"}
	types = []int32{2, 3, 3}
	for b := range 256 {
		tokens = append(tokens, fmt.Sprintf("<0x%02X>", b))
		types = append(types, 6)
	}
	// "▁" (a space) as one token, as in real SentencePiece vocabularies:
	// a prompt then never has more tokens than bytes.
	tokens = append(tokens, "▁")
	types = append(types, 1)
	for _, w := range []string{"the", "oil", "is", "temperature", "maximum", "of", "and", "a", "to", "in", "CITATION", "ANSWER", "EXPLANATION", "[", "]", ":", "\""} {
		tokens = append(tokens, "▁"+w)
		types = append(types, 1)
	}
	scores = make([]float32, len(tokens))
	for i := range scores {
		scores[i] = -float32(i)
	}
	return tokens, types, scores
}

// Model shape: small enough to load and run in well under a second.
const (
	embd   = 64
	heads  = 4
	ff     = 128
	blocks = 2
	ctxLen = 16384
)

// Write writes a llama GGUF with random weights and a byte-level
// SentencePiece vocabulary: a real model file a real Ollama server loads in
// well under a second and that generates gibberish, which is what the
// failure paths of the Ollama engine need.
func Write(path string) error {
	tokens, types, scores := vocabulary()
	rng := rand.New(rand.NewPCG(1, 2))
	return write(path, tokens, types, scores, func(name string, n uint64) []float32 {
		data := make([]float32, n)
		for i := range data {
			data[i] = float32(rng.NormFloat64() * 0.5)
		}
		return data
	})
}

// WriteScripted writes a llama GGUF that answers every prompt with reply
// (at most embd-1 lines), greedily decoded: what the success path of a
// model engine needs from a real server when no real weights are at
// hand. Each line of reply is one token of its vocabulary, the newline
// before it included. Attention and feed-forward outputs are zero, so
// the hidden state is the current token's embedding: a one-hot vector
// whose output row picks the next line (any other token the first
// line, the last line the end of text).
func WriteScripted(path, reply string) error {
	tokens, types, scores := vocabulary()
	lines := strings.Split(reply, "\n")
	if len(lines) >= embd {
		return fmt.Errorf("tinyllama: a reply of %d lines; the model holds %d", len(lines), embd-1)
	}
	first := len(tokens)
	for i, l := range lines {
		if i > 0 {
			l = "\n" + l
		}
		tokens = append(tokens, strings.ReplaceAll(l, " ", "▁"))
		types = append(types, 1)
		scores = append(scores, -float32(len(scores)))
	}
	vocab := uint64(len(tokens))
	const eos, peak = 2, 5
	return write(path, tokens, types, scores, func(name string, n uint64) []float32 {
		data := make([]float32, n)
		switch name {
		case "token_embd.weight": // token t's row: one-hot at its line's state
			for t := range vocab {
				state := uint64(0)
				if t >= uint64(first) {
					state = t - uint64(first) + 1
				}
				data[t*embd+state] = 1
			}
		case "output.weight": // state k (column) picks the token after it
			for k := range len(lines) + 1 {
				next := uint64(eos)
				if k < len(lines) {
					next = uint64(first + k)
				}
				data[next*embd+uint64(k)] = peak
			}
		}
		return data
	})
}

// write writes a llama GGUF of the shape above with the vocabulary, each
// weight tensor's n values given by values.
func write(path string, tokens []string, types []int32, scores []float32, values func(name string, n uint64) []float32) error {
	vocab := len(tokens)
	tensor := func(name string, shape ...uint64) *ggml.Tensor {
		n := uint64(1)
		for _, d := range shape {
			n *= d
		}
		var b bytes.Buffer
		binary.Write(&b, binary.LittleEndian, values(name, n))
		return &ggml.Tensor{Name: name, Kind: 0, Shape: shape, WriterTo: &b}
	}
	ones := func(name string) *ggml.Tensor {
		data := make([]float32, embd)
		for i := range data {
			data[i] = 1
		}
		var b bytes.Buffer
		binary.Write(&b, binary.LittleEndian, data)
		return &ggml.Tensor{Name: name, Kind: 0, Shape: []uint64{embd}, WriterTo: &b}
	}
	ts := []*ggml.Tensor{tensor("token_embd.weight", embd, uint64(vocab)), ones("output_norm.weight"), tensor("output.weight", embd, uint64(vocab))}
	for i := range blocks {
		p := fmt.Sprintf("blk.%d.", i)
		ts = append(ts, ones(p+"attn_norm.weight"), tensor(p+"attn_q.weight", embd, embd), tensor(p+"attn_k.weight", embd, embd),
			tensor(p+"attn_v.weight", embd, embd), tensor(p+"attn_output.weight", embd, embd), ones(p+"ffn_norm.weight"),
			tensor(p+"ffn_gate.weight", embd, ff), tensor(p+"ffn_up.weight", embd, ff), tensor(p+"ffn_down.weight", ff, embd))
	}
	kv := ggml.KV{
		"general.architecture":                   "llama",
		"general.name":                           "docqa-tiny",
		"general.file_type":                      uint32(0),
		"llama.context_length":                   uint32(ctxLen),
		"llama.embedding_length":                 uint32(embd),
		"llama.block_count":                      uint32(blocks),
		"llama.feed_forward_length":              uint32(ff),
		"llama.attention.head_count":             uint32(heads),
		"llama.attention.head_count_kv":          uint32(heads),
		"llama.attention.layer_norm_rms_epsilon": float32(1e-5),
		"llama.rope.dimension_count":             uint32(embd / heads),
		"llama.rope.freq_base":                   float32(10000),
		"llama.vocab_size":                       uint32(vocab),
		"tokenizer.ggml.model":                   "llama",
		"tokenizer.ggml.tokens":                  tokens,
		"tokenizer.ggml.scores":                  scores,
		"tokenizer.ggml.token_type":              types,
		"tokenizer.ggml.bos_token_id":            uint32(1),
		"tokenizer.ggml.eos_token_id":            uint32(2),
		"tokenizer.ggml.unknown_token_id":        uint32(0),
		"tokenizer.ggml.add_bos_token":           true,
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := ggml.WriteGGUF(f, kv, ts); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
