//go:build gc

package riscv64

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha256"
)

// The scalar SHA-256 level: Zknh's sha256sum0/sum1/sig0/sig1 do the four
// FIPS 180-4 rotation functions, base RV64I does the rest. Go assembly, so
// gc only (gccgo would hand the .s file to the GNU assembler).
func init() {
	arch.Register(&arch.Impl{
		Name: "sha256/zknh",
		Alg:  sha256.Name,
		Arch: "riscv64",
		// Only the four Zknh instructions are beyond RV64I: words are
		// built from byte loads, and Ch/Maj need no andn.
		Requires: []string{"zknh"},
		// One block per loop pass, K read from sha256.K 16 rounds
		// at a time (one pass of the round loop), so 0, 1 and 2-block
		// calls are the edges; the 16-word schedule ring is in the frame.
		Tuning: []arch.Tuning{
			{Name: "blocks_per_iter", Value: 1, Unit: arch.Blocks},
			{Name: "rounds_per_pass", Value: 16, Unit: arch.Other},
		},
		Rank:  20,
		Funcs: &sha256.Funcs{Block: sha256BlockZknh},
	})
}

func sha256BlockZknh(h *[8]uint32, p []byte) {
	// The ABI trampoline for riscv64 comes with the rv-abi work; until
	// then the kernel is called directly.
	if arch.ABICheck {
		abiBlockSHA256Zknh(h, p, &sha256.K)
	} else {
		blockSHA256Zknh(h, p, &sha256.K)
	}
}

// blockSHA256Zknh consumes len(p)/64 blocks of p (any alignment) into h;
// k is the round constant table, taken from Go to keep one copy.
//
//go:noescape
func blockSHA256Zknh(h *[8]uint32, p []byte, k *[64]uint32)
