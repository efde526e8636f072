//go:build gc

package ppc64le

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha256"
)

// The POWER8 vector level. Go assembly, so gc only: under gccgo the .s file
// would go to the GNU assembler.
func init() {
	arch.Register(&arch.Impl{
		Name: "sha256/power8",
		Alg:  sha256.Name,
		Arch: "ppc64le",
		// VSX loads and VMRGEW are ISA 2.07; VSHASIGMAW is the vector
		// crypto facility, which Linux reports separately.
		Requires: []string{"power8", "vcrypto"},
		// One block per loop pass; rounds 16-63 run as a loop of 16
		// unrolled rounds (4 schedule steps of 4 words), so 0, 1 and
		// 2-block calls and the 16-round seams are the edges.
		Tuning: []arch.Tuning{{Name: "blocks_per_iter", Value: 1, Unit: arch.Blocks}, {Name: "rounds_per_pass", Value: 16, Unit: arch.Other}, {Name: "sched_words_per_step", Value: 4, Unit: arch.Other}},
		Rank:   30,
		Funcs:  &sha256.Funcs{Block: sha256BlockPower8},
	})
}

func sha256BlockPower8(h *[8]uint32, p []byte) {
	if n := len(p) / 64; n > 0 {
		if arch.ABICheck {
			abiBlockPower8(h, &p[0], n, &sha256.K)
		} else {
			blockPower8(h, &p[0], n, &sha256.K)
		}
	}
}

// blockPower8 consumes n 64-byte blocks at p into h. k is the round
// constant table; taking it from Go keeps one copy.
//
//go:noescape
func blockPower8(h *[8]uint32, p *byte, n int, k *[64]uint32)

// sigmaProbe runs VSHASIGMAW on in: out = σ0, σ1, Σ0, Σ1, the mixed
// six=0b0101 Σ, and Σ1 computed in place. See ProbeVSHASIGMAW.
//
//go:noescape
func sigmaProbe(in *[4]uint32, out *[6][4]uint32)
