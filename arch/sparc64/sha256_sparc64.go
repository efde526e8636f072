package sparc64

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha256"
)

// Tuning constants of sha256/sparc64 (sha256_sparc64.s). The suite's
// case generator probes lengths around them.
const (
	// One call hashes any number of blocks; the state stays in registers
	// between blocks, so there is no batch size, only the 64-byte block.
	sha256BlockBytes = 64
	// Message words are read with lduw when p is 4-byte aligned and byte by
	// byte otherwise (SPARC traps on misaligned loads): the path switches on
	// p mod 4, checked per block.
	sha256LoadAlign = 4
	// The 16-word message schedule lives in a ring in the stack frame.
	sha256RingWords = 16
)

func init() {
	arch.Register(&arch.Impl{
		Name: "sha256/sparc64",
		Alg:  sha256.Name,
		Arch: "sparc64",
		// Integer V9 only (64-bit shifts for the rotates); no VIS, no T4
		// opcodes, so every sparc64 CPU and every qemu model can run it.
		Requires: []string{"v9"},
		Tuning: []arch.Tuning{
			{Name: "block_bytes", Value: sha256BlockBytes, Unit: arch.Bytes},
			{Name: "load_align", Value: sha256LoadAlign, Unit: arch.Other},
			{Name: "ring_words", Value: sha256RingWords, Unit: arch.Other},
		},
		Rank:  10,
		Funcs: &sha256.Funcs{Block: sha256BlockV9},
	})
}

// sha256BlockSparc64 consumes nblocks 64-byte blocks at p into h[0..7],
// reading the round constants from k[0..63]. C ABI, assembled by gcc.
//
//extern xarch_sha256_block_sparc64
func sha256BlockSparc64(h *uint32, p *byte, nblocks uint64, k *uint32)

func sha256BlockV9(h *[8]uint32, p []byte) {
	n := len(p) / 64
	if n == 0 {
		return // p may be empty: never take &p[0] then
	}
	if arch.ABICheck {
		abiSha256BlockSparc64(&h[0], &p[0], uint64(n), &sha256.K[0])
	} else {
		sha256BlockSparc64(&h[0], &p[0], uint64(n), &sha256.K[0])
	}
}
