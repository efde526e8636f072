//go:build gc

package arm64

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha512"
)

// The ARMv8.2 SHA512 level (SHA512H, SHA512H2, SHA512SU0, SHA512SU1). Go
// assembly, so gc only: under gccgo the .s file would go to the GNU
// assembler.
func init() {
	arch.Register(&arch.Impl{
		Name: "sha512/sha512",
		Alg:  sha512.Name,
		Arch: "arm64",
		// The SHA512 instructions are their own hwcap, apart from sha2:
		// cortex-a53 and neoverse-n1 have SHA-256 but trap on these.
		Requires: []string{"asimd", "sha512"},
		// One block per loop pass, all 80 rounds unrolled two per
		// SHA512H/H2 pair; K is reloaded 8 rounds at a time each block,
		// so 0, 1 and 2-block calls are the edges.
		Tuning: []arch.Tuning{
			{Name: "blocks_per_iter", Value: 1, Unit: arch.Blocks},
			{Name: "rounds_per_instr_pair", Value: 2, Unit: arch.Other},
			{Name: "k_rounds_per_load", Value: 8, Unit: arch.Other},
		},
		Rank:  30,
		Funcs: &sha512.Funcs{Block: sha512BlockSHA512},
	})
}

func sha512BlockSHA512(h *[8]uint64, p []byte) {
	if arch.ABICheck {
		abiBlockSHA512(h, p, &sha512.K)
	} else {
		blockSHA512(h, p, &sha512.K)
	}
}

// blockSHA512 consumes len(p)/128 blocks of p into h. k is the round
// constant table; taking it from Go keeps one copy.
//
//go:noescape
func blockSHA512(h *[8]uint64, p []byte, k *[80]uint64)
