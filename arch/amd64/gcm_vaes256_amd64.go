//go:build gc

package amd64

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
	"github.com/xarchlab/xarch/family/gcm"
)

// Tuning of aes-gcm/vaes256 (see gcm_vaes256_amd64.s).
const (
	// gcmV256BlocksPerReg: a VEX.256 VAESENC or VPCLMULQDQ works on two
	// 128-bit lanes, two blocks.
	gcmV256BlocksPerReg = 2
	// gcmV256Interleave blocks per stitched group of the wide path: 8 YMM
	// registers of AES state cover the VAESENC latency (4 cycles at two
	// issues per cycle), and the GHASH of 16 blocks (24 Karatsuba
	// VPCLMULQDQ, one reduction with H^16..H^1) runs between their rounds.
	// 8 state + 5 GHASH + mask + y + the counter pair use the 16 YMM
	// registers (no AVX-512 here); round keys are read broadcast from the
	// frame.
	gcmV256Interleave = 16
	// gcmV256NarrowMax: the narrow path (short calls and the blocks after
	// the wide groups) works in pieces of up to 16 blocks, ciphering 1, 2,
	// 4 or 8 registers (the fewest that cover the piece: a short message
	// pays for the AES latency once, not for 16 blocks), then hashing the
	// piece's pairs with one reduction.
	gcmV256NarrowMax = 16
	// gcmV256WideMinDefault: calls of at least this many bytes run their
	// whole 16-block groups on the wide path. The wide path ciphers its
	// first group and hashes its last one alone, and spends a setup on the
	// broadcast round keys and counter blocks; VAESENC and VPCLMULQDQ
	// compete for the same units here, so stitching gains less than it
	// would elsewhere. Measured on the Zen 5 host (xarch speed --tune): the
	// narrow path is as fast or faster up to 1 KiB, equal at 4 KiB, and
	// the wide one about 12% faster at 16 KiB (AES-128).
	gcmV256WideMinDefault = 2048
)

// gcmV256WideMin is the threshold the wrappers read, a Var so that `xarch
// speed --tune wide_min_bytes=N` moves it at run time. The kernels are
// correct for any value (<= 256: every call of 16 blocks or more is wide).
var gcmV256WideMin = gcmV256WideMinDefault

func init() {
	arch.Register(&arch.Impl{
		Name: "aes-gcm/vaes256",
		Alg:  gcm.Name,
		Arch: "amd64",
		// VAESENC and VPCLMULQDQ on YMM (vaes, vpclmulqdq: VEX.256 needs
		// only AVX state, no AVX-512), VPSHUFB/VPXOR/VPADDD/VINSERTI128 on
		// YMM (avx2), VEX.128 forms (avx), and aes-gcm/aesni's key table
		// code and GHASH for AAD (aesni, pclmulqdq, ssse3). QEMU 7.2 has
		// no VPCLMULQDQ, so this level runs natively only.
		Requires: []string{"avx", "avx2", "vaes", "vpclmulqdq", "aesni", "pclmulqdq", "sse2", "ssse3"},
		// Above aes-gcm/aesni (30); aes/vaes512 (40) needs AVX-512.
		Rank: 35,
		Tuning: []arch.Tuning{
			{Name: "blocks_per_register", Value: gcmV256BlocksPerReg, Unit: arch.Blocks},
			{Name: "interleave", Value: gcmV256Interleave, Unit: arch.Blocks},
			{Name: "ghash_aggregate", Value: gcmV256Interleave, Unit: arch.Blocks},
			{Name: "narrow_max", Value: gcmV256NarrowMax, Unit: arch.Blocks},
			{Name: "wide_min_bytes", Value: gcmV256WideMinDefault, Unit: arch.Bytes, Var: &gcmV256WideMin, Speed: "aes-128-gcm"},
		},
		Funcs: &gcm.Funcs{
			AES:   aesniFuncs(),
			Init:  gcmInitNIGo,
			GHASH: gcmGHASHV256Go,
			Seal:  gcmSealV256Go,
			Open:  gcmOpenV256Go,
		},
	})
	arch.RegisterProbe(arch.Probe{Feature: "vpclmulqdq", Instr: "vpclmulqdq ymm", Run: probeVPCLMULQDQ})
}

// gcmGHASHV256Go hashes one block (the lengths block, the usual call) on
// a short VEX path, more with aesni's GHASH (8 blocks per reduction).
func gcmGHASHV256Go(hk interface{}, y *[16]byte, p []byte) {
	t := hk.(*gcmKey)
	if n := len(p) / 16; n == 1 {
		if arch.ABICheck {
			abiGcmGhash1V256(&t.tab[0], y, &p[0])
		} else {
			gcmGhash1V256(&t.tab[0], y, &p[0])
		}
	} else if n > 1 {
		if arch.ABICheck {
			abiGcmGhashNI(&t.tab[gcmNIOff], y, &p[0], n)
		} else {
			gcmGhashNI(&t.tab[gcmNIOff], y, &p[0], n)
		}
	}
}

// gcmV256Wide is how many of n blocks take the wide path: the whole
// 16-block groups, when the call has at least gcmV256WideMin bytes.
func gcmV256Wide(n int) int {
	if 16*n >= gcmV256WideMin {
		return n &^ (gcmV256Interleave - 1)
	}
	return 0
}

func gcmSealV256Go(k *aes.Key, hk interface{}, ctr, y *[16]byte, dst, src []byte) {
	t := hk.(*gcmKey)
	if n := aesCheck("aes-gcm/vaes256", k, k.Enc, dst, src); n > 0 {
		if arch.ABICheck {
			abiGcmSealV256(&k.Enc[0], k.Rounds, &t.tab[0], ctr, y, &dst[0], &src[0], n, gcmV256Wide(n))
		} else {
			gcmSealV256(&k.Enc[0], k.Rounds, &t.tab[0], ctr, y, &dst[0], &src[0], n, gcmV256Wide(n))
		}
		gcmCtrAdvance(ctr, n)
	}
}

func gcmOpenV256Go(k *aes.Key, hk interface{}, ctr, y *[16]byte, dst, src []byte) {
	t := hk.(*gcmKey)
	if n := aesCheck("aes-gcm/vaes256", k, k.Enc, dst, src); n > 0 {
		if arch.ABICheck {
			abiGcmOpenV256(&k.Enc[0], k.Rounds, &t.tab[0], ctr, y, &dst[0], &src[0], n, gcmV256Wide(n))
		} else {
			gcmOpenV256(&k.Enc[0], k.Rounds, &t.tab[0], ctr, y, &dst[0], &src[0], n, gcmV256Wide(n))
		}
		gcmCtrAdvance(ctr, n)
	}
}

// The kernels: n > 0 blocks, the first wide of them (a multiple of 16) on
// the wide path, the rest on the narrow one; tab points to the 16 powers
// (H^16 first) and their Karatsuba keys; ctr is read, not written.

//go:noescape
func gcmSealV256(rk *byte, nr int, tab *byte, ctr, y *[16]byte, dst, src *byte, n, wide int)

//go:noescape
func gcmOpenV256(rk *byte, nr int, tab *byte, ctr, y *[16]byte, dst, src *byte, n, wide int)

//go:noescape
func gcmGhash1V256(tab *byte, y *[16]byte, p *byte)
