// Command tinyllama writes the tiny random-weight llama GGUF that the
// real-Ollama test uses, for demos of the Ollama engine without a
// downloaded model: go run ./scripts/tinyllama OUT.gguf
package main

import (
	"fmt"
	"os"

	"docqa/internal/tinyllama"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go run ./scripts/tinyllama OUT.gguf")
		os.Exit(2)
	}
	if err := tinyllama.Write(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "tinyllama:", err)
		os.Exit(1)
	}
}
