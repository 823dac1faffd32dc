package ingest

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"
)

// A Sink stores extracted documents; the search index is one.
type Sink interface {
	// Put stages doc in place of everything stored under doc.Name and
	// returns the number of passages; Flush makes what was staged durable.
	Put(ctx context.Context, doc *Document) (int, error)
	// Staged reports how much is waiting for Flush.
	Staged() int
	Flush(ctx context.Context) error
	// Delete removes everything stored under name.
	Delete(ctx context.Context, name string) error
}

// A compacter is a [Sink] that can rewrite what it holds into its
// fastest form for searching once a run has changed it.
type compacter interface {
	Compact(ctx context.Context) error
}

// A ManifestKeeper is a [Sink] that keeps the manifest itself, as an
// index in a database does: a document's entry, given by KeepEntry after
// its Put, is written with the document, in the flush that writes it
// (a reader never sees one without the other), and SaveManifest keeps
// the rest (the files that failed). A Sink without it has the manifest
// file of the index folder.
type ManifestKeeper interface {
	Sink
	LoadManifest(ctx context.Context) (*Manifest, error)
	SaveManifest(ctx context.Context, m *Manifest) error
	KeepEntry(e Entry)
}

// save saves the manifest where the run keeps it.
func (r *run) save(ctx context.Context) error {
	if r.keeper != nil {
		return r.keeper.SaveManifest(context.WithoutCancel(ctx), r.m)
	}
	return r.m.Save(r.dir)
}

// These bound what a run stages before it flushes the sink and saves
// the manifest: a killed run loses at most this much work. A flush also
// lets go of what the index holds of the staged passages' analysis,
// the most of ingest's live heap (bleve's token frequencies, 41 of 98
// MB at its peak): every PDF of ../shared, --ocr never (issue 40's c1,
// 6,885 pages), peaked at 309, 285 MB flushing every 4,000 passages,
// 235, 224 MB every 2,000 (18.95, 18.55 -> 18.28, 18.50 s) and 201,
// 199 MB every 1,000 (18.39, 19.45 s).
const (
	flushStaged = 2000 // passages
	flushAfter  = 3 * time.Second
)

// Options configures [Run].
type Options struct {
	// Open returns the extractor. It is called at most once, and only when
	// some file is new or changed, so a run with nothing to do stays fast.
	Open func(ctx context.Context) (Extractor, error)
	// Workers is the number of documents extracted at once; zero means
	// runtime.NumCPU().
	Workers int
	// Timeout bounds the extraction of one file; zero means one minute.
	Timeout time.Duration
	// MaxFileSize rejects larger files unread; zero means 1 GiB.
	MaxFileSize int64
	// Prune drops documents whose files no longer exist.
	Prune bool
	// Retry extracts files again that failed before with the same content.
	Retry bool
	// Progress, when set, is called from Run's goroutine after each file.
	Progress func(Progress)
	// OCR reads pages without a text layer; nil reads none.
	OCR *OCR
	// OnReread, when set, is told before extraction starts how many
	// unchanged documents are read again because an older extractor
	// read them.
	OnReread func(n int)
}

// Progress reports one finished file.
type Progress struct {
	Done, Total int
	Name        string
	Status      Status
	Err         error
	// OCRPages counts the pages read by OCR so far in the run.
	OCRPages int
}

// Status is what happened to one file.
type Status string

// The statuses a file can end in.
const (
	Indexed   Status = "indexed"
	Unchanged Status = "unchanged"
	Failed    Status = "failed"
	Pruned    Status = "pruned"
)

// Failure is a file that could not be indexed, and why.
type Failure struct {
	Path string
	Err  error
}

// Result summarises a run.
type Result struct {
	Indexed, Unchanged, Pruned int
	// Kept counts the documents indexed in this run that a flush made
	// durable: all of Indexed unless the run ended in an error.
	Kept     int
	Pages    int // pages indexed in this run
	Failures []Failure
	Warnings []string // "name: warning" lines
	// NeedOCR names the documents with pages that need OCR, which were
	// indexed without them because Tesseract is not installed.
	NeedOCR []string
	// OCRPages counts the pages read by OCR in this run.
	OCRPages int
	// Reread counts the unchanged documents read again because an
	// older extractor read them ([ExtractorVersion]).
	Reread  int
	Elapsed time.Duration
	// Times is where the time went.
	Times Times
}

