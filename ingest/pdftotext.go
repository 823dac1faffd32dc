package ingest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"docqa/internal/table"

	"golang.org/x/sync/errgroup"
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

// Extract returns the text of every page: [Pdftotext.ExtractWords]
// without the words.
func (p *Pdftotext) Extract(ctx context.Context, data []byte) ([]string, error) {
	pages, _, err := p.ExtractWords(ctx, data, nil, Split{})
	return pages, err
}

// ExtractWords returns the text of every page and, read in the same pass,
// the tables of the pages whose text keep picks, found from their
// positioned words ([PageWords.Grids]; a zero PageWords for the others,
// and for all when keep is nil). It runs
// pdftotext -raw -bbox and writes each page's text from its words as
// pdftotext -raw would ([rawText]): one pass over the document where a
// second, for the words, cost ingest of the FinanceBench dev filings 71%.
//
// A long document is read in the ranges of pages s asks for, each by a
// pdftotext of its own at once ([Split.ranges]); where any range fails,
// the document is read whole, so an error is the whole document's.
func (p *Pdftotext) ExtractWords(ctx context.Context, data []byte, keep func(text string) bool, s Split) ([]string, []PageWords, error) {
	ranges := s.ranges()
	if len(ranges) > 1 {
		parts := make([]extracted, len(ranges))
		g, gctx := errgroup.WithContext(ctx)
		for i, r := range ranges {
			g.Go(func() error {
				args := []string{"-raw", "-bbox", "-f", strconv.Itoa(r[0])}
				if i < len(ranges)-1 {
					args = append(args, "-l", strconv.Itoa(r[1])) // the last reads to the end, whatever the count said
				}
				var err error
				parts[i], err = p.extract(gctx, data, keep, args...)
				return err
			})
		}
		if err := g.Wait(); err == nil {
			var all extracted
			for _, x := range parts {
				all.pages = append(all.pages, x.pages...)
				all.words = append(all.words, x.words...)
			}
			return all.pages, all.words, nil
		} else if ctx.Err() != nil {
			return nil, nil, ctxError(ctx)
		}
	}
	x, err := p.extract(ctx, data, keep, "-raw", "-bbox")
	return x.pages, x.words, err
}

// extracted is what one pdftotext run read: each page's text and words.
type extracted struct {
	pages []string
	words []PageWords
}

// extract runs pdftotext with args (-raw -bbox, and a range of pages)
// and reads its pages as [Pdftotext.ExtractWords] says.
func (p *Pdftotext) extract(ctx context.Context, data []byte, keep func(text string) bool, args ...string) (extracted, error) {
	var x extracted
	rp := DefaultRawTextParams()
	b := &bboxReader{page: func(pw PageWords) {
		text := rawText(columnWords(pw, rp), rp)
		x.pages = append(x.pages, text)
		if keep == nil || !keep(text) {
			pw = PageWords{Width: pw.Width, Height: pw.Height}
		} else {
			// the page's tables now, its words let go: a long document's
			// table pages held their words to its end (1.1 GB at 20,000
			// pages)
			pw = PageWords{Width: pw.Width, Height: pw.Height, Grids: table.Grids(gridWords(pw.Words), table.DefaultGridParams())}
		}
		x.words = append(x.words, pw)
	}}
	if err := p.run(ctx, data, b, args...); err != nil {
		return extracted{}, err
	}
	b.Close()
	return x, nil
}

// A Split asks an engine that can to read a document of Pages pages in
// up to Parts ranges at once: the cores a run of fewer documents than
// workers leaves idle. The zero Split reads the document in one.
type Split struct{ Pages, Parts int }

// MinSplitPages is the fewest pages a range of a [Split] holds. A
// pdftotext run costs about 10 ms to start and to read the document's
// cross-reference table again; 250 pages take it about 130 ms (the
// 5,000-page generated manual: 2.6 s), so a range of fewer saves less
// than a tenth of its time.
const MinSplitPages = 250

// ranges returns the first and last page of each range s reads, or one
// range when the document is too short to split.
func (s Split) ranges() [][2]int {
	n := min(s.Parts, s.Pages/MinSplitPages)
	if n < 2 {
		return [][2]int{{1, s.Pages}}
	}
	out := make([][2]int, n)
	for i := range n {
		out[i] = [2]int{i*s.Pages/n + 1, (i + 1) * s.Pages / n}
	}
	return out
}

// run runs pdftotext with args on the PDF data, under the memory cap and
// the time limit, and writes what it writes to out.
func (p *Pdftotext) run(ctx context.Context, data []byte, out io.Writer, args ...string) error {
	if err := sniff(data); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, p.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, p.bin, append(args, "-enc", "UTF-8", "-", "-")...)
	var diag popplerErrors
	cmd.Stdout = out
	cmd.Stderr = &diag
	err := runCapped(cmd, data, uint64(p.memoryMiB)<<20)
	if ctx.Err() != nil {
		return ctxError(ctx)
	}
	switch {
	case diag.outOfMemory:
		// poppler says so and goes on, or aborts: either way its text
		// is not the document's
		return ErrOutOfMemory
	case diag.password:
		return ErrEncrypted
	case err != nil:
		var ee *exec.ExitError
		if errors.As(err, &ee) && ee.ExitCode() == 3 {
			return ErrEncrypted // poppler's exit code for permission errors
		}
		why := diag.last
		if why == "" {
			why = err.Error()
		}
		return fmt.Errorf("%w: pdftotext: %s", ErrCorrupt, why)
	}
	return nil
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
