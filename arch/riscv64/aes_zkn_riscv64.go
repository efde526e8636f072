//go:build gc

package riscv64

import (
	"encoding/binary"
	"fmt"
	"unsafe"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
)

// Tuning of aes/zkn. ECB, CBC decryption and CTR run groups of zknWidth
// independent blocks (eight state registers; the two aes64*sm of a block
// depend on each other's inputs only, so four blocks give the pipeline
// independent work); what is left runs one block at a time. CBC encryption
// is serial by nature. The kernels load 64-bit words, so dst and src must be
// 8-byte aligned; other calls go through an aligned buffer of zknBounce
// bytes (a misaligned 64-bit load would trap into the kernel's emulation
// on most RISC-V cores, or be refused).
const (
	zknWidth  = 4
	zknBounce = 256
)

func init() {
	arch.Register(&arch.Impl{
		Name: "aes/zkn",
		Alg:  aes.Name,
		Arch: "riscv64",
		// zkne: aes64es, aes64esm, aes64ks1i, aes64ks2 (encryption, CTR,
		// key expansion); zknd: aes64ds, aes64dsm, aes64im (decryption,
		// the inverse key schedule); zbkb: rev8 (the CTR counter's
		// big-endian halves). Zkn includes all three.
		Requires: []string{"zkne", "zknd", "zbkb"},
		Tuning: []arch.Tuning{
			{Name: "ecb_interleave", Value: zknWidth, Unit: arch.Blocks},
			{Name: "cbcdec_interleave", Value: zknWidth, Unit: arch.Blocks},
			{Name: "ctr_interleave", Value: zknWidth, Unit: arch.Blocks},
			{Name: "cbcenc_interleave", Value: 1, Unit: arch.Blocks},
			{Name: "tail_interleave", Value: 1, Unit: arch.Blocks},
			// Misaligned dst or src are processed in pieces of this
			// many bytes through an aligned buffer.
			{Name: "bounce_bytes", Value: zknBounce, Unit: arch.Bytes},
			{Name: "load_align", Value: 8, Unit: arch.Other},
		},
		Rank: 20,
		Funcs: &aes.Funcs{
			Expand:     expandKeyZkn,
			Encrypt:    ecbEncryptZkn,
			Decrypt:    ecbDecryptZkn,
			CBCEncrypt: cbcEncryptZkn,
			CBCDecrypt: cbcDecryptZkn,
			CTR:        ctrXORZkn,
		},
	})
}

// zknSchedule is aes/zkn's key layout (AESKey.Priv): the Enc and Dec round
// keys as little-endian 64-bit words (the register layout of the aes64
// instructions), 8-byte aligned for the kernels' loads. AES-192's expansion
// writes one word past its 26, hence 32.
type zknSchedule struct {
	rounds int
	enc    [32]uint64
	dec    [32]uint64
}

// expandKeyZkn expands key with aes64ks1i/aes64ks2 and derives the
// decryption keys with aes64im; Enc and Dec are the same bytes
// aes.ExpandKey gives (archtest's plain-key check compares them).
func expandKeyZkn(key []byte) *aes.Key {
	if !aes.ValidKeyLen(len(key)) {
		panic(fmt.Sprintf("aes/zkn: AES key must be 16, 24 or 32 bytes, got %d", len(key)))
	}
	var kw [4]uint64
	for i := 0; i < len(key)/8; i++ {
		kw[i] = binary.LittleEndian.Uint64(key[8*i:])
	}
	nk := len(key) / 4
	s := &zknSchedule{rounds: nk + 6}
	if arch.ABICheck {
		abiExpandZkn(&kw, nk, &s.enc, &s.dec)
	} else {
		expandZkn(&kw, nk, &s.enc, &s.dec)
	}
	n := 2 * (s.rounds + 1)
	k := &aes.Key{Rounds: s.rounds, Enc: make([]byte, 8*n), Dec: make([]byte, 8*n), Priv: s}
	for i := 0; i < n; i++ {
		binary.LittleEndian.PutUint64(k.Enc[8*i:], s.enc[i])
		binary.LittleEndian.PutUint64(k.Dec[8*i:], s.dec[i])
	}
	return k
}

// zknSched returns the schedule of k: Priv when expandKeyZkn made it,
// otherwise one read from k.Enc and k.Dec (a key expanded elsewhere works),
// after checking what the kernels would otherwise misread.
func zknSched(k *aes.Key) *zknSchedule {
	if s, ok := k.Priv.(*zknSchedule); ok && s.rounds == k.Rounds {
		return s
	}
	nr := k.Rounds
	if (nr != 10 && nr != 12 && nr != 14) || len(k.Enc) < 16*(nr+1) || len(k.Dec) < 16*(nr+1) {
		panic(fmt.Sprintf("aes/zkn: bad AESKey: Rounds %d with %d bytes of Enc, %d of Dec", nr, len(k.Enc), len(k.Dec)))
	}
	s := &zknSchedule{rounds: nr}
	for i := 0; i < 2*(nr+1); i++ {
		s.enc[i] = binary.LittleEndian.Uint64(k.Enc[8*i:])
		s.dec[i] = binary.LittleEndian.Uint64(k.Dec[8*i:])
	}
	return s
}

