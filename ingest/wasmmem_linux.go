package ingest

import (
	"syscall"

	"github.com/tetratelabs/wazero/experimental"
)

// wasmMemory returns an allocator that reserves each instance's whole
// linear memory (up to limit bytes) as one anonymous mapping, so growing it
// never copies: wazero's default grows a Go slice by appending, which cost
// a tenth of ingest time and fed the garbage collector. Pages the instance
// never touches take no RAM.
func wasmMemory(limit uint64) experimental.MemoryAllocator {
	return experimental.MemoryAllocatorFunc(func(_, max uint64) experimental.LinearMemory {
		if max > limit {
			max = limit
		}
		buf, err := syscall.Mmap(-1, 0, int(max), syscall.PROT_READ|syscall.PROT_WRITE,
			syscall.MAP_PRIVATE|syscall.MAP_ANON|syscall.MAP_NORESERVE)
		if err != nil {
			return &sliceMemory{max: max}
		}
		return &mappedMemory{buf: buf}
	})
}

// mappedMemory is a linear memory in a fixed mapping.
type mappedMemory struct{ buf []byte }

func (m *mappedMemory) Reallocate(size uint64) []byte {
	if size > uint64(len(m.buf)) {
		return nil // over the cap: the guest's allocation fails
	}
	return m.buf[:size:size]
}

// Free returns the pages to the system but keeps the mapping: an instance
// abandoned after a timeout may still be running on it, and must read
// zeros rather than fault.
func (m *mappedMemory) Free() {
	syscall.Madvise(m.buf, syscall.MADV_DONTNEED)
}
