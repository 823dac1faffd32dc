package ingest

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// memSink is a Sink that keeps documents in memory.
type memSink struct{ docs map[string]*Document }

func (s *memSink) Put(_ context.Context, d *Document) (int, error) {
	s.docs[d.Name] = d
	return len(d.Pages), nil
}
func (s *memSink) Staged() int                              { return 0 }
func (s *memSink) Flush(context.Context) error              { return nil }
func (s *memSink) Delete(_ context.Context, n string) error { delete(s.docs, n); return nil }

// TestExtractorVersion: raising ExtractorVersion makes the next ingest
// read the unchanged documents again, and says how many (issue 20).
func TestExtractorVersion(t *testing.T) {
	dir := t.TempDir()
	sink := &memSink{docs: map[string]*Document{}}
	reread := -1
	opt := Options{
		Open:     func(context.Context) (Extractor, error) { return Glyphs{}, nil },
		OnReread: func(n int) { reread = n },
	}
	ingest := func() *Result {
		t.Helper()
		reread = -1
		res, err := Run(t.Context(), dir, []string{"../testdata/pdfs"}, sink, opt)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	if res := ingest(); res.Indexed != 2 || res.Reread != 0 || reread != -1 {
		t.Fatalf("first ingest: indexed %d, reread %d (told %d); want 2, 0, not told", res.Indexed, res.Reread, reread)
	}
	if res := ingest(); res.Indexed != 0 || res.Unchanged != 2 {
		t.Fatalf("second ingest: indexed %d, unchanged %d; want 0, 2", res.Indexed, res.Unchanged)
	}
	defer func(v int) { ExtractorVersion = v }(ExtractorVersion)
	ExtractorVersion++
	if res := ingest(); res.Indexed != 2 || res.Reread != 2 || reread != 2 {
		t.Fatalf("after the extractor changed: indexed %d, reread %d (told %d); want 2, 2, 2", res.Indexed, res.Reread, reread)
	}
	m, err := LoadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range m.Docs {
		if e.Extractor != ExtractorVersion {
			t.Errorf("%s: extractor %d in the manifest, want %d", e.Name, e.Extractor, ExtractorVersion)
		}
	}
	if res := ingest(); res.Indexed != 0 || res.Unchanged != 2 {
		t.Errorf("ingest after the re-read: indexed %d, unchanged %d; want 0, 2", res.Indexed, res.Unchanged)
	}
}

// slowSink takes a known time to put each document, so a test can see
// that Result.Times counts it.
type slowSink struct{ memSink }

func (s *slowSink) Put(ctx context.Context, d *Document) (int, error) {
	time.Sleep(5 * time.Millisecond)
	return s.memSink.Put(ctx, d)
}

// TestTimes: a run says where its time went (ingest --verbose).
func TestTimes(t *testing.T) {
	sink := &slowSink{memSink{docs: map[string]*Document{}}}
	opt := Options{Open: func(context.Context) (Extractor, error) { return Glyphs{}, nil }}
	res, err := Run(t.Context(), t.TempDir(), []string{"../testdata/pdfs"}, sink, opt)
	if err != nil {
		t.Fatal(err)
	}
	tm := res.Times
	if tm.Extract <= 0 || tm.Hash <= 0 || tm.Put < 10*time.Millisecond || tm.OCR != 0 {
		t.Errorf("times %+v: want extraction and hashing counted, passages at least 10ms (two documents), no OCR", tm)
	}
}

// compactSink counts the compactions a run asks for.
type compactSink struct {
	memSink
	compactions int
}

func (s *compactSink) Compact(context.Context) error { s.compactions++; return nil }

// TestCompactAfterChange: a run that indexed or pruned something compacts
// the sink once; a run that changed nothing leaves it alone.
func TestCompactAfterChange(t *testing.T) {
	dir := t.TempDir()
	sink := &compactSink{memSink: memSink{docs: map[string]*Document{}}}
	opt := Options{Open: func(context.Context) (Extractor, error) { return Glyphs{}, nil }}
	for i, want := range []int{1, 1} {
		if _, err := Run(t.Context(), dir, []string{"../testdata/pdfs"}, sink, opt); err != nil {
			t.Fatal(err)
		}
		if sink.compactions != want {
			t.Errorf("run %d: %d compaction(s) in all, want %d", i+1, sink.compactions, want)
		}
	}
}

// A pipe named .pdf inside a folder is listed with the files that failed
// (docs --failed reads the manifest), and --prune forgets it once it is
// gone (issue 52).
func TestSpecialInFolderListed(t *testing.T) {
	dir, docs := t.TempDir(), t.TempDir()
	data, err := os.ReadFile("../testdata/pdfs/ae300-service-bulletin.pdf")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(docs, "b.pdf"), data, 0o644)
	pipe := filepath.Join(docs, "pipe.pdf")
	if err := syscall.Mkfifo(pipe, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	sink := &memSink{docs: map[string]*Document{}}
	opt := Options{Open: func(context.Context) (Extractor, error) { return Glyphs{}, nil }}
	for _, prune := range []bool{false, true} {
		opt.Prune = prune
		if _, err := Run(t.Context(), dir, []string{docs}, sink, opt); err != nil {
			t.Fatal(err)
		}
		m, err := LoadManifest(dir)
		if err != nil {
			t.Fatal(err)
		}
		f, listed := m.Failed[pipe]
		switch {
		case !prune && (!listed || !strings.Contains(f.Reason, "not a regular file")):
			t.Errorf("failed files %v, want the pipe with its reason", m.Failed)
		case prune && listed:
			t.Errorf("after the pipe went, --prune kept it: %v", m.Failed)
		}
		os.Remove(pipe)
	}
}
