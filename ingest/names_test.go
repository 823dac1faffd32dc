package ingest

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestManifestFind(t *testing.T) {
	m := &Manifest{Docs: map[string]Entry{}}
	for _, n := range []string{"ae300-handbook.pdf", "ae300-service-bulletin.pdf", "Annual Report 2023.PDF", "notes.pdf"} {
		m.Docs[n] = Entry{Name: n}
	}
	tests := []struct {
		w       string
		prefix  bool
		want    string
		matches []string
		close   []string
	}{
		{w: "notes.pdf", want: "notes.pdf"},
		{w: "NOTES", want: "notes.pdf"},
		{w: "annual report 2023", want: "Annual Report 2023.PDF"},
		{w: "ae300-hand", prefix: true, want: "ae300-handbook.pdf"},
		{w: "ae300-hand", close: nil},                                                                     // a prefix, but prefixes are off, and too short to be near
		{w: "ae300", prefix: true, matches: []string{"ae300-handbook.pdf", "ae300-service-bulletin.pdf"}}, // ambiguous
		{w: "ae300-handbok.pdf", close: []string{"ae300-handbook.pdf"}},                                   // a typo
		{w: "budget", close: nil},
	}
	for _, tt := range tests {
		got, err := m.Find(tt.w, tt.prefix)
		var ne *NameError
		if tt.want != "" {
			if got != tt.want || err != nil {
				t.Errorf("Find(%q, %v) = %q, %v; want %q", tt.w, tt.prefix, got, err, tt.want)
			}
			continue
		}
		if !errors.As(err, &ne) {
			t.Errorf("Find(%q, %v) = %q, %v; want a NameError", tt.w, tt.prefix, got, err)
			continue
		}
		if diff := cmp.Diff(tt.matches, ne.Matches); diff != "" {
			t.Errorf("Find(%q) matches (-want +got):\n%s", tt.w, diff)
		}
		if diff := cmp.Diff(tt.close, ne.Close); diff != "" {
			t.Errorf("Find(%q) close names (-want +got):\n%s", tt.w, diff)
		}
	}
}
