//go:build gc

package ppc64le

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha512"
)

// The POWER8 vector level of SHA-512. Go assembly, so gc only: under gccgo
// the .s file would go to the GNU assembler.
func init() {
	arch.Register(&arch.Impl{
		Name: "sha512/power8",
		Alg:  sha512.Name,
		Arch: "ppc64le",
		// LXVD2X/STXVD2X, XXPERMDI and VADDUDM are ISA 2.07; VSHASIGMAD
		// is the vector crypto facility, which Linux reports separately.
		Requires: []string{"power8", "vcrypto"},
		// One block per loop pass. Rounds 16-79 run as a loop of 16
		// unrolled rounds (8 schedule steps of 2 doublewords), so 0, 1
		// and 2-block calls and the 16-round seams are the edges.
		Tuning: []arch.Tuning{
			{Name: "blocks_per_iter", Value: 1, Unit: arch.Blocks},
			{Name: "rounds_per_pass", Value: 16, Unit: arch.Other},
			{Name: "sched_words_per_step", Value: 2, Unit: arch.Other},
		},
		Rank:  30,
		Funcs: &sha512.Funcs{Block: sha512BlockPower8},
	})
}

func sha512BlockPower8(h *[8]uint64, p []byte) {
	if n := len(p) / 128; n > 0 {
		if arch.ABICheck {
			abiBlock512Power8(h, &p[0], n, &sha512.K)
		} else {
			block512Power8(h, &p[0], n, &sha512.K)
		}
	}
}

// block512Power8 consumes n 128-byte blocks at p into h. k is the round
// constant table; taking it from Go keeps one copy.
//
//go:noescape
func block512Power8(h *[8]uint64, p *byte, n int, k *[80]uint64)
