//go:build amd64 && gc

package amd64

import "github.com/xarchlab/xarch/arch"

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
// of gcmKeyNI; its last 8 slots are aes-gcm/aesni's table.
type gcmKeyV256 struct{ tab [16 * gcmV256Interleave]byte }

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
	gcmPowers(h, hk.tab[:])
	return hk
}

// gcmGHASHV256Go hashes AAD and the lengths block with aesni's GHASH
// (8 blocks per reduction).
func gcmGHASHV256Go(hk interface{}, y *[16]byte, p []byte) {
	if n := len(p) / 16; n > 0 {
		gcmGhashNI(&hk.(*gcmKeyV256).tab[gcmV256NIOff], y, &p[0], n)
	}
}

func gcmSealV256Go(k *arch.AESKey, hk interface{}, ctr, y *[16]byte, dst, src []byte) {
	t := hk.(*gcmKeyV256)
	n := aesCheck("aes-gcm/vaes256", k, k.Enc, dst, src)
	if w := n &^ (gcmV256Interleave - 1); w > 0 && 16*n >= gcmV256WideMin {
		gcmSealV256(&k.Enc[0], k.Rounds, &t.tab[0], ctr, y, &dst[0], &src[0], w)
		gcmCtrAdvance(ctr, w)
		dst, src, n = dst[16*w:], src[16*w:], n-w
	}
	if n > 0 {
		gcmSealNI(&k.Enc[0], k.Rounds, &t.tab[gcmV256NIOff], ctr, y, &dst[0], &src[0], n)
		gcmCtrAdvance(ctr, n)
	}
}

func gcmOpenV256Go(k *arch.AESKey, hk interface{}, ctr, y *[16]byte, dst, src []byte) {
	t := hk.(*gcmKeyV256)
	n := aesCheck("aes-gcm/vaes256", k, k.Enc, dst, src)
	if w := n &^ (gcmV256Interleave - 1); w > 0 && 16*n >= gcmV256WideMin {
		gcmOpenV256(&k.Enc[0], k.Rounds, &t.tab[0], ctr, y, &dst[0], &src[0], w)
		gcmCtrAdvance(ctr, w)
		dst, src, n = dst[16*w:], src[16*w:], n-w
	}
	if n > 0 {
		gcmOpenNI(&k.Enc[0], k.Rounds, &t.tab[gcmV256NIOff], ctr, y, &dst[0], &src[0], n)
		gcmCtrAdvance(ctr, n)
	}
}

// The wide kernels: n is a positive multiple of 16 blocks; tab points to
// the 16 powers (H^16 first); ctr is read, not written.

//go:noescape
func gcmSealV256(rk *byte, nr int, tab *byte, ctr, y *[16]byte, dst, src *byte, n int)

//go:noescape
func gcmOpenV256(rk *byte, nr int, tab *byte, ctr, y *[16]byte, dst, src *byte, n int)
