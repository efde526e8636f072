//go:build gc

package amd64

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
)

// Tuning of aes/vaes256 (see aes_vaes256_amd64.s).
const (
	// v256BlocksPerYMM: a VEX.256 VAESENC does one round on two blocks.
	v256BlocksPerYMM = 2
	// v256Interleave blocks (8 YMM) are in flight in the main loops.
	// VAESENC has a latency of 4 cycles and issues twice per cycle on the
	// Zen 5 host (measured, for XMM and YMM alike), so 8 independent
	// registers keep both units busy; 8 state + the round key + CTR's
	// counter pair and mask fit the 16 YMM registers of AVX2.
	v256Interleave = v256BlocksPerYMM * 8
	// v256TailInterleave: the 0..15 blocks after the groups run in one
	// pass per bit of their count, 8, 4, 2 and 1 blocks (4, 2, 1 YMM and
	// an XMM).
	v256TailInterleave = 8
	// The thresholds, one per mode (the modes' VAES kernels differ in
	// setup and tail, so their crossovers may too): calls shorter than
	// this many bytes run on the aes/aesni kernels, so dispatch is never
	// slower than aes/aesni. Measured on the Zen 5 host (`xarch speed
	// --tune`, AES-128 CTR, ECB and CBC decryption, 9 samples, paired;
	// docs/speed-notes.md): up to 48 bytes the VAES kernels are 3-7%
	// slower (a pass of one or two YMM costs one latency chain, as aesni's
	// 2- and 4-block passes do, plus the VEX setup), at 64 bytes the two
	// tie, from 80 bytes the VAES kernels win (+2% to +4% at 80, +16% at
	// 128, +40% at 256), in all three modes. `xarch speed calibrate` sets
	// them per CPU.
	v256ECBWideMinDefault    = 80
	v256CTRWideMinDefault    = 80
	v256CBCDecWideMinDefault = 80
)

// The thresholds the wrappers read: Vars, so that `xarch speed --tune
// aes/vaes256:ctr_wide_min_bytes=N` (and the calibration) move them at run
// time. The kernels are correct for any value.
var (
	v256ECBWideMin    = v256ECBWideMinDefault
	v256CTRWideMin    = v256CTRWideMinDefault
	v256CBCDecWideMin = v256CBCDecWideMinDefault
)

var v256Tuning = []arch.Tuning{
	{Name: "block_bytes", Value: 16, Unit: arch.Bytes},
	{Name: "blocks_per_register", Value: v256BlocksPerYMM, Unit: arch.Blocks},
	{Name: "interleave", Value: v256Interleave, Unit: arch.Blocks},
	{Name: "tail_interleave", Value: v256TailInterleave, Unit: arch.Blocks},
	{Name: "tail_quarter", Value: v256TailInterleave / 2, Unit: arch.Blocks},
	{Name: "cbc_encrypt_interleave", Value: 1, Unit: arch.Blocks},
	{Name: "ecb_wide_min_bytes", Value: v256ECBWideMinDefault, Unit: arch.Bytes, Var: &v256ECBWideMin, Speed: "aes-128-ecb"},
	{Name: "ctr_wide_min_bytes", Value: v256CTRWideMinDefault, Unit: arch.Bytes, Var: &v256CTRWideMin, Speed: "aes-128-ctr"},
	{Name: "cbc_dec_wide_min_bytes", Value: v256CBCDecWideMinDefault, Unit: arch.Bytes, Var: &v256CBCDecWideMin, Speed: "aes-128-cbc-dec"},
}

func init() {
	arch.Register(&arch.Impl{
		Name: "aes/vaes256",
		Alg:  aes.Name,
		Arch: "amd64",
		// VAESENC/VAESDEC on YMM (vaes; VEX.256 needs AVX state only),
		// VBROADCASTI128, VPERM2I128, VEXTRACTI128, VPSHUFB/VPADDQ on YMM
		// (avx2), VEX.128 forms (avx); short calls and CBC encryption run
		// the aes/aesni kernels (aesni, sse2, ssse3).
		Requires: []string{"avx", "avx2", "vaes", "aesni", "sse2", "ssse3"},
		Tuning:   v256Tuning,
		// QEMU 7.2's -cpu max exposes VAES on YMM but computes the upper
		// lane of VAESENC from the lower lane's state (the vaes probe
		// shows it: the suite reports "not faithfully emulated" there),
		// and no other model has VAES. So the level is judged natively,
		// and the fuzzer, which does not consult probes, skips it under
		// emulation.
		NeedsHardware: "QEMU 7.2 computes the upper 128-bit lane of VEX.256 VAESENC from the lower lane's state",
		// Above aes/aesni (30), below aes/vaes512 (40).
		Rank: 35,
		// The Enc and Dec schedules of aes.ExpandKey, as aes/aesni:
		// both kernels share them, no Priv.
		Funcs: &aes.Funcs{
			Encrypt:    aesEncryptV256,
			Decrypt:    aesDecryptV256,
			CBCEncrypt: aesCBCEncryptV256,
			CBCDecrypt: aesCBCDecryptV256,
			CTR:        aesCTRV256,
		},
	})
}

// The entry points test the mode's threshold first and run a short call on
// aes/aesni's kernel right there, with the call depth aes/aesni's own entry
// points have: at 16 bytes an extra Go call is a few percent. The wide
// calls go out of line (gc lays the short call out as the fall-through).

