package search

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"docqa/ingest"
)

// Readers never wait for a writer. bleve's on-disk store takes an
// exclusive file lock while a process writes it, so a reader cannot open
// the folder an ingest is writing. Instead, each time a writer closes
// the index it publishes a snapshot of what it wrote: a folder under
// snapshots/ holding hard links to the index's files. Segments and page
// files are never changed in place (a new version is a new file, renamed
// over the old name), so a link keeps the version the snapshot was taken
// of; the few files that are rewritten (bleve's root, the manifest and
// the statistics) are copied. Readers open the snapshot that
// snapshots/current names, under a shared lock of its own, and the
// writer removes a snapshot only when it can take that lock
// exclusively. A reader during an ingest so answers from the index as it
// was before the ingest began, and an ingest never waits for a reader.

const (
	snapshotsDir = "snapshots"
	currentFile  = "current"
	// copied, not linked: rewritten in place by the writer
	boltRoot = "root.bolt"
)

// errNoSnapshot means the index has no published snapshot: it was built
// before snapshots, or its first ingest has not ended.
var errNoSnapshot = errors.New("no published snapshot")

// openSnapshot takes a shared lock on the snapshot snapshots/current
// names and returns its folder and lock. A snapshot removed while it was
// being opened is skipped for the next one.
func openSnapshot(ctx context.Context, dir string) (string, *os.File, error) {
	for range 10 {
		name, err := os.ReadFile(filepath.Join(dir, snapshotsDir, currentFile))
		if errors.Is(err, fs.ErrNotExist) {
			return "", nil, errNoSnapshot
		}
		if err != nil {
			return "", nil, fmt.Errorf("open index snapshot: %w", err)
		}
		snap := filepath.Join(dir, snapshotsDir, strings.TrimSpace(string(name)))
		lock, err := os.Open(filepath.Join(snap, "lock")) // read-only: a shared index may be read by users who cannot write it
		if err == nil {
			err = syscall.Flock(int(lock.Fd()), syscall.LOCK_SH|syscall.LOCK_NB)
			if err == nil {
				// the writer may have removed it between the read and the lock
				if _, serr := os.Stat(filepath.Join(snap, "bleve", "index_meta.json")); serr == nil {
					return snap, lock, nil
				}
			}
			lock.Close()
		}
		select {
		case <-ctx.Done():
			return "", nil, ctx.Err()
		case <-time.After(10 * time.Millisecond):
		}
	}
	return "", nil, fmt.Errorf("open index snapshot: %w", ErrLocked)
}

// updating reports whether a writer (an ingest, a remove) is at work on
// the index while this reader reads its last snapshot: what the writer
// adds is not seen until it ends. A writer's index is never updating.
func (b *bleveStore) updating() bool {
	if !b.opt.ReadOnly || b.root == b.dir {
		return false
	}
	f, err := os.Open(filepath.Join(b.root, "lock"))
	if err != nil {
		return false
	}
	defer f.Close() // releases the probe's lock too
	return syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB) != nil
}

// published reports whether the index in dir has a current snapshot.
func published(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, snapshotsDir, currentFile))
	return err == nil
}

// publish makes a snapshot of the index in dir, whose writer holds the
// folder's lock and has closed bleve, names it current, and removes the
// snapshots no reader holds.
func publish(dir string) error {
	if _, err := os.Stat(filepath.Join(dir, "bleve", "index_meta.json")); err != nil {
		return nil // nothing written yet
	}
	root := filepath.Join(dir, snapshotsDir)
	if err := os.MkdirAll(root, 0o755); err != nil {
		return fmt.Errorf("publish index snapshot: %w", err)
	}
	n := 0
	if data, err := os.ReadFile(filepath.Join(root, currentFile)); err == nil {
		n, _ = strconv.Atoi(strings.TrimSpace(string(data)))
	}
	name := fmt.Sprintf("%08d", n+1)
	tmp := filepath.Join(root, name+".tmp")
	os.RemoveAll(tmp) // left by a writer killed while publishing
	err := linkTree(filepath.Join(dir, "bleve"), filepath.Join(tmp, "bleve"))
	if err == nil {
		err = linkTree(filepath.Join(dir, "pages"), filepath.Join(tmp, "pages"))
	}
	for _, f := range []string{"format", statsFile, ingest.ManifestFile} {
		if err == nil {
			err = copyFile(filepath.Join(dir, f), filepath.Join(tmp, f))
		}
	}
	if err == nil {
		err = os.WriteFile(filepath.Join(tmp, "lock"), nil, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, filepath.Join(root, name))
	}
	if err == nil {
		err = ingest.WriteFileAtomic(filepath.Join(root, currentFile), []byte(name+"\n"))
	}
	if err != nil {
		os.RemoveAll(tmp)
		return fmt.Errorf("publish index snapshot: %w", err)
	}
	pruneSnapshots(root, name)
	return nil
}

// pruneSnapshots removes every snapshot but keep that no reader holds,
// and what a killed writer left half made.
func pruneSnapshots(root, keep string) {
	entries, err := os.ReadDir(root)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !e.IsDir() || e.Name() == keep {
			continue
		}
		snap := filepath.Join(root, e.Name())
		if strings.HasSuffix(e.Name(), ".tmp") || strings.HasSuffix(e.Name(), ".old") {
			os.RemoveAll(snap)
			continue
		}
		lock, err := os.Open(filepath.Join(snap, "lock"))
		if err != nil {
			os.RemoveAll(snap)
			continue
		}
		if syscall.Flock(int(lock.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil {
			// renamed first, so a reader that locks it next finds it gone
			if os.Rename(snap, snap+".old") == nil {
				os.RemoveAll(snap + ".old")
			}
		}
		lock.Close()
	}
}

// linkTree recreates the folder from at to with a hard link to each
// file, and a copy of bleve's root, which its writer rewrites in place.
// Where links cannot be made (another file system) it copies.
func linkTree(from, to string) error {
	if _, err := os.Stat(from); errors.Is(err, fs.ErrNotExist) {
		return os.MkdirAll(to, 0o755)
	}
	return filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case path != from && strings.HasPrefix(d.Name(), "."): // a writer's temporary file
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel(from, path)
		dst := filepath.Join(to, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(dst, 0o755)
		case !d.Type().IsRegular():
			return nil
		case d.Name() == boltRoot:
			return copyFile(path, dst)
		}
		if os.Link(path, dst) != nil {
			return copyFile(path, dst)
		}
		return nil
	})
}

// copyFile copies a file's bytes, and syncs them; a missing file is
// copied as missing.
func copyFile(from, to string) error {
	in, err := os.Open(from)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return err
}
