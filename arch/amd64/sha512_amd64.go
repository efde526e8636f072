//go:build gc

package amd64

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha512"
)

// sha512BlockAVX2 consumes len(p)/128 blocks, one at a time (its schedule:
// four words of one block per YMM). k is &sha512.K, so the round
// constants live in one place.
//
//go:noescape
func sha512BlockAVX2(h *[8]uint64, p []byte, k *[80]uint64)

// sha512BlockAVX2Lanes consumes len(p)/128 >= 2 blocks; its schedule runs
// two consecutive blocks in the two 128-bit lanes, so the running block's
// late words and the next block's early words share each step. kl holds
// the constants of those two lanes side by side.
//
//go:noescape
func sha512BlockAVX2Lanes(h *[8]uint64, p []byte, k *[80]uint64, kl *[64]uint64)

// sha512KLanes[4s..4s+3] = K[48+2s], K[49+2s], K[16+2s], K[17+2s]: the
// constants of step s of sha512BlockAVX2Lanes (lane 0, lane 1), one
// 32-byte operand. Rearranged from sha512.K at init.
var sha512KLanes [64]uint64

// sha512LanesMinBlocks: below this the lanes kernel's prologue (words 16-47
// of the first block scheduled before its rounds) eats what its cheaper
// schedule saves (measured: even at 2 blocks, 2-3% faster from 3 blocks).
const sha512LanesMinBlocks = 3

func sha512AVX2(h *[8]uint64, p []byte) {
	if len(p) >= sha512LanesMinBlocks*128 {
		if arch.ABICheck {
			abiSha512BlockAVX2Lanes(h, p, &sha512.K, &sha512KLanes)
		} else {
			sha512BlockAVX2Lanes(h, p, &sha512.K, &sha512KLanes)
		}
		return
	}
	if arch.ABICheck {
		abiSha512BlockAVX2(h, p, &sha512.K)
	} else {
		sha512BlockAVX2(h, p, &sha512.K)
	}
}

func init() {
	k := &sha512.K
	for s := 0; s < 16; s++ {
		sha512KLanes[4*s] = k[48+2*s]
		sha512KLanes[4*s+1] = k[49+2*s]
		sha512KLanes[4*s+2] = k[16+2*s]
		sha512KLanes[4*s+3] = k[17+2*s]
	}
	arch.Register(&arch.Impl{
		Name: "sha512/avx2",
		Alg:  sha512.Name,
		Arch: "amd64",
		// VEX 256-bit schedule (avx, avx2: VPERM2I128, VPALIGNR, 256-bit
		// shifts and VPSHUFB), RORX for the rounds' rotations (bmi2).
		Requires: []string{"avx", "avx2", "bmi2"},
		// Rounds: scalar, 22 ALU operations and two eliminated copies per
		// round, all 80 unrolled (W+K offsets are constants); on the
		// measured EPYC they are bound by integer ALU throughput together
		// with the 5-cycle a/e chains, and the schedule's vector operations
		// still cost dispatch bandwidth, so the schedule is built for few
		// of them. Runs of 3+ blocks: two blocks per YMM (two words per
		// 128-bit lane), the running block's words 48-79 beside the next
		// block's 16-47, one step over every 4 of rounds 0-63. Shorter
		// input (the padding block of a short message): one block per YMM
		// (four words), each step spread over 4 rounds and 16 rounds ahead
		// of its use.
		Tuning: []arch.Tuning{
			{Name: "block_bytes", Value: 128, Unit: arch.Bytes},
			{Name: "blocks_per_iter", Value: 1, Unit: arch.Blocks},
			{Name: "lanes_min_blocks", Value: sha512LanesMinBlocks, Unit: arch.Blocks},
			{Name: "lanes_blocks_per_vector", Value: 2, Unit: arch.Blocks},
			{Name: "single_schedule_words_per_vector", Value: 4, Unit: arch.Other},
			{Name: "rounds_unroll", Value: 80, Unit: arch.Other},
			{Name: "rounds_per_schedule_step", Value: 4, Unit: arch.Other},
			{Name: "alu_ops_per_round", Value: 22, Unit: arch.Other},
		},
		// Above portable Go (0).
		Rank:  20,
		Funcs: &sha512.Funcs{Block: sha512AVX2},
	})
}
