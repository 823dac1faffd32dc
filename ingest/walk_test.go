package ingest

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
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
				if _, _, err := Walk([]string{path}); !errors.Is(err, ErrNotRegular) {
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

// Walk follows links inside folders, a folder once however many links
// lead back into it, reports what it cannot read, and walks the rest.
func TestWalk(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("links need privileges on Windows")
	}
	dir := t.TempDir()
	mk := func(p string) string {
		p = filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("%PDF-1.4"), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a := mk("docs/a.pdf")
	b := mk("elsewhere/b.PDF")
	mk("elsewhere/c.pdf") // reached only through the link docs/other
	mk("docs/notes.txt")
	link := func(target, name string) {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Skipf("symlink: %v", err)
		}
	}
	link(b, "docs/b-link.pdf")                          // a link to a PDF elsewhere
	link(filepath.Join(dir, "docs"), "docs/loop")       // a link back into the folder
	link(filepath.Join(dir, "elsewhere"), "docs/other") // a link to a folder holding b.PDF again
	link(filepath.Join(dir, "docs"), "docs-link")       // a link to the folder, named on the command line
	fifo := filepath.Join(dir, "docs/pipe.pdf")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	missing := filepath.Join(dir, "missing.pdf")

	got, failed, err := Walk([]string{filepath.Join(dir, "docs"), missing})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{a, filepath.Join(dir, "docs/b-link.pdf"), filepath.Join(dir, "docs/other/c.pdf")}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Walk files (-want +got):\n%s", diff)
	}
	wantFailed := []Failure{{fifo, ErrNotRegular}, {missing, fs.ErrNotExist}}
	if diff := cmp.Diff(wantFailed, failed, cmp.Comparer(func(x, y error) bool { return errors.Is(x, y) || errors.Is(y, x) })); diff != "" {
		t.Errorf("Walk failures (-want +got):\n%s", diff)
	}

	// a link to a folder, named as the path to ingest, is walked under
	// the link's name
	got, _, err = Walk([]string{filepath.Join(dir, "docs-link")})
	if err != nil {
		t.Fatal(err)
	}
	want = []string{filepath.Join(dir, "docs-link/a.pdf"), filepath.Join(dir, "docs-link/b-link.pdf"), filepath.Join(dir, "docs-link/other/c.pdf")}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Walk of a link to a folder (-want +got):\n%s", diff)
	}
	if _, _, err := Walk([]string{missing}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Walk of a missing path alone: err %v, want ErrNotExist", err)
	}
}

// A file over the size limit is refused before it is read whole.
func TestHashFileLimit(t *testing.T) {
	p := filepath.Join(t.TempDir(), "big.pdf")
	if err := os.WriteFile(p, make([]byte, 2048), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := hashFile(p, 1024); !errors.Is(err, ErrTooLarge) {
		t.Errorf("hashFile over the limit: %v, want ErrTooLarge", err)
	}
	if _, n, err := hashFile(p, 4096); err != nil || n != 2048 {
		t.Errorf("hashFile under the limit: %d bytes, %v", n, err)
	}
}
