//go:build gc

package riscv64

import (
	"encoding/binary"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
)

// Tuning of aes/zvkned (see aes_zvkned_riscv64.s).
const (
	// zvkLMUL: the ECB, CBC-decrypt and CTR kernels work on register
	// groups of 4 (LMUL=4). The round keys take v1-v15 and must not
	// overlap the state group of a .vs round; CTR needs four groups
	// (state, counters, scratch, the broadcast counter block) besides
	// the keys and the mask v0, so 4 is the largest LMUL that fits.
	zvkLMUL = 4
	// zvkEGWBits: Zvkned's element group, 4 elements of SEW=32, is one
	// AES block (EGW=128).
	zvkEGWBits = 128
	// zvkMinVLEN: the kernels read VLEN at run time (vlenb) and assume
	// only the vector crypto spec's minimum for EGW=128 at LMUL=4.
	zvkMinVLEN = 128
)

// zvkBlocksPerPass is the number of AES blocks a many-block pass covers at
// a given VLEN: VLEN/32*LMUL words, 4 words per block.
func zvkBlocksPerPass(vlen int) int { return vlen / 32 * zvkLMUL / 4 }

// zvkTuning is aes/zvkned's Tuning. The pass stride depends on VLEN, which
// only the CPU knows, so every stride a model here runs (VLEN 128 and 256)
// and the next (512) are declared; the fuzzer's edges are each +-1.
func zvkTuning() []arch.Tuning {
	return []arch.Tuning{
		{Name: "lmul", Value: zvkLMUL, Unit: arch.Other},
		{Name: "egw_bits", Value: zvkEGWBits, Unit: arch.Other},
		{Name: "min_vlen_bits", Value: zvkMinVLEN, Unit: arch.Other},
		{Name: "vlen128_interleave", Value: zvkBlocksPerPass(128), Unit: arch.Blocks},
		{Name: "vlen256_interleave", Value: zvkBlocksPerPass(256), Unit: arch.Blocks},
		{Name: "vlen512_interleave", Value: zvkBlocksPerPass(512), Unit: arch.Blocks},
		// CBC encryption chains: one block per step.
		{Name: "cbc_encrypt_interleave", Value: 1, Unit: arch.Blocks},
	}
}

// zvknedFuncs are aes/zvkned's entry points; aes-gcm/zvkg runs on them.
var zvknedFuncs = &aes.Funcs{
	Expand:     aesExpandZvknedGo,
	Encrypt:    aesEncryptZvkned,
	Decrypt:    aesDecryptZvkned,
	CBCEncrypt: aesCBCEncryptZvkned,
	CBCDecrypt: aesCBCDecryptZvkned,
	CTR:        aesCTRZvknedGo,
}

func init() {
	arch.Register(&arch.Impl{
		Name: "aes/zvkned",
		Alg:  aes.Name,
		Arch: "riscv64",
		// vsetvli, loads, slides and the CTR counter arithmetic are RVV
		// 1.0; the rounds are Zvkned. The key schedule is
		// aes.ExpandKey's Enc layout (decryption reads it backwards),
		// expanded with vaeskf1 (AES-128) and vaeskf2 (AES-256).
		Requires: []string{"v", "zvkned"},
		Rank:     30,
		Tuning:   zvkTuning(),
		Funcs:    zvknedFuncs,
	})
}

// aesExpandZvknedGo expands AES-128 and AES-256 keys with vaeskf1.vi and
// vaeskf2.vi into the family's Enc layout, AES-192 keys in Go (Zvkned has
// no AES-192 key schedule instruction), and derives the Dec schedule the
// family's AESKey carries (the kernels do not read it): Enc's keys in
// reverse, InvMixColumns applied to all but the first and last.
func aesExpandZvknedGo(key []byte) *aes.Key {
	if len(key) != 16 && len(key) != 32 {
		return aes.ExpandKey(key) // AES-192, and the family's panic for a bad length
	}
	nr := len(key)/4 + 6
	enc := make([]byte, 16*(nr+1))
	if arch.ABICheck {
		abiAesExpandZvkned(nr, &key[0], &enc[0])
	} else {
		aesExpandZvkned(nr, &key[0], &enc[0])
	}
	dec := make([]byte, len(enc))
	for r := 0; r <= nr; r++ {
		copy(dec[16*r:16*r+16], enc[16*(nr-r):])
		if r != 0 && r != nr {
			for c := 0; c < 4; c++ {
				aes.InvMixColumn(dec[16*r+4*c : 16*r+4*c+4])
			}
		}
	}
	return &aes.Key{Rounds: nr, Enc: enc, Dec: dec}
}

