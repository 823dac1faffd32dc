package ingest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	docpkg "docqa/internal/doc"
	"docqa/internal/table"
)

// extractAll extracts jobs on opt.Workers goroutines and hands each result
// to collect on the calling goroutine. It returns when every worker has
// stopped; an error from collect cancels the rest.
func extractAll(ctx context.Context, jobs []job, opt Options, collect func(done) error) error {
	ex, err := opt.Open(ctx)
	if err != nil {
		return err
	}
	defer CloseExtractor(ex)

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	g, gctx := errgroup.WithContext(ctx)
	queue := make(chan job)
	results := make(chan done, opt.Workers) // extraction goes on while the collector writes
	g.Go(func() error {
		defer close(queue)
		for _, j := range jobs {
			select {
			case queue <- j:
			case <-gctx.Done():
				return gctx.Err()
			}
		}
		return nil
	})
	var workers sync.WaitGroup
	var idle atomic.Int32 // workers waiting for a job: the ranges a long document may be read in at once
	idle.Store(int32(opt.Workers))
	for range min(opt.Workers, len(jobs)) {
		workers.Add(1)
		g.Go(func() error {
			defer workers.Done()
			for j := range queue {
				d := done{job: j}
				parts := int(idle.Add(-1)) + 1 // this worker's, and those no job keeps
				d.doc, d.err = extractFile(gctx, ex, j, opt, parts, &d.times)
				idle.Add(1)
				select {
				case results <- d:
				case <-gctx.Done():
					return gctx.Err()
				}
			}
			return nil
		})
	}
	g.Go(func() error {
		workers.Wait()
		close(results)
		return nil
	})
	var collectErr error
	for d := range results {
		if collectErr != nil {
			continue // drain so workers can finish
		}
		if ctx.Err() != nil {
			continue
		}
		if err := collect(d); err != nil {
			collectErr = err
			cancel()
		}
	}
	gerr := g.Wait()
	if collectErr != nil {
		return collectErr
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if gerr != nil && !errors.Is(gerr, context.Canceled) {
		return gerr
	}
	return nil
}

// extractFile reads, extracts and normalises one file, adding the time
// of each stage to times. parts is how many ranges of its pages it may
// read at once ([Split]).
func extractFile(ctx context.Context, ex Extractor, j job, opt Options, parts int, times *Times) (doc *Document, err error) {
	defer func() {
		if v := recover(); v != nil {
			doc, err = nil, panicError(v)
		}
	}()
	f, err := openRegular(j.path)
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(f)
	f.Close()
	if err != nil {
		return nil, pathError(err)
	}
	octx := ctx // OCR has its own bound, by page
	ctx, cancel := context.WithTimeout(ctx, opt.Timeout)
	defer cancel()
	var pages []string
	var words []PageWords
	engine := ex.Name()
	stage := time.Now()
	if a, ok := ex.(*Auto); ok {
		pages, words, engine, err = a.ExtractWords(ctx, data, table.Likely, parts)
	} else {
		pages, words, err = extractWords(ctx, ex, data, table.Likely, Split{})
	}
	times.Extract += time.Since(stage)
	// A limit reached is the file's timeout even when the extractor
	// returned pages: an engine that stopped on it was passed over (the
	// unreadable pages another engine mends), and the same file would
	// read otherwise on a quieter machine.
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return nil, fmt.Errorf("%w after %s", ErrTimeout, opt.Timeout)
	}
	if err != nil {
		return nil, err
	}
	// The bookmarks are read under the file's time limit before OCR,
	// which has a limit of its own by page: read after it, they were
	// lost (and the outline read from the headings) whenever OCR took
	// most of the file's minute, so one file gave two outlines (issue
	// 52). A limit reached is the file's timeout, not "no bookmarks".
	var marks []docpkg.Part
	var meta string
	stage = time.Now()
	if b, ok := ex.(Bookmarker); ok {
		marks, _ = b.Bookmarks(ctx, data) // an outline is a help, not the document: none on failure
	}
	if t, ok := ex.(Titler); ok {
		meta, _ = t.Title(ctx, data) // so is a title
	}
	times.Outline += time.Since(stage)
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return nil, fmt.Errorf("%w after %s", ErrTimeout, opt.Timeout)
	}
	doc = &Document{Name: j.name, Path: j.path, SHA256: j.sum, Engine: engine}
	if r, ok := ex.(Renderer); ok && opt.OCR.on() {
		stage = time.Now()
		read, err := opt.OCR.ocrPages(octx, r, data, pages)
		times.OCR += time.Since(stage)
		doc.OCR = read
		switch {
		case errors.Is(err, ErrNoOCR):
			doc.OCRPending = len(opt.OCR.wants(pages))
		case octx.Err() != nil:
			return nil, octx.Err()
		case err != nil:
			doc.Warnings = append(doc.Warnings, err.Error())
		}
	}
	var empty []string
	stage = time.Now()
	for i, p := range pages {
		text := Normalize(p)
		if strings.TrimSpace(text) == "" {
			empty = append(empty, fmt.Sprint(i+1))
		}
		doc.Pages = append(doc.Pages, Page{Number: i + 1, Text: text})
	}
	times.Normalize += time.Since(stage)
	stage = time.Now()
	grids := tablesOf(words)
	times.Tables += time.Since(stage)
	stage = time.Now()
	structure(doc, grids, marks)
	if len(doc.Pages) > 0 {
		doc.Titles = titles(meta, doc.Pages[0].Text)
	}
	times.Outline += time.Since(stage)
	switch {
	case len(pages) == 0:
		return nil, fmt.Errorf("%w: no pages", ErrCorrupt)
	case len(empty) == len(pages):
		doc.Warnings = append(doc.Warnings, ErrNoText.Error())
	case len(empty) > 0:
		doc.Warnings = append(doc.Warnings, fmt.Sprintf("no text layer on page %s", pageList(empty)))
	}
	return doc, nil
}

// pageList shortens a long list of page numbers.
func pageList(pages []string) string {
	if len(pages) > 8 {
		return strings.Join(pages[:8], ", ") + fmt.Sprintf(" and %d more", len(pages)-8)
	}
	return strings.Join(pages, ", ")
}
