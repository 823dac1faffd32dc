package ingest

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestLoadAttachment(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	pdf, err := os.ReadFile("../testdata/pdfs/ae300-service-bulletin.pdf")
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("The hangar door must be closed by six. ", 200)
	tests := []struct {
		name  string
		path  string
		max   int64
		kind  string
		pages int
		first string // a phrase the first page holds
		errIs error
	}{
		{"text", write("notes.txt", []byte("Door closes at 18:00.\nKeys are in the office.")), 0, "text", 1, "Door closes at 18:00.\nKeys are in the office.", nil},
		{"form feeds split pages", write("ff.txt", []byte("page one\fpage two\f\f")), 0, "text", 2, "page one", nil},
		{"long text in parts", write("long.txt", []byte(long)), 0, "text", 3, "The hangar door", nil},
		{"pdf", write("sb.pdf", pdf), 0, "pdf", 2, "Service Bulletin", nil},
		{"too large", write("big.txt", []byte(long)), 100, "", 0, "", ErrAttachmentTooLarge},
		{"binary", write("bin.dat", []byte{0x7f, 'E', 'L', 'F', 0, 1, 2}), 0, "", 0, "", ErrAttachmentType},
		{"empty", write("empty.txt", []byte(" \n\t")), 0, "", 0, "", ErrAttachmentEmpty},
		{"missing", filepath.Join(dir, "nope.txt"), 0, "", 0, "", os.ErrNotExist},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := LoadAttachment(t.Context(), tt.path, Glyphs{}, tt.max)
			if tt.errIs != nil {
				if !errors.Is(err, tt.errIs) {
					t.Fatalf("err = %v, want %v", err, tt.errIs)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if a.Kind != tt.kind || len(a.Pages) != tt.pages || !strings.Contains(a.Pages[0], tt.first) {
				t.Fatalf("kind %s, %d pages, first %.60q; want %s, %d, holding %q", a.Kind, len(a.Pages), a.Pages[0], tt.kind, tt.pages, tt.first)
			}
			if a.Name != filepath.Base(tt.path) || !filepath.IsAbs(a.Path) || len(a.SHA256) != 64 || a.Bytes == 0 || a.Added.IsZero() {
				t.Errorf("provenance %+v", a)
			}
		})
	}
}

func TestTextParts(t *testing.T) {
	got := TextParts("one\f\ftwo  words\f")
	if diff := cmp.Diff([]string{"one", "two words"}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// FuzzTextParts: every part is a piece of the normalised text, and no
// text is lost but white space.
func FuzzTextParts(f *testing.F) {
	f.Add("a. b.\fc")
	f.Add("Word word. ")
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 0 && len(s) < 200 {
			s = strings.Repeat(s, 1+textPartSize/len(s)) // past one part
		}
		var whole []string
		for _, p := range strings.Split(s, "\f") {
			whole = append(whole, Normalize(p))
		}
		all := strings.Join(whole, " ")
		n := 0
		for _, p := range TextParts(s) {
			if !strings.Contains(all, p) {
				t.Fatalf("part %q is not in the text", p)
			}
			n += len(strings.Fields(p))
		}
		if n < len(strings.Fields(all)) {
			t.Errorf("parts hold %d words, the text %d", n, len(strings.Fields(all)))
		}
	})
}
