package reader

import (
	"testing"

	"docqa/internal/lazyre"
)

// Every pattern the readers keep compiles: they compile on first use
// ([lazyre]), so a bad one would fail only when a question reached it.
func TestPatternsCompile(t *testing.T) {
	if err := lazyre.Check(); err != nil {
		t.Fatal(err)
	}
}
