//go:build !linux

package ingest

// capMemory does nothing where the system has no prlimit: pdftotext's
// timeout still bounds it.
func capMemory(pid int, limit uint64) error { return nil }
