// Package cli is docqa's command line: its commands (one file each),
// flags and environment, the output of each command, and the exit codes
// and hints of its errors. main.go calls [Run]; the work is done by the
// packages ingest, search and answer.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/pprof"

	"github.com/urfave/cli/v2"

	"docqa/internal/app"
)

// Exit codes, documented in --help.
const (
	exitOK          = 0
	exitError       = 1
	exitUsage       = 2
	exitPartial     = 3
	exitInterrupted = 130
)

// The exit codes, for callers of [Run].
const (
	ExitOK          = exitOK
	ExitError       = exitError
	ExitUsage       = exitUsage
	ExitPartial     = exitPartial
	ExitInterrupted = exitInterrupted
)

// Run executes one docqa command line (args[0] is the program's name)
// and returns its exit code. It reads stdin and writes stdout and stderr
// only; signals reach it through ctx.
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := newApp(stdin, stdout, stderr)
	err := app.RunContext(ctx, args)
	if err == nil {
		return exitOK
	}
	return report(ctx, stderr, err)
}

func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	app := &cli.App{
		Name:  "docqa",
		Usage: "answer questions about your PDFs with exact, verified quotes",
		Description: `docqa indexes PDFs on this machine and answers questions with quotes copied
from the documents, each with its file and page and checked against the text.
Nothing leaves the machine.

   Start with:  docqa ask --docs FOLDER "your question"

EXIT STATUS:
   0 answered or done, 1 error, 2 usage error, 3 ingest finished but some
   files failed, 130 interrupted`,
		Reader:          stdin,
		Writer:          stdout,
		ErrWriter:       stderr,
		HideHelpCommand: true,
		// "--option '3,600 hours'" is one option, and file names may hold commas.
		DisableSliceFlagSeparator: true,
		ExitErrHandler:            func(*cli.Context, error) {},
		OnUsageError:              onUsageError,
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return &usageError{msg: fmt.Sprintf("unknown command %q", c.Args().First()), hint: "run 'docqa --help' for the commands"}
			}
			return cli.ShowAppHelp(c)
		},
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "index", Usage: "index folder", EnvVars: []string{"DOCQA_INDEX"}, Value: defaultIndexDir(), DefaultText: "$XDG_DATA_HOME/docqa"},
			&cli.StringFlag{Name: "engine", Usage: "answer engine: auto, ollama, openai (any OpenAI-compatible server: llama-server, vLLM, LM Studio) or extractive", EnvVars: []string{"DOCQA_ENGINE"}, Value: "auto"},
			&cli.StringFlag{Name: "model", Usage: "model for the ollama or openai engine", EnvVars: []string{"DOCQA_MODEL"}, Value: app.DefaultModel},
			&cli.StringFlag{Name: "base-url", Usage: "OpenAI-compatible server for --engine openai (auto uses it when set), e.g. http://127.0.0.1:8080/v1; the key, if it needs one, is read from OPENAI_API_KEY", EnvVars: []string{"OPENAI_BASE_URL"}},
			&cli.IntFlag{Name: "context-size", Usage: "the openai engine's model context window in tokens, when the server does not state it (0: ask the server); a prompt that does not fit fails instead of being cut"},
			&cli.StringFlag{Name: "prompts", Usage: "folder of prompt sheets (answer.tmpl, system.tmpl, ...) that replace the built-in ones", EnvVars: []string{"DOCQA_PROMPTS"}},
			&cli.StringFlag{Name: "metrics", Usage: "file of metric definitions (NAME | ALIAS = FORMULA, one a line) the table reader computes, before the standard ones", EnvVars: []string{"DOCQA_METRICS"}, TakesFile: true},
			&cli.StringFlag{Name: "ollama-host", Usage: "Ollama server, as host:port or URL", EnvVars: []string{"OLLAMA_HOST"}, Value: "127.0.0.1:11434"},
			&cli.BoolFlag{Name: "json", Usage: "print results as JSON"},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "print no progress or notices"},
			&cli.StringFlag{Name: "cpuprofile", Usage: "write a CPU profile of the command to `FILE` (go tool pprof FILE)", Hidden: true, TakesFile: true},
		},
		Before: startProfile,
		After:  stopProfile,
		Commands: []*cli.Command{
			ingestCommand(),
			askCommand(),
			chatCommand(),
			docsCommand(),
			removeCommand(),
			evalCommand(),
			tablesCommand(),
			outlineCommand(),
		},
	}
	for _, c := range app.Commands {
		c.OnUsageError = onUsageError
	}
	return app
}

// startProfile starts the CPU profile --cpuprofile asks for: where the
// time of a whole command goes, ingest or ask (issue 40).
func startProfile(c *cli.Context) error {
	name := c.String("cpuprofile")
	if name == "" {
		return nil
	}
	f, err := os.Create(name)
	if err != nil {
		return fmt.Errorf("create profile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return fmt.Errorf("start profile: %w", err)
	}
	c.App.Metadata = map[string]any{"profile": f}
	return nil
}

// stopProfile ends and writes the profile startProfile began.
func stopProfile(c *cli.Context) error {
	f, ok := c.App.Metadata["profile"].(*os.File)
	if !ok {
		return nil
	}
	pprof.StopCPUProfile()
	return f.Close()
}

// onUsageError turns urfave/cli's flag errors into usage errors (exit 2).
func onUsageError(c *cli.Context, err error, _ bool) error {
	cmd := "docqa"
	if c.Command != nil && c.Command.Name != "" && c.Command.Name != c.App.Name {
		cmd += " " + c.Command.Name
	}
	return &usageError{msg: err.Error(), hint: "run '" + cmd + " --help' for usage"}
}

// defaultIndexDir is $XDG_DATA_HOME/docqa, or ~/.local/share/docqa.
func defaultIndexDir() string {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "docqa")
	}
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Join(h, ".local", "share", "docqa")
	}
	return ".docqa"
}

// cacheDir is where wazero keeps compiled PDFium between runs.
func cacheDir() string {
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "docqa", "wazero")
	}
	return ""
}

// report prints an error and its hints, and returns the exit code.
func report(ctx context.Context, stderr io.Writer, err error) int {
	if ctx.Err() != nil && (errors.Is(err, context.Canceled) || errors.Is(err, ctx.Err())) {
		fmt.Fprintln(stderr, "docqa: interrupted")
		return exitInterrupted
	}
	var pe *partialError
	if errors.As(err, &pe) {
		return exitPartial
	}
	msg, hints := describe(err)
	fmt.Fprintf(stderr, "docqa: error: %s\n", msg)
	for _, h := range hints {
		fmt.Fprintf(stderr, "docqa: hint: %s\n", h)
	}
	var ue *usageError
	if errors.As(err, &ue) {
		return exitUsage
	}
	if ctx.Err() != nil {
		return exitInterrupted
	}
	return exitError
}
