package ingest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"time"
)

// Pdftotext runs poppler's pdftotext as a subprocess, one per document,
// feeding the PDF on stdin. It exists only where the binary is on PATH.
//
// It reads with -raw, in the order the page's content stream draws the
// text: a statement table's row stays on one line with its figures.
// pdftotext's default layout analysis reads such a table column by column
// (labels, then each year's figures), and the table reader cannot pair
// them: over the FinanceBench dev set, 16 of 55 answers right from -raw
// text, 1 from the default's.
type Pdftotext struct {
	bin       string
	timeout   time.Duration
	memoryMiB int
}

// ErrOutOfMemory means pdftotext ran out of the memory it is allowed (a
// decompression bomb, or a document too big for the cap). It is an
// [ErrTooLarge], but [Auto] lets PDFium, which reads some such documents
// within the same cap, judge the document again.
var ErrOutOfMemory = fmt.Errorf("pdftotext ran out of memory: %w", ErrTooLarge)

// NewPdftotext finds pdftotext on PATH; it fails with [ErrUnavailable]
// when there is none. A zero timeout means 60 seconds; memoryMiB caps the
// address space of each subprocess where the system allows it (Linux),
// 512 MiB when zero, as PDFium's cap.
func NewPdftotext(timeout time.Duration, memoryMiB int) (*Pdftotext, error) {
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		return nil, fmt.Errorf("pdftotext: %w", ErrUnavailable)
	}
	if timeout <= 0 {
		timeout = 60 * time.Second
	}
	if memoryMiB <= 0 {
		memoryMiB = defaultMemoryMiB
	}
	return &Pdftotext{bin: bin, timeout: timeout, memoryMiB: memoryMiB}, nil
}

// Name returns "pdftotext".
func (*Pdftotext) Name() string { return "pdftotext" }

// Extract returns the text of every page; pdftotext separates pages with a
// form feed.
func (p *Pdftotext) Extract(ctx context.Context, data []byte) ([]string, error) {
	out, err := p.run(ctx, data, "-raw")
	if err != nil {
		return nil, err
	}
	pages := strings.Split(string(out), "\f")
	if len(pages) > 1 && strings.TrimSpace(pages[len(pages)-1]) == "" {
		pages = pages[:len(pages)-1]
	}
	return pages, nil
}

// run runs pdftotext with args on the PDF data, under the memory cap and
// the time limit, and returns what it writes.
func (p *Pdftotext) run(ctx context.Context, data []byte, args ...string) ([]byte, error) {
	if err := sniff(data); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, p.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, p.bin, append(args, "-enc", "UTF-8", "-", "-")...)
	var out bytes.Buffer
	var diag popplerErrors
	cmd.Stdout = &out
	cmd.Stderr = &diag
	err := runCapped(cmd, data, uint64(p.memoryMiB)<<20)
	if ctx.Err() != nil {
		return nil, ctxError(ctx)
	}
	switch {
	case diag.outOfMemory:
		// poppler says so and goes on, or aborts: either way its text
		// is not the document's
		return nil, ErrOutOfMemory
	case diag.password:
		return nil, ErrEncrypted
	case err != nil:
		var ee *exec.ExitError
		if errors.As(err, &ee) && ee.ExitCode() == 3 {
			return nil, ErrEncrypted // poppler's exit code for permission errors
		}
		why := diag.last
		if why == "" {
			why = err.Error()
		}
		return nil, fmt.Errorf("%w: pdftotext: %s", ErrCorrupt, why)
	}
	return out.Bytes(), nil
}

// runCapped starts cmd, caps its memory, and only then hands it the PDF on its
// standard input, so nothing of the document is read before the cap holds.
func runCapped(cmd *exec.Cmd, data []byte, limit uint64) error {
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	if err := capMemory(cmd.Process.Pid, limit); err != nil {
		cmd.Process.Kill()
		cmd.Wait()
		return fmt.Errorf("cap pdftotext's memory: %w", err)
	}
	_, werr := in.Write(data) // fails when pdftotext has already gone
	in.Close()
	if err := cmd.Wait(); err != nil {
		return err
	}
	return werr
}

// popplerErrors reads what pdftotext writes to standard error: it keeps
// the last line (why a document could not be opened) and notes the two
// conditions docqa branches on, without holding the thousands of syntax
// warnings a damaged document can print.
type popplerErrors struct {
	outOfMemory, password bool
	last                  string
	partial               []byte
}

func (p *popplerErrors) Write(b []byte) (int, error) {
	buf := append(p.partial, b...)
	for {
		i := bytes.IndexByte(buf, '\n')
		if i < 0 {
			break
		}
		p.line(string(buf[:i]))
		buf = buf[i+1:]
	}
	p.partial = append(p.partial[:0], buf[:min(len(buf), 512)]...)
	return len(b), nil
}

func (p *popplerErrors) line(s string) {
	s = strings.TrimSpace(s)
	switch {
	case s == "":
		return
	case strings.Contains(s, "Out of memory"), strings.Contains(s, "bad_alloc"):
		p.outOfMemory = true
	case strings.Contains(s, "Incorrect password"):
		p.password = true
	}
	p.last = s
}