// aesCheckZvkned validates what the assembly trusts: a known round count,
// an Enc schedule long enough for it, equal whole-block lengths. It returns
// the number of blocks.
func aesCheckZvkned(k *aes.Key, dst, src []byte) int {
	if k.Rounds != 10 && k.Rounds != 12 && k.Rounds != 14 {
		panic("aes/zvkned: bad round count")
	}
	if len(k.Enc) < 16*(k.Rounds+1) {
		panic("aes/zvkned: key schedule too short")
	}
	if len(dst) != len(src) || len(src)%16 != 0 {
		panic("aes/zvkned: dst and src must have the same length, a multiple of 16")
	}
	return len(src) / 16
}

func aesEncryptZvkned(k *aes.Key, dst, src []byte) {
	if n := aesCheckZvkned(k, dst, src); n > 0 {
		if arch.ABICheck {
			abiAesEncZvkned(k.Rounds, &k.Enc[0], &dst[0], &src[0], n)
		} else {
			aesEncZvkned(k.Rounds, &k.Enc[0], &dst[0], &src[0], n)
		}
	}
}

func aesDecryptZvkned(k *aes.Key, dst, src []byte) {
	if n := aesCheckZvkned(k, dst, src); n > 0 {
		if arch.ABICheck {
			abiAesDecZvkned(k.Rounds, &k.Enc[0], &dst[0], &src[0], n)
		} else {
			aesDecZvkned(k.Rounds, &k.Enc[0], &dst[0], &src[0], n)
		}
	}
}

func aesCBCEncryptZvkned(k *aes.Key, iv *[16]byte, dst, src []byte) {
	if n := aesCheckZvkned(k, dst, src); n > 0 {
		if arch.ABICheck {
			abiAesCBCEncZvkned(k.Rounds, &k.Enc[0], iv, &dst[0], &src[0], n)
		} else {
			aesCBCEncZvkned(k.Rounds, &k.Enc[0], iv, &dst[0], &src[0], n)
		}
	}
}

func aesCBCDecryptZvkned(k *aes.Key, iv *[16]byte, dst, src []byte) {
	if n := aesCheckZvkned(k, dst, src); n > 0 {
		if arch.ABICheck {
			abiAesCBCDecZvkned(k.Rounds, &k.Enc[0], iv, &dst[0], &src[0], n)
		} else {
			aesCBCDecZvkned(k.Rounds, &k.Enc[0], iv, &dst[0], &src[0], n)
		}
	}
}

// aesCTRZvknedGo is the family's CTR (a 128-bit big-endian increment) on
// the kernel's 32-bit one: a call is split where the low word wraps
// (arch.CTRRun), and the carry into the upper 96 bits is made here.
func aesCTRZvknedGo(k *aes.Key, ctr *[16]byte, dst, src []byte) {
	n := aesCheckZvkned(k, dst, src)
	for n > 0 {
		m := aes.CTRRun(ctr, n, 32)
		if arch.ABICheck {
			abiAesCTRZvkned(k.Rounds, &k.Enc[0], ctr, &dst[0], &src[0], m)
		} else {
			aesCTRZvkned(k.Rounds, &k.Enc[0], ctr, &dst[0], &src[0], m)
		}
		if binary.BigEndian.Uint32(ctr[12:]) == 0 {
			carry96(ctr)
		}
		n -= m
		dst, src = dst[16*m:], src[16*m:]
	}
}

// carry96 adds one to the upper 96 bits of a big-endian counter block.
func carry96(c *[16]byte) {
	for i := 11; i >= 0; i-- {
		c[i]++
		if c[i] != 0 {
			return
		}
	}
}

// The assembly kernels. n is a block count (0 is allowed), the schedule
// holds nr+1 round keys in Enc order (all of them read the Enc schedule).
// aesCTRZvkned counts in the low 32 bits of ctr only, mod 2^32 (inc32),
// and leaves them advanced by n.

// aesExpandZvkned writes the nr+1 round keys (nr 10 or 14) of key to xk.
//
//go:noescape
func aesExpandZvkned(nr int, key *byte, xk *byte)

//go:noescape
func aesEncZvkned(nr int, xk *byte, dst, src *byte, n int)

//go:noescape
func aesDecZvkned(nr int, xk *byte, dst, src *byte, n int)

//go:noescape
func aesCBCEncZvkned(nr int, xk *byte, iv *[16]byte, dst, src *byte, n int)

//go:noescape
func aesCBCDecZvkned(nr int, xk *byte, iv *[16]byte, dst, src *byte, n int)

//go:noescape
func aesCTRZvkned(nr int, xk *byte, ctr *[16]byte, dst, src *byte, n int)
