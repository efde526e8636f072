//go:build amd64 && gc

package amd64

import (
	"encoding/binary"

	"github.com/xarchlab/xarch/arch"
)

// Tuning of aes-gcm/vaes256 (see gcm_vaes256_amd64.s).
const (
	// gcmV256BlocksPerReg: a VEX.256 VAESENC or VPCLMULQDQ works on two
	// 128-bit lanes, two blocks.
	gcmV256BlocksPerReg = 2
	// gcmV256Interleave blocks per stitched group: 8 YMM registers of AES
	// state cover the VAESENC latency at two issues per cycle, and the
	// GHASH of the previous 16 blocks (32 VPCLMULQDQ, one reduction with
	// H^16..H^1) runs between their rounds. 8 state + 1 round key + 5
	// GHASH + mask + y use the 16 YMM registers (no AVX-512 here).
	gcmV256Interleave = 16
	// gcmV256WideMinDefault: calls of at least this many bytes run their
	// whole 16-block groups on the wide path; the rest of the call, and
	// shorter calls, take aes-gcm/aesni's kernels (8-block groups, a 4- or
	// 8-wide tail). The wide path ciphers its first group and hashes its
	// last one alone, which costs more than aesni's pipeline on a single
	// group.
	gcmV256WideMinDefault = 512
)

// gcmV256WideMin is the threshold the wrappers read, a Var so that `xarch
// speed --tune wide_min_bytes=N` moves it at run time. The kernels are
// correct for any value (<= 256: every call of 16 blocks or more is wide).
var gcmV256WideMin = gcmV256WideMinDefault

// gcmKeyV256 is the aes-gcm/vaes256 GHASH key: H^16, ..., H^1 in the form
// of gcmKeyNI (slots 8-15 are aes-gcm/aesni's table), then for each power
// the XOR of its two qwords, in both qwords: the Karatsuba middle operand.
type gcmKeyV256 struct {
	tab [2 * 16 * gcmV256Interleave]byte
}

// gcmV256NIOff: where the aesni kernels' 8 powers start in the table.
const gcmV256NIOff = 16 * (gcmV256Interleave - gcmNIPowers)

func init() {
	arch.Register(&arch.Impl{
		Name: "aes-gcm/vaes256",
		Alg:  arch.GCM,
		Arch: "amd64",
		// VAESENC and VPCLMULQDQ on YMM (vaes, vpclmulqdq: VEX.256 needs
		// only AVX state, no AVX-512), VPSHUFB/VPXOR/VINSERTI128 on YMM
		// (avx2), and aes-gcm/aesni's kernels for short calls and tails
		// (aesni, pclmulqdq, ssse3). QEMU 7.2 has no VPCLMULQDQ, so this
		// level runs natively only.
		Requires: []string{"avx", "avx2", "vaes", "vpclmulqdq", "aesni", "pclmulqdq", "sse2", "ssse3"},
		// Above aes-gcm/aesni (30); aes/vaes512 (40) needs AVX-512.
		Rank: 35,
		Tuning: []arch.Tuning{
			{Name: "blocks_per_register", Value: gcmV256BlocksPerReg, Unit: arch.Blocks},
			{Name: "interleave", Value: gcmV256Interleave, Unit: arch.Blocks},
			{Name: "ghash_aggregate", Value: gcmV256Interleave, Unit: arch.Blocks},
			{Name: "narrow_interleave", Value: gcmNIInterleave, Unit: arch.Blocks},
			{Name: "wide_min_bytes", Value: gcmV256WideMinDefault, Unit: arch.Bytes, Var: &gcmV256WideMin},
		},
		Funcs: &arch.GCMFuncs{
			AES:   aesniFuncs(),
			Init:  gcmInitV256Go,
			GHASH: gcmGHASHV256Go,
			Seal:  gcmSealV256Go,
			Open:  gcmOpenV256Go,
		},
	})
	arch.RegisterProbe(arch.Probe{Feature: "vpclmulqdq", Instr: "vpclmulqdq ymm", Run: probeVPCLMULQDQ})
}

func gcmInitV256Go(h *[16]byte) interface{} {
	hk := new(gcmKeyV256)
	const n = 16 * gcmV256Interleave
	gcmPowers(h, hk.tab[:n])
	for i := 0; i < n; i += 16 {
		x := binary.LittleEndian.Uint64(hk.tab[i:]) ^ binary.LittleEndian.Uint64(hk.tab[i+8:])
		binary.LittleEndian.PutUint64(hk.tab[n+i:], x)
		binary.LittleEndian.PutUint64(hk.tab[n+i+8:], x)
	}
	return hk
}

// gcmGHASHV256Go hashes one block (the lengths block, the usual call) on
// a short VEX path, more with aesni's GHASH (8 blocks per reduction).
func gcmGHASHV256Go(hk interface{}, y *[16]byte, p []byte) {
	t := hk.(*gcmKeyV256)
	if n := len(p) / 16; n == 1 {
		gcmGhash1V256(&t.tab[0], y, &p[0])
	} else if n > 1 {
		gcmGhashNI(&t.tab[gcmV256NIOff], y, &p[0], n)
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

func gcmSealV256Go(k *arch.AESKey, hk interface{}, ctr, y *[16]byte, dst, src []byte) {
	t := hk.(*gcmKeyV256)
	if n := aesCheck("aes-gcm/vaes256", k, k.Enc, dst, src); n > 0 {
		gcmSealV256(&k.Enc[0], k.Rounds, &t.tab[0], ctr, y, &dst[0], &src[0], n, gcmV256Wide(n))
		gcmCtrAdvance(ctr, n)
	}
}

func gcmOpenV256Go(k *arch.AESKey, hk interface{}, ctr, y *[16]byte, dst, src []byte) {
	t := hk.(*gcmKeyV256)
	if n := aesCheck("aes-gcm/vaes256", k, k.Enc, dst, src); n > 0 {
		gcmOpenV256(&k.Enc[0], k.Rounds, &t.tab[0], ctr, y, &dst[0], &src[0], n, gcmV256Wide(n))
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
