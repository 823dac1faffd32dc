package ingest

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// Special files named on the command line fail at once with
// ErrNotRegular: a FIFO would block the reader until a writer comes, and
// /dev/zero never ends.
func TestSpecialFiles(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no FIFOs or /dev/zero on Windows")
	}
	dir := t.TempDir()
	fifo := filepath.Join(dir, "x.pdf")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	zero := filepath.Join(dir, "z.pdf")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Skipf("symlink: %v", err)
	}
	for _, path := range []string{fifo, zero} {
		t.Run(filepath.Base(path), func(t *testing.T) {
			within(t, func() {
				if _, err := Walk([]string{path}); !errors.Is(err, ErrNotRegular) {
					t.Errorf("Walk(%s) = %v, want ErrNotRegular", path, err)
				}
			})
			within(t, func() {
				if _, _, err := hashFile(path, 1<<20); !errors.Is(err, ErrNotRegular) {
					t.Errorf("hashFile(%s) = %v, want ErrNotRegular", path, err)
				}
			})
			within(t, func() {
				if _, err := LoadAttachment(context.Background(), path, nil, 1<<20); !errors.Is(err, ErrNotRegular) {
					t.Errorf("LoadAttachment(%s) = %v, want ErrNotRegular", path, err)
				}
			})
		})
	}
}

// within runs f and fails the test when f has not returned in a few
// seconds: a read that blocks forever must show as a failure, not a hang.
func within(t *testing.T, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("blocked for 5 s")
	}
}
