//go:build gc

package riscv64

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha512"
)

// The scalar SHA-512 level: Zknh's RV64 sha512sum0/sum1/sig0/sig1 do the
// four FIPS 180-4 rotation functions on 64-bit words, base RV64I the rest.
func init() {
	arch.Register(&arch.Impl{
		Name: "sha512/zknh",
		Alg:  sha512.Name,
		Arch: "riscv64",
		// Only the four Zknh instructions are beyond RV64I: words are
		// built from byte loads, and Ch/Maj need no andn.
		Requires: []string{"zknh"},
		// One block per loop pass, K read from sha512.K 16 rounds at
		// a time, so 0, 1 and 2-block calls are the edges; the 16-word
		// schedule ring (128 bytes) is in the frame.
		Tuning: []arch.Tuning{
			{Name: "blocks_per_iter", Value: 1, Unit: arch.Blocks},
			{Name: "rounds_per_pass", Value: 16, Unit: arch.Other},
		},
		Rank:  20,
		Funcs: &sha512.Funcs{Block: sha512BlockZknh},
	})
}

func sha512BlockZknh(h *[8]uint64, p []byte) {
	// The ABI trampoline for riscv64 comes with the rv-abi work; until
	// then the kernel is called directly.
	if arch.ABICheck {
		abiBlockSHA512Zknh(h, p, &sha512.K)
	} else {
		blockSHA512Zknh(h, p, &sha512.K)
	}
}

// blockSHA512Zknh consumes len(p)/128 blocks of p (any alignment) into h;
// k is the round constant table, taken from Go to keep one copy.
//
//go:noescape
func blockSHA512Zknh(h *[8]uint64, p []byte, k *[80]uint64)
