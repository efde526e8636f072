//go:build gc

package amd64

import (
	"encoding/binary"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
)

// Tuning of aes/aesni (see aes_aesni_amd64.s).
const (
	// aesniInterleave blocks are in flight in the ECB, CBC-decrypt and CTR
	// main loops. AESENC/AESDEC have a latency of 4-7 cycles and issue
	// once or twice per cycle, so 8 independent blocks keep the unit busy;
	// 8 blocks + 1 round key + counter scratch fit in the 16 XMM registers.
	aesniInterleave = 8
	// aesniTailInterleave: the 0-7 blocks after the 8-block groups run in
	// one pass per bit of their count, 4, 2 and 1 blocks: each pass costs
	// one AES latency chain, so short messages pay one per pass, not one
	// per block.
	aesniTailInterleave = 4
)

// aesniTuning is shared with the test, which derives its length edges
// from it.
var aesniTuning = []arch.Tuning{
	{Name: "block_bytes", Value: 16, Unit: arch.Bytes},
	{Name: "interleave", Value: aesniInterleave, Unit: arch.Blocks},
	{Name: "tail_interleave", Value: aesniTailInterleave, Unit: arch.Blocks},
	{Name: "tail_pair", Value: aesniTailInterleave / 2, Unit: arch.Blocks},
	{Name: "cbc_encrypt_interleave", Value: 1, Unit: arch.Blocks},
}

func init() {
	arch.Register(&arch.Impl{
		Name: "aes/aesni",
		Alg:  aes.Name,
		Arch: "amd64",
		// AESENC/AESDEC (aesni), SSE2 moves and PUNPCKLQDQ, PSHUFB (ssse3)
		// to turn the CTR counter big-endian. QEMU's Westmere and Haswell
		// models implement all three.
		Requires: []string{"aesni", "sse2", "ssse3"},
		Tuning:   aesniTuning,
		// Above generic Go, below the 512-bit VAES level.
		Rank: 30,
		// Enc and Dec of aes.ExpandKey are used as they are: AESENC
		// takes Enc keys in order, AESDEC the equivalent inverse cipher's
		// Dec schedule in its stored order; no Priv layout.
		Funcs: &aes.Funcs{
			Encrypt:    aesEncryptNI,
			Decrypt:    aesDecryptNI,
			CBCEncrypt: aesCBCEncryptNI,
			CBCDecrypt: aesCBCDecryptNI,
			CTR:        aesCTRNI,
		},
	})
	arch.RegisterProbe(arch.Probe{Feature: "aesni", Instr: "AESENC xmm, xmm", Run: probeAESENC})
}

// aesCheck validates what the assembly trusts: a known round count, a
// schedule long enough for it, and equal whole-block lengths. It returns
// the number of blocks.
func aesCheck(level string, k *aes.Key, sched, dst, src []byte) int {
	if k == nil || k.Rounds != 10 && k.Rounds != 12 && k.Rounds != 14 {
		panic(level + ": AES key with a round count other than 10, 12, 14")
	}
	if len(sched) < 16*(k.Rounds+1) {
		panic(level + ": AES key schedule too short for its round count")
	}
	if len(dst) != len(src) || len(src)%16 != 0 {
		panic(level + ": dst and src must have the same length, a multiple of 16")
	}
	return len(src) / 16
}

// ctrSplit reads a big-endian counter block as a 128-bit integer.
func ctrSplit(ctr *[16]byte) (hi, lo uint64) {
	return binary.BigEndian.Uint64(ctr[:8]), binary.BigEndian.Uint64(ctr[8:])
}

// ctrAdvance stores hi:lo + n back into ctr (mod 2^128).
func ctrAdvance(ctr *[16]byte, hi, lo uint64, n int) {
	nlo := lo + uint64(n)
	if nlo < lo {
		hi++
	}
	binary.BigEndian.PutUint64(ctr[:8], hi)
	binary.BigEndian.PutUint64(ctr[8:], nlo)
}

func aesEncryptNI(k *aes.Key, dst, src []byte) {
	if n := aesCheck("aes/aesni", k, k.Enc, dst, src); n > 0 {
		if arch.ABICheck {
			abiEcbEncNI(&k.Enc[0], k.Rounds, &dst[0], &src[0], n)
		} else {
			ecbEncNI(&k.Enc[0], k.Rounds, &dst[0], &src[0], n)
		}
	}
}

