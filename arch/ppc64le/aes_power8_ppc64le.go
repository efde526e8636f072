//go:build gc

package ppc64le

import (
	"fmt"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
)

// Tuning of aes/power8. ECB, CBC decryption and CTR run groups of
// p8AESWidth independent blocks (eight states, plus 15 round keys, fill the
// 32 vector registers); what is left (0..7 blocks) runs in one pass per bit
// of its count, p8AESTail, p8AESTail/2 and 1 blocks: a pass costs one
// latency chain of the rounds, so 7 blocks take three, not seven. CBC
// encryption is serial by nature.
const (
	p8AESWidth = 8
	p8AESTail  = 4
)

func init() {
	arch.Register(&arch.Impl{
		Name: "aes/power8",
		Alg:  aes.Name,
		Arch: "ppc64le",
		// LXVD2X/STXVD2X are ISA 2.06 VSX, VADDUQM is 2.07; vcipher and
		// friends are the vector crypto facility, reported apart.
		Requires: []string{"power8", "vcrypto"},
		Tuning: []arch.Tuning{
			{Name: "ecb_interleave", Value: p8AESWidth, Unit: arch.Blocks},
			{Name: "cbcdec_interleave", Value: p8AESWidth, Unit: arch.Blocks},
			{Name: "ctr_interleave", Value: p8AESWidth, Unit: arch.Blocks},
			{Name: "cbcenc_interleave", Value: 1, Unit: arch.Blocks},
			{Name: "tail_interleave", Value: p8AESTail, Unit: arch.Blocks},
			{Name: "tail_pair", Value: p8AESTail / 2, Unit: arch.Blocks},
		},
		Rank: 30,
		Funcs: &aes.Funcs{
			Expand:     expandP8,
			Encrypt:    ecbEncryptP8,
			Decrypt:    ecbDecryptP8,
			CBCEncrypt: cbcEncryptP8,
			CBCDecrypt: cbcDecryptP8,
			CTR:        ctrXORP8,
		},
	})
}

// p8Schedule is aes/power8's key layout (AESKey.Priv): 15 slots of 16 bytes
// per direction, each round key stored with both 8-byte halves reversed so
// that LXVD2X on little-endian leaves it in FIPS-197 order in the register.
// Slot 0 is the first key used, slot 14 the last, the middle keys end at
// slot 13. dec is Enc in reverse: vncipher wants the straight inverse
// cipher's keys, not the InvMixColumns-ed ones in AESKey.Dec.
type p8Schedule struct {
	rounds int
	enc    [15 * 16]byte
	dec    [15 * 16]byte
}

func expandP8(key []byte) *aes.Key {
	k := aes.ExpandKey(key)
	k.Priv = newP8Schedule(k)
	return k
}

func newP8Schedule(k *aes.Key) *p8Schedule {
	nr := k.Rounds
	if (nr != 10 && nr != 12 && nr != 14) || len(k.Enc) != 16*(nr+1) {
		panic(fmt.Sprintf("aes/power8: bad AESKey: Rounds %d with %d bytes of Enc", nr, len(k.Enc)))
	}
	s := &p8Schedule{rounds: nr}
	rk := func(r int) []byte { return k.Enc[16*r : 16*r+16] }
	p8PutKey(&s.enc, 0, rk(0))
	p8PutKey(&s.enc, 14, rk(nr))
	p8PutKey(&s.dec, 0, rk(nr))
	p8PutKey(&s.dec, 14, rk(0))
	for r := 1; r < nr; r++ {
		p8PutKey(&s.enc, 14-nr+r, rk(r))
		p8PutKey(&s.dec, 14-nr+r, rk(nr-r))
	}
	return s
}

// p8PutKey stores round key rk into slot in LXVD2X order.
func p8PutKey(dst *[15 * 16]byte, slot int, rk []byte) {
	d := dst[16*slot : 16*slot+16]
	for i := 0; i < 8; i++ {
		d[i] = rk[7-i]
		d[8+i] = rk[15-i]
	}
}

