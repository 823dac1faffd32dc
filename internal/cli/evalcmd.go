package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/urfave/cli/v2"

	"docqa/answer"
	"docqa/eval"
	"docqa/ingest"
	"docqa/search"
)

func evalCommand() *cli.Command {
	return &cli.Command{
		Name:      "eval",
		Usage:     "answer every question of a question file and score the answers",
		ArgsUsage: "FILE.jsonl | --compare A.json B.json",
		Description: `Reads a question file (one JSON object per line: "id", "question", "answer",
and optionally "doc", "pages" and "options"), answers each question, and
prints accuracy, precision, refusal rate, evidence-page hit@1/hit@5/MRR,
citations verified, latency and context size. A gold answer "Not answerable"
counts as correct when docqa says the answer is not found.

Questions naming a "doc" are searched in that document only, unless
--unscoped. When a "pdfs" folder sits beside the question file it is ingested
first (incremental), unless --docs names other paths.

Ctrl-C stops the run and keeps what was finished; with --out, running the
same command again with --resume answers only the rest.`,
		Flags: append([]cli.Flag{
			&cli.StringSliceFlag{Name: "docs", Usage: "ingest these files or folders first (default: pdfs/ beside FILE)"},
			&cli.BoolFlag{Name: "unscoped", Usage: "search all documents, not only each question's doc"},
			&cli.IntFlag{Name: "concurrency", Usage: "questions answered at once", Value: 2},
			&cli.StringFlag{Name: "out", Usage: "write every per-question record and the totals as JSON to `FILE`"},
			&cli.BoolFlag{Name: "resume", Usage: "continue the run in --out, answering only questions it lacks"},
			&cli.BoolFlag{Name: "markdown", Usage: "print the metrics as a Markdown table"},
			&cli.StringFlag{Name: "html", Usage: "write a self-contained HTML report to `FILE`"},
			&cli.BoolFlag{Name: "compare", Usage: "compare two run files (A.json B.json) instead"},
			&cli.StringFlag{Name: "params", Usage: "search with the ranking parameters of JSON `FILE` (only those it names change), to compare a change on each question set"},
			readerParamsFlag(),
		}, answerFlags()...),
		Action: runEval,
	}
}

func runEval(c *cli.Context) error {
	if c.Bool("compare") {
		return runCompare(c)
	}
	mode, file, qs, earlier, err := evalInputs(c)
	if err != nil {
		return err
	}
	docs := c.StringSlice("docs")
	if len(docs) == 0 {
		if dir := filepath.Join(filepath.Dir(file), "pdfs"); isDir(dir) {
			docs = []string{dir}
		}
	}
	if len(docs) > 0 {
		if err := runIngest(c, docs, false, true); err != nil {
			return err
		}
	}
	idx, m, err := openIndex(c, true)
	if err != nil {
		return err
	}
	defer idx.Close()
	if len(m.Docs) == 0 {
		return search.ErrNoIndex
	}
	eng, err := pickEngine(c)
	if err != nil {
		return err
	}
	base, err := baseRequest(c, eng, mode, m, nil)
	if err != nil {
		return err
	}
	res := &eval.Result{
		Version: eval.RunVersion, File: file, Engine: eng.Name, Search: mode,
		Scoped: !c.Bool("unscoped"),
	}
	ask := func(ctx context.Context, q eval.Question) (*answer.Answer, error) {
		f := search.Filter{}
		if q.Doc != "" && res.Scoped {
			scope, err := resolveDocs(m, []string{q.Doc})
			if err != nil {
				return nil, err
			}
			f.Docs = scope
		}
		req := base
		req.Question, req.Options, req.Filter = q.Question, q.Options, f
		a, err := answer.Ask(ctx, idx, req)
		if err == nil {
			markOCR(m, a)
		}
		return a, err
	}
	runErr := runQuestions(c, res, qs, eval.Runner{Concurrency: c.Int("concurrency"), Earlier: earlier}, ask)
	if runErr != nil && !errors.Is(runErr, context.Canceled) {
		return runErr
	}
	if err := writeReports(c, res); err != nil {
		return err
	}
	return runErr
}

