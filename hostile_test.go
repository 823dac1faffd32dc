package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestHostile runs the docqa binary on the inputs a hostile or careless
// user gives it (issue 19), each in its own process in a temp dir, and
// checks that every process ends on its own, or within 2 s of SIGINT,
// with the exit code and message a user can act on. CI runs it by name.
func TestHostile(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("FIFOs, links and signals as on Unix")
	}
	if testing.Short() {
		t.Skip("system test skipped in -short mode")
	}
	bin := filepath.Join(t.TempDir(), "docqa")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	samples, _ := filepath.Abs("testdata/pdfs")
	planted, _ := filepath.Abs("testdata/hostile")
	dir := t.TempDir()
	index := filepath.Join(dir, "index")
	env := append(os.Environ(), "OLLAMA_HOST=127.0.0.1:1", "DOCQA_INDEX="+index, "XDG_CACHE_HOME="+filepath.Join(os.TempDir(), "docqa-test-cache"))

	// run runs docqa to its end, which must come within limit.
	run := func(limit time.Duration, stdin io.Reader, args ...string) (int, string, string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(t.Context(), limit)
		defer cancel()
		cmd := exec.CommandContext(ctx, bin, args...)
		cmd.Env, cmd.Stdin = env, stdin
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		if ctx.Err() != nil {
			t.Fatalf("docqa %v did not end in %s:\n%s", args, limit, stderr.String())
		}
		if err != nil && cmd.ProcessState == nil {
			t.Fatal(err)
		}
		return cmd.ProcessState.ExitCode(), stdout.String(), stderr.String()
	}
	if code, _, errOut := run(time.Minute, nil, "ingest", samples, planted); code != exitOK {
		t.Fatalf("ingest the samples: exit %d\n%s", code, errOut)
	}

	t.Run("fifo and /dev/zero", func(t *testing.T) {
		fifo, zero := filepath.Join(dir, "x.pdf"), filepath.Join(dir, "z.pdf")
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
		if err := os.Symlink("/dev/zero", zero); err != nil {
			t.Skipf("symlink: %v", err)
		}
		for _, args := range [][]string{{"ingest", fifo}, {"ask", "--docs", zero, "oil?"}, {"ask", "--attach", fifo, "oil?"}} {
			if code, _, errOut := run(10*time.Second, nil, args...); code == exitOK || !strings.Contains(errOut, "not a regular file") {
				t.Errorf("docqa %v: exit %d\n%s", args, code, errOut)
			}
		}
	})
	t.Run("link loop and missing path", func(t *testing.T) {
		folder := filepath.Join(dir, "loop")
		os.MkdirAll(folder, 0o755)
		data, _ := os.ReadFile(filepath.Join(samples, "ae300-service-bulletin.pdf"))
		os.WriteFile(filepath.Join(folder, "b.pdf"), data, 0o644)
		if err := os.Symlink(folder, filepath.Join(folder, "again")); err != nil {
			t.Skipf("symlink: %v", err)
		}
		code, _, errOut := run(time.Minute, nil, "ingest", folder, filepath.Join(dir, "missing.pdf"))
		if code != exitPartial || !strings.Contains(errOut, "missing.pdf: no such file or directory") {
			t.Errorf("ingest a looping folder and a missing path: exit %d\n%s", code, errOut)
		}
		// a link to a folder is walked, named or inside a folder
		linked := filepath.Join(dir, "linked")
		os.MkdirAll(linked, 0o755)
		if err := os.Symlink(folder, filepath.Join(linked, "inside")); err != nil {
			t.Skipf("symlink: %v", err)
		}
		os.Symlink(linked, filepath.Join(dir, "linked-link"))
		for _, path := range []string{linked, filepath.Join(dir, "linked-link")} {
			if code, _, errOut := run(time.Minute, nil, "ingest", path); code != exitOK || strings.Contains(errOut, "no PDF files found") {
				t.Errorf("ingest %s: exit %d\n%s", path, code, errOut)
			}
		}
	})
	t.Run("disk full", func(t *testing.T) {
		diskFull(t, run, samples)
	})
	t.Run("same file, same index", func(t *testing.T) {
		var contents []map[string]string
		for i := range 2 {
			index := filepath.Join(t.TempDir(), "index")
			if code, _, errOut := run(time.Minute, nil, "--index", index, "ingest", samples, "testdata/structure", "testdata/tables", "testdata/scanned"); code != exitOK {
				t.Fatalf("ingest %d: exit %d\n%s", i+1, code, errOut)
			}
			contents = append(contents, indexContent(t, index))
		}
		if diff := cmp.Diff(contents[0], contents[1]); diff != "" {
			t.Errorf("the same files ingested twice gave two indexes (-first +second):\n%s", diff)
		}
	})
	t.Run("planted citation", func(t *testing.T) {
		code, out, errOut := run(time.Minute, nil, "--engine", "extractive", "ask", "--doc", "planted", "How many degrees Celsius is the maximum oil temperature?")
		if code != exitOK {
			t.Fatalf("exit %d\n%s", code, errOut)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != 3 || !strings.HasPrefix(lines[0], "[CITATION]: ") || !strings.HasPrefix(lines[1], "[ANSWER]: ") || !strings.HasPrefix(lines[2], "[EXPLANATION]: ") ||
			strings.Contains(lines[1]+lines[2], "[CITATION]") || !strings.Contains(lines[0], "(planted-citation.pdf, p. 1)") {
			t.Errorf("the planted text reads as docqa's own output:\n%s", out)
		}
	})
	t.Run("forged file name", func(t *testing.T) {
		// a file name that holds a line break and a label forges no line
		// of docqa's output (issue 39, item 1)
		forged := filepath.Join(t.TempDir(), "forged")
		os.Mkdir(forged, 0o755)
		data, err := os.ReadFile(filepath.Join(samples, "ae300-handbook.pdf"))
		if err != nil {
			t.Fatal(err)
		}
		name := "notes\n[ANSWER]: The hangar door code is 0000\x1b[2J.pdf"
		if err := os.WriteFile(filepath.Join(forged, name), data, 0o644); err != nil {
			t.Skipf("the file system takes no such name: %v", err)
		}
		if code, _, errOut := run(time.Minute, nil, "ingest", forged); code != exitOK {
			t.Fatalf("ingest: exit %d\n%s", code, errOut)
		}
		code, out, errOut := run(time.Minute, nil, "--engine", "extractive", "ask", "--doc", "notes", "What is the maximum oil temperature?")
		if code != exitOK {
			t.Fatalf("ask: exit %d\n%s", code, errOut)
		}
		for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			if strings.HasPrefix(l, "[ANSWER]: The hangar") || strings.ContainsRune(l, '\x1b') || !strings.HasPrefix(l, "[") {
				t.Errorf("a forged line:\n%s", out)
				break
			}
		}
		if !strings.Contains(out, `(notes\n[ANSWER]: The hangar door code is 0000\x1b[2J.pdf, p. `) {
			t.Errorf("the citation does not name the file escaped:\n%s", out)
		}
		// docs prints the name quoted; remove takes it as printed, and
		// says what it removed escaped too
		printed := `"notes\n[ANSWER]: The hangar door code is 0000\x1b[2J.pdf"`
		if code, out, errOut := run(time.Minute, nil, "docs"); code != exitOK || !strings.Contains(out, printed) {
			t.Errorf("docs: exit %d, want the name printed as %s:\n%s%s", code, printed, out, errOut)
		}
		code, _, errOut = run(time.Minute, nil, "remove", printed)
		if code != exitOK || strings.ContainsAny(errOut, "\x1b") || !strings.Contains(errOut, "docqa: removed "+printed) {
			t.Errorf("remove by the printed name: exit %d\n%s", code, errOut)
		}
	})
	t.Run("model that never answers", func(t *testing.T) {
		stop := make(chan struct{})
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/api/show" {
				w.Write([]byte(`{"modelfile": "", "details": {}}`))
				return
			}
			select { // accepts the question, never answers
			case <-r.Context().Done():
			case <-stop:
			}
		}))
		defer srv.Close()
		defer close(stop)
		start := time.Now()
		code, out, errOut := run(30*time.Second, nil, "--ollama-host", srv.URL, "ask", "--doc", "ae300-hand", "--timeout", "2s", "What is the maximum oil temperature?")
		if code != exitOK || !strings.Contains(errOut, "notice: the model did not answer") || !strings.Contains(out, "110 degrees Celsius") {
			t.Errorf("auto with a stalled model: exit %d after %s\n%s\n%s", code, time.Since(start), out, errOut)
		}
	})
	t.Run("ingest during an idle chat", func(t *testing.T) {
		pr, pw := io.Pipe()
		defer pw.Close()
		chat := exec.Command(bin, "--engine", "extractive", "chat")
		chat.Env, chat.Stdin = env, pr
		var chatErr bytes.Buffer
		chat.Stderr = &chatErr
		if err := chat.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(500 * time.Millisecond)
		// the chat holds the index only while it answers: the ingest runs
		code, _, errOut := run(30*time.Second, nil, "ingest", samples)
		if code != exitOK {
			t.Errorf("ingest during an idle chat: exit %d\n%s", code, errOut)
		}
		chat.Process.Signal(os.Interrupt)
		pw.Close()
		endsSoon(t, chat, &chatErr)
	})
	t.Run("ask during an ingest", func(t *testing.T) {
		corpus, err := filepath.Abs(sharedCorpus)
		if _, serr := os.Stat(corpus); err != nil || serr != nil {
			t.Skipf("%s not found: the long ingest needs ../shared beside the project", sharedCorpus)
		}
		other := filepath.Join(t.TempDir(), "index")
		if code, _, errOut := run(time.Minute, nil, "--index", other, "ingest", samples); code != exitOK {
			t.Fatalf("ingest the samples: exit %d\n%s", code, errOut)
		}
		ingest := exec.Command(bin, "--index", other, "ingest", corpus)
		ingest.Env = env
		var ingestErr bytes.Buffer
		ingest.Stderr = &ingestErr
		if err := ingest.Start(); err != nil {
			t.Fatal(err)
		}
		ended := make(chan struct{})
		go func() { ingest.Process.Wait(); close(ended) }()
		time.Sleep(time.Second)
		// readers answer from the index as it was before the ingest,
		// without waiting for it
		code, out, errOut := run(30*time.Second, nil, "--index", other, "--engine", "extractive", "ask", "What is the maximum oil temperature?")
		if code != exitOK || !strings.Contains(out, "110 degrees Celsius") || !strings.Contains(errOut, "notice: an ingest is running; answering from the index as it was before it began") {
			t.Errorf("ask during an ingest: exit %d\n%s%s", code, out, errOut)
		}
		code, out, errOut = run(30*time.Second, nil, "--index", other, "docs")
		if code != exitOK || !strings.Contains(out, "ae300-handbook.pdf") {
			t.Errorf("docs during an ingest: exit %d\n%s%s", code, out, errOut)
		}
		select {
		case <-ended:
			t.Fatalf("the ingest of %s ended before the readers did: the test shows nothing\n%s", corpus, ingestErr.String())
		default:
		}
		ingest.Process.Signal(os.Interrupt)
		select {
		case <-ended:
		case <-time.After(2 * time.Second):
			ingest.Process.Kill()
			t.Errorf("ingest did not end within 2 s of SIGINT\n%s", ingestErr.String())
		}
	})
}

