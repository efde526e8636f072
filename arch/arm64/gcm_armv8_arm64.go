//go:build gc

package arm64

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
	"github.com/xarchlab/xarch/family/gcm"
)

// Tuning of aes-gcm/armv8 (see gcm_armv8_arm64.s).
const (
	// gcmInterleave: the wide path keeps 8 AES blocks in flight (as
	// aes/armv8's CTR does) and hashes 8 blocks per reduction with H^8..H
	// between their rounds. 8 blocks, 15 round keys and the GHASH
	// registers fill the 32 vector registers.
	gcmInterleave = 8
	// gcmNarrowInterleave: the narrow path, for calls below the threshold
	// and for what the wide path leaves, works in groups of 4 (H^4..H, one
	// reduction per group), then single blocks. Its start-up and last
	// group cost half as much as the wide path's, which pays on short
	// messages.
	gcmNarrowInterleave = 4
	// gcmWideMinDefault: calls of at least this many bytes (and 8 blocks)
	// take the wide path. 512 is the threshold of the Graviton2 report;
	// it has not been measured on arm64 hardware here, hence a Var that
	// `xarch speed --tune` can move.
	gcmWideMinDefault = 512
)

// gcmWideMinBytes is the threshold the wrappers pass to the assembly as
// data, so `xarch speed --tune wide_min_bytes=N` moves it at run time. The
// kernels are correct for any value (<= 0: every call of 8 blocks or more
// is wide).
var gcmWideMinBytes = gcmWideMinDefault

// gcmKeyARMv8 is the precomputed GHASH key: for H^8, H^7, ..., H^1 the
// power in natural bit order and, in both lanes, the XOR of its halves;
// then the reduction constant 0x87 in both lanes.
type gcmKeyARMv8 [8*32 + 16]byte

func init() {
	arch.Register(&arch.Impl{
		Name: "aes-gcm/armv8",
		Alg:  gcm.Name,
		Arch: "arm64",
		// AESE/AESMC for CTR, PMULL/PMULL2 for GHASH, NEON for the rest.
		Requires: []string{"asimd", "aes", "pmull"},
		// In line with aes/armv8 (30).
		Rank: 30,
		Tuning: []arch.Tuning{
			{Name: "interleave", Value: gcmInterleave, Unit: arch.Blocks},
			{Name: "narrow_interleave", Value: gcmNarrowInterleave, Unit: arch.Blocks},
			{Name: "wide_min_bytes", Value: gcmWideMinDefault, Unit: arch.Bytes, Var: &gcmWideMinBytes, Speed: "aes-128-gcm"},
		},
		Funcs: &gcm.Funcs{
			AES:   aesARMv8Funcs(),
			Init:  gcmInitARMv8Go,
			GHASH: gcmGHASHARMv8Go,
			Seal:  gcmSealARMv8Go,
			Open:  gcmOpenARMv8Go,
		},
	})
	arch.RegisterProbe(arch.Probe{Feature: "pmull", Instr: "pmull", Run: probePMULL})
}

// aesARMv8Funcs is aes/armv8's registered entry points, the AES level
// underneath: its key schedule (aes.ExpandKey's Enc) is the one the
// stitched kernels read. aes_armv8_arm64.go registers it first (the go
// command initializes a package's files in name order).
func aesARMv8Funcs() *aes.Funcs {
	if im, ok := arch.Lookup("aes/armv8"); ok {
		if f := aes.FuncsOf(im); f != nil && f.Expand == nil {
			return f
		}
	}
	panic("aes-gcm/armv8: aes/armv8 is not registered before it, or expands keys its own way")
}

func gcmInitARMv8Go(h *[16]byte) interface{} {
	hk := new(gcmKeyARMv8)
	if arch.ABICheck {
		abiGcmInitARMv8(h, hk)
	} else {
		gcmInitARMv8(h, hk)
	}
	return hk
}

func gcmGHASHARMv8Go(hk interface{}, y *[16]byte, p []byte) {
	if n := len(p) / 16; n > 0 {
		if arch.ABICheck {
			abiGcmGhashARMv8(hk.(*gcmKeyARMv8), y, &p[0], n)
		} else {
			gcmGhashARMv8(hk.(*gcmKeyARMv8), y, &p[0], n)
		}
	}
}

// gcmCheck validates what the assembly trusts and returns the block count.
func gcmCheck(k *aes.Key, dst, src []byte) int {
	if k.Rounds != 10 && k.Rounds != 12 && k.Rounds != 14 {
		panic("aes-gcm/armv8: bad round count")
	}
	if len(k.Enc) < 16*(k.Rounds+1) {
		panic("aes-gcm/armv8: key schedule too short")
	}
	if len(dst) != len(src) || len(src)%16 != 0 {
		panic("aes-gcm/armv8: dst and src must have the same length, a multiple of 16")
	}
	return len(src) / 16
}

func gcmSealARMv8Go(k *aes.Key, hk interface{}, ctr, y *[16]byte, dst, src []byte) {
	t := hk.(*gcmKeyARMv8)
	if n := gcmCheck(k, dst, src); n > 0 {
		if arch.ABICheck {
			abiGcmSealARMv8(k.Rounds, &k.Enc[0], t, ctr, y, &dst[0], &src[0], n, gcmWideMinBytes)
		} else {
			gcmSealARMv8(k.Rounds, &k.Enc[0], t, ctr, y, &dst[0], &src[0], n, gcmWideMinBytes)
		}
	}
}

func gcmOpenARMv8Go(k *aes.Key, hk interface{}, ctr, y *[16]byte, dst, src []byte) {
	t := hk.(*gcmKeyARMv8)
	if n := gcmCheck(k, dst, src); n > 0 {
		if arch.ABICheck {
			abiGcmOpenARMv8(k.Rounds, &k.Enc[0], t, ctr, y, &dst[0], &src[0], n, gcmWideMinBytes)
		} else {
			gcmOpenARMv8(k.Rounds, &k.Enc[0], t, ctr, y, &dst[0], &src[0], n, gcmWideMinBytes)
		}
	}
}

// The assembly kernels; n is a block count. wideMin is the threshold in
// bytes: a call of n blocks takes the wide path when n >= 8 and
// 16*n >= wideMin.

//go:noescape
func gcmInitARMv8(h *[16]byte, hk *gcmKeyARMv8)

//go:noescape
func gcmGhashARMv8(hk *gcmKeyARMv8, y *[16]byte, p *byte, n int)

//go:noescape
func gcmSealARMv8(nr int, xk *byte, hk *gcmKeyARMv8, ctr, y *[16]byte, dst, src *byte, n, wideMin int)

//go:noescape
func gcmOpenARMv8(nr int, xk *byte, hk *gcmKeyARMv8, ctr, y *[16]byte, dst, src *byte, n, wideMin int)
