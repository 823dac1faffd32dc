// Command docqa answers questions about a folder of PDFs with exact,
// verified quotes: each citation names its file and page and is checked
// against the page text.
//
// main.go wires: the collector's setting, signals and the exit code.
// The command line is package internal/cli; the work is done by the
// packages ingest, search and answer.
package main

import (
	"context"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"docqa/internal/cli"
)

func main() {
	if os.Getenv("GOGC") == "" {
		// The collector's stop-the-world phases wait for every goroutine
		// that is inside a PDFium (WebAssembly) call to come out of it,
		// leaving both cores idle; collecting a third as often made ingest
		// 6% faster for a third more memory (scripts/ingest-speed.sh).
		debug.SetGCPercent(300)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := cli.Run(ctx, os.Args, os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
