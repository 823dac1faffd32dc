package search

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// open opens dir, failing the test unless it opens within 200 ms: no
// reader or writer may wait for the other.
func open(t *testing.T, dir string, readOnly bool) *Index {
	t.Helper()
	x, err := Open(t.Context(), dir, Options{ReadOnly: readOnly, LockWait: 200 * time.Millisecond})
	if err != nil {
		t.Fatalf("Open(read only %v): %v", readOnly, err)
	}
	return x
}

func found(t *testing.T, x *Index, word string) []ref {
	t.Helper()
	hits, err := x.Search(t.Context(), word, 10, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	return refs(hits)
}

func TestReadersDuringWrite(t *testing.T) {
	dir := t.TempDir()
	w := open(t, dir, false)
	put(t, w, "a.pdf", "The wastegate opens at 30 inches.")
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}

	// an ingest is writing: a reader opens at once and sees the index as
	// it was before the ingest began
	w = open(t, dir, false)
	put(t, w, "b.pdf", "The turbocharger spins at 100,000 rpm.")
	if err := w.Delete(t.Context(), "a.pdf"); err != nil {
		t.Fatal(err)
	}
	r := open(t, dir, true)
	if !r.Updating() {
		t.Error("reader during a write: Updating() = false, want true")
	}
	if got := found(t, r, "wastegate"); !cmp.Equal(got, []ref{{"a.pdf", 1}}) {
		t.Errorf("reader during the write, wastegate: %v, want a.pdf p. 1", got)
	}
	if got := found(t, r, "turbocharger"); len(got) != 0 {
		t.Errorf("reader during the write sees what is being written: %v", got)
	}
	if text, ok, err := r.Page(t.Context(), "a.pdf", 1); err != nil || !ok || text == "" {
		t.Errorf("reader during the write, page of a.pdf: %q %v %v", text, ok, err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}

	// the first reader keeps its snapshot; a new one sees the write
	if got := found(t, r, "wastegate"); len(got) != 1 {
		t.Errorf("first reader after the write, wastegate: %v, want its snapshot's hit", got)
	}
	r2 := open(t, dir, true)
	if r2.Updating() || r.Updating() {
		t.Error("readers after the write: Updating() = true, want false")
	}
	if got := found(t, r2, "turbocharger"); !cmp.Equal(got, []ref{{"b.pdf", 1}}) {
		t.Errorf("reader after the write, turbocharger: %v, want b.pdf p. 1", got)
	}
	if got := found(t, r2, "wastegate"); len(got) != 0 {
		t.Errorf("reader after the write still finds the deleted document: %v", got)
	}

	// a writer does not wait for readers, and removes the snapshots
	// nobody reads
	w = open(t, dir, false)
	r.Close()
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	r2.Close()
	if got := snapshots(t, dir); len(got) != 2 {
		t.Errorf("snapshots after the readers left: %v, want the current one and the one the second reader held", got)
	}
	w = open(t, dir, false)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if got := snapshots(t, dir); len(got) != 1 {
		t.Errorf("snapshots when no reader holds one: %v, want only the current", got)
	}
}

func snapshots(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(dir, snapshotsDir))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	return out
}

// An index written before snapshots existed gets one when a writer
// opens it, so its readers need not wait for that writer.
func TestSnapshotOfOlderIndex(t *testing.T) {
	dir := t.TempDir()
	w := open(t, dir, false)
	put(t, w, "a.pdf", "The wastegate opens at 30 inches.")
	w.Close()
	if err := os.RemoveAll(filepath.Join(dir, snapshotsDir)); err != nil {
		t.Fatal(err)
	}
	w = open(t, dir, false)
	defer w.Close()
	r := open(t, dir, true)
	defer r.Close()
	if got := found(t, r, "wastegate"); len(got) != 1 {
		t.Errorf("reader of an older index during a write: %v, want a.pdf", got)
	}
}
