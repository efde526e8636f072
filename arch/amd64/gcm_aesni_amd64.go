//go:build gc

package amd64

import (
	"encoding/binary"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
	"github.com/xarchlab/xarch/family/gcm"
)

// Tuning of aes-gcm/aesni (see gcm_aesni_amd64.s).
const (
	// gcmNIInterleave blocks per stitched group: 8 AES blocks in flight
	// cover the AESENC latency (as in aes/aesni's CTR), and the GHASH of
	// the previous 8 ciphertext blocks (32 PCLMULQDQ, one reduction with
	// H^8..H^1) fits between their rounds. 8 blocks + 1 round key + 6
	// GHASH registers + the byte-reversal mask use all 16 XMM registers.
	gcmNIInterleave = 8
	// gcmNITailInterleave: the last 1-7 blocks of a call run as one
	// group of 4 (1-4 blocks) or 8 (5-7) counters, whichever covers
	// them, then are hashed with H^r..H^1 and one reduction.
	gcmNITailInterleave = 4
	// gcmNIPowers powers of H are used: one per block of a group.
	gcmNIPowers = gcmNIInterleave
	// gcmKeyPowers powers of H are kept (16, for aes-gcm/vaes256's
	// groups; both levels share the key layout).
	gcmKeyPowers = 16
	// gcmNIOff: where aes-gcm/aesni's powers, H^8..H^1, start.
	gcmNIOff = 16 * (gcmKeyPowers - gcmNIPowers)
)

// gcmKey is the GHASH key of aes-gcm/aesni and aes-gcm/vaes256: H^16, H^15,
// ..., H^1, each as the register (byte-reversed block) of H^i * x^-1 in
// little-endian qwords, then (256 bytes on) for each power the XOR of its
// two qwords, in both qwords: the Karatsuba middle operand.
type gcmKey struct{ tab [2 * 16 * gcmKeyPowers]byte }

// newGCMKey computes the table from H.
func newGCMKey(h *[16]byte) *gcmKey {
	hk := new(gcmKey)
	const n = 16 * gcmKeyPowers
	gcmPowers(h, hk.tab[:n])
	for i := 0; i < n; i += 16 {
		x := binary.LittleEndian.Uint64(hk.tab[i:]) ^ binary.LittleEndian.Uint64(hk.tab[i+8:])
		binary.LittleEndian.PutUint64(hk.tab[n+i:], x)
		binary.LittleEndian.PutUint64(hk.tab[n+i+8:], x)
	}
	return hk
}

func init() {
	arch.Register(&arch.Impl{
		Name: "aes-gcm/aesni",
		Alg:  gcm.Name,
		Arch: "amd64",
		// AESENC (aesni) for CTR, PCLMULQDQ for GHASH, PSHUFB (ssse3) to
		// byte-reverse blocks, SSE2 for the rest. QEMU's Westmere and
		// Haswell models have all of them.
		Requires: []string{"aesni", "pclmulqdq", "sse2", "ssse3"},
		// In line with aes/aesni (30).
		Rank: 30,
		Tuning: []arch.Tuning{
			{Name: "interleave", Value: gcmNIInterleave, Unit: arch.Blocks},
			{Name: "tail_interleave", Value: gcmNITailInterleave, Unit: arch.Blocks},
			{Name: "ghash_aggregate", Value: gcmNIPowers, Unit: arch.Blocks},
		},
		Funcs: &gcm.Funcs{
			AES:   aesniFuncs(),
			Init:  gcmInitNIGo,
			GHASH: gcmGHASHNIGo,
			Seal:  gcmSealNIGo,
			Open:  gcmOpenNIGo,
		},
	})
	arch.RegisterProbe(arch.Probe{Feature: "pclmulqdq", Instr: "pclmulqdq", Run: probePCLMULQDQ})
}

// aesniFuncs is aes/aesni's registered entry points, the AES level under
// the GCM levels: the stitched kernels read its key schedule (Enc of
// aes.ExpandKey). aes_aesni_amd64.go registers it first (the go
// command initializes a package's files in name order).
func aesniFuncs() *aes.Funcs {
	if im, ok := arch.Lookup("aes/aesni"); ok {
		if f := aes.FuncsOf(im); f != nil && f.Expand == nil {
			return f
		}
	}
	panic("aes-gcm/aesni: aes/aesni is not registered before it, or expands keys its own way")
}

