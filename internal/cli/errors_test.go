package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"syscall"
	"testing"

	"docqa/search/pgstore"
)

// TestIndexError: an index folder docqa cannot use gets a hint that says
// what to do (issue 39, item 6); a user who is root never sees the
// permission case, so it is built here.
func TestIndexError(t *testing.T) {
	tests := []struct {
		name string
		err  error
		hint string
	}{
		{"a file", fmt.Errorf("open index snapshot: %w", &fs.PathError{Op: "open", Path: "/tmp/x/snapshots", Err: syscall.ENOTDIR}), "which is a file, not a folder"},
		{"read-only", fmt.Errorf("lock index: %w", &fs.PathError{Op: "open", Path: "/srv/ix/lock", Err: syscall.EACCES}), "you may not use the index folder"},
		{"read-only file system", fmt.Errorf("lock index: %w", &fs.PathError{Op: "open", Path: "/mnt/ro/ix/lock", Err: syscall.EROFS}), "you may not use the index folder"},
		{"other", errors.New("disk on fire"), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, hints := describe(indexError("/srv/ix", tt.err))
			got := strings.Join(hints, "\n")
			if tt.hint == "" && got != "" || !strings.Contains(got, tt.hint) {
				t.Errorf("hints %q, want one with %q", hints, tt.hint)
			}
		})
	}
}

// TestDiskFullHint: a full disk says what to do and what was kept.
func TestDiskFullHint(t *testing.T) {
	err := fmt.Errorf("store pages of a.pdf: %w", &fs.PathError{Op: "write", Path: "/ix/pages/x.pages", Err: syscall.ENOSPC})
	_, hints := describe(err)
	if got := strings.Join(hints, "\n"); !strings.Contains(got, "the disk is full") || !strings.Contains(got, "documents indexed before are kept") {
		t.Errorf("hints %q; want the disk full and what was kept", hints)
	}
}

// TestPostgresHints: a connection that fails says what to do, by cause
// (issue 52).
func TestPostgresHints(t *testing.T) {
	for _, tt := range []struct {
		err  error
		hint string
	}{
		{fmt.Errorf("open index: connect: %w: password authentication failed", pgstore.ErrAuth), "PGPASSWORD"},
		{fmt.Errorf("open index: connect: %w", pgstore.ErrNoDatabase), "createdb"},
		{fmt.Errorf("open index: connect: %w: connection refused", pgstore.ErrUnreachable), "is PostgreSQL running there?"},
	} {
		_, hints := describe(tt.err)
		if got := strings.Join(hints, "\n"); !strings.Contains(got, tt.hint) {
			t.Errorf("%v: hints %q, want one with %q", tt.err, hints, tt.hint)
		}
	}
}
