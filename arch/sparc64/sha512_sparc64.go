package sparc64

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha512"
)

// Tuning constants of sha512/sparc64 (sha512_sparc64.s). The suite's
// case generator probes lengths around them.
const (
	// One call hashes any number of blocks; the state stays in registers
	// between blocks, so there is no batch size, only the 128-byte block.
	sha512BlockBytes = 128
	// Message words are read with ldx when p is 8-byte aligned. Otherwise
	// (SPARC traps on misaligned loads) the 17 aligned doublewords that
	// cover the block are loaded and each word is spliced from two of them
	// with sllx/srlx: the path switches on p mod 8, checked per block.
	sha512LoadAlign = 8
	// The 16-doubleword message schedule lives in a ring in the stack frame.
	sha512RingWords = 16
)

func init() {
	arch.Register(&arch.Impl{
		Name: "sha512/sparc64",
		Alg:  sha512.Name,
		Arch: "sparc64",
		// Integer V9 only (64-bit registers, srlx/sllx/xor for the rotates);
		// no VIS, no T4 opcodes, so every sparc64 CPU and every qemu model
		// can run it.
		Requires: []string{"v9"},
		Tuning: []arch.Tuning{
			{Name: "block_bytes", Value: sha512BlockBytes, Unit: arch.Bytes},
			{Name: "load_align", Value: sha512LoadAlign, Unit: arch.Other},
			{Name: "ring_words", Value: sha512RingWords, Unit: arch.Other},
		},
		Rank:  10,
		Funcs: &sha512.Funcs{Block: sha512BlockV9},
	})
}

// sha512BlockSparc64 consumes nblocks 128-byte blocks at p into h[0..7],
// reading the round constants from k[0..79]. C ABI, assembled by gcc.
//
//extern xarch_sha512_block_sparc64
func sha512BlockSparc64(h *uint64, p *byte, nblocks uint64, k *uint64)

func sha512BlockV9(h *[8]uint64, p []byte) {
	n := len(p) / 128
	if n == 0 {
		return // p may be empty: never take &p[0] then
	}
	if arch.ABICheck {
		abiSha512BlockSparc64(&h[0], &p[0], uint64(n), &sha512.K[0])
	} else {
		sha512BlockSparc64(&h[0], &p[0], uint64(n), &sha512.K[0])
	}
}
