package main

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/creack/pty"
)

// TestStepsOnTerminal runs ask with stderr on a real pseudo-terminal: the
// search steps appear there, each drawn over the last, and stdout keeps
// only the answer.
func TestStepsOnTerminal(t *testing.T) {
	index := filepath.Join(t.TempDir(), "index")
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"docqa", "--index", index, "-q", "ingest", "testdata/pdfs"}, nil, &out, &errOut); code != 0 {
		t.Fatalf("ingest: exit %d: %s", code, errOut.String())
	}
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer ptmx.Close()
	screen := make(chan string)
	go func() {
		b, _ := io.ReadAll(ptmx) // ends with EIO once tty is closed
		screen <- string(b)
	}()
	out.Reset()
	code := run(context.Background(), []string{"docqa", "--index", index, "ask", "What is the oil temperature limit?"}, nil, &out, tty)
	tty.Close()
	got := <-screen
	if code != 0 {
		t.Fatalf("ask: exit %d: %q", code, got)
	}
	for _, want := range []string{"\r\033[KSearching 1 sub-question(s)…", "\r\033[KSearching 1 sub-question(s): ", "page(s) found\r\n", "\r\033[KReading pages: "} {
		if !strings.Contains(got, want) {
			t.Errorf("terminal shows %q, want it to contain %q", got, want)
		}
	}
	if strings.Contains(out.String(), "Searching") || !strings.Contains(out.String(), "[ANSWER]:") {
		t.Errorf("stdout = %q, want the answer only", out.String())
	}
}
