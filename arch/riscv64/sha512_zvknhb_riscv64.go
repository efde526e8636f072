//go:build gc

package riscv64

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha512"
)

// The vector crypto SHA-512 level (Zvknhb). Go assembly, so gc only.
func init() {
	arch.Register(&arch.Impl{
		Name: "sha512/zvknhb",
		Alg:  sha512.Name,
		Arch: "riscv64",
		// v: vsetvl, csrr vlenb, vle8/vle64, vluxei64/vsuxei64 (the state
		// words in the order vsha2c* wants), vrgather (the byte swap of
		// the big-endian message words: no Zvkb vrev8 needed), vmerge,
		// vadd. zvknhb: vsha2ms, vsha2ch, vsha2cl at SEW=64.
		Requires: []string{"v", "zvknhb"},
		Tuning: []arch.Tuning{
			// One 128-byte block per loop pass; 0, 1 and 2-block calls
			// are the edges.
			{Name: "blocks_per_iter", Value: 1, Unit: arch.Blocks},
			// SEW=64 element group of 4 words: vl=4 everywhere.
			{Name: "egw_bits", Value: 256, Unit: arch.Other},
			// The least VLEN the kernel assumes (V's minimum).
			{Name: "vlen_min", Value: 128, Unit: arch.Other},
			// LMUL by VLEN, read from vlenb at every call: a 256-bit group
			// needs a register pair below VLEN=256 and one register from
			// there on. The switch point is the element group's width (an
			// ISA fact, not a tunable), so it is assembled in.
			{Name: "lmul_vlen128", Value: 2, Unit: arch.Other},
			{Name: "lmul_vlen256", Value: 1, Unit: arch.Other},
			{Name: "lmul1_min_vlen", Value: 256, Unit: arch.Other},
		},
		Rank:  40,
		Funcs: &sha512.Funcs{Block: sha512BlockZvknhb},
	})
}

func sha512BlockZvknhb(h *[8]uint64, p []byte) {
	// Called directly until the riscv64 ABI trampoline lands (then:
	// if arch.ABICheck { abiSha512Zvknhb(...) } else { ... }).
	if arch.ABICheck {
		abiSha512Zvknhb(h, p, &sha512.K)
	} else {
		sha512Zvknhb(h, p, &sha512.K)
	}
}

// sha512Zvknhb consumes len(p)/128 blocks of p into h with vsha2ms,
// vsha2ch and vsha2cl; k is the round constant table (one copy, in Go).
//
//go:noescape
func sha512Zvknhb(h *[8]uint64, p []byte, k *[80]uint64)
