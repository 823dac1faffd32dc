// Command docqa answers questions about a folder of PDFs with exact,
// verified quotes: each citation names its file and page and is checked
// against the page text.
//
// main.go wires: signals and the exit code.
// The command line is package internal/cli; the work is done by the
// packages ingest, search and answer.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"docqa/internal/cli"
)

func main() {
	// The collector runs at Go's default pace (GOGC=100). Collecting a
	// third as often (300) made ingest 4-6% faster, but an ingest of all
	// of ../shared then peaked at 518-667 MiB against 397-424 MiB.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := cli.Run(ctx, os.Args, os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
