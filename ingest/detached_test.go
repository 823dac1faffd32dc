package ingest

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestDetached: a run into PDFium that does not return is left behind
// when ctx ends (SIGINT, a file's time limit), and a panic in it is an
// error.
func TestDetached(t *testing.T) {
	t.Run("ctx ends while f runs", func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		release, started := make(chan struct{}), make(chan struct{})
		defer close(release) // f ends after the test, never blocked
		go func() { <-started; cancel() }()
		_, err := detached(ctx, func() (int, error) {
			close(started)
			<-release
			return 1, nil
		})
		if !errors.Is(err, context.Canceled) {
			t.Errorf("detached = %v, want context.Canceled", err)
		}
	})
	t.Run("f returns", func(t *testing.T) {
		v, err := detached(t.Context(), func() (string, error) { return "page", nil })
		if v != "page" || err != nil {
			t.Errorf("detached = %q, %v; want page, nil", v, err)
		}
	})
	t.Run("f panics", func(t *testing.T) {
		_, err := detached(t.Context(), func() ([]string, error) { panic("bad page") })
		if err == nil || !strings.Contains(err.Error(), "bad page") {
			t.Errorf("detached = %v, want the panic as an error", err)
		}
	})
}
