//go:build gc

package amd64

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
)

// Tuning of aes/vaes512 (see aes_vaes512_amd64.s).
const (
	// vaesBlocksPerZMM: one VAESENC works on four 128-bit lanes.
	vaesBlocksPerZMM = 4
	// vaesZMMInFlight ZMM are interleaved in the main loops (32 blocks,
	// 512 bytes): enough independent rounds to cover the 512-bit VAESENC
	// latency at one issue per cycle; 8 blocks + 15 broadcast keys + CTR
	// constants fit the 32 ZMM registers.
	vaesZMMInFlight = 8
	vaesInterleave  = vaesBlocksPerZMM * vaesZMMInFlight
	// vaesTailInterleave: after the 32-block groups, one group of 16
	// (4 ZMM) runs if at least 16 blocks remain, then one ZMM (4 blocks)
	// at a time, then the last 1-3 blocks in one ZMM under an opmask
	// (masked loads and stores, no access past the buffers).
	vaesTailInterleave = 16
	// The thresholds, one per mode: calls shorter than this many bytes
	// run aes/vaes256's YMM kernels (from its own per-mode threshold) or
	// aes/aesni's. Below one group of 16 blocks the wide kernels pay for
	// broadcasting the whole schedule into 15 ZMM and for 512-bit passes
	// mostly empty. Measured on Zen 5 with AVX-512 (`xarch speed
	// calibrate`, ZMM/narrow paired, docs/speed-notes.md 2026-12-02): ECB
	// 1.04x at 240 bytes, 1.12x at 304, 1.34x at 480; CBC decryption
	// 1.15x at 240, 1.29x at 304: so from one 16-block group. CTR's ZMM
	// path steps its counters with plain adds only in 32-block groups,
	// and its shorter passes use the carry tree: 0.78x at 480 bytes,
	// 1.10x from 512. `xarch speed calibrate` sets each per CPU.
	vaesECBWideMinDefault    = 256
	vaesCTRWideMinDefault    = 512
	vaesCBCDecWideMinDefault = 256
)

// The thresholds the wrappers read: Vars, so that `xarch speed --tune
// aes/vaes512:ctr_wide_min_bytes=N` (and the calibration) move them.
var (
	vaesECBWideMin    = vaesECBWideMinDefault
	vaesCTRWideMin    = vaesCTRWideMinDefault
	vaesCBCDecWideMin = vaesCBCDecWideMinDefault
)

var vaesTuning = []arch.Tuning{
	{Name: "block_bytes", Value: 16, Unit: arch.Bytes},
	{Name: "blocks_per_register", Value: vaesBlocksPerZMM, Unit: arch.Blocks},
	{Name: "registers_in_flight", Value: vaesZMMInFlight, Unit: arch.Other},
	{Name: "interleave", Value: vaesInterleave, Unit: arch.Blocks},
	{Name: "tail_interleave", Value: vaesTailInterleave, Unit: arch.Blocks},
	{Name: "tail_register_blocks", Value: vaesBlocksPerZMM, Unit: arch.Blocks},
	{Name: "tail_masked_max", Value: vaesBlocksPerZMM - 1, Unit: arch.Blocks},
	{Name: "cbc_encrypt_interleave", Value: 1, Unit: arch.Blocks},
	{Name: "ecb_wide_min_bytes", Value: vaesECBWideMinDefault, Unit: arch.Bytes, Var: &vaesECBWideMin, Speed: "aes-128-ecb"},
	{Name: "ctr_wide_min_bytes", Value: vaesCTRWideMinDefault, Unit: arch.Bytes, Var: &vaesCTRWideMin, Speed: "aes-128-ctr"},
	{Name: "cbc_dec_wide_min_bytes", Value: vaesCBCDecWideMinDefault, Unit: arch.Bytes, Var: &vaesCBCDecWideMin, Speed: "aes-128-cbc-dec"},
	// Below those, aes/vaes256's own thresholds between its YMM and the
	// aesni kernels.
	{Name: "ecb_ymm_min_bytes", Value: v256ECBWideMinDefault, Unit: arch.Bytes},
	{Name: "ctr_ymm_min_bytes", Value: v256CTRWideMinDefault, Unit: arch.Bytes},
	{Name: "cbc_dec_ymm_min_bytes", Value: v256CBCDecWideMinDefault, Unit: arch.Bytes},
}