func aesDecryptNI(k *aes.Key, dst, src []byte) {
	if n := aesCheck("aes/aesni", k, k.Dec, dst, src); n > 0 {
		if arch.ABICheck {
			abiEcbDecNI(&k.Dec[0], k.Rounds, &dst[0], &src[0], n)
		} else {
			ecbDecNI(&k.Dec[0], k.Rounds, &dst[0], &src[0], n)
		}
	}
}

func aesCBCEncryptNI(k *aes.Key, iv *[16]byte, dst, src []byte) {
	if n := aesCheck("aes/aesni", k, k.Enc, dst, src); n > 0 {
		if arch.ABICheck {
			abiCbcEncNI(&k.Enc[0], k.Rounds, iv, &dst[0], &src[0], n)
		} else {
			cbcEncNI(&k.Enc[0], k.Rounds, iv, &dst[0], &src[0], n)
		}
	}
}

func aesCBCDecryptNI(k *aes.Key, iv *[16]byte, dst, src []byte) {
	if n := aesCheck("aes/aesni", k, k.Dec, dst, src); n > 0 {
		if arch.ABICheck {
			abiCbcDecNI(&k.Dec[0], k.Rounds, iv, &dst[0], &src[0], n)
		} else {
			cbcDecNI(&k.Dec[0], k.Rounds, iv, &dst[0], &src[0], n)
		}
	}
}

func aesCTRNI(k *aes.Key, ctr *[16]byte, dst, src []byte) {
	if n := aesCheck("aes/aesni", k, k.Enc, dst, src); n > 0 {
		ctrRunNI(k, ctr, dst, src, n)
	}
}

// ctrRunNI is CTR over n > 0 blocks with ctrNI, which steps only the low 64
// bits of its counter: the call is split where they wrap (once in 2^64
// blocks), and the counter is advanced here. The counter goes to the
// kernel as two integers read with 8-byte loads, not as the block: the
// previous call stored it as two 8-byte halves, and a 16-byte load of
// those would wait for the stores to retire (no store forwarding), on the
// chain of every short call.
func ctrRunNI(k *aes.Key, ctr *[16]byte, dst, src []byte, n int) {
	hi, lo := ctrSplit(ctr)
	if left := -lo; lo != 0 && left < uint64(n) {
		ctrSplitNI(k, hi, lo, dst, src, int(left))
	} else {
		if arch.ABICheck {
			abiCtrNI(&k.Enc[0], k.Rounds, hi, lo, &dst[0], &src[0], n)
		} else {
			ctrNI(&k.Enc[0], k.Rounds, hi, lo, &dst[0], &src[0], n)
		}
	}
	ctrAdvance(ctr, hi, lo, n)
}

// ctrSplitNI runs the m blocks up to the wrap of the low 64 bits, then the
// rest from the carried counter; a function of its own, so the common call
// keeps its arguments in registers.
//
//go:noinline
func ctrSplitNI(k *aes.Key, hi, lo uint64, dst, src []byte, m int) {
	if arch.ABICheck {
		abiCtrNI(&k.Enc[0], k.Rounds, hi, lo, &dst[0], &src[0], m)
	} else {
		ctrNI(&k.Enc[0], k.Rounds, hi, lo, &dst[0], &src[0], m)
	}
	if arch.ABICheck {
		abiCtrNI(&k.Enc[0], k.Rounds, hi+1, 0, &dst[16*m], &src[16*m], len(src)/16-m)
	} else {
		ctrNI(&k.Enc[0], k.Rounds, hi+1, 0, &dst[16*m], &src[16*m], len(src)/16-m)
	}
}

// The assembly kernels: n blocks (0 is handled too), rk holds nr+1 round
// keys. cbcEncNI and cbcDecNI leave the last ciphertext block in iv.

//go:noescape
func ecbEncNI(rk *byte, nr int, dst, src *byte, n int)

//go:noescape
func ecbDecNI(rk *byte, nr int, dst, src *byte, n int)

//go:noescape
func cbcEncNI(rk *byte, nr int, iv *[16]byte, dst, src *byte, n int)

//go:noescape
func cbcDecNI(rk *byte, nr int, iv *[16]byte, dst, src *byte, n int)

// ctrNI starts from the counter hi:lo (the block as a 128-bit integer) and
// steps only lo: n blocks must not carry out of it.
//
//go:noescape
func ctrNI(rk *byte, nr int, hi, lo uint64, dst, src *byte, n int)

//go:noescape
func aesencProbe(state, key, out *[16]byte)
