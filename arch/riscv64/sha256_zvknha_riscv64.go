//go:build gc

package riscv64

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha256"
)

// The vector crypto SHA-256 level (Zvknha). Go assembly, so gc only.
func init() {
	arch.Register(&arch.Impl{
		Name: "sha256/zvknha",
		Alg:  sha256.Name,
		Arch: "riscv64",
		// v: vsetivli, vle8/vle32, vluxei32/vsuxei32 (the state words in
		// the order vsha2c* wants), vrgather (the byte swap of the
		// big-endian message words: no Zvkb vrev8 needed), vmerge, vadd.
		// zvknha: vsha2ms, vsha2ch, vsha2cl at SEW=32.
		Requires: []string{"v", "zvknha"},
		Tuning: []arch.Tuning{
			// One 64-byte block per loop pass; K is loaded into V16-V31
			// once per call, so 0, 1 and 2-block calls are the edges.
			{Name: "blocks_per_iter", Value: 1, Unit: arch.Blocks},
			// SEW=32 element group of 4 words: vl=4 everywhere.
			{Name: "egw_bits", Value: 128, Unit: arch.Other},
			// The least VLEN the kernel assumes: V's minimum, which holds
			// one element group per register, so LMUL=1 at every VLEN and
			// nothing reads vlenb.
			{Name: "vlen_min", Value: 128, Unit: arch.Other},
			{Name: "lmul", Value: 1, Unit: arch.Other},
		},
		Rank:  40,
		Funcs: &sha256.Funcs{Block: sha256BlockZvknha},
	})
}

func sha256BlockZvknha(h *[8]uint32, p []byte) {
	// Called directly until the riscv64 ABI trampoline lands (then:
	// if arch.ABICheck { abiSha256Zvknha(...) } else { ... }).
	if arch.ABICheck {
		abiSha256Zvknha(h, p, &sha256.K)
	} else {
		sha256Zvknha(h, p, &sha256.K)
	}
}

// sha256Zvknha consumes len(p)/64 blocks of p into h with vsha2ms,
// vsha2ch and vsha2cl; k is the round constant table (one copy, in Go).
//
//go:noescape
func sha256Zvknha(h *[8]uint32, p []byte, k *[64]uint32)
