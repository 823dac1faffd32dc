package chat

import (
	"errors"
	"io/fs"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"docqa/ingest"
)

func TestReattach(t *testing.T) {
	added := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	saved := []*ingest.Attachment{
		{Name: "same.pdf", Path: "/a/same.pdf", SHA256: "1", Added: added},
		{Name: "edited.pdf", Path: "/a/edited.pdf", SHA256: "2", Added: added},
		{Name: "gone.pdf", Path: "/a/gone.pdf", SHA256: "3", Added: added},
	}
	now := map[string]string{"/a/same.pdf": "1", "/a/edited.pdf": "2b"}
	load := func(path string) (*ingest.Attachment, error) {
		sum, ok := now[path]
		if !ok {
			return nil, fs.ErrNotExist
		}
		return &ingest.Attachment{Path: path, SHA256: sum, Added: added.Add(time.Hour)}, nil
	}
	out, notes := Reattach(saved, load)
	var got []string
	for _, a := range out {
		got = append(got, a.Path+" "+a.SHA256+" "+a.Added.Format(time.Kitchen))
	}
	want := []string{"/a/same.pdf 1 9:00AM", "/a/edited.pdf 2b 10:00AM"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("reattached (-want +got):\n%s", diff)
	}
	if len(notes) != 2 || notes[0].Name != "edited.pdf" || !notes[0].Changed || notes[1].Name != "gone.pdf" || !errors.Is(notes[1].Err, fs.ErrNotExist) {
		t.Errorf("notes = %+v, want edited.pdf changed and gone.pdf gone", notes)
	}
}
