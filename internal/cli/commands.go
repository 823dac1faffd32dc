package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"
	"unicode"

	"github.com/urfave/cli/v2"
	"golang.org/x/sync/errgroup"

	"docqa/answer"
	"docqa/ingest"
	"docqa/internal/app"
	"docqa/internal/doc"
	"docqa/internal/lazyre"
	"docqa/internal/synonyms"
	"docqa/reader"
	"docqa/search"
)

func ingestCommand() *cli.Command {
	return &cli.Command{
		Name:      "ingest",
		Usage:     "index PDF files and folders (recursive, incremental)",
		ArgsUsage: "PATH...",
		Description: `Extracts the text of every PDF under the paths and indexes it. Unchanged
files (same content hash) are skipped; changed files are replaced. A file that
cannot be read (encrypted, damaged, too large) is reported with its reason and
never stops the others; the exit status is then 3.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "extractor", Usage: "PDF text engine: auto, pdfium, ledongthuc or pdftotext", Value: "auto"},
			&cli.IntFlag{Name: "workers", Usage: "documents extracted at once", Value: runtime.NumCPU()},
			// one name for one limit, as ask --docs and eval --docs name it;
			// --timeout, its first name, still works
			&cli.DurationFlag{Name: "file-timeout", Aliases: []string{"timeout"}, Usage: "time limit for one file", Value: time.Minute},
			&cli.BoolFlag{Name: "prune", Usage: "drop indexed documents whose files no longer exist"},
			&cli.BoolFlag{Name: "retry", Usage: "try again files that failed before and have not changed"},
			&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "also print where the time went: hashing, extraction, OCR, normalising, tables, outline, indexing"},
			ocrFlag(), ocrLangFlag(),
		},
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return &usageError{msg: "ingest needs at least one file or folder", hint: "docqa ingest ~/Documents/manuals"}
			}
			return runIngest(c, c.Args().Slice(), c.Bool("prune"), false)
		},
	}
}

func ocrFlag() cli.Flag {
	return &cli.StringFlag{Name: "ocr", Usage: "read pages with Tesseract OCR: auto (pages without usable text), always or never", Value: ingest.OCRAuto}
}

func ocrLangFlag() cli.Flag {
	return &cli.StringFlag{Name: "ocr-lang", Usage: "Tesseract language codes for OCR, e.g. eng or eng+deu", Value: "eng"}
}

func checkOCR(mode string) error {
	switch mode {
	case ingest.OCRAuto, ingest.OCRAlways, ingest.OCRNever:
		return nil
	}
	return &usageError{msg: fmt.Sprintf("unknown OCR mode %q", mode), hint: "use --ocr auto, always or never"}
}

// ingestOptions builds ingest options from the command's flags.
func ingestOptions(c *cli.Context) ingest.Options {
	name := c.String("extractor")
	if name == "" {
		name = "auto"
	}
	workers := c.Int("workers")
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	timeout := c.Duration("file-timeout")
	if timeout <= 0 {
		timeout = time.Minute
	}
	return ingest.Options{
		Workers: workers,
		Timeout: timeout,
		// the text of pages read by OCR stays with the index: a copy of a
		// scan, or the index built again, is not read again
		OCR: &ingest.OCR{Mode: c.String("ocr"), Lang: c.String("ocr-lang"), Workers: workers, CacheDir: ocrCache(c.String("index"))},
		Open: func(ctx context.Context) (ingest.Extractor, error) {
			return ingest.NewExtractor(ctx, name, ingest.ExtractorConfig{
				Pdfium:           ingest.PdfiumConfig{CacheDir: cacheDir(), Workers: workers},
				PdftotextTimeout: timeout,
			})
		},
	}
}

// runIngest indexes paths and prints failures and a summary. With quiet
// set (ask --docs), it prints only failures and changes.
func runIngest(c *cli.Context, paths []string, prune, quiet bool) error {
	if err := checkExtractor(c.String("extractor")); err != nil {
		return err
	}
	if err := checkOCR(c.String("ocr")); err != nil {
		return err
	}
	ctx := c.Context
	stderr := c.App.ErrWriter
	idx, err := search.Open(ctx, c.String("index"), search.Options{})
	if err != nil {
		return indexError(c.String("index"), err)
	}
	defer idx.Close()
	if idx.Rebuilt() {
		fmt.Fprintln(stderr, "docqa: the index was built by an older docqa; rebuilding it (every document is read again)")
	}

	opt := ingestOptions(c)
	opt.Prune = prune
	opt.Retry = c.Bool("retry")
	bar := &progressBar{w: stderr}
	showBar := isTerminal(stderr) && !c.Bool("quiet")
	var failures []string
	opt.Progress = func(p ingest.Progress) {
		if p.Status == ingest.Failed {
			failures = append(failures, fmt.Sprintf("docqa: failed: %s: %v", p.Name, p.Err))
		}
		if showBar {
			bar.update(p)
		}
	}
	opt.OnReread = func(n int) {
		if !c.Bool("quiet") {
			fmt.Fprintf(stderr, "docqa: %d document(s) were read by an older docqa; reading them again (they stay searchable until then)\n", n)
		}
	}
	res, err := ingest.Run(ctx, idx.Dir(), paths, idx, opt)
	bar.clear()
	sort.Strings(failures)
	for _, f := range failures {
		fmt.Fprintln(stderr, f)
	}
	if err != nil {
		if res != nil && res.Indexed > 0 && !errors.Is(err, context.Canceled) {
			fmt.Fprintln(stderr, keptLine(res))
		}
		return err
	}
	if !c.Bool("quiet") && (!quiet || res.Indexed > 0 || res.Pruned > 0) {
		for _, w := range res.Warnings {
			fmt.Fprintf(stderr, "docqa: warning: %s\n", w)
		}
		fmt.Fprintln(stderr, summary(res))
		if c.Bool("verbose") {
			fmt.Fprintln(stderr, timesLine(res.Times, res.Elapsed, opt.Workers))
		}
	}
	if len(res.NeedOCR) > 0 {
		fmt.Fprintf(stderr, "docqa: warning: %d document(s) have pages without a text layer that need OCR, and tesseract is not installed: %s\n", len(res.NeedOCR), printableList(res.NeedOCR))
		fmt.Fprintln(stderr, "docqa: hint: install it (Debian, Ubuntu: sudo apt-get install tesseract-ocr) and run the ingest again; those documents are read again then")
	}
	if (len(res.Failures) > 0 || len(res.NeedOCR) > 0) && !quiet {
		return &partialError{}
	}
	return nil
}

// keptLine says how much of a run that ended in an error is kept.
func keptLine(r *ingest.Result) string {
	if r.Kept == 0 {
		return fmt.Sprintf("docqa: none of the %d document(s) this run read was kept", r.Indexed)
	}
	return fmt.Sprintf("docqa: this run kept %d of the %d document(s) it read; the rest are read again by the next ingest", r.Kept, r.Indexed)
}

func summary(r *ingest.Result) string {
	s := fmt.Sprintf("docqa: indexed %d document(s), %d page(s); %d unchanged", r.Indexed, r.Pages, r.Unchanged)
	if r.OCRPages > 0 {
		s += fmt.Sprintf("; %d page(s) read by OCR", r.OCRPages)
	}
	if r.Pruned > 0 {
		s += fmt.Sprintf("; %d pruned", r.Pruned)
	}
	if n := len(r.Failures); n > 0 {
		s += fmt.Sprintf("; %d failed", n)
	}
	return s + fmt.Sprintf(" (%.1fs)", r.Elapsed.Seconds())
}

// timesLine says where an ingest's time went.
func timesLine(t ingest.Times, wall time.Duration, workers int) string {
	sec := func(d time.Duration) string { return fmt.Sprintf("%.1fs", d.Seconds()) }
	return fmt.Sprintf("docqa: time: reading and hashing %s; on %d worker(s), summed: extraction %s, OCR %s, normalising %s, tables %s, outline %s; indexing: passages %s, writing %s; wall %s",
		sec(t.Hash), workers, sec(t.Extract), sec(t.OCR), sec(t.Normalize), sec(t.Tables), sec(t.Outline), sec(t.Put), sec(t.Flush), sec(wall))
}

func checkExtractor(name string) error {
	switch name {
	case "", "auto", "pdfium", "ledongthuc", "pdftotext":
		return nil
	}
	return &usageError{msg: fmt.Sprintf("unknown extractor %q", name), hint: "use --extractor auto, pdfium, ledongthuc or pdftotext"}
}

func askCommand() *cli.Command {
	return &cli.Command{
		Name:      "ask",
		Usage:     "answer one question with verified quotes",
		ArgsUsage: "QUESTION",
		Flags: append([]cli.Flag{
			&cli.StringSliceFlag{Name: "docs", Usage: "ingest this file or folder first (incremental)"},
			&cli.StringSliceFlag{Name: "doc", Usage: "search only this document (repeatable)"},
			&cli.StringFlag{Name: "pages", Usage: "search only these pages, e.g. 10-20 or 7 or 10-20,31"},
			&cli.StringSliceFlag{Name: "option", Usage: "a choice of a multiple-choice question (repeatable); each is searched too"},
			&cli.StringSliceFlag{Name: "attach", Usage: "answer from this PDF or text `FILE` too, without indexing it (repeatable, up to 20 MiB each)"},
			&cli.BoolFlag{Name: "json", Usage: "print the answer as JSON"},
			readerParamsFlag(),
		}, answerFlags()...),
		Action: runAsk,
	}
}

// answerFlags are the search and --docs ingest flags that ask and eval share.
func answerFlags() []cli.Flag {
	return []cli.Flag{
		&cli.IntFlag{Name: "k", Aliases: []string{"K"}, Usage: fmt.Sprintf("passages to retrieve for each sub-question (ranked into pages); 0 means %d, or k of --params", search.DefaultK), Action: atLeast("k", 0)},
		&cli.IntFlag{Name: "max-context", Usage: "characters of page text to answer from", Value: 6000, Action: atLeast("max-context", 1)},
		&cli.StringFlag{Name: "search", Usage: "search mode: multi (sub-questions, fused, pages expanded) or plain (one query, the baseline)", Value: "multi"},
		&cli.IntFlag{Name: "expand", Usage: "also read this many pages either side of each hit page (0: none)", Value: 1, Action: atLeast("expand", 0)},
		&cli.StringFlag{Name: "planner", Usage: "sub-question planner: auto (the model's plan added to the rules' when a model answers) or rules", Value: "auto"},
		&cli.StringFlag{Name: "extractor", Usage: "PDF text engine for --docs", Value: "auto"},
		&cli.IntFlag{Name: "workers", Usage: "documents extracted at once for --docs", Value: runtime.NumCPU()},
		&cli.DurationFlag{Name: "file-timeout", Usage: "time limit for one file for --docs", Value: time.Minute},
		ocrFlag(), ocrLangFlag(),
		&cli.DurationFlag{Name: "timeout", Usage: "time limit for each model generation", Value: 2 * time.Minute},
		&cli.StringFlag{Name: "trace", Usage: "append JSON lines of telemetry of every stage to `FILE`", EnvVars: []string{"DOCQA_TRACE"}},
	}
}

// ocrCache is the folder of the text OCR read, in the index folder; an
// index in a database has none (each machine reads a scan again).
func ocrCache(index string) string {
	if search.IsURL(index) {
		return ""
	}
	return filepath.Join(index, "ocr")
}

// askGCPercent is the garbage collector's GOGC for one question: the
// heap a question keeps live is a few megabytes, so at the default of
// 100 the collector ran 7 to 9 times in a question of 50 to 180 ms
// (GODEBUG=gctrace=1), each time scanning the same index structures.
// 400 lets the heap grow to four times its live size between cycles: a
// process asks one question and ends. Measured on issue 40's 27.5k-page
// index, 30 MMLongBench and 30 FinanceBench questions, one process
// each, alternating with GOGC=100: mean 58.2 -> 51.5 ms (MMLongBench),
// 86.6 -> 84.5 (FinanceBench), 22.1 -> 20.8 (a question that matches
// nothing); peak RSS of a FinanceBench question 71 -> 82 MB.
const askGCPercent = 400

func runAsk(c *cli.Context) error {
	question := strings.TrimSpace(strings.Join(c.Args().Slice(), " "))
	if question == "" {
		return &usageError{msg: "ask needs a question", hint: `docqa ask "what is the maximum oil temperature?"`}
	}
	pages, err := parsePages(c.String("pages"))
	if err != nil {
		return err
	}
	if len(c.StringSlice("docs")) == 0 { // an ingest first keeps the default, for its memory
		debug.SetGCPercent(askGCPercent)
	}
	// the synonym groups are read, and the patterns that read the
	// question and its pages compile, on the other core from the start,
	// while the index opens, instead of one by one on first use; what is
	// left uncompiled when the question is answered stays so (stopping at
	// the index's opening measured no better)
	warm, stopWarm := context.WithCancel(c.Context)
	var warming errgroup.Group
	warming.Go(func() error { synonyms.Warm(); lazyre.Warm(warm); return nil })
	defer func() { stopWarm(); warming.Wait() }()
	ans, err := openAnswering(c, true)
	if err != nil {
		return err
	}
	defer ans.close()
	pagesNotice(c, ans.m, ans.scope, pages)
	req := ans.base
	req.Question = question
	req.Filter = search.Filter{Docs: ans.scope, Pages: pages}
	req.Options = c.StringSlice("option")
	a, err := answer.Ask(c.Context, ans.r, req)
	if err == nil {
		ans.live.wipe()
	}
	ans.live.end()
	if err != nil {
		return err
	}
	markOCR(ans.m, a)
	modelNotice(c, a)
	return printAnswer(c, a)
}

// pagesNotice warns when --pages names no page of the documents in
// scope (all of them when none is named): the search would find nothing.
func pagesNotice(c *cli.Context, m *ingest.Manifest, scope []string, pages []search.PageRange) {
	if len(pages) == 0 || c.Bool("quiet") {
		return
	}
	last := 0 // the most pages a document in scope has
	for _, e := range m.Sorted() {
		if len(scope) == 0 || slices.Contains(scope, e.Name) {
			last = max(last, e.Pages)
		}
	}
	if last == 0 || slices.ContainsFunc(pages, func(r search.PageRange) bool { return r.From <= last }) {
		return
	}
	fmt.Fprintf(c.App.ErrWriter, "docqa: notice: --pages %s is past the last page (%d) of the documents searched; nothing there can answer\n", c.String("pages"), last)
}

// modelNotice tells, in one line, that the model failed on the question
// and the extractive engine answered instead.
func modelNotice(c *cli.Context, a *answer.Answer) {
	if a.ModelError != "" && !c.Bool("quiet") {
		fmt.Fprintf(c.App.ErrWriter, "docqa: notice: the model did not answer (%s); answered with the extractive engine\n", a.ModelError)
	}
}

// openIndex opens the index (read-only: the snapshot the last writer
// published; else under the writer's lock) and reads its manifest.
func openIndex(c *cli.Context, readOnly bool) (*search.Index, *ingest.Manifest, error) {
	var params *search.Params
	if file := c.String("params"); file != "" { // eval --params
		p, err := readParams(file)
		if err != nil {
			return nil, nil, err
		}
		params = &p
	}
	idx, m, err := app.OpenIndex(c.Context, c.String("index"), readOnly, params)
	if err != nil {
		return nil, nil, indexError(c.String("index"), err)
	}
	return idx, m, nil
}

// indexError gives an error opening the index folder dir the hint that
// says what to do: a file where the folder should be, a folder the user
// may not write or read.
func indexError(dir string, err error) error {
	switch {
	case errors.Is(err, syscall.ENOTDIR):
		return &hintError{err: err, hint: fmt.Sprintf("--index (or DOCQA_INDEX) names %s, which is a file, not a folder: give a folder, e.g. --index ~/docqa-index", printable(dir))}
	case errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS): // a read-only file system is one the user may not write either
		return &hintError{err: err, hint: fmt.Sprintf("you may not use the index folder %s: run docqa as its owner, ask its owner to let you (chmod), or give a folder of your own with --index", printable(dir))}
	}
	return err
}

// readerParamsFlag is --reader-params, of ask and eval.
func readerParamsFlag() cli.Flag {
	return &cli.StringFlag{Name: "reader-params", Usage: "read with the extractive reader's numbers of JSON `FILE` (only those it names change; see reader.Params), to compare a change on each question set", TakesFile: true}
}

// readReaderParams reads the file of reader parameters --reader-params
// names; nil, the defaults, when it names none.
func readReaderParams(c *cli.Context) (*reader.Params, error) {
	file := c.String("reader-params")
	if file == "" {
		return nil, nil
	}
	f, err := os.Open(file)
	if err != nil {
		return nil, &hintError{err: fmt.Errorf("read reader parameters: %w", err), hint: `--reader-params names a JSON file of the reader's numbers to change, e.g. {"min_coverage": 0.6}`}
	}
	defer f.Close()
	p, err := reader.ReadParams(f)
	if err != nil {
		return nil, &hintError{err: fmt.Errorf("%s: %w", file, err), hint: `name only known reader parameters, e.g. {"min_coverage": 0.6, "kind_bonus": 0.3}; see reader.Params`}
	}
	return &p, nil
}

