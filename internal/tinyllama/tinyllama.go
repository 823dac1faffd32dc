// Package tinyllama writes a tiny random-weight llama GGUF for tests and
// demos of the Ollama engine without downloading a model.
package tinyllama

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"

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

// Write writes a llama GGUF with random weights and a byte-level
// SentencePiece vocabulary: a real model file a real Ollama server loads in
// well under a second and that generates gibberish, which is what the
// failure paths of the Ollama engine need.
func Write(path string) error {
	const (
		embd   = 64
		heads  = 4
		ff     = 128
		blocks = 2
		ctxLen = 16384
	)
	tokens, types, scores := vocabulary()
	vocab := len(tokens)
	rng := rand.New(rand.NewPCG(1, 2))
	tensor := func(name string, shape ...uint64) *ggml.Tensor {
		n := uint64(1)
		for _, d := range shape {
			n *= d
		}
		data := make([]float32, n)
		for i := range data {
			data[i] = float32(rng.NormFloat64() * 0.5)
		}
		var b bytes.Buffer
		binary.Write(&b, binary.LittleEndian, data)
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
