package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/urfave/cli/v2"

	"docqa/answer"
	"docqa/ingest"
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
			&cli.DurationFlag{Name: "timeout", Usage: "time limit for one file", Value: time.Minute},
			&cli.BoolFlag{Name: "prune", Usage: "drop indexed documents whose files no longer exist"},
			&cli.BoolFlag{Name: "retry", Usage: "try again files that failed before and have not changed"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return &usageError{msg: "ingest needs at least one file or folder", hint: "docqa ingest ~/Documents/manuals"}
			}
			return runIngest(c, c.Args().Slice(), c.Bool("prune"), false)
		},
	}
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
	timeout := c.Duration("timeout")
	if timeout <= 0 {
		timeout = time.Minute
	}
	return ingest.Options{
		Workers: workers,
		Timeout: timeout,
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
	ctx := c.Context
	stderr := c.App.ErrWriter
	idx, err := search.Open(ctx, c.String("index"), search.Options{})
	if err != nil {
		return err
	}
	defer idx.Close()

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
	res, err := ingest.Run(ctx, idx.Dir(), paths, idx, opt)
	bar.clear()
	sort.Strings(failures)
	for _, f := range failures {
		fmt.Fprintln(stderr, f)
	}
	if err != nil {
		return err
	}
	if !c.Bool("quiet") && (!quiet || res.Indexed > 0 || res.Pruned > 0) {
		for _, w := range res.Warnings {
			fmt.Fprintf(stderr, "docqa: warning: %s\n", w)
		}
		fmt.Fprintln(stderr, summary(res))
	}
	if len(res.Failures) > 0 && !quiet {
		return &partialError{}
	}
	return nil
}

func summary(r *ingest.Result) string {
	s := fmt.Sprintf("docqa: indexed %d document(s), %d page(s); %d unchanged", r.Indexed, r.Pages, r.Unchanged)
	if r.Pruned > 0 {
		s += fmt.Sprintf("; %d pruned", r.Pruned)
	}
	if n := len(r.Failures); n > 0 {
		s += fmt.Sprintf("; %d failed", n)
	}
	return s + fmt.Sprintf(" (%.1fs)", r.Elapsed.Seconds())
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
		Flags: []cli.Flag{
			&cli.StringSliceFlag{Name: "docs", Usage: "ingest this file or folder first (incremental)"},
			&cli.StringSliceFlag{Name: "doc", Usage: "search only this document (repeatable)"},
			&cli.StringFlag{Name: "pages", Usage: "search only these pages, e.g. 10-20 or 7"},
			&cli.StringSliceFlag{Name: "option", Usage: "a choice of a multiple-choice question (repeatable); each is searched too"},
			&cli.IntFlag{Name: "k", Aliases: []string{"K"}, Usage: "passages to retrieve (ranked into pages)", Value: 40},
			&cli.IntFlag{Name: "max-context", Usage: "characters of page text to answer from", Value: 6000},
			&cli.StringFlag{Name: "search", Usage: "search mode: multi (sub-questions, fused, pages expanded) or plain (one query, the baseline)", Value: "multi"},
			&cli.IntFlag{Name: "expand", Usage: "also read this many pages either side of each hit page (0: none)", Value: 1},
			&cli.StringFlag{Name: "extractor", Usage: "PDF text engine for --docs", Value: "auto"},
			&cli.IntFlag{Name: "workers", Usage: "documents extracted at once for --docs", Value: runtime.NumCPU()},
			&cli.DurationFlag{Name: "timeout", Usage: "time limit for one file for --docs", Value: time.Minute},
			&cli.BoolFlag{Name: "json", Usage: "print the answer as JSON"},
		},
		Action: runAsk,
	}
}

func runAsk(c *cli.Context) error {
	question := strings.TrimSpace(strings.Join(c.Args().Slice(), " "))
	if question == "" {
		return &usageError{msg: "ask needs a question", hint: `docqa ask "what is the maximum oil temperature?"`}
	}
	switch c.String("engine") {
	case "auto", "extractive", "":
	case "ollama":
		return &usageError{msg: "the ollama engine is not available in this build", hint: "use --engine extractive (or auto)"}
	default:
		return &usageError{msg: fmt.Sprintf("unknown engine %q", c.String("engine")), hint: "use --engine auto, ollama or extractive"}
	}
	from, to, err := parsePages(c.String("pages"))
	if err != nil {
		return err
	}
	mode, err := searchMode(c)
	if err != nil {
		return err
	}
	if docs := c.StringSlice("docs"); len(docs) > 0 {
		if err := runIngest(c, docs, false, true); err != nil {
			return err
		}
	}
	ctx := c.Context
	idx, m, err := openIndex(c, true)
	if err != nil {
		return err
	}
	defer idx.Close()
	if len(m.Docs) == 0 {
		return search.ErrNoIndex
	}
	scope, err := resolveDocs(m, c.StringSlice("doc"))
	if err != nil {
		return err
	}
	a, err := answer.Ask(ctx, idx, answer.Request{
		Question:   question,
		Filter:     search.Filter{Docs: scope, FromPage: from, ToPage: to},
		K:          c.Int("k"),
		MaxContext: c.Int("max-context"),
		Options:    c.StringSlice("option"),
		Mode:       mode,
		Expand:     expand(c),
		OnStep:     stepPrinter(c),
	})
	if err != nil {
		return err
	}
	return printAnswer(c, a)
}

