package ingest

import (
	"context"
	"testing"
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
