//go:build amd64 && gc

package amd64

import "github.com/xarchlab/xarch/arch"

// sha512BlockAVX2 consumes len(p)/128 blocks; k is &arch.SHA512K, so the
// round constants live in one place.
//
//go:noescape
func sha512BlockAVX2(h *[8]uint64, p []byte, k *[80]uint64)

func sha512AVX2(h *[8]uint64, p []byte) { sha512BlockAVX2(h, p, &arch.SHA512K) }

func init() {
	arch.Register(&arch.Impl{
		Name: "sha512/avx2",
		Alg:  arch.SHA512,
		Arch: "amd64",
		// VEX 256-bit schedule (avx, avx2: VPERM2I128, 256-bit shifts and
		// VPSHUFB), RORX for the rounds' rotations (bmi2). ANDN is BMI1,
		// which every BMI2 CPU has and the feature table does not list.
		Requires: []string{"avx", "avx2", "bmi2"},
		// One block per pass: the rounds of consecutive blocks are one
		// dependency chain, and four 64-bit words per YMM fill one block's
		// schedule step. Each step is split over the four rounds it runs
		// beside and is 16 rounds ahead of its first use; all 80 rounds are
		// unrolled, so W+K and K offsets are constants. 22 ALU operations
		// per round: on the measured EPYC the rounds are bound by integer
		// ALU throughput together with the 5-cycle a/e chains.
		Tuning: []arch.Tuning{
			{Name: "block_bytes", Value: 128, Unit: arch.Bytes},
			{Name: "blocks_per_iter", Value: 1, Unit: arch.Blocks},
			{Name: "schedule_words_per_vector", Value: 4, Unit: arch.Other},
			{Name: "schedule_lead_rounds", Value: 16, Unit: arch.Other},
			{Name: "rounds_unroll", Value: 80, Unit: arch.Other},
			{Name: "alu_ops_per_round", Value: 22, Unit: arch.Other},
			{Name: "stack_wk_bytes", Value: 640, Unit: arch.Other},
		},
		// Above portable Go (0).
		Rank:  20,
		Funcs: &arch.SHA512Funcs{Block: sha512AVX2},
	})
}
