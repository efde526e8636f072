//go:build gc

package arm64

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha256"
)

// The ARMv8 Crypto Extension level. Go assembly, so gc only: under gccgo the
// .s file would go to the GNU assembler.
func init() {
	arch.Register(&arch.Impl{
		Name:     "sha256/armv8",
		Alg:      sha256.Name,
		Arch:     "arm64",
		Requires: []string{"asimd", "sha2"},
		// One block per loop pass; the 64 round constants are loaded into
		// V16-V31 once per call, so 0, 1 and 2-block calls are the edges.
		Tuning: []arch.Tuning{{Name: "blocks_per_iter", Value: 1, Unit: arch.Blocks}},
		Rank:   30,
		Funcs:  &sha256.Funcs{Block: sha256BlockARMv8},
	})
}

func sha256BlockARMv8(h *[8]uint32, p []byte) {
	if arch.ABICheck {
		abiBlockSHA2(h, p, &sha256.K)
	} else {
		blockSHA2(h, p, &sha256.K)
	}
}

// blockSHA2 consumes len(p)/64 blocks of p into h using SHA256H/H2/SU0/SU1.
// k is the round constant table; taking it from Go keeps one copy.
//
//go:noescape
func blockSHA2(h *[8]uint32, p []byte, k *[64]uint32)
