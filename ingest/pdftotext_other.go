//go:build !linux

package ingest

// memoryCapped tells that capMemory caps a process's memory here: it
// does not, so [Auto] tries pdftotext last.
const memoryCapped = false

// capMemory does nothing where the system has no prlimit: pdftotext's
// timeout still bounds it.
func capMemory(pid int, limit uint64) error { return nil }
