//go:build gc

package riscv64

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
	"github.com/xarchlab/xarch/family/gcm"
)

// Tuning of aes-gcm/zvkg (see gcm_zvkg_riscv64.s).
const (
	// gcmZvkgGHASHBlocks: GHASH folds 4 blocks per pass with H^4..H (one
	// vgmul.vv on an LMUL=4 group of 4 element groups, which fits at the
	// minimum VLEN of 128, then two slide-and-XOR steps); 0-3 blocks
	// left take one vghsh.vv each.
	gcmZvkgGHASHBlocks = 4
	// gcmZvkgGHASHLMUL: the register group of the 4-block pass.
	gcmZvkgGHASHLMUL = 4
)

// gcmKeyZvkg is the GHASH key: H^4, H^3, H^2, H in GCM's byte order (the
// order vghsh and vgmul read from memory).
type gcmKeyZvkg [4 * 16]byte

func init() {
	tu := append(zvkTuning(),
		arch.Tuning{Name: "ghash_interleave", Value: gcmZvkgGHASHBlocks, Unit: arch.Blocks},
		arch.Tuning{Name: "ghash_lmul", Value: gcmZvkgGHASHLMUL, Unit: arch.Other},
	)
	arch.Register(&arch.Impl{
		Name: "aes-gcm/zvkg",
		Alg:  gcm.Name,
		Arch: "riscv64",
		// Zvkg's vghsh/vgmul for GHASH, aes/zvkned's kernels (Zvkned on
		// RVV) for E(K, .) and the 32-bit counter CTR.
		Requires: []string{"v", "zvkned", "zvkg"},
		// In line with aes/zvkned (30).
		Rank: 30,
		// aes/zvkned's strides (its CTR kernel does GCM's CTR), then
		// GHASH's.
		Tuning: tu,
		Funcs: &gcm.Funcs{
			AES:   zvknedFuncs,
			Init:  gcmInitZvkgGo,
			GHASH: gcmGHASHZvkgGo,
			Seal:  gcmSealZvkgGo,
			Open:  gcmOpenZvkgGo,
		},
	})
}

func gcmInitZvkgGo(h *[16]byte) interface{} {
	hk := new(gcmKeyZvkg)
	if arch.ABICheck {
		abiGcmInitZvkg(h, hk)
	} else {
		gcmInitZvkg(h, hk)
	}
	return hk
}

func gcmGHASHZvkgGo(hk interface{}, y *[16]byte, p []byte) {
	t := hk.(*gcmKeyZvkg)
	if len(p)%16 != 0 {
		panic("aes-gcm/zvkg: GHASH of a partial block")
	}
	if n := len(p) / 16; n > 0 {
		if arch.ABICheck {
			abiGhashZvkg(t, y, &p[0], n)
		} else {
			ghashZvkg(t, y, &p[0], n)
		}
	}
}

// gcmSealZvkgGo: CTR with GCM's inc32 counter (aes/zvkned's kernel counts
// in the low 32 bits mod 2^32, which is inc32), then GHASH of the
// ciphertext it wrote.
func gcmSealZvkgGo(k *aes.Key, hk interface{}, ctr, y *[16]byte, dst, src []byte) {
	t := hk.(*gcmKeyZvkg)
	if n := aesCheckZvkned(k, dst, src); n > 0 {
		if arch.ABICheck {
			abiAesCTRZvkned(k.Rounds, &k.Enc[0], ctr, &dst[0], &src[0], n)
		} else {
			aesCTRZvkned(k.Rounds, &k.Enc[0], ctr, &dst[0], &src[0], n)
		}
		if arch.ABICheck {
			abiGhashZvkg(t, y, &dst[0], n)
		} else {
			ghashZvkg(t, y, &dst[0], n)
		}
	}
}

// gcmOpenZvkgGo hashes the ciphertext before decrypting it, so dst may be
// src.
func gcmOpenZvkgGo(k *aes.Key, hk interface{}, ctr, y *[16]byte, dst, src []byte) {
	t := hk.(*gcmKeyZvkg)
	if n := aesCheckZvkned(k, dst, src); n > 0 {
		if arch.ABICheck {
			abiGhashZvkg(t, y, &src[0], n)
		} else {
			ghashZvkg(t, y, &src[0], n)
		}
		if arch.ABICheck {
			abiAesCTRZvkned(k.Rounds, &k.Enc[0], ctr, &dst[0], &src[0], n)
		} else {
			aesCTRZvkned(k.Rounds, &k.Enc[0], ctr, &dst[0], &src[0], n)
		}
	}
}

// The assembly kernels; n is a block count (0 is allowed).

//go:noescape
func gcmInitZvkg(h *[16]byte, hk *gcmKeyZvkg)

//go:noescape
func ghashZvkg(hk *gcmKeyZvkg, y *[16]byte, p *byte, n int)
