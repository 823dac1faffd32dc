package cli

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/urfave/cli/v2"
	"golang.org/x/term"

	"docqa/answer"
	"docqa/chat"
	"docqa/ingest"
	"docqa/search"
)

func chatCommand() *cli.Command {
	return &cli.Command{
		Name:      "chat",
		Usage:     "a conversation about your documents, with follow-ups",
		ArgsUsage: "[ID]",
		Description: `Reads questions line by line (with line editing and history on a terminal,
plain lines when piped) and answers each. Follow-ups reuse the last answer's
pages for five minutes. When a question matches several documents about
equally, docqa shows them as numbered options: reply "first", "2" or "the
last one"; with a model on, a free-form reply ("the one from 2022") is
matched by the model. Time, date and arithmetic ("128 * 64") are answered
locally; requests for live web information are declined. With a model on,
a question the documents do not answer may get static general knowledge,
labelled as not from your documents.

Type /help for the commands. Ctrl-C cancels the answer being written, not
the session; Ctrl-D or /exit ends it. Every session is saved (mode 0600)
under $XDG_STATE_HOME/docqa/sessions: --list shows them, --resume [ID]
continues one (the most recent without ID).`,
		Flags: append([]cli.Flag{
			&cli.StringSliceFlag{Name: "docs", Usage: "ingest this file or folder first (incremental)"},
			&cli.StringSliceFlag{Name: "doc", Usage: "start scoped to this document (repeatable); /scope changes it"},
			&cli.StringSliceFlag{Name: "attach", Usage: "answer from this PDF or text `FILE` too, without indexing it (repeatable)"},
			&cli.BoolFlag{Name: "resume", Usage: "continue a saved session: the one named ID, or the most recent"},
			&cli.BoolFlag{Name: "list", Usage: "list the saved sessions and exit"},
		}, answerFlags()...),
		Action: runChat,
	}
}

// sessionsDir is $XDG_STATE_HOME/docqa/sessions, or
// ~/.local/state/docqa/sessions.
func sessionsDir() string {
	if d := os.Getenv("XDG_STATE_HOME"); d != "" {
		return filepath.Join(d, "docqa", "sessions")
	}
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Join(h, ".local", "state", "docqa", "sessions")
	}
	return filepath.Join(".docqa", "sessions")
}

func runChat(c *cli.Context) error {
	dir := sessionsDir()
	if c.Bool("list") {
		return listSessions(c, dir)
	}
	ans, err := openAnswering(c, false)
	if err != nil {
		return err
	}
	defer ans.close()
	m, atts := ans.m, ans.atts
	// The index is open only while a question is answered, so that an
	// ingest can run while the chat waits for the next line (issue 19).
	indexed := ans.r != nil
	ans.release()
	cfg := chat.Config{
		Ask: func(ctx context.Context, req answer.Request) (*answer.Answer, error) {
			defer ans.live.end()
			r, _, now, closeIndex, err := openRetriever(c)
			if err != nil {
				return nil, err
			}
			defer closeIndex()
			m = now // documents an ingest added since are in scope
			a, err := answer.Ask(ctx, r, req)
			if err == nil {
				ans.live.wipe() // before a notice follows the draft
			}
			ans.live.end()
			if err == nil {
				markOCR(m, a)
				modelNotice(c, a)
			}
			return a, err
		},
		Docs: func() []string {
			var out []string
			for _, e := range m.Sorted() {
				out = append(out, e.Name)
			}
			return out
		},
		Resolve: func(name string) (string, error) { return findDoc(m, name, true) },
		Attach:  func(ctx context.Context, path string) (*ingest.Attachment, error) { return attachOne(c, path) },
		Request: ans.base,
		Trace:   ans.base.Trace,
		Now:     clock(),
	}
	if indexed {
		cfg.Rank = func(ctx context.Context, q string) ([]search.PageHit, error) {
			_, idx, _, closeIndex, err := openRetriever(c)
			if err != nil || idx == nil {
				return nil, err
			}
			defer closeIndex()
			return idx.MultiSearch(ctx, []string{q}, search.MultiOptions{K: 20})
		}
	}
	sess := chat.New(cfg)
	stderr := c.App.ErrWriter
	id, started := chat.NewID(time.Now()), time.Now().UTC()
	if c.Bool("resume") {
		rec, err := chat.Load(dir, c.Args().First())
		if err != nil {
			return err
		}
		id, started = rec.ID, rec.Started
		sess.Restore(rec, append(reattach(c, rec.Attachments), atts...))
		if !c.Bool("quiet") {
			fmt.Fprintf(stderr, "docqa: resumed session %s (%d turn(s))\n", id, len(rec.Turns))
		}
	} else {
		sess.Restore(chat.Record{Scope: ans.scope}, atts)
	}
	if !indexed && len(atts) == 0 && !c.Bool("quiet") {
		fmt.Fprintln(stderr, "docqa: notice: no documents are indexed; index some with docqa ingest FOLDER, or /attach FILE")
	}
	return chatLoop(c, sess, dir, id, started)
}