// readParams reads a file of search parameters.
func readParams(file string) (search.Params, error) {
	f, err := os.Open(file)
	if err != nil {
		return search.Params{}, &hintError{err: fmt.Errorf("read parameters: %w", err), hint: `--params names a JSON file of the parameters to change, e.g. {"head_boost": 2}`}
	}
	defer f.Close()
	p, err := search.ReadParams(f)
	if err != nil {
		return p, &hintError{err: fmt.Errorf("%s: %w", file, err), hint: `name only known parameters, e.g. {"head_boost": 2, "k": 40}; see search.Params`}
	}
	return p, nil
}

func printAnswer(c *cli.Context, a *answer.Answer) error {
	if wantJSON(c) {
		enc := json.NewEncoder(c.App.Writer)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		return enc.Encode(a)
	}
	return answer.Render(c.App.Writer, a)
}

// parsePages reads --pages ([search.ParsePages]), with a hint when it
// cannot.
func parsePages(s string) ([]search.PageRange, error) {
	pages, err := search.ParsePages(s)
	if err != nil {
		return nil, &usageError{msg: err.Error(), hint: "use --pages 10-20, --pages 7 or --pages 10-20,31 (pages count from 1)"}
	}
	return pages, nil
}

// resolveDocs maps --doc values to indexed document names: the exact
// name, the name in any letter case with or without ".pdf", or a prefix
// that only one document has. An unknown or ambiguous name is an error
// naming the candidates.
func resolveDocs(m *ingest.Manifest, want []string) ([]string, error) {
	var out []string
	for _, w := range want {
		name, err := findDoc(m, w, true)
		if err != nil {
			return nil, err
		}
		out = append(out, name)
	}
	return out, nil
}

