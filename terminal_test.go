package main

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

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

// TestChatOnTerminal drives docqa chat on a real pseudo-terminal: the
// prompt, an answer, history (Up), Ctrl-C dropping the typed line
// without ending the session, and Ctrl-D ending it.
func TestChatOnTerminal(t *testing.T) {
	index := filepath.Join(t.TempDir(), "index")
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer ptmx.Close()
	var mu sync.Mutex
	var screen strings.Builder
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := ptmx.Read(buf)
			mu.Lock()
			screen.Write(buf[:n])
			mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	// expect waits until the screen shows want for the n-th time.
	expect := func(want string, n int) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			mu.Lock()
			got := screen.String()
			mu.Unlock()
			if strings.Count(got, want) >= n {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("screen never showed %q %d time(s):\n%s", want, n, got)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	done := make(chan int)
	go func() {
		done <- run(context.Background(), []string{"docqa", "--index", index, "--engine", "extractive", "chat"}, tty, tty, tty)
	}()
	expect("> ", 1)
	io.WriteString(ptmx, "128 * 64\r")
	expect("128 * 64 = 8192", 1)
	expect("> ", 2)
	io.WriteString(ptmx, "\x1b[A\x7f\x7f32\r") // Up, two backspaces, "32"
	expect("128 * 32 = 4096", 1)
	expect("> ", 3)
	io.WriteString(ptmx, "half typed\x03")
	expect("(Ctrl-D or /exit ends the session)", 1)
	expect("> ", 4)
	io.WriteString(ptmx, "what time is it?\r")
	expect("It is ", 1)
	expect("> ", 5)
	io.WriteString(ptmx, "\x04")
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("chat exit %d", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Ctrl-D did not end the session")
	}
	expect("session saved; continue it with: docqa chat --resume", 1)
	mu.Lock()
	got := screen.String()
	mu.Unlock()
	if strings.Contains(got, "> docqa: session saved") {
		t.Errorf("the resume hint shares the prompt's line:\n%q", got)
	}
	tty.Close()
}