// clock is the chat's clock: time.Now, or the fixed time in DOCQA_NOW
// (RFC 3339), which scripted tests use to check "what time is it?".
func clock() func() time.Time {
	if t, err := time.Parse(time.RFC3339, os.Getenv("DOCQA_NOW")); err == nil {
		return func() time.Time { return t }
	}
	return time.Now
}

// chatLoop reads lines until Ctrl-D or /exit, answering each and saving
// the session after every turn. Ctrl-C cancels the turn in progress.
func chatLoop(c *cli.Context, sess *chat.Session, dir, id string, started time.Time) error {
	stdout, stderr := c.App.Writer, c.App.ErrWriter
	read, closeReader := lineReader(c)
	defer closeReader()
	// Ctrl-C cancels an answer, not the session: this loop takes SIGINT
	// over from main's handler for as long as it runs.
	signal.Reset(os.Interrupt)
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt)
	defer signal.Stop(sigs)
	if !c.Bool("quiet") && isTerminal(stdout) {
		fmt.Fprintln(stdout, "docqa chat: ask about your documents; /help for commands, Ctrl-D to end.")
	}
	saveErr := false
	for {
		line, err := read()
		if errors.Is(err, errLineInterrupted) {
			fmt.Fprintln(stderr, "(Ctrl-D or /exit ends the session)")
			continue
		}
		if errors.Is(err, errLineTooLong) {
			fmt.Fprintf(stderr, "docqa: that line is over %d MiB and was dropped; ask a shorter question, or attach the text with /attach FILE\n", maxChatLine>>20)
			continue
		}
		if err != nil {
			if isTerminal(stdout) {
				fmt.Fprintln(stdout) // Ctrl-D at the prompt: what follows starts a line of its own
			}
			break // io.EOF: Ctrl-D or the end of piped input
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		reply := turn(c.Context, sess, line, sigs)
		if err := chat.Save(dir, sess.Record(id, started)); err != nil && !saveErr {
			saveErr = true
			fmt.Fprintf(stderr, "docqa: notice: cannot save the session: %v\n", err)
		}
		switch {
		case reply.Err != nil && errors.Is(reply.Err, context.Canceled):
			fmt.Fprintln(stderr, "docqa: answer cancelled")
		case reply.Err != nil:
			msg, hints := describe(reply.Err)
			fmt.Fprintf(stderr, "docqa: error: %s\n", msg)
			for _, h := range hints {
				fmt.Fprintf(stderr, "docqa: hint: %s\n", h)
			}
		case reply.Save:
			fmt.Fprintf(stdout, "Saved session %s to %s\n\n", id, filepath.Join(dir, id+".json"))
		default:
			fmt.Fprintf(stdout, "%s\n\n", reply.Text)
		}
		if reply.Kind == chat.KindExit {
			break
		}
	}
	if len(sess.Turns()) > 0 && !c.Bool("quiet") {
		fmt.Fprintf(stderr, "docqa: session saved; continue it with: docqa chat --resume %s\n", id)
	}
	return nil
}

