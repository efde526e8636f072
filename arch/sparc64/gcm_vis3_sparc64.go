package sparc64

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
	"github.com/xarchlab/xarch/family/gcm"
)

// Tuning constants of aes-gcm/vis3 and aes-gcm/t4 (gcm_vis3_sparc64.s).
const (
	// One block per reduction: four xmulx/xmulxhi pairs and two folds of
	// shifts and xors. Aggregating blocks with powers of H (one reduction
	// per group) is the next step, not taken while no T4 is at hand to
	// measure whether the folds are the bottleneck.
	gcmVIS3Interleave = 1
	// ldx when p is 8-byte aligned, else aligned loads spliced with
	// sllx/srlx, as in aes-gcm/sparc64.
	gcmVIS3LoadAlign = 8
)

// gcmVIS3NeedsHardware is reported instead of running the VIS 3 levels
// under qemu.
const gcmVIS3NeedsHardware = "SPARC VIS 3 xmulx/xmulxhi: QEMU 7.2 has no VIS 3 on any sparc64 model (xmulx raises SIGILL)"

func init() {
	tuning := []arch.Tuning{
		{Name: "interleave", Value: gcmVIS3Interleave, Unit: arch.Blocks},
		{Name: "load_align", Value: gcmVIS3LoadAlign, Unit: arch.Other},
	}
	arch.Register(&arch.Impl{
		Name: "aes-gcm/vis3",
		Alg:  gcm.Name,
		Arch: "sparc64",
		// xmulx/xmulxhi for GHASH; AES is aes/sparc64's integer code,
		// for VIS 3 CPUs without the crypto unit (or with it disabled).
		Requires:      []string{"vis3"},
		Tuning:        tuning,
		NeedsHardware: gcmVIS3NeedsHardware,
		// Between aes-gcm/sparc64 (10) and aes-gcm/t4 (30).
		Rank: 20,
		Funcs: &gcm.Funcs{
			AES:   aesV9Funcs(),
			Init:  gcmVIS3Init,
			GHASH: gcmVIS3GHASH,
		},
	})
	arch.Register(&arch.Impl{
		Name: "aes-gcm/t4",
		Alg:  gcm.Name,
		Arch: "sparc64",
		// The T4 AES opcodes (aes/t4) for CTR and the same VIS 3 GHASH:
		// every CPU with the crypto unit has VIS 3, both are listed so a
		// mask of either turns the level off.
		Requires:      []string{"crypto", "vis3"},
		Tuning:        tuning,
		NeedsHardware: gcmVIS3NeedsHardware + "; " + t4NeedsHardware,
		// In line with aes/t4 (30).
		Rank: 30,
		Funcs: &gcm.Funcs{
			AES:   aesT4Funcs(),
			Init:  gcmVIS3Init,
			GHASH: gcmVIS3GHASH,
		},
	})
}

// aesT4Funcs is aes/t4's registered entry points (aes_t4_sparc64.go
// registers it first: files initialize in name order).
func aesT4Funcs() *aes.Funcs {
	if im, ok := arch.Lookup("aes/t4"); ok {
		if f := aes.FuncsOf(im); f != nil {
			return f
		}
	}
	panic("aes-gcm/t4: aes/t4 is not registered before it")
}

// ghashVIS3 folds nblocks 16-byte blocks at p into y[0..1] (8-byte
// aligned) with hk = H * x^-1. C ABI, assembled by gcc.
//
//extern xarch_ghash_vis3
func ghashVIS3(y *uint64, hk *uint64, p *byte, nblocks uint64)

func gcmVIS3GHASH(hk interface{}, y *[16]byte, p []byte) {
	gcmCall(ghashVIS3Blocks, y, &hk.(*gcmVIS3Key).h[0], p)
}

// ghashVIS3Blocks calls the kernel, through the ABI trampoline when
// arch.ABICheck is set.
func ghashVIS3Blocks(y, hk *uint64, p *byte, nblocks uint64) {
	if arch.ABICheck {
		abiGhashVIS3(y, hk, p, nblocks)
	} else {
		ghashVIS3(y, hk, p, nblocks)
	}
}
