package chat

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestStore(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "sessions")
	now := time.Date(2026, 11, 22, 14, 5, 0, 0, time.UTC)
	s := New(Config{Now: func() time.Time { return now }})
	s.Handle(t.Context(), "128 * 64")
	s.Handle(t.Context(), "/scope handbook.pdf")
	old := s.Record("20261122-140500-aaaaaa", now)
	if err := Save(dir, old); err != nil {
		t.Fatal(err)
	}
	now = now.Add(time.Minute)
	s.Handle(t.Context(), "what time is it?")
	newer := s.Record("20261122-140600-bbbbbb", now)
	if err := Save(dir, newer); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"20261122-140500-aaaaaa.json", "20261122-140600-bbbbbb.json"} {
		info, err := os.Stat(filepath.Join(dir, name))
		if err != nil || info.Mode().Perm() != 0o600 {
			t.Errorf("%s: mode %v, err %v; want 0600", name, info.Mode().Perm(), err)
		}
	}
	if info, _ := os.Stat(dir); info.Mode().Perm() != 0o700 {
		t.Errorf("folder mode %v, want 0700", info.Mode().Perm())
	}
	got, err := Load(dir, "")
	if err != nil || got.ID != newer.ID {
		t.Fatalf("Load latest = %s, %v; want %s", got.ID, err, newer.ID)
	}
	if diff := cmp.Diff(newer, got); diff != "" {
		t.Errorf("round trip (-saved +loaded):\n%s", diff)
	}
	all, err := List(dir)
	if err != nil || len(all) != 2 || all[1].ID != old.ID {
		t.Errorf("List: %d records, %v", len(all), err)
	}
	// A restored session goes on where it was.
	r := New(Config{Now: func() time.Time { return now }})
	r.Restore(got, nil)
	if reply := r.Handle(t.Context(), "what did you say before that?"); reply.Text != "Before that I said:\n128 * 64 = 8192" {
		t.Errorf("after restore: %q", reply.Text)
	}
	for _, id := range []string{"nope", "../etc/passwd", ".hidden"} {
		if _, err := Load(dir, id); !errors.Is(err, ErrNoSession) {
			t.Errorf("Load(%q) err = %v, want ErrNoSession", id, err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "v9.json"), []byte(`{"version": 9}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(dir, "v9"); !errors.Is(err, ErrRecordVersion) {
		t.Errorf("version 9: err = %v", err)
	}
	if _, err := Load(filepath.Join(dir, "none"), ""); !errors.Is(err, ErrNoSession) {
		t.Errorf("empty folder: err = %v, want ErrNoSession", err)
	}
}

// A session is named by its first question, never by a command (issue 52).
func TestRecordTitle(t *testing.T) {
	tests := []struct {
		users []string
		want  string
	}{
		{[]string{"/reset", "  ", "What is the TBO?", "and the oil?"}, "What is the TBO?"},
		{[]string{"/scope ae300-handbook.pdf", "/help"}, ""},
		{nil, ""},
	}
	for _, tt := range tests {
		r := &Record{}
		for _, u := range tt.users {
			r.Turns = append(r.Turns, Turn{User: u})
		}
		if got := r.Title(); got != tt.want {
			t.Errorf("Title of %q = %q, want %q", tt.users, got, tt.want)
		}
	}
}
