package app

import (
	"errors"
	"testing"
)

// An index named by a database URL is refused with ErrURLIndex, before
// anything connects or reads a manifest from the working folder.
func TestOpenIndexURL(t *testing.T) {
	for _, url := range []string{"postgres://docqa@127.0.0.1:1/docqa", "postgresql://x/y"} {
		if _, _, err := OpenIndex(t.Context(), url, true, nil); !errors.Is(err, ErrURLIndex) {
			t.Errorf("%s: %v, want ErrURLIndex", url, err)
		}
	}
}