// openIndex opens the index (shared lock when readOnly, else exclusive)
// and reads its manifest under that lock.
func openIndex(c *cli.Context, readOnly bool) (*search.Index, *ingest.Manifest, error) {
	idx, err := search.Open(c.Context, c.String("index"), search.Options{ReadOnly: readOnly})
	if err != nil {
		return nil, nil, err
	}
	m, err := ingest.LoadManifest(idx.Dir())
	if err != nil {
		idx.Close()
		return nil, nil, err
	}
	return idx, m, nil
}

func printAnswer(c *cli.Context, a *answer.Answer) error {
	if c.Bool("json") {
		enc := json.NewEncoder(c.App.Writer)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		return enc.Encode(a)
	}
	return answer.Render(c.App.Writer, a)
}

// parsePages reads "10-20", "7" or "" into an inclusive range.
func parsePages(s string) (int, int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, 0, nil
	}
	bad := &usageError{msg: fmt.Sprintf("bad page range %q", s), hint: "use --pages 10-20 or --pages 7 (pages count from 1)"}
	lo, hi, isRange := strings.Cut(s, "-")
	from, err := strconv.Atoi(strings.TrimSpace(lo))
	if err != nil || from < 1 {
		return 0, 0, bad
	}
	to := from
	if isRange {
		if to, err = strconv.Atoi(strings.TrimSpace(hi)); err != nil || to < from {
			return 0, 0, bad
		}
	}
	return from, to, nil
}

// resolveDocs maps --doc values to indexed document names, accepting a
// name without ".pdf" and any letter case.
func resolveDocs(m *ingest.Manifest, want []string) ([]string, error) {
	var out []string
	for _, w := range want {
		name, ok := findDoc(m, w)
		if !ok {
			return nil, &hintError{err: fmt.Errorf("no indexed document named %q", w), hint: "run 'docqa docs' to list the indexed documents"}
		}
		out = append(out, name)
	}
	return out, nil
}

func findDoc(m *ingest.Manifest, w string) (string, bool) {
	if _, ok := m.Docs[w]; ok {
		return w, true
	}
	for name := range m.Docs {
		if strings.EqualFold(name, w) || strings.EqualFold(strings.TrimSuffix(name, ".pdf"), w) {
			return name, true
		}
	}
	return "", false
}

func docsCommand() *cli.Command {
	return &cli.Command{
		Name:  "docs",
		Usage: "list the indexed documents",
		Flags: []cli.Flag{&cli.BoolFlag{Name: "json", Usage: "print as JSON"}},
		Action: func(c *cli.Context) error {
			m, err := ingest.LoadManifest(c.String("index"))
			if err != nil {
				return err
			}
			entries := m.Sorted()
			if c.Bool("json") {
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

func printDocs(w io.Writer, entries []ingest.Entry) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tPAGES\tENGINE\tSTATUS\tWARNINGS")
	for _, e := range entries {
		status := "ok"
		if len(e.Warnings) > 0 {
			status = "warning"
		}
		if e.Passages == 0 {
			status = "no text"
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\n", e.Name, e.Pages, e.Engine, status, strings.Join(e.Warnings, "; "))
	}
	return tw.Flush()
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
				name, ok := findDoc(m, w)
				if !ok {
					missing = append(missing, w)
					continue
				}
				if err := idx.Delete(c.Context, name); err != nil {
					return err
				}
				delete(m.Docs, name)
				if err := m.Save(idx.Dir()); err != nil {
					return err
				}
				if !c.Bool("quiet") {
					fmt.Fprintf(c.App.ErrWriter, "docqa: removed %s\n", name)
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

// expand reads --expand: 0 means no expansion, which Request spells -1.
func expand(c *cli.Context) int {
	if n := c.Int("expand"); n > 0 {
		return n
	}
	return -1
}

// stepPrinter shows search steps on stderr when it is a terminal.
func stepPrinter(c *cli.Context) func(search.Step) {
	w := c.App.ErrWriter
	if !isTerminal(w) || c.Bool("quiet") || c.Bool("json") {
		return nil
	}
	return func(s search.Step) {
		if s.Done {
			fmt.Fprintf(w, "\r\033[K%s: %s\n", s.Label, s.Detail)
			return
		}
		fmt.Fprintf(w, "\r\033[K%s…", s.Label)
	}
}
