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
type Pdftotext struct {
	bin     string
	timeout time.Duration
}

// NewPdftotext finds pdftotext on PATH; it fails with [ErrUnavailable]
// when there is none. A zero timeout means 60 seconds.
func NewPdftotext(timeout time.Duration) (*Pdftotext, error) {
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		return nil, fmt.Errorf("pdftotext: %w", ErrUnavailable)
	}
	if timeout <= 0 {
		timeout = 60 * time.Second
	}
	return &Pdftotext{bin: bin, timeout: timeout}, nil
}

// Name returns "pdftotext".
func (*Pdftotext) Name() string { return "pdftotext" }

// Extract returns the text of every page; pdftotext separates pages with a
// form feed.
func (p *Pdftotext) Extract(ctx context.Context, data []byte) ([]string, error) {
	if err := sniff(data); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, p.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, p.bin, "-q", "-enc", "UTF-8", "-", "-")
	cmd.Stdin = bytes.NewReader(data)
	var out, stderr bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		return nil, ctxError(ctx)
	}
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) && ee.ExitCode() == 3 {
			return nil, ErrEncrypted // poppler's exit code for permission errors
		}
		why := strings.TrimSpace(stderr.String())
		if why == "" { // -q keeps poppler quiet: say what its exit status means
			why = err.Error()
			if errors.As(err, &ee) && ee.ExitCode() == 1 {
				why = "it could not open the file as a PDF (exit status 1)"
			}
		}
		return nil, fmt.Errorf("%w: pdftotext: %s", ErrCorrupt, why)
	}
	pages := strings.Split(out.String(), "\f")
	if len(pages) > 1 && strings.TrimSpace(pages[len(pages)-1]) == "" {
		pages = pages[:len(pages)-1]
	}
	return pages, nil
}
