package search

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// ErrLocked means another docqa process is writing the index.
var ErrLocked = errors.New("index is in use by another docqa process")

// lockFile takes an advisory flock on dir/lock: shared for readers,
// exclusive for a writer. It retries until wait has passed, then fails with
// [ErrLocked]. The lock dies with the process, so a killed docqa never
// leaves a stale lock behind.
func lockFile(ctx context.Context, dir string, exclusive bool, wait time.Duration) (*os.File, error) {
	f, err := os.OpenFile(filepath.Join(dir, "lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, fmt.Errorf("lock index: %w", err)
	}
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	deadline := time.Now().Add(wait)
	for {
		err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB)
		if err == nil {
			return f, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			f.Close()
			return nil, fmt.Errorf("lock index: %w", err)
		}
		if time.Now().After(deadline) {
			f.Close()
			return nil, ErrLocked
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}