// Times are the time a run spent in each stage. The stages of a file
// (reading and hashing it, extracting, OCR, normalising) run on several
// workers at once, so their sum can pass the wall time; the index is
// written by one goroutine (Put: analysing and staging passages; Flush:
// writing segments and the manifest).
type Times struct {
	Hash, Extract, OCR, Normalize, Tables, Outline, Put, Flush time.Duration
}

// add adds t's times to ts.
func (ts *Times) add(t Times) {
	ts.Hash += t.Hash
	ts.Extract += t.Extract
	ts.OCR += t.OCR
	ts.Normalize += t.Normalize
	ts.Tables += t.Tables
	ts.Outline += t.Outline
	ts.Put += t.Put
	ts.Flush += t.Flush
}

type job struct {
	path, name, sum string
	size            int64
}

type done struct {
	job
	doc   *Document
	err   error
	times Times // of extractFile
}

// Run indexes the PDFs found under paths into sink and records them in the
// manifest in dir. Files whose content hash matches the manifest are
// skipped; changed files are replaced. Extraction runs on opt.Workers
// goroutines; one goroutine (the caller's) writes to sink and saves the
// manifest after every document, so an interrupted run loses at most the
// documents in flight. A failure of one file never stops the others; a
// failure of sink or manifest stops the run.
func Run(ctx context.Context, dir string, paths []string, sink Sink, opt Options) (*Result, error) {
	start := time.Now()
	files, failed, err := Walk(paths)
	if err != nil {
		return nil, err
	}
	keeper, _ := sink.(ManifestKeeper)
	var m *Manifest
	if keeper != nil {
		m, err = keeper.LoadManifest(ctx)
	} else {
		m, err = LoadManifest(dir)
	}
	if err != nil {
		return nil, err
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.NumCPU()
	}
	if opt.Timeout <= 0 {
		opt.Timeout = time.Minute
	}
	if opt.MaxFileSize <= 0 {
		opt.MaxFileSize = 1 << 30
	}
	r := &run{dir: dir, sink: sink, keeper: keeper, opt: opt, m: m, res: &Result{}, total: len(files) + len(failed)}
	special := false
	for _, f := range failed { // paths that were not there, folders that could not be read
		r.res.Failures = append(r.res.Failures, f)
		r.report(filepath.Base(f.Path), Failed, f.Err)
		if errors.Is(f.Err, ErrNotRegular) {
			// a pipe or device named .pdf: listed with the files that
			// failed (docs --failed), as a damaged PDF is
			r.m.Failed[stored(f.Path)] = FailedEntry{Reason: f.Err.Error(), RawPath: rawPath(f.Path)}
			special = true
		}
	}
	if special {
		if err := r.save(ctx); err != nil {
			return r.res, err
		}
	}
	jobs, err := r.plan(ctx, files)
	if err == nil {
		err = r.index(ctx, jobs)
	}
	if err == nil && opt.Prune {
		err = r.prune(ctx)
	}
	if c, ok := sink.(compacter); ok && err == nil && (r.res.Indexed > 0 || r.res.Pruned > 0) {
		compactStart := time.Now()
		err = c.Compact(ctx)
		r.res.Times.Flush += time.Since(compactStart)
	}
	r.res.Elapsed = time.Since(start)
	return r.res, err
}

// run is the state of one [Run].
type run struct {
	dir    string
	sink   Sink
	keeper ManifestKeeper // the sink, when it keeps the manifest; nil for the folder's file
	opt    Options
	m      *Manifest
	res    *Result
	total  int // files to report on
	done   int // files reported on
}

// report tells opt.Progress that a file ended in st.
func (r *run) report(name string, st Status, err error) {
	r.done++
	if r.opt.Progress != nil {
		r.opt.Progress(Progress{Done: r.done, Total: r.total, Name: name, Status: st, Err: err, OCRPages: r.res.OCRPages})
	}
}