func init() {
	arch.Register(&arch.Impl{
		Name: "aes/vaes512",
		Alg:  aes.Name,
		Arch: "amd64",
		// VAESENC/VAESDEC on ZMM (vaes + avx512f: EVEX, opmasks, VALIGNQ,
		// VPCMPUQ), VPSHUFB on ZMM (avx512bw), EVEX forms on XMM/YMM
		// registers 16-31 (avx512vl); calls below the *_wide_min_bytes run
		// aes/vaes256's (avx, avx2) and CBC encryption aes/aesni's
		// kernels (aesni, sse2, ssse3).
		Requires: []string{"vaes", "avx512f", "avx512bw", "avx512vl", "avx", "avx2", "aesni", "sse2", "ssse3"},
		Tuning:   vaesTuning,
		// QEMU 7.2 exposes no AVX-512 (and its -cpu max gets 256-bit VAES
		// wrong), so emulated models skip this level as missing
		// avx512f; it runs on native hosts that have it.
		Rank: 40,
		Funcs: &aes.Funcs{
			Encrypt:    aesEncryptVAES,
			Decrypt:    aesDecryptVAES,
			CBCEncrypt: aesCBCEncryptVAES,
			CBCDecrypt: aesCBCDecryptVAES,
			CTR:        aesCTRVAES,
		},
	})
	arch.RegisterProbe(arch.Probe{Feature: "vaes",
		Instr: "VAESENC zmm (4 lanes; ymm, 2 lanes, without AVX-512)", Run: probeVAESENC})
}

// Each entry point tests its mode's thresholds and runs the kernel they
// pick right there: the ZMM one from the *_wide_min_bytes (so the tuning at
// 0 is the ZMM path at every length, as calibration needs), else
// aes/vaes256's YMM one from its threshold, else aes/aesni's, at the call
// depth aes/aesni's own entry points have (routing through vaes256's
// router cost 5-15% at 16 bytes). The wide calls go out of line.

func aesEncryptVAES(k *aes.Key, dst, src []byte) {
	n := aesCheck("aes/vaes512", k, k.Enc, dst, src)
	if 16*n >= vaesECBWideMin && n > 0 {
		ecbEncWideVAES(k, dst, src, n)
	} else if 16*n >= v256ECBWideMin && n > 0 {
		ecbEncWideV256(k, dst, src, n)
	} else if n > 0 {
		if arch.ABICheck {
			abiEcbEncNI(&k.Enc[0], k.Rounds, &dst[0], &src[0], n)
		} else {
			ecbEncNI(&k.Enc[0], k.Rounds, &dst[0], &src[0], n)
		}
	}
}

func aesDecryptVAES(k *aes.Key, dst, src []byte) {
	n := aesCheck("aes/vaes512", k, k.Dec, dst, src)
	if 16*n >= vaesECBWideMin && n > 0 {
		ecbDecWideVAES(k, dst, src, n)
	} else if 16*n >= v256ECBWideMin && n > 0 {
		ecbDecWideV256(k, dst, src, n)
	} else if n > 0 {
		if arch.ABICheck {
			abiEcbDecNI(&k.Dec[0], k.Rounds, &dst[0], &src[0], n)
		} else {
			ecbDecNI(&k.Dec[0], k.Rounds, &dst[0], &src[0], n)
		}
	}
}

// aesCBCEncryptVAES: CBC encryption is one latency chain at any width.
// aes/aesni's kernel keeps only the rounds on it (the XORs ride in the last
// round key), where a 512-bit level would first broadcast the schedule and
// then put two XORs per block on the chain.
func aesCBCEncryptVAES(k *aes.Key, iv *[16]byte, dst, src []byte) {
	if n := aesCheck("aes/vaes512", k, k.Enc, dst, src); n > 0 {
		if arch.ABICheck {
			abiCbcEncNI(&k.Enc[0], k.Rounds, iv, &dst[0], &src[0], n)
		} else {
			cbcEncNI(&k.Enc[0], k.Rounds, iv, &dst[0], &src[0], n)
		}
	}
}