// findDoc finds one document by name ([ingest.Manifest.Find]), with a
// hint when none or several match.
// printedDoc returns the indexed document that docs prints as w: a name
// with control characters is printed quoted (printable), one of invalid
// UTF-8 shows U+FFFD where its bad bytes are.
func printedDoc(m *ingest.Manifest, w string) (string, bool) {
	unquoted, err := strconv.Unquote(w)
	for _, e := range m.Sorted() {
		if printable(e.Name) == w || e.Name != w && strings.ToValidUTF8(e.Name, "\uFFFD") == w || err == nil && unquoted == e.Name {
			return e.Name, true
		}
	}
	return "", false
}

func findDoc(m *ingest.Manifest, w string, prefix bool) (string, error) {
	name, err := m.Find(w, prefix)
	var ne *ingest.NameError
	switch {
	case !errors.As(err, &ne):
		return name, err
	case len(ne.Matches) > 1:
		return "", &hintError{err: err, hint: "give more of the name, or run 'docqa docs' to list them"}
	case len(ne.Close) > 0:
		return "", &hintError{err: err, hint: "did you mean " + ingest.ListNames(ne.Close) + "?"}
	}
	return "", &hintError{err: err, hint: "run 'docqa docs' to list the indexed documents"}
}

func docsCommand() *cli.Command {
	return &cli.Command{
		Name:  "docs",
		Usage: "list the indexed documents",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "json", Usage: "print as JSON"},
			&cli.BoolFlag{Name: "failed", Usage: "list the files ingest could not read, and why"},
		},
		Action: func(c *cli.Context) error {
			// the published index, as ask reads it, even during an ingest
			_, idx, m, closeIndex, err := openRetriever(c)
			if err != nil {
				return err
			}
			if idx != nil && idx.Updating() && !c.Bool("quiet") {
				fmt.Fprintln(c.App.ErrWriter, "docqa: notice: an ingest is running; listing the index as it was before it began")
			}
			closeIndex()
			if c.Bool("failed") {
				return printFailed(c, m)
			}
			entries := m.Sorted()
			if wantJSON(c) {
				enc := json.NewEncoder(c.App.Writer)
				enc.SetIndent("", "  ")
				return enc.Encode(entries)
			}
			if len(entries) == 0 {
				return search.ErrNoIndex
			}
			return printDocs(c.App.Writer, entries)
		},
	}
}

