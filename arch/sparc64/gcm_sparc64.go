package sparc64

import (
	"unsafe"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
	"github.com/xarchlab/xarch/family/gcm"
)

// Tuning constants of aes-gcm/sparc64 (gcm_sparc64.s, gcm_v9_table.go). The
// case generator probes lengths around them.
const (
	// GHASH goes a byte of X = y ^ block at a time: two 16-entry tables
	// (M for the byte's high nibble, M4 = M * x^4 for its low one) make
	// 16 lookups and 16 shifts per block. 4-bit tables (512 bytes in all)
	// rather than an 8-bit one (4 KiB per key): a small footprint in the
	// data cache and a cheap Init. Which entries are read depends on the
	// secret GHASH state, so the time may depend on it through the cache
	// (as aes/sparc64's T-tables do); aes-gcm/vis3 has no tables.
	gcmV9NibbleBits = 4
	gcmV9TableCount = 2
	// The bits shifted out of the accumulator are collected in a third
	// word and reduced once per 64 bits of X, not at every step.
	gcmV9FoldBits = 64
	// Blocks are read with ldx when p is 8-byte aligned, otherwise as three
	// aligned doublewords spliced with sllx/srlx (SPARC traps on misaligned
	// loads); checked per block.
	gcmV9LoadAlign = 8
	// One block at a time: GHASH is a chain (each block multiplies the
	// previous result), and the table method has no use for powers of H.
	gcmV9Interleave = 1
)

func init() {
	arch.Register(&arch.Impl{
		Name: "aes-gcm/sparc64",
		Alg:  gcm.Name,
		Arch: "sparc64",
		// Integer V9 only (64-bit registers, ldx, sllx/srlx), like
		// aes/sparc64 underneath: every sparc64 CPU and qemu model runs
		// it. No carry-less multiply instruction, so no probe.
		Requires: []string{"v9"},
		Tuning: []arch.Tuning{
			{Name: "nibble_bits", Value: gcmV9NibbleBits, Unit: arch.Other},
			{Name: "tables", Value: gcmV9TableCount, Unit: arch.Other},
			{Name: "fold_bits", Value: gcmV9FoldBits, Unit: arch.Other},
			{Name: "load_align", Value: gcmV9LoadAlign, Unit: arch.Other},
			{Name: "interleave", Value: gcmV9Interleave, Unit: arch.Blocks},
		},
		// In line with aes/sparc64 (10).
		Rank: 10,
		// Seal and Open are nil: the mode layer runs CTR with aes/sparc64
		// and then this GHASH. aes/sparc64 already uses nearly every
		// integer register for one block, so a stitched loop would spill
		// its state to the stack; not worth it without hardware to measure.
		Funcs: &gcm.Funcs{
			AES:   aesV9Funcs(),
			Init:  gcmV9Init,
			GHASH: gcmV9GHASH,
		},
	})
}

// aesV9Funcs is aes/sparc64's registered entry points, the AES level
// underneath. aes_sparc64.go registers it first (the go command hands a
// package's files to the compiler, and so runs their inits, in name order).
func aesV9Funcs() *aes.Funcs {
	if im, ok := arch.Lookup("aes/sparc64"); ok {
		if f := aes.FuncsOf(im); f != nil {
			return f
		}
	}
	panic("aes-gcm/sparc64: aes/sparc64 is not registered before it")
}

// ghashSparc64 folds nblocks 16-byte blocks at p into y[0..1] (8-byte
// aligned), with tab from gcmV9Tables. C ABI, assembled by gcc.
//
//extern xarch_ghash_sparc64
func ghashSparc64(y *uint64, tab *uint64, p *byte, nblocks uint64)

func gcmV9Init(h *[16]byte) interface{} { return gcmV9Tables(h) }

func gcmV9GHASH(hk interface{}, y *[16]byte, p []byte) {
	gcmCall(ghashV9Blocks, y, &hk.(*gcmV9Key).tab[0], p)
}

// ghashV9Blocks calls the kernel, through the ABI trampoline when
// arch.ABICheck is set.
func ghashV9Blocks(y, tab *uint64, p *byte, nblocks uint64) {
	if arch.ABICheck {
		abiGhashSparc64(y, tab, p, nblocks)
	} else {
		ghashSparc64(y, tab, p, nblocks)
	}
}

// gcmCall runs a GHASH kernel of this package (y, key, p, nblocks) over
// the whole blocks of p.
func gcmCall(kern func(y, key *uint64, p *byte, nblocks uint64), y *[16]byte, key *uint64, p []byte) {
	n := len(p) / 16
	if n == 0 {
		return // p may be empty: never take &p[0] then
	}
	// The kernels read and write y with ldx/stx. A [16]byte has no
	// alignment of its own; the mode layer's is 8-byte aligned, anything
	// else goes through an aligned copy. SPARC is big-endian, so the
	// words are y's bytes as they are.
	if uintptr(unsafe.Pointer(y))%8 == 0 {
		kern((*uint64)(unsafe.Pointer(y)), key, &p[0], uint64(n))
		return
	}
	var w [2]uint64
	b := (*[16]byte)(unsafe.Pointer(&w))
	*b = *y
	kern(&w[0], key, &p[0], uint64(n))
	*y = *b
}