func aesCBCDecryptVAES(k *aes.Key, iv *[16]byte, dst, src []byte) {
	n := aesCheck("aes/vaes512", k, k.Dec, dst, src)
	if 16*n >= vaesCBCDecWideMin && n > 0 {
		cbcDecWideVAES(k, iv, dst, src, n)
	} else if 16*n >= v256CBCDecWideMin && n > 0 {
		cbcDecWideV256(k, iv, dst, src, n)
	} else if n > 0 {
		if arch.ABICheck {
			abiCbcDecNI(&k.Dec[0], k.Rounds, iv, &dst[0], &src[0], n)
		} else {
			cbcDecNI(&k.Dec[0], k.Rounds, iv, &dst[0], &src[0], n)
		}
	}
}

func aesCTRVAES(k *aes.Key, ctr *[16]byte, dst, src []byte) {
	n := aesCheck("aes/vaes512", k, k.Enc, dst, src)
	if 16*n >= vaesCTRWideMin && n > 0 {
		ctrWideVAES(k, ctr, dst, src, n)
	} else if 16*n >= v256CTRWideMin && n > 0 {
		ctrWideV256(k, ctr, dst, src, n)
	} else if n > 0 {
		ctrRunNI(k, ctr, dst, src, n)
	}
}

//go:noinline
func ecbEncWideVAES(k *aes.Key, dst, src []byte, n int) {
	if arch.ABICheck {
		abiEcbEncVAES(&k.Enc[0], k.Rounds, &dst[0], &src[0], n)
	} else {
		ecbEncVAES(&k.Enc[0], k.Rounds, &dst[0], &src[0], n)
	}
}

//go:noinline
func ecbDecWideVAES(k *aes.Key, dst, src []byte, n int) {
	if arch.ABICheck {
		abiEcbDecVAES(&k.Dec[0], k.Rounds, &dst[0], &src[0], n)
	} else {
		ecbDecVAES(&k.Dec[0], k.Rounds, &dst[0], &src[0], n)
	}
}

// cbcDecWideVAES: the last ciphertext block is the next iv; kept before an
// in-place call overwrites it.
//
//go:noinline
func cbcDecWideVAES(k *aes.Key, iv *[16]byte, dst, src []byte, n int) {
	var next [16]byte
	copy(next[:], src[len(src)-16:])
	if arch.ABICheck {
		abiCbcDecVAES(&k.Dec[0], k.Rounds, iv, &dst[0], &src[0], n)
	} else {
		cbcDecVAES(&k.Dec[0], k.Rounds, iv, &dst[0], &src[0], n)
	}
	*iv = next
}

//go:noinline
func ctrWideVAES(k *aes.Key, ctr *[16]byte, dst, src []byte, n int) {
	hi, lo := ctrSplit(ctr)
	// The first four counters as {low, high} qword pairs.
	var base [8]uint64
	for i := 0; i < 4; i++ {
		l := lo + uint64(i)
		h := hi
		if l < lo {
			h++
		}
		base[2*i], base[2*i+1] = l, h
	}
	if arch.ABICheck {
		abiCtrVAES(&k.Enc[0], k.Rounds, &base, &dst[0], &src[0], n)
	} else {
		ctrVAES(&k.Enc[0], k.Rounds, &base, &dst[0], &src[0], n)
	}
	ctrAdvance(ctr, hi, lo, n)
}

// The assembly kernels: n blocks (0 is handled too), rk holds nr+1 round
// keys. cbcDecVAES only reads iv.

//go:noescape
func ecbEncVAES(rk *byte, nr int, dst, src *byte, n int)

//go:noescape
func ecbDecVAES(rk *byte, nr int, dst, src *byte, n int)

//go:noescape
func cbcDecVAES(rk *byte, nr int, iv *[16]byte, dst, src *byte, n int)

//go:noescape
func ctrVAES(rk *byte, nr int, base *[8]uint64, dst, src *byte, n int)

//go:noescape
func vaesencProbe(state, key, out *[64]byte)

//go:noescape
func vaesencProbeYMM(state, key, out *[64]byte)