// gcmMontH returns the register of H * x^-1 as hi:lo: the byte-reversed
// block shifted left by one bit (a multiplication by y = x^-1 in the
// representation of gcm_aesni_amd64.s), y^128 replaced by y^127 + y^126 +
// y^121 + 1 when the top bit falls out. No branch on the key.
func gcmMontH(h *[16]byte) (hi, lo uint64) {
	hi, lo = binary.BigEndian.Uint64(h[:8]), binary.BigEndian.Uint64(h[8:])
	carry := -(hi >> 63)
	hi = hi<<1 | lo>>63
	lo <<= 1
	return hi ^ 0xc200000000000000&carry, lo ^ 1&carry
}

// gcmPowers fills tab (n slots of 16 bytes) with H^n, ..., H^1.
func gcmPowers(h *[16]byte, tab []byte) {
	n := len(tab) / 16
	hi, lo := gcmMontH(h)
	binary.LittleEndian.PutUint64(tab[16*(n-1):], lo)
	binary.LittleEndian.PutUint64(tab[16*(n-1)+8:], hi)
	if arch.ABICheck {
		abiGcmInitNI(&tab[0], n)
	} else {
		gcmInitNI(&tab[0], n)
	}
}

func gcmInitNIGo(h *[16]byte) interface{} { return newGCMKey(h) }

func gcmGHASHNIGo(hk interface{}, y *[16]byte, p []byte) {
	if n := len(p) / 16; n > 0 {
		if arch.ABICheck {
			abiGcmGhashNI(&hk.(*gcmKey).tab[gcmNIOff], y, &p[0], n)
		} else {
			gcmGhashNI(&hk.(*gcmKey).tab[gcmNIOff], y, &p[0], n)
		}
	}
}

// gcmCtrAdvance adds n to the 32-bit big-endian counter in ctr[12:16]
// (inc32, mod 2^32).
func gcmCtrAdvance(ctr *[16]byte, n int) {
	binary.BigEndian.PutUint32(ctr[12:], binary.BigEndian.Uint32(ctr[12:])+uint32(n))
}

func gcmSealNIGo(k *aes.Key, hk interface{}, ctr, y *[16]byte, dst, src []byte) {
	t := hk.(*gcmKey)
	if n := aesCheck("aes-gcm/aesni", k, k.Enc, dst, src); n > 0 {
		if arch.ABICheck {
			abiGcmSealNI(&k.Enc[0], k.Rounds, &t.tab[gcmNIOff], ctr, y, &dst[0], &src[0], n)
		} else {
			gcmSealNI(&k.Enc[0], k.Rounds, &t.tab[gcmNIOff], ctr, y, &dst[0], &src[0], n)
		}
		gcmCtrAdvance(ctr, n)
	}
}

func gcmOpenNIGo(k *aes.Key, hk interface{}, ctr, y *[16]byte, dst, src []byte) {
	t := hk.(*gcmKey)
	if n := aesCheck("aes-gcm/aesni", k, k.Enc, dst, src); n > 0 {
		if arch.ABICheck {
			abiGcmOpenNI(&k.Enc[0], k.Rounds, &t.tab[gcmNIOff], ctr, y, &dst[0], &src[0], n)
		} else {
			gcmOpenNI(&k.Enc[0], k.Rounds, &t.tab[gcmNIOff], ctr, y, &dst[0], &src[0], n)
		}
		gcmCtrAdvance(ctr, n)
	}
}

// The assembly kernels. tab points to H^8 in a gcmKey (H^1 at 112, the
// Karatsuba keys 256 bytes on); n is a block count (> 0 for Seal and
// Open); ctr is read, not written. gcmInitNI fills n powers, H^n first,
// from H^1 in the last slot.

//go:noescape
func gcmInitNI(tab *byte, n int)

//go:noescape
func gcmGhashNI(tab *byte, y *[16]byte, p *byte, n int)

//go:noescape
func gcmSealNI(rk *byte, nr int, tab *byte, ctr, y *[16]byte, dst, src *byte, n int)

//go:noescape
func gcmOpenNI(rk *byte, nr int, tab *byte, ctr, y *[16]byte, dst, src *byte, n int)
