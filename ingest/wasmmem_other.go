//go:build !linux

package ingest

import "github.com/tetratelabs/wazero/experimental"

// wasmMemory returns an allocator of Go slices capped at limit bytes.
func wasmMemory(limit uint64) experimental.MemoryAllocator {
	return experimental.MemoryAllocatorFunc(func(_, max uint64) experimental.LinearMemory {
		return &sliceMemory{max: min(max, limit)}
	})
}