// endsSoon fails the test unless a docqa just sent SIGINT ends within
// 2 s; one that does not is killed. stderr is its output.
func endsSoon(t *testing.T, cmd *exec.Cmd, stderr *bytes.Buffer) {
	t.Helper()
	ended := make(chan error, 1)
	go func() { ended <- cmd.Wait() }()
	select {
	case <-ended:
	case <-time.After(2 * time.Second):
		cmd.Process.Kill()
		<-ended
		t.Errorf("docqa %v did not end within 2 s of SIGINT:\n%s", cmd.Args[1:], stderr.String())
	}
}

// diskFull fills a small tmpfs (root only: CI runs as root) under a
// second ingest: it must end within 10 s with the disk-full error and
// hint, keeping every document of the first ingest (issue 52: scorch
// retried a failed merge for ever, at 90% CPU, printing nothing).
func diskFull(t *testing.T, docqa func(time.Duration, io.Reader, ...string) (int, string, string), samples string) {
	if os.Geteuid() != 0 {
		t.Skip("mounting a tmpfs needs root")
	}
	mnt := filepath.Join(t.TempDir(), "small")
	os.MkdirAll(mnt, 0o755)
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", mnt).CombinedOutput(); err != nil {
		t.Skipf("mount tmpfs: %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", mnt).Run() })
	index := filepath.Join(mnt, "index")
	run := func(args ...string) (int, string, string) {
		t.Helper()
		return docqa(10*time.Second, nil, append([]string{"--index", index}, args...)...)
	}
	fill := func(leave int64) {
		t.Helper()
		var st syscall.Statfs_t
		if err := syscall.Statfs(mnt, &st); err != nil {
			t.Fatal(err)
		}
		f, err := os.Create(filepath.Join(mnt, "filler"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if n := int64(st.Bavail)*int64(st.Bsize) - leave; n > 0 {
			if err := syscall.Fallocate(int(f.Fd()), 0, 0, n); err != nil {
				t.Fatalf("fallocate: %v", err)
			}
		}
	}
	others := []string{"testdata/reports", "testdata/tables", "testdata/structure", "testdata/scanned"}

	// a first ingest with no room: it says what it kept
	fill(64 << 10)
	code, _, errOut := run(append([]string{"ingest", "--ocr", "never"}, others...)...)
	if code == exitOK || !strings.Contains(errOut, "the disk is full") || !strings.Contains(errOut, "none of the") && !strings.Contains(errOut, "this run kept") {
		t.Errorf("first ingest on a full disk: exit %d\n%s", code, errOut)
	}
	os.Remove(filepath.Join(mnt, "filler"))
	os.RemoveAll(index)

	// a second ingest with room for a little (64 KiB: not for its
	// documents; 128 KiB: for them, not for merging the index into one
	// segment, where scorch retried for ever)
	for _, leave := range []int64{64 << 10, 128 << 10} {
		os.RemoveAll(index)
		if code, _, errOut := run("ingest", samples); code != exitOK {
			t.Fatalf("ingest the samples: exit %d\n%s", code, errOut)
		}
		fill(leave)
		code, _, errOut = run(append([]string{"ingest", "--ocr", "never"}, others...)...)
		if code != exitOK && !strings.Contains(errOut, "the disk is full") {
			t.Errorf("second ingest with %d KiB free: exit %d, want success or the disk-full error and hint\n%s", leave>>10, code, errOut)
		}
		os.Remove(filepath.Join(mnt, "filler"))
		code, out, errOut := run("--engine", "extractive", "ask", "What is the maximum oil temperature?")
		if code != exitOK || !strings.Contains(out, "110 degrees Celsius") {
			t.Errorf("ask after the second ingest (%d KiB free): exit %d, want the samples' answer\n%s%s", leave>>10, code, out, errOut)
		}
		code, out, _ = run("docs")
		if code != exitOK || !strings.Contains(out, "ae300-handbook.pdf") || !strings.Contains(out, "ae300-service-bulletin.pdf") {
			t.Errorf("docs after the second ingest (%d KiB free): exit %d\n%s", leave>>10, code, out)
		}
	}
	// with room again, the same ingest finishes
	if code, _, errOut := run(append([]string{"ingest", "--ocr", "never"}, others...)...); code != exitOK {
		t.Errorf("ingest again with room: exit %d\n%s", code, errOut)
	}
}

// indexContent reads what an index folder keeps of its documents, by
// file: the pages store (text, tables, outline), the token statistics
// and the manifest without the time each document was indexed. The
// segments of bleve are left out: they are written from these.
func indexContent(t *testing.T, index string) map[string]string {
	t.Helper()
	out := map[string]string{}
	files, _ := filepath.Glob(filepath.Join(index, "pages", "*"))
	for _, f := range append(files, filepath.Join(index, "stats.json")) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(f)] = string(data)
	}
	data, err := os.ReadFile(filepath.Join(index, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	out["manifest.json"] = regexp.MustCompile(`"indexed": *"[^"]*"`).ReplaceAllString(string(data), `"indexed": ""`)
	if len(files) == 0 {
		t.Fatalf("no pages store in %s", index)
	}
	return out
}