// p8Sched returns the schedule of k: Priv when Expand made it, otherwise
// one derived from k.Enc (a key expanded by another level still works).
func p8Sched(k *aes.Key) *p8Schedule {
	if s, ok := k.Priv.(*p8Schedule); ok && s.rounds == k.Rounds {
		return s
	}
	return newP8Schedule(k)
}

// p8Blocks checks the AESFuncs contract the assembly relies on and returns
// the block count: a wrong length would otherwise read or write past dst.
func p8Blocks(fn string, dst, src []byte) int {
	if len(dst) != len(src) || len(src)%16 != 0 {
		panic(fmt.Sprintf("aes/power8 %s: len(dst)=%d len(src)=%d; want equal multiples of 16", fn, len(dst), len(src)))
	}
	return len(src) / 16
}

func ecbEncryptP8(k *aes.Key, dst, src []byte) {
	if n := p8Blocks("Encrypt", dst, src); n > 0 {
		s := p8Sched(k)
		if arch.ABICheck {
			abiEcbEncP8(&s.enc[0], s.rounds, &dst[0], &src[0], n)
		} else {
			ecbEncP8(&s.enc[0], s.rounds, &dst[0], &src[0], n)
		}
	}
}

func ecbDecryptP8(k *aes.Key, dst, src []byte) {
	if n := p8Blocks("Decrypt", dst, src); n > 0 {
		s := p8Sched(k)
		if arch.ABICheck {
			abiEcbDecP8(&s.dec[0], s.rounds, &dst[0], &src[0], n)
		} else {
			ecbDecP8(&s.dec[0], s.rounds, &dst[0], &src[0], n)
		}
	}
}

func cbcEncryptP8(k *aes.Key, iv *[16]byte, dst, src []byte) {
	if n := p8Blocks("CBCEncrypt", dst, src); n > 0 {
		s := p8Sched(k)
		if arch.ABICheck {
			abiCbcEncP8(&s.enc[0], s.rounds, iv, &dst[0], &src[0], n)
		} else {
			cbcEncP8(&s.enc[0], s.rounds, iv, &dst[0], &src[0], n)
		}
	}
}

func cbcDecryptP8(k *aes.Key, iv *[16]byte, dst, src []byte) {
	if n := p8Blocks("CBCDecrypt", dst, src); n > 0 {
		s := p8Sched(k)
		if arch.ABICheck {
			abiCbcDecP8(&s.dec[0], s.rounds, iv, &dst[0], &src[0], n)
		} else {
			cbcDecP8(&s.dec[0], s.rounds, iv, &dst[0], &src[0], n)
		}
	}
}

func ctrXORP8(k *aes.Key, ctr *[16]byte, dst, src []byte) {
	if n := p8Blocks("CTR", dst, src); n > 0 {
		s := p8Sched(k)
		if arch.ABICheck {
			abiCtrP8(&s.enc[0], s.rounds, ctr, &dst[0], &src[0], n)
		} else {
			ctrP8(&s.enc[0], s.rounds, ctr, &dst[0], &src[0], n)
		}
	}
}

// The kernels process n >= 1 whole blocks; sched is p8Schedule.enc or .dec.

//go:noescape
func ecbEncP8(sched *byte, rounds int, dst, src *byte, n int)

//go:noescape
func ecbDecP8(sched *byte, rounds int, dst, src *byte, n int)

//go:noescape
func cbcEncP8(sched *byte, rounds int, iv *[16]byte, dst, src *byte, n int)

//go:noescape
func cbcDecP8(sched *byte, rounds int, iv *[16]byte, dst, src *byte, n int)

//go:noescape
func ctrP8(sched *byte, rounds int, ctr *[16]byte, dst, src *byte, n int)

// aesRoundP8 runs one AES round instruction (op 0 vcipher, 1 vcipherlast,
// 2 vncipher, 3 vncipherlast) on s and k given in LXVD2X order, with a
// distinct destination, dest == s, dest == k and dest == s == k.
//
//go:noescape
func aesRoundP8(op int, s, k *[16]byte, out *[4][16]byte)
