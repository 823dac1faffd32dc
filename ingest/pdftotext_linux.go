package ingest

import "golang.org/x/sys/unix"

// memoryCapped tells that capMemory caps a process's memory here.
const memoryCapped = true

// capMemory limits the address space of process pid to limit bytes.
func capMemory(pid int, limit uint64) error {
	return unix.Prlimit(pid, unix.RLIMIT_AS, &unix.Rlimit{Cur: limit, Max: limit}, nil)
}