// plan hashes files and returns the jobs of those to extract: new or
// changed files, documents an older extractor read, documents waiting
// for OCR now that it can be done. Unchanged files and files that failed
// before with the same content are reported and skipped.
func (r *run) plan(ctx context.Context, files []string) ([]job, error) {
	byPath := map[string]string{}
	for name, e := range r.m.Docs {
		byPath[e.Path] = name
	}
	taken := map[string]bool{}
	var jobs []job
	for _, path := range files {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		name := docName(r.m, byPath, taken, stored(path))
		hashStart := time.Now()
		sum, size, err := hashFile(path, r.opt.MaxFileSize)
		r.res.Times.Hash += time.Since(hashStart)
		if err != nil {
			r.res.Failures = append(r.res.Failures, Failure{path, err})
			r.report(name, Failed, err)
			continue
		}
		e, ok := r.m.Docs[name]
		stale := ok && e.Extractor != ExtractorVersion
		if ok && e.SHA256 == sum && e.Path == stored(path) && !stale && !(e.OCRPending > 0 && r.opt.OCR.available()) {
			r.res.Unchanged++
			r.report(name, Unchanged, nil)
			continue
		}
		if f, ok := r.m.Failed[stored(path)]; ok && f.SHA256 == sum && !r.opt.Retry {
			err := &PreviousError{Reason: f.Reason}
			r.res.Failures = append(r.res.Failures, Failure{path, err})
			r.report(name, Failed, err)
			continue
		}
		if stale && e.SHA256 == sum {
			r.res.Reread++
		}
		jobs = append(jobs, job{path: path, name: name, sum: sum, size: size})
	}
	if r.res.Reread > 0 && r.opt.OnReread != nil {
		r.opt.OnReread(r.res.Reread)
	}
	// Largest first: a big file started last would leave the other
	// workers idle while it finishes.
	slices.SortStableFunc(jobs, func(a, b job) int { return cmp.Compare(b.size, a.size) })
	return jobs, nil
}

// index extracts the jobs and puts them in the sink. Documents are
// staged in the sink and entered in the manifest only once a flush has
// made them durable, so the manifest never names a document the index
// lacks. An interrupted run keeps what it finished.
func (r *run) index(ctx context.Context, jobs []job) error {
	if len(jobs) == 0 {
		return nil
	}
	var staged []Entry
	lastFlush := time.Now()
	left := len(jobs)
	flush := func(ctx context.Context) error {
		if len(staged) == 0 {
			return nil
		}
		flushStart := time.Now()
		defer func() { r.res.Times.Flush += time.Since(flushStart) }()
		if err := r.sink.Flush(ctx); err != nil {
			return err
		}
		for _, e := range staged {
			delete(r.m.Failed, e.Path)
			r.m.Docs[e.Name] = e
		}
		r.res.Kept += len(staged)
		staged = staged[:0]
		lastFlush = time.Now()
		return r.save(ctx)
	}
	err := extractAll(ctx, jobs, r.opt, func(d done) error {
		left--
		r.res.Times.add(d.times)
		if d.err != nil {
			r.res.Failures = append(r.res.Failures, Failure{d.path, d.err})
			r.report(d.name, Failed, d.err)
			if errors.Is(d.err, context.Canceled) {
				return nil
			}
			r.m.Failed[stored(d.path)] = FailedEntry{SHA256: d.sum, Reason: d.err.Error(), RawPath: rawPath(d.path)}
			return r.save(ctx)
		}
		putStart := time.Now()
		n, err := r.sink.Put(ctx, d.doc)
		r.res.Times.Put += time.Since(putStart)
		if err != nil {
			return err
		}
		e := r.entry(d, n)
		if r.keeper != nil {
			r.keeper.KeepEntry(e)
		}
		staged = append(staged, e)
		r.report(d.name, Indexed, nil)
		// Near the end, flush while the last files are still being
		// extracted rather than after them.
		if r.sink.Staged() >= flushStaged || time.Since(lastFlush) >= flushAfter || left < r.opt.Workers {
			return flush(ctx)
		}
		return nil
	})
	if err == nil || errors.Is(err, context.Canceled) {
		if ferr := flush(context.WithoutCancel(ctx)); ferr != nil && err == nil {
			err = ferr
		}
	}
	return err
}

