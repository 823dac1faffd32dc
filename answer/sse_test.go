package answer

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func readAllEvents(s string) ([]string, error) {
	r := newSSEReader(strings.NewReader(s))
	var out []string
	for {
		d, err := r.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, string(d))
	}
}

func TestSSEReader(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"two events", "data: {\"a\":1}\n\ndata: [DONE]\n\n", []string{`{"a":1}`, "[DONE]"}},
		{"CRLF", "data: x\r\n\r\ndata: y\r\n\r\n", []string{"x", "y"}},
		{"CR", "data: x\r\rdata: y\r\r", []string{"x", "y"}},
		{"lines joined", "data: a\ndata: b\n\n", []string{"a\nb"}},
		{"no space", "data:x\n\n", []string{"x"}},
		{"one space dropped", "data:  x\n\n", []string{" x"}},
		{"comments and fields", ": keep-alive\nevent: chunk\nid: 7\nretry: 10\ndata: x\n\n", []string{"x"}},
		{"no data", "event: ping\n\n\n\ndata: x\n\n", []string{"x"}},
		{"cut short", "data: x\n\ndata: y", []string{"x", "y"}},
		{"cut after line", "data: x\n", []string{"x"}},
		{"empty data", "data:\n\n", []string{""}},
		{"colon in value", "data: {\"t\":\"a:b\"}\n\n", []string{`{"t":"a:b"}`}},
		{"field without colon", "data\n\n", []string{""}},
		{"nothing", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := readAllEvents(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	if _, err := readAllEvents("data: " + strings.Repeat("x", maxEventLine+1) + "\n\n"); !errors.Is(err, errEventLine) {
		t.Errorf("a line past the limit: %v, want errEventLine", err)
	}
}

// FuzzSSEReader: any stream reads to its end without panic, each event's
// data no longer than the stream and read as a chunk without panic; data written as one event per line
// reads back as written.
func FuzzSSEReader(f *testing.F) {
	for _, s := range []string{"data: x\n\n", "data: a\ndata: b\r\n\r\n: c\n", "data", "\r\r\n", "data: [DONE]\n\n"} {
		f.Add(s, "payload")
	}
	f.Fuzz(func(t *testing.T, stream, payload string) {
		got, _ := readAllEvents(stream)
		for _, d := range got {
			if len(d) > len(stream) {
				t.Fatalf("event of %d bytes from a stream of %d", len(d), len(stream))
			}
			var b strings.Builder
			finish := ""
			readChunk([]byte(d), &b, &finish, nil) // a chunk of any shape: an error, never a panic
		}
		if strings.ContainsAny(payload, "\r\n") {
			return
		}
		got, err := readAllEvents("data: " + payload + "\n\n")
		if err != nil || len(got) != 1 || got[0] != payload {
			t.Fatalf("payload %q read back as %q, %v", payload, got, err)
		}
	})
}