// turn handles one line under a context that SIGINT cancels.
func turn(ctx context.Context, sess *chat.Session, line string, sigs <-chan os.Signal) *chat.Reply {
	for len(sigs) > 0 {
		<-sigs // a Ctrl-C pressed while idle does not cancel the next answer
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		select {
		case <-sigs:
			cancel()
		case <-ctx.Done():
		}
	}()
	r := sess.Handle(ctx, line)
	cancel()
	<-done
	return r
}

// errLineInterrupted is Ctrl-C at the prompt.
var errLineInterrupted = errors.New("line interrupted")

// lineReader returns a function that reads one line: with line editing
// and history when stdin is a terminal, plain lines otherwise.
func lineReader(c *cli.Context) (func() (string, error), func()) {
	in := c.App.Reader
	if f, ok := in.(*os.File); ok && term.IsTerminal(int(f.Fd())) && isTerminal(c.App.Writer) {
		fd := int(f.Fd())
		w := &ctrlCWatch{r: f}
		t := term.NewTerminal(struct {
			io.Reader
			io.Writer
		}{w, c.App.Writer}, "> ")
		return func() (string, error) {
			old, err := term.MakeRaw(fd)
			if err != nil {
				return "", err
			}
			defer term.Restore(fd, old)
			w.hit = false
			line, err := t.ReadLine()
			if err == nil && w.hit {
				return "", errLineInterrupted
			}
			return line, err
		}, func() {}
	}
	br := bufio.NewReader(in)
	return func() (string, error) { return readLine(br, maxChatLine) }, func() {}
}

// maxChatLine is the longest line chat takes; a question is far shorter.
const maxChatLine = 1 << 20

// errLineTooLong is a line over maxChatLine, dropped whole.
var errLineTooLong = errors.New("line too long")

// readLine reads one line of at most max bytes, without its end. A
// longer line is read to its end and dropped with errLineTooLong, so the
// next read starts at the next line; io.EOF ends the input.
func readLine(br *bufio.Reader, max int) (string, error) {
	var line []byte
	long := false
	for {
		part, err := br.ReadSlice('\n')
		if !long {
			line = append(line, part...)
			long = len(line) > max+1
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err != nil && (len(line) == 0 || !errors.Is(err, io.EOF)):
			return "", err
		}
		if long {
			return "", errLineTooLong
		}
		return strings.TrimRight(string(line), "\r\n"), nil
	}
}

// ctrlCWatch turns a Ctrl-C typed at the prompt into Enter, noting it:
// x/term would report it as the end of input (and report it again on
// every later read), where docqa drops the line and goes on.
type ctrlCWatch struct {
	r   io.Reader
	hit bool
}

func (w *ctrlCWatch) Read(p []byte) (int, error) {
	n, err := w.r.Read(p)
	if i := bytes.IndexByte(p[:n], 3); i >= 0 {
		w.hit = true
		p[i] = '\r'
		n = i + 1 // what was typed after it is dropped with the line
	}
	return n, err
}

// reattach reads a resumed session's attachments again from their
// paths ([chat.Reattach]), with a notice for each that is gone or
// changed.
func reattach(c *cli.Context, saved []*ingest.Attachment) []*ingest.Attachment {
	out, notes := chat.Reattach(saved, func(path string) (*ingest.Attachment, error) { return attachOne(c, path) })
	for _, n := range notes {
		if n.Err != nil {
			fmt.Fprintf(c.App.ErrWriter, "docqa: notice: attachment %s is not available any more: %v\n", n.Name, n.Err)
		} else {
			fmt.Fprintf(c.App.ErrWriter, "docqa: notice: attachment %s changed since it was attached; using the new version\n", n.Name)
		}
	}
	return out
}

func listSessions(c *cli.Context, dir string) error {
	all, err := chat.List(dir)
	if err != nil {
		return err
	}
	if len(all) == 0 {
		fmt.Fprintf(c.App.ErrWriter, "docqa: no saved sessions in %s\n", dir)
		return nil
	}
	for _, r := range all {
		first := r.Title()
		if rs := []rune(first); len(rs) > 50 {
			first = string(rs[:47]) + "..."
		}
		fmt.Fprintf(c.App.Writer, "%s  %s  %3d turn(s)  %s\n", r.ID, r.Updated.Local().Format("2006-01-02 15:04"), len(r.Turns), first)
	}
	return nil
}