// printable writes a file name for a table: quoted, its control
// characters escaped, when it holds any ("two\nlines.pdf"), as is
// otherwise.
func printable(name string) string {
	if strings.IndexFunc(name, unicode.IsControl) >= 0 {
		return strconv.Quote(name)
	}
	return name
}

// printableList names up to five documents, then how many more.
func printableList(names []string) string {
	var out []string
	for i, n := range names {
		if i == 5 {
			out = append(out, fmt.Sprintf("and %d more", len(names)-5))
			break
		}
		out = append(out, printable(n))
	}
	return strings.Join(out, ", ")
}

// printFailed lists the files ingest could not read, by path, with the
// reason; JSON with --json.
func printFailed(c *cli.Context, m *ingest.Manifest) error {
	paths := make([]string, 0, len(m.Failed))
	for p := range m.Failed {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	if wantJSON(c) {
		type failed struct {
			Path   string `json:"path"`
			Reason string `json:"reason"`
		}
		out := []failed{}
		for _, p := range paths {
			out = append(out, failed{p, m.Failed[p].Reason})
		}
		enc := json.NewEncoder(c.App.Writer)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	if len(paths) == 0 {
		fmt.Fprintln(c.App.Writer, "no failed files")
		return nil
	}
	tw := tabwriter.NewWriter(c.App.Writer, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "FILE\tREASON")
	for _, p := range paths {
		fmt.Fprintf(tw, "%s\t%s\n", printable(p), printable(m.Failed[p].Reason))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if !c.Bool("quiet") {
		fmt.Fprintln(c.App.ErrWriter, "docqa: hint: docqa ingest --retry FOLDER reads them again (after a fix, e.g. a password removed or Tesseract installed)")
	}
	return nil
}

func printDocs(w io.Writer, entries []ingest.Entry) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tPAGES\tOCR\tENGINE\tOUTLINE\tSTATUS\tWARNINGS")
	from := map[string]int{}
	for _, e := range entries {
		outline := "-"
		if e.Outline != "" {
			outline = e.Outline
			from[e.Outline]++
		}
		status := "ok"
		if len(e.Warnings) > 0 {
			status = "warning"
		}
		if e.Passages == 0 {
			status = "no text"
		}
		ocr := "-"
		if len(e.OCR) > 0 {
			ocr = fmt.Sprint(len(e.OCR))
		}
		if e.OCRPending > 0 {
			status = "needs OCR"
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%s\t%s\n", printable(e.Name), e.Pages, ocr, e.Engine, outline, status, strings.Join(e.Warnings, "; "))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	// what the outlines (docqa outline) were read from
	_, err := fmt.Fprintf(w, "%d of %d documents have bookmarks; %d more an outline from their contents, %d from their numbered headings\n",
		from[doc.FromBookmarks], len(entries), from[doc.FromContents], from[doc.FromHeadings])
	return err
}

func removeCommand() *cli.Command {
	return &cli.Command{
		Name:      "remove",
		Usage:     "remove documents from the index",
		ArgsUsage: "NAME...",
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return &usageError{msg: "remove needs a document name", hint: "run 'docqa docs' to list the indexed documents"}
			}
			idx, m, err := openIndex(c, false)
			if err != nil {
				return err
			}
			defer idx.Close()
			var missing []string
			for _, w := range c.Args().Slice() {
				name, ok := printedDoc(m, w)
				if !ok {
					name, err = findDoc(m, w, false) // removing by prefix could hit the wrong one
				}
				if err != nil {
					missing = append(missing, w)
					continue
				}
				if err := idx.Delete(c.Context, name); err != nil {
					return err
				}
				delete(m.Docs, name)
				if err := idx.SaveManifest(c.Context, m); err != nil {
					return err
				}
				if !c.Bool("quiet") {
					fmt.Fprintf(c.App.ErrWriter, "docqa: removed %s\n", printable(name))
				}
			}
			if len(missing) > 0 {
				return &hintError{err: fmt.Errorf("no indexed document named %s", strings.Join(missing, ", ")), hint: "run 'docqa docs' to list the indexed documents"}
			}
			return nil
		},
	}
}

// searchMode reads --search.
func searchMode(c *cli.Context) (string, error) {
	switch m := c.String("search"); m {
	case answer.ModeMulti, answer.ModePlain:
		return m, nil
	case "":
		return answer.ModeMulti, nil
	default:
		return "", &usageError{msg: fmt.Sprintf("unknown search mode %q", m), hint: "use --search multi or --search plain"}
	}
}

// atLeast rejects a value of flag name below min as a usage error, where
// it would silently mean the default.
func atLeast(name string, min int) func(*cli.Context, int) error {
	return func(c *cli.Context, v int) error {
		if v < min {
			return &usageError{msg: fmt.Sprintf("%s %d: must be %d or more", flagName(name), v, min), hint: "run 'docqa " + c.Command.Name + " --help' for usage"}
		}
		return nil
	}
}

// expand reads --expand: 0 means no expansion, which Request spells -1.
func expand(c *cli.Context) int {
	if n := c.Int("expand"); n > 0 {
		return n
	}
	return -1
}

// flagName writes a flag as it is typed: "-k", "--expand".
func flagName(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}
