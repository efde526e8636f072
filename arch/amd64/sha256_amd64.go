//go:build gc

package amd64

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha256"
)

// blockSHANI and blockAVX2 consume len(p)/64 blocks; k is &sha256.K, so
// the round constants live in one place.

//go:noescape
func blockSHANI(h *[8]uint32, p []byte, k *[64]uint32)

//go:noescape
func blockAVX2(h *[8]uint32, p []byte, k *[64]uint32)

func sha256SHANI(h *[8]uint32, p []byte) {
	if arch.ABICheck {
		abiBlockSHANI(h, p, &sha256.K)
	} else {
		blockSHANI(h, p, &sha256.K)
	}
}

func sha256AVX2(h *[8]uint32, p []byte) {
	if arch.ABICheck {
		abiBlockAVX2(h, p, &sha256.K)
	} else {
		blockAVX2(h, p, &sha256.K)
	}
}

func init() {
	arch.Register(
		&arch.Impl{
			Name: "sha256/shani",
			Alg:  sha256.Name,
			Arch: "amd64",
			// SHA256RNDS2/MSG1/MSG2; PSHUFB (ssse3) for the byte swap,
			// sse41 because every SHA-NI CPU has it and the level is
			// defined against that baseline.
			Requires: []string{"shani", "ssse3", "sse41"},
			// One block per loop pass: the rounds are one serial chain of
			// SHA256RNDS2, and the 16-word schedule stays in X3-X6.
			Tuning: []arch.Tuning{
				{Name: "block_bytes", Value: 64, Unit: arch.Bytes},
				{Name: "blocks_per_iter", Value: 1, Unit: arch.Blocks},
				{Name: "rounds_per_insn", Value: 2, Unit: arch.Other},
			},
			// QEMU 7.2 TCG neither implements nor advertises SHA-NI, so
			// emulated models skip it as "missing feature shani".
			// Dedicated instructions beat any vector/scalar level.
			Rank:  30,
			Funcs: &sha256.Funcs{Block: sha256SHANI},
		},
		&arch.Impl{
			Name: "sha256/avx2",
			Alg:  sha256.Name,
			Arch: "amd64",
			// VEX 256-bit schedule (avx, avx2), RORX rotations (bmi2).
			Requires: []string{"avx", "avx2", "bmi2"},
			// Two blocks share one schedule pass (one per 128-bit lane);
			// an odd last block runs alone (lane 1 wasted), so 1, 2 and 3
			// block inputs take different paths. W+K for both blocks is
			// staged in 512 bytes of stack; rounds are unrolled by 8.
			Tuning: []arch.Tuning{
				{Name: "block_bytes", Value: 64, Unit: arch.Bytes},
				{Name: "blocks_per_batch", Value: 2, Unit: arch.Blocks},
				{Name: "schedule_words_per_vector", Value: 4, Unit: arch.Other},
				{Name: "rounds_unroll", Value: 8, Unit: arch.Other},
				{Name: "stack_wk_bytes", Value: 512, Unit: arch.Other},
			},
			// Below SHA-NI, above portable Go.
			Rank:  20,
			Funcs: &sha256.Funcs{Block: sha256AVX2},
		},
	)
}