func aesEncryptV256(k *aes.Key, dst, src []byte) {
	n := aesCheck("aes/vaes256", k, k.Enc, dst, src)
	if 16*n >= v256ECBWideMin && n > 0 {
		ecbEncWideV256(k, dst, src, n)
	} else if n > 0 {
		if arch.ABICheck {
			abiEcbEncNI(&k.Enc[0], k.Rounds, &dst[0], &src[0], n)
		} else {
			ecbEncNI(&k.Enc[0], k.Rounds, &dst[0], &src[0], n)
		}
	}
}

func aesDecryptV256(k *aes.Key, dst, src []byte) {
	n := aesCheck("aes/vaes256", k, k.Dec, dst, src)
	if 16*n >= v256ECBWideMin && n > 0 {
		ecbDecWideV256(k, dst, src, n)
	} else if n > 0 {
		if arch.ABICheck {
			abiEcbDecNI(&k.Dec[0], k.Rounds, &dst[0], &src[0], n)
		} else {
			ecbDecNI(&k.Dec[0], k.Rounds, &dst[0], &src[0], n)
		}
	}
}

// aesCBCEncryptV256: CBC encryption is one latency chain whatever the
// register width; aes/aesni's kernel keeps nothing but the rounds on it.
func aesCBCEncryptV256(k *aes.Key, iv *[16]byte, dst, src []byte) {
	if n := aesCheck("aes/vaes256", k, k.Enc, dst, src); n > 0 {
		if arch.ABICheck {
			abiCbcEncNI(&k.Enc[0], k.Rounds, iv, &dst[0], &src[0], n)
		} else {
			cbcEncNI(&k.Enc[0], k.Rounds, iv, &dst[0], &src[0], n)
		}
	}
}

func aesCBCDecryptV256(k *aes.Key, iv *[16]byte, dst, src []byte) {
	n := aesCheck("aes/vaes256", k, k.Dec, dst, src)
	if 16*n >= v256CBCDecWideMin && n > 0 {
		cbcDecWideV256(k, iv, dst, src, n)
	} else if n > 0 {
		if arch.ABICheck {
			abiCbcDecNI(&k.Dec[0], k.Rounds, iv, &dst[0], &src[0], n)
		} else {
			cbcDecNI(&k.Dec[0], k.Rounds, iv, &dst[0], &src[0], n)
		}
	}
}

func aesCTRV256(k *aes.Key, ctr *[16]byte, dst, src []byte) {
	n := aesCheck("aes/vaes256", k, k.Enc, dst, src)
	if 16*n >= v256CTRWideMin && n > 0 {
		ctrWideV256(k, ctr, dst, src, n)
	} else if n > 0 {
		ctrRunNI(k, ctr, dst, src, n)
	}
}

// ecbEncWideV256 and ecbDecWideV256 run the YMM kernels, out of line so
// that the short calls above need no frame for them.
//
//go:noinline
func ecbEncWideV256(k *aes.Key, dst, src []byte, n int) {
	if arch.ABICheck {
		abiEcbEncV256(&k.Enc[0], k.Rounds, &dst[0], &src[0], n)
	} else {
		ecbEncV256(&k.Enc[0], k.Rounds, &dst[0], &src[0], n)
	}
}

//go:noinline
func ecbDecWideV256(k *aes.Key, dst, src []byte, n int) {
	if arch.ABICheck {
		abiEcbDecV256(&k.Dec[0], k.Rounds, &dst[0], &src[0], n)
	} else {
		ecbDecV256(&k.Dec[0], k.Rounds, &dst[0], &src[0], n)
	}
}

// cbcDecWideV256: the last ciphertext block is the next iv, kept before an
// in-place call overwrites it.
//
//go:noinline
func cbcDecWideV256(k *aes.Key, iv *[16]byte, dst, src []byte, n int) {
	var next [16]byte
	copy(next[:], src[len(src)-16:])
	if arch.ABICheck {
		abiCbcDecV256(&k.Dec[0], k.Rounds, iv, &dst[0], &src[0], n)
	} else {
		cbcDecV256(&k.Dec[0], k.Rounds, iv, &dst[0], &src[0], n)
	}
	*iv = next
}

// ctrWideV256 runs ctrV256, which rewrites only the low 32 bits of its
// counter blocks: the call is split where they wrap (once in 2^32
// blocks).
//
//go:noinline
func ctrWideV256(k *aes.Key, ctr *[16]byte, dst, src []byte, n int) {
	for {
		m := aes.CTRRun(ctr, n, 32)
		hi, lo := ctrSplit(ctr)
		if arch.ABICheck {
			abiCtrV256(&k.Enc[0], k.Rounds, hi, lo, &dst[0], &src[0], m)
		} else {
			ctrV256(&k.Enc[0], k.Rounds, hi, lo, &dst[0], &src[0], m)
		}
		ctrAdvance(ctr, hi, lo, m)
		if m == n {
			return
		}
		dst, src, n = dst[16*m:], src[16*m:], n-m
	}
}

// The assembly kernels: n blocks (0 is handled too), rk holds nr+1 round
// keys. cbcDecV256 only reads iv. ctrV256 starts from the counter hi:lo and
// steps only its low 32 bits (arch.CTRRun).

//go:noescape
func ecbEncV256(rk *byte, nr int, dst, src *byte, n int)

//go:noescape
func ecbDecV256(rk *byte, nr int, dst, src *byte, n int)

//go:noescape
func cbcDecV256(rk *byte, nr int, iv *[16]byte, dst, src *byte, n int)

//go:noescape
func ctrV256(rk *byte, nr int, hi, lo uint64, dst, src *byte, n int)
