package main

import (
	"context"
	"io"

	"docqa/internal/cli"
)

// The system tests run docqa in this process through run, as main does,
// or build the binary from this folder.

const (
	exitOK      = cli.ExitOK
	exitError   = cli.ExitError
	exitUsage   = cli.ExitUsage
	exitPartial = cli.ExitPartial
)

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return cli.Run(ctx, args, stdin, stdout, stderr)
}