// entry is the manifest's entry for an extracted document of n
// passages; it counts the document in the result.
func (r *run) entry(d done, n int) Entry {
	r.res.Indexed++
	r.res.Pages += len(d.doc.Pages)
	r.res.OCRPages += len(d.doc.OCR)
	if d.doc.OCRPending > 0 {
		r.res.NeedOCR = append(r.res.NeedOCR, d.name)
	}
	for _, w := range d.doc.Warnings {
		r.res.Warnings = append(r.res.Warnings, d.name+": "+w)
	}
	return Entry{
		Name: d.name, Path: stored(d.path), SHA256: d.sum, Size: d.size,
		Pages: len(d.doc.Pages), Passages: n, Engine: d.doc.Engine,
		Warnings: d.doc.Warnings, Indexed: time.Now().UTC(),
		OCR: d.doc.OCR, OCRPending: d.doc.OCRPending, Extractor: ExtractorVersion,
		RawPath: rawPath(d.path), Outline: d.doc.Structure.OutlineFrom, Titles: d.doc.Titles,
	}
}

// prune drops the documents, and the remembered failures, whose files
// are gone.
func (r *run) prune(ctx context.Context) error {
	gone := false
	for path, f := range r.m.Failed {
		if _, err := os.Lstat(rawOr(f.RawPath, path)); err != nil {
			delete(r.m.Failed, path)
			gone = true
		}
	}
	if gone { // kept even when no document goes with them
		if err := r.save(ctx); err != nil {
			return err
		}
	}
	for _, e := range r.m.Sorted() {
		if _, err := os.Stat(e.File()); err == nil {
			continue
		}
		if err := r.sink.Delete(ctx, e.Name); err != nil {
			return err
		}
		delete(r.m.Docs, e.Name)
		if err := r.save(ctx); err != nil {
			return err
		}
		r.res.Pruned++
		if r.opt.Progress != nil {
			r.opt.Progress(Progress{Done: r.done, Total: r.total, Name: e.Name, Status: Pruned})
		}
	}
	return nil
}

// PreviousError is a failure remembered from an earlier run for a file
// that has not changed since.
type PreviousError struct{ Reason string }

func (e *PreviousError) Error() string { return e.Reason + " (unchanged since the last attempt)" }

// stored is a path as the manifest, which is JSON, keeps it: a file name
// that is not valid UTF-8 has its bad bytes as U+FFFD there, so it is
// compared so too, or it would be new on every ingest.
func stored(path string) string { return strings.ToValidUTF8(path, "\uFFFD") }

// docName gives path a unique document name: its file name, or, when
// another existing file already holds that name, its folder and file name.
func docName(m *Manifest, byPath map[string]string, taken map[string]bool, path string) string {
	if name, ok := byPath[path]; ok {
		taken[name] = true
		return name
	}
	name := filepath.Base(path)
	clash := func(n string) bool {
		if taken[n] {
			return true
		}
		e, ok := m.Docs[n]
		if !ok || e.Path == path {
			return false
		}
		_, err := os.Stat(e.Path)
		return err == nil
	}
	for dir := filepath.Dir(path); clash(name); dir = filepath.Dir(dir) {
		parent := filepath.Base(dir)
		if parent == string(filepath.Separator) || parent == "." {
			name = path
			break
		}
		name = parent + "/" + name
	}
	taken[name] = true
	return name
}

// hashFile returns the hex SHA-256 and size of a file, refusing files over
// max bytes.
func hashFile(path string, max int64) (string, int64, error) {
	f, err := openRegular(path)
	if err != nil {
		return "", 0, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return "", 0, pathError(err)
	}
	if info.Size() > max {
		return "", 0, fmt.Errorf("%w: %d MiB (limit %d MiB)", ErrTooLarge, info.Size()>>20, max>>20)
	}
	h := sha256.New()
	n, err := io.Copy(h, io.LimitReader(f, max+1)) // a file that grows as it is read stops at the limit too
	if err != nil {
		return "", 0, pathError(err)
	}
	if n > max {
		return "", 0, fmt.Errorf("%w: over %d MiB", ErrTooLarge, max>>20)
	}
	return hex.EncodeToString(h.Sum(nil)), n, nil
}

// openRegular opens a regular file for reading, and fails with
// [ErrNotRegular] on anything else without waiting on it: opening a FIFO
// blocks until a writer comes, so it is looked at first and opened
// without blocking.
func openRegular(path string) (*os.File, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, pathError(err)
	}
	if !info.Mode().IsRegular() {
		return nil, ErrNotRegular
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, pathError(err)
	}
	if info, err = f.Stat(); err != nil || !info.Mode().IsRegular() { // swapped since
		f.Close()
		return nil, ErrNotRegular
	}
	return f, nil
}
