//go:build xarch_planted

package sha256

// Deliberately broken SHA-256 levels, built only with the xarch_planted tag:
// each fails in exactly one way that NIST vectors are unlikely to see, so the
// differential fuzzer (fuzz/) can prove it finds that kind of bug. Each wraps
// the correct block function and breaks only under its condition.

import (
	"unsafe"

	"github.com/xarchlab/xarch/arch"
)

func init() {
	for _, im := range []*arch.Impl{
		{
			Name: "sha256/planted-threshold",
			// A "wide path" taken for more than 512 bytes per call that
			// drops a carry: the interleave-threshold bug.
			Tuning: []arch.Tuning{{Name: "threshold_bytes", Value: 512, Unit: arch.Bytes}},
			Funcs:  &Funcs{Block: plantedThreshold},
		},
		// Stores one byte past the end of the blocks it was given.
		{Name: "sha256/planted-overwrite", Funcs: &Funcs{Block: plantedOverwrite}},
		// Loads one byte past the end of the blocks it was given.
		{Name: "sha256/planted-overread", Funcs: &Funcs{Block: plantedOverread}},
		// Wrong when the data does not start on an 8-byte boundary.
		{Name: "sha256/planted-misaligned", Funcs: &Funcs{Block: plantedMisaligned}},
		// Keeps state between calls on one digest and goes wrong from the
		// fourth call on; hashing in one call never makes more than three
		// (the message's whole blocks, the buffered block, the padding).
		{Name: "sha256/planted-chunked", Funcs: &Funcs{Block: plantedChunked}},
	} {
		im.Alg, im.Arch, im.Rank, im.Planted = Name, "generic", -1, true
		arch.Register(im)
	}
}

func plantedThreshold(h *[8]uint32, p []byte) {
	GenericBlock(h, p)
	if len(p) > 512 {
		h[0]++
	}
}

// plantedZero is always 0; a global so the compiler cannot drop the store.
var plantedZero byte

// pastEnd points at the byte just after p (p must not be empty).
func pastEnd(p []byte) *byte { return (*byte)(unsafe.Add(unsafe.Pointer(&p[0]), len(p))) }

func plantedOverwrite(h *[8]uint32, p []byte) {
	GenericBlock(h, p)
	if len(p) > 0 {
		// It stores back the value it finds, so only a guard page sees it.
		q := pastEnd(p)
		*q = *q ^ plantedZero
	}
}

// plantedSink keeps the stray load alive.
var plantedSink byte

func plantedOverread(h *[8]uint32, p []byte) {
	GenericBlock(h, p)
	if len(p) > 0 {
		plantedSink ^= *pastEnd(p)
	}
}

func plantedMisaligned(h *[8]uint32, p []byte) {
	GenericBlock(h, p)
	if len(p) > 0 && uintptr(unsafe.Pointer(&p[0]))%8 != 0 {
		h[7] ^= 0x80
	}
}

var chunkState struct {
	h     *[8]uint32
	calls int
}

func plantedChunked(h *[8]uint32, p []byte) {
	if h != chunkState.h || *h == Init || *h == Init224 {
		chunkState.h, chunkState.calls = h, 0
	}
	chunkState.calls++
	GenericBlock(h, p)
	if chunkState.calls > 3 {
		h[3] ^= 1
	}
}