// zknCheck checks the AESFuncs contract the assembly relies on: a wrong
// length would otherwise read or write past dst.
func zknCheck(fn string, dst, src []byte) {
	if len(dst) != len(src) || len(src)%16 != 0 {
		panic(fmt.Sprintf("aes/zkn %s: len(dst)=%d len(src)=%d; want equal multiples of 16", fn, len(dst), len(src)))
	}
}

// The kernel selectors of zknRun.
const (
	zknECBEnc = iota
	zknECBDec
	zknCBCEnc
	zknCBCDec
	zknCTR
)

// zknCall runs one kernel on n >= 1 blocks at 8-byte aligned dst and src;
// st is the aligned IV or counter (unused by ECB).
func zknCall(op int, s *zknSchedule, st *[16]byte, dst, src *byte, n int) {
	// The ABI trampoline for riscv64 comes with the rv-abi work; until
	// then the kernels are called directly.
	switch op {
	case zknECBEnc:
		if arch.ABICheck {
			abiEncZkn(&s.enc[0], s.rounds, dst, src, n)
		} else {
			encZkn(&s.enc[0], s.rounds, dst, src, n)
		}
	case zknECBDec:
		if arch.ABICheck {
			abiDecZkn(&s.dec[0], s.rounds, dst, src, n)
		} else {
			decZkn(&s.dec[0], s.rounds, dst, src, n)
		}
	case zknCBCEnc:
		if arch.ABICheck {
			abiCbcEncZkn(&s.enc[0], s.rounds, st, dst, src, n)
		} else {
			cbcEncZkn(&s.enc[0], s.rounds, st, dst, src, n)
		}
	case zknCBCDec:
		if arch.ABICheck {
			abiCbcDecZkn(&s.dec[0], s.rounds, st, dst, src, n)
		} else {
			cbcDecZkn(&s.dec[0], s.rounds, st, dst, src, n)
		}
	case zknCTR:
		if arch.ABICheck {
			abiCtrZkn(&s.enc[0], s.rounds, st, dst, src, n)
		} else {
			ctrZkn(&s.enc[0], s.rounds, st, dst, src, n)
		}
	}
}

// zknRun runs kernel op over dst/src: directly when both are 8-byte
// aligned, else zknBounce bytes at a time through an aligned buffer (in
// place works: each piece is read before it is written). iv (may be nil)
// is copied to an aligned register and back.
func zknRun(op int, fn string, k *aes.Key, iv *[16]byte, dst, src []byte) {
	zknCheck(fn, dst, src)
	s := zknSched(k)
	if len(src) == 0 {
		return
	}
	var st [2]uint64
	stp := (*[16]byte)(unsafe.Pointer(&st))
	if iv != nil {
		*stp = *iv
	}
	if (uintptr(unsafe.Pointer(&dst[0]))|uintptr(unsafe.Pointer(&src[0])))&7 == 0 {
		zknCall(op, s, stp, &dst[0], &src[0], len(src)/16)
	} else {
		var buf [zknBounce / 8]uint64
		b := (*[zknBounce]byte)(unsafe.Pointer(&buf))
		for off := 0; off < len(src); off += zknBounce {
			m := len(src) - off
			if m > zknBounce {
				m = zknBounce
			}
			copy(b[:m], src[off:off+m])
			zknCall(op, s, stp, &b[0], &b[0], m/16)
			copy(dst[off:off+m], b[:m])
		}
	}
	if iv != nil {
		*iv = *stp
	}
}

func ecbEncryptZkn(k *aes.Key, dst, src []byte) { zknRun(zknECBEnc, "Encrypt", k, nil, dst, src) }
func ecbDecryptZkn(k *aes.Key, dst, src []byte) { zknRun(zknECBDec, "Decrypt", k, nil, dst, src) }

func cbcEncryptZkn(k *aes.Key, iv *[16]byte, dst, src []byte) {
	zknRun(zknCBCEnc, "CBCEncrypt", k, iv, dst, src)
}

func cbcDecryptZkn(k *aes.Key, iv *[16]byte, dst, src []byte) {
	zknRun(zknCBCDec, "CBCDecrypt", k, iv, dst, src)
}

func ctrXORZkn(k *aes.Key, ctr *[16]byte, dst, src []byte) {
	zknRun(zknCTR, "CTR", k, ctr, dst, src)
}

// The kernels take n >= 0 whole blocks; rk is zknSchedule.enc or .dec, and
// rk, dst, src and iv/ctr are 8-byte aligned.

//go:noescape
func encZkn(rk *uint64, rounds int, dst, src *byte, n int)

//go:noescape
func decZkn(rk *uint64, rounds int, dst, src *byte, n int)

//go:noescape
func cbcEncZkn(rk *uint64, rounds int, iv *[16]byte, dst, src *byte, n int)

//go:noescape
func cbcDecZkn(rk *uint64, rounds int, iv *[16]byte, dst, src *byte, n int)

//go:noescape
func ctrZkn(rk *uint64, rounds int, ctr *[16]byte, dst, src *byte, n int)

// expandZkn expands the nk-word key (nk 4, 6 or 8, as little-endian words)
// into enc and dec.
//
//go:noescape
func expandZkn(key *[4]uint64, nk int, enc, dec *[32]uint64)
