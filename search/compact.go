package search

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/blevesearch/bleve/v2/index/scorch"
)

// Scorch writes and merges segments in the background and, when a write
// fails, reports the error to a callback and tries again at once, for
// ever: on a full disk an ingest was seen making and deleting 7,000
// segment files for ten minutes at 90% CPU, its final merge never
// returning (issue 52). Each writer's store registers where the callback
// leaves the first such error, and its flushes and its compaction stop
// on it.
const asyncErrorCallback = "docqa"

// asyncErrs maps a scorch store's path to its writer's [asyncErr].
var asyncErrs sync.Map

func init() {
	scorch.RegistryAsyncErrorCallbacks[asyncErrorCallback] = func(err error, path string) {
		if a, ok := asyncErrs.Load(path); ok && errors.Is(err, scorch.ErrPersist) {
			a.(*asyncErr).set(err)
		}
	}
}

// asyncErr is the first error scorch failed to write or merge with in
// the background; failed is closed when there is one.
type asyncErr struct {
	once   sync.Once
	failed chan struct{}
	err    error
}

func newAsyncErr() *asyncErr { return &asyncErr{failed: make(chan struct{})} }

func (a *asyncErr) set(err error) {
	a.once.Do(func() {
		a.err = fsError(err)
		close(a.failed)
	})
}

// get returns the error, nil while there is none.
func (a *asyncErr) get() error {
	select {
	case <-a.failed:
		return a.err
	default:
		return nil
	}
}

// fsErrnos are the file system's errors a scorch error names by their
// text only; fsError makes them errors.Is-able, so that the command line
// gives its hint for a full disk or a read-only file system.
var fsErrnos = []syscall.Errno{syscall.ENOSPC, syscall.EDQUOT, syscall.EROFS, syscall.EIO}

func fsError(err error) error {
	for _, e := range fsErrnos {
		if errors.Is(err, e) {
			return err
		}
		if strings.Contains(err.Error(), e.Error()) {
			return errnoText{err, e}
		}
	}
	return err
}

// errnoText is an error whose text names errno.
type errnoText struct {
	err   error
	errno syscall.Errno
}

func (e errnoText) Error() string   { return e.err.Error() }
func (e errnoText) Unwrap() []error { return []error{e.err, e.errno} }

// storePath is the folder scorch keeps the segments of the bleve index
// at path in, as it names itself to the callback.
func storePath(path string) string { return filepath.Join(path, "store") }

// compact merges the index's segments into one. Scorch writes a segment
// per batch and merges them only part way, so a fresh index of a few
// thousand pages is left in four to seven segments; a search looks each
// term up in every segment and merges their postings, and on one segment
// the whole-index search of the dev sets and the corpus takes a fifth
// less time (BenchmarkMultiStage). Merging costs a few tenths of a
// second for a thousand pages. Compaction changes no score: the
// statistics are the index's, not a segment's.
//
// The merged segment is written before the old ones go, so a disk with
// less room than the segments take is left as it is (searches read the
// segments as they are); a merge that fails in the background all the
// same ends compact with its error, where scorch would try it for ever.
func (b *bleveStore) compact(ctx context.Context) error {
	adv, err := b.bleve.Advanced()
	if err != nil {
		return fmt.Errorf("compact index: %w", err)
	}
	s, ok := adv.(*scorch.Scorch)
	if !ok {
		return nil
	}
	store := filepath.Join(b.dir, "bleve", "store")
	if err := b.async.get(); err != nil {
		return fmt.Errorf("compact index: %w", err)
	}
	if size, free, err := room(store); err == nil && free < size+size/4 {
		return nil
	}
	merged := make(chan error, 1)
	b.background.Add(1)
	go func() { // ends by itself, or when close closes scorch
		defer b.background.Done()
		merged <- s.ForceMerge(ctx, nil)
	}()
	select {
	case err = <-merged:
	case <-b.async.failed:
		err = b.async.get()
	case <-ctx.Done():
		err = ctx.Err()
	}
	if err != nil {
		return fmt.Errorf("compact index: %w", err)
	}
	// Scorch's persister removes the files of the merged segments in the
	// background, after it has saved the new root; an index closed before
	// that keeps them (and publishes them to readers) until the next
	// ingest. Wait for it, a few seconds at most: leftovers cost disk, not
	// correctness.
	for range 250 {
		if n, err := zapFiles(store); err != nil || n <= 1 {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(20 * time.Millisecond):
		}
	}
	return nil
}

// room returns the bytes the files of folder dir take and the bytes free
// to an unprivileged writer on its file system.
func room(dir string) (size, free int64, err error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return 0, 0, err
	}
	for _, e := range ents {
		if info, err := e.Info(); err == nil && info.Mode().IsRegular() {
			size += info.Size()
		}
	}
	free, err = freeSpace(dir)
	return size, free, err
}

// zapFiles counts the segment files in a scorch store folder.
func zapFiles(dir string) (int, error) {
	ents, err := os.ReadDir(dir)
	n := 0
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".zap") {
			n++
		}
	}
	return n, err
}

// freeSpace returns the bytes free to an unprivileged writer on the file
// system of path.
func freeSpace(path string) (int64, error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(path, &st); err != nil {
		return 0, err
	}
	return int64(st.Bavail) * int64(st.Bsize), nil
}