// evalInputs checks eval's arguments and reads what it runs: the search
// mode, the question file and its questions, and with --resume the
// earlier run in --out (nil when there is none yet).
func evalInputs(c *cli.Context) (mode, file string, qs []eval.Question, earlier *eval.Result, err error) {
	if c.NArg() != 1 {
		return "", "", nil, nil, &usageError{msg: "eval needs one question file", hint: "docqa eval questions.jsonl  (or docqa eval --compare a.json b.json)"}
	}
	if c.Bool("resume") && c.String("out") == "" {
		return "", "", nil, nil, &usageError{msg: "--resume continues the run in --out", hint: "docqa eval --out run.json --resume questions.jsonl"}
	}
	if c.Int("concurrency") < 1 {
		return "", "", nil, nil, &usageError{msg: "--concurrency must be at least 1", hint: "docqa eval --concurrency 2 questions.jsonl"}
	}
	if mode, err = searchMode(c); err != nil {
		return "", "", nil, nil, err
	}
	file = c.Args().First()
	var warnings []string
	if qs, warnings, err = readQuestions(file); err != nil {
		return "", "", nil, nil, err
	}
	if !c.Bool("quiet") {
		for _, w := range warnings {
			fmt.Fprintf(c.App.ErrWriter, "docqa: warning: %s: %s\n", printable(file), w)
		}
	}
	if len(qs) == 0 {
		return "", "", nil, nil, &hintError{err: fmt.Errorf("%s holds no questions", file), hint: `each line is a JSON object: {"id": "q1", "question": "...", "answer": "..."}`}
	}
	if c.Bool("resume") {
		if earlier, err = readRun(c.String("out")); errors.Is(err, fs.ErrNotExist) {
			earlier, err = nil, nil
			fmt.Fprintf(c.App.ErrWriter, "docqa: %s does not exist yet; starting a new run\n", c.String("out"))
		} else if err != nil {
			return "", "", nil, nil, err
		}
	}
	return mode, file, qs, earlier, nil
}

// runQuestions runs the questions with a progress bar on a terminal.
func runQuestions(c *cli.Context, res *eval.Result, qs []eval.Question, runner eval.Runner, ask eval.AskFunc) error {
	stderr := c.App.ErrWriter
	bar := &progressBar{w: stderr}
	showBar := isTerminal(stderr) && !c.Bool("quiet")
	todo := len(qs) - runner.Skipped()
	done, start := 0, time.Now()
	runner.OnRecord = func(r eval.Record) {
		done++
		if showBar {
			bar.draw(done, todo, eta(start, done, todo)+"  "+r.Question.ID)
		}
	}
	err := runner.Run(c.Context, res, qs, ask)
	bar.clear()
	return err
}

// writeReports prints the metrics and writes --out and --html.
func writeReports(c *cli.Context, res *eval.Result) error {
	if out := c.String("out"); out != "" {
		if err := writeFile(out, func(w io.Writer) error { return eval.WriteResult(w, res) }); err != nil {
			return err
		}
	}
	if h := c.String("html"); h != "" {
		if err := writeFile(h, func(w io.Writer) error { return eval.WriteHTML(w, res) }); err != nil {
			return err
		}
	}
	if wantJSON(c) {
		return eval.WriteResult(c.App.Writer, res)
	}
	if c.Bool("markdown") {
		return eval.WriteMarkdown(c.App.Writer, res)
	}
	return eval.WriteTable(c.App.Writer, res)
}

func runCompare(c *cli.Context) error {
	if c.NArg() != 2 {
		return &usageError{msg: "--compare needs two run files", hint: "docqa eval --compare before.json after.json"}
	}
	a, err := readRun(c.Args().Get(0))
	if err != nil {
		return err
	}
	b, err := readRun(c.Args().Get(1))
	if err != nil {
		return err
	}
	return eval.Compare(c.App.Writer, a, b)
}

// readQuestions reads a question file, and the warnings on the keys it
// holds that eval does not read ([eval.KeyWarnings]), reading it once.
func readQuestions(path string) ([]eval.Question, []string, error) {
	var read bytes.Buffer
	qs, err := readFile(path, func(r io.Reader) ([]eval.Question, error) {
		return eval.ReadQuestions(io.TeeReader(r, &read))
	})
	if err != nil {
		return nil, nil, err
	}
	return qs, eval.KeyWarnings(read.Bytes()), nil
}

func readRun(path string) (*eval.Result, error) {
	r, err := readFile(path, eval.ReadResult)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &hintError{err, "--compare reads two run files that docqa eval --out FILE wrote: docqa eval --out before.json questions.jsonl"}
	}
	return r, err
}

// readFile opens path and parses it with read, naming the file in a
// parse error.
func readFile[T any](path string, read func(io.Reader) (T, error)) (T, error) {
	f, err := os.Open(path)
	if err != nil {
		var zero T
		return zero, err
	}
	defer f.Close()
	v, err := read(f)
	if err != nil {
		return v, fmt.Errorf("%s: %w", path, err)
	}
	return v, nil
}

// writeFile renders a report and writes it atomically, so an interrupted
// write never leaves half a run file for --resume to trip on.
func writeFile(path string, render func(io.Writer) error) error {
	var b bytes.Buffer
	if err := render(&b); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return ingest.WriteFileAtomic(path, b.Bytes())
}

func isDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

// eta estimates the time left from the pace so far.
func eta(start time.Time, done, total int) string {
	if done == 0 {
		return ""
	}
	left := time.Duration(float64(time.Since(start)) / float64(done) * float64(total-done))
	return "ETA " + left.Round(time.Second).String()
}
