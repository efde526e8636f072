//go:build gc

package ppc64le

import (
	"encoding/binary"
	"fmt"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
	"github.com/xarchlab/xarch/family/gcm"
)

// aes-gcm/power8: AES with vcipher and GHASH with vpmsumd (carry-less
// multiply), Go assembly, so gc only. The stitched kernel runs the AES of
// gcmP8Width counter blocks interleaved with the GHASH of gcmP8Width
// ciphertext blocks: Open hashes the batch it decrypts (the ciphertext is
// its input), Seal the batch it encrypted on the previous pass (reloaded
// from dst). GHASH multiplies each block of a batch by its own power of H
// (H^8 for the first, H for the last) and reduces once per batch.
//
// Every instruction is Power ISA 2.07 (POWER8): LXVD2X/STXVD2X (VSX),
// VPERM, VSLDOI, VADDUWM, VXOR, and from the vector crypto facility
// VCIPHER, VCIPHERLAST and VPMSUMD. Nothing needs POWER9.
//
// Registers: the kernels clobber V0-V31 (VS32-VS63) and the GPRs R3-R10,
// R14-R28, and the condition register CR0. Go's ABI0 has no callee-saved
// vector registers; R1, R2, R13, R30 and R31 are not touched.

// Tuning of aes-gcm/power8.
const (
	// gcmP8Width is the stitch width: 8 AES states and the GHASH
	// temporaries (data block, three key parts, three products, three
	// accumulators) fit the 32 vector registers with the counter, its
	// increment, the permute mask, the reduction constant and three
	// round-key registers. It is also the aggregation depth of GHASH:
	// the table holds H^1..H^8 and there is one reduction per 8 blocks.
	gcmP8Width = 8
	// gcmP8Tail: the blocks left over (0..7) go through the CTR kernel
	// one at a time, then through GHASH (aggregated over all of them).
	gcmP8Tail = 1
)

// gcmP8StitchMin is the shortest whole-block run (in bytes) that takes the
// stitched kernel; a shorter one runs CTR and GHASH as two passes. It is data
// read by the Go wrapper, so `xarch speed --tune` can move it; values below
// gcmP8Width blocks act like gcmP8Width blocks.
var gcmP8StitchMin = 16 * gcmP8Width

func init() {
	arch.Register(&arch.Impl{
		Name: "aes-gcm/power8",
		Alg:  gcm.Name,
		Arch: "ppc64le",
		// Same features as aes/power8: LXVD2X/STXVD2X need VSX (2.06),
		// VADDUWM and VPERM are VMX; VCIPHER and VPMSUMD are the vector
		// crypto facility (ISA 2.07), which Linux reports apart.
		Requires: []string{"power8", "vcrypto"},
		Rank:     30,
		Tuning: []arch.Tuning{
			{Name: "interleave", Value: gcmP8Width, Unit: arch.Blocks},
			{Name: "ghash_aggregate", Value: gcmP8Width, Unit: arch.Blocks},
			{Name: "tail_step", Value: gcmP8Tail, Unit: arch.Blocks},
			{Name: "stitch_min_bytes", Value: gcmP8StitchMin, Unit: arch.Bytes, Var: &gcmP8StitchMin, Speed: "aes-128-gcm"},
		},
		Funcs: &gcm.Funcs{
			AES:   aesP8Funcs(),
			Init:  gcmInitP8,
			GHASH: ghashP8Go,
			Seal:  gcmSealP8,
			Open:  gcmOpenP8,
		},
	})
}

// aesP8Funcs returns the entry points of aes/power8 (the same functions,
// built here rather than looked up so no init order matters).
func aesP8Funcs() *aes.Funcs {
	return &aes.Funcs{
		Expand:     expandP8,
		Encrypt:    ecbEncryptP8,
		Decrypt:    ecbDecryptP8,
		CBCEncrypt: cbcEncryptP8,
		CBCDecrypt: cbcDecryptP8,
		CTR:        ctrXORP8,
	}
}

// gcmP8Key is aes-gcm/power8's GHASH key (Init's result). tab[0][i],
// tab[1][i] and tab[2][i] are the three parts of K = H^(8-i) in the form the
// assembly multiplies by (see gcmP8Twist and the .s file): (0, K.lo),
// (K.hi, 0) and (K.lo, K.hi), each as {doubleword 0, doubleword 1} of the
// vector register, which is what LXVD2X loads from a [2]uint64 on
// little-endian. Row i serves block i of an 8-block batch; a batch of m < 8
// blocks starts at row 8-m.
type gcmP8Key struct {
	tab [3][gcmP8Width][2]uint64
}

// gcmP8Twist returns x*V in the bit-reflected field, for V the 128-bit
// big-endian reading of a GCM element: a left shift by one bit, with the
// reflected polynomial x^128 = x^127 + x^126 + x^121 + 1 folded in when
// a bit leaves the top. Multiplying by a twisted key makes the Montgomery
// reduction of the assembly (by x^128) land on the plain product. No
// branch on the key.
func gcmP8Twist(hi, lo uint64) (uint64, uint64) {
	carry := -(hi >> 63)
	hi = hi<<1 | lo>>63
	lo <<= 1
	return hi ^ 0xc200000000000000&carry, lo ^ 1&carry
}

// setPower stores H^p, given as GCM bytes.
func (k *gcmP8Key) setPower(p int, v *[16]byte) {
	hi, lo := gcmP8Twist(binary.BigEndian.Uint64(v[:8]), binary.BigEndian.Uint64(v[8:]))
	i := gcmP8Width - p
	k.tab[0][i] = [2]uint64{0, lo}
	k.tab[1][i] = [2]uint64{hi, 0}
	k.tab[2][i] = [2]uint64{lo, hi}
}

// gcmInitP8 builds the table of H^1..H^8: H^p = GHASH of one zero block
// from y = H^(p-1), which uses only row 7 (H itself), set first.
func gcmInitP8(h *[16]byte) interface{} {
	k := &gcmP8Key{}
	y := *h
	k.setPower(1, &y)
	var zero [16]byte
	for p := 2; p <= gcmP8Width; p++ {
		if arch.ABICheck {
			abiGhashP8(&k.tab, &y, &zero[0], 1)
		} else {
			ghashP8(&k.tab, &y, &zero[0], 1)
		}
		k.setPower(p, &y)
	}
	return k
}

// gcmP8Blocks checks the contract the assembly relies on (a wrong length
// would read or write past dst) and returns the block count.
func gcmP8Blocks(fn string, dst, src []byte) int {
	if len(dst) != len(src) || len(src)%16 != 0 {
		panic(fmt.Sprintf("aes-gcm/power8 %s: len(dst)=%d len(src)=%d; want equal multiples of 16", fn, len(dst), len(src)))
	}
	return len(src) / 16
}

func ghashP8Go(hk interface{}, y *[16]byte, p []byte) {
	if len(p)%16 != 0 {
		panic(fmt.Sprintf("aes-gcm/power8 GHASH: %d bytes, want whole blocks", len(p)))
	}
	if n := len(p) / 16; n > 0 {
		if arch.ABICheck {
			abiGhashP8(&hk.(*gcmP8Key).tab, y, &p[0], n)
		} else {
			ghashP8(&hk.(*gcmP8Key).tab, y, &p[0], n)
		}
	}
}

// stitchBatches is how many gcmP8Width-block batches of an n-block run go
// through the stitched kernel (0: two passes).
func stitchBatches(n int) int {
	if 16*n < gcmP8StitchMin {
		return 0
	}
	return n / gcmP8Width
}

// gcmSealP8: the stitched kernel hashes the batch before the one it
// encrypts, so the first batch is encrypted alone (ctr32P8) and the last
// batch is hashed with the tail after it.
func gcmSealP8(k *aes.Key, hk interface{}, ctr, y *[16]byte, dst, src []byte) {
	n := gcmP8Blocks("Seal", dst, src)
	if n == 0 {
		return
	}
	s, t := p8Sched(k), &hk.(*gcmP8Key).tab
	nb := stitchBatches(n)
	if nb == 0 {
		if arch.ABICheck {
			abiCtr32P8(&s.enc[0], s.rounds, ctr, &dst[0], &src[0], n)
		} else {
			ctr32P8(&s.enc[0], s.rounds, ctr, &dst[0], &src[0], n)
		}
		if arch.ABICheck {
			abiGhashP8(t, y, &dst[0], n)
		} else {
			ghashP8(t, y, &dst[0], n)
		}
		return
	}
	const w = 16 * gcmP8Width
	if arch.ABICheck {
		abiCtr32P8(&s.enc[0], s.rounds, ctr, &dst[0], &src[0], gcmP8Width)
	} else {
		ctr32P8(&s.enc[0], s.rounds, ctr, &dst[0], &src[0], gcmP8Width)
	}
	if nb > 1 {
		if arch.ABICheck {
			abiGcmStitchP8(&s.enc[0], s.rounds, t, ctr, y, &dst[w], &src[w], nb-1, 0)
		} else {
			gcmStitchP8(&s.enc[0], s.rounds, t, ctr, y, &dst[w], &src[w], nb-1, 0)
		}
	}
	if r := n - nb*gcmP8Width; r > 0 {
		if arch.ABICheck {
			abiCtr32P8(&s.enc[0], s.rounds, ctr, &dst[nb*w], &src[nb*w], r)
		} else {
			ctr32P8(&s.enc[0], s.rounds, ctr, &dst[nb*w], &src[nb*w], r)
		}
	}
	if arch.ABICheck {
		abiGhashP8(t, y, &dst[(nb-1)*w], n-(nb-1)*gcmP8Width)
	} else {
		ghashP8(t, y, &dst[(nb-1)*w], n-(nb-1)*gcmP8Width)
	}
}

// gcmOpenP8: the stitched kernel hashes the ciphertext it decrypts; the
// tail is hashed before it is decrypted (dst may be src).
func gcmOpenP8(k *aes.Key, hk interface{}, ctr, y *[16]byte, dst, src []byte) {
	n := gcmP8Blocks("Open", dst, src)
	if n == 0 {
		return
	}
	s, t := p8Sched(k), &hk.(*gcmP8Key).tab
	nb := stitchBatches(n)
	const w = 16 * gcmP8Width
	if nb > 0 {
		if arch.ABICheck {
			abiGcmStitchP8(&s.enc[0], s.rounds, t, ctr, y, &dst[0], &src[0], nb, 1)
		} else {
			gcmStitchP8(&s.enc[0], s.rounds, t, ctr, y, &dst[0], &src[0], nb, 1)
		}
	}
	if r := n - nb*gcmP8Width; r > 0 {
		if arch.ABICheck {
			abiGhashP8(t, y, &src[nb*w], r)
		} else {
			ghashP8(t, y, &src[nb*w], r)
		}
		if arch.ABICheck {
			abiCtr32P8(&s.enc[0], s.rounds, ctr, &dst[nb*w], &src[nb*w], r)
		} else {
			ctr32P8(&s.enc[0], s.rounds, ctr, &dst[nb*w], &src[nb*w], r)
		}
	}
}

// The kernels take n >= 1 blocks (nb >= 1 batches); sched is p8Schedule.enc.
// ctr and y are GCM byte strings, updated in place.

// ghashP8 folds n blocks at p into y.
//
//go:noescape
func ghashP8(tab *[3][gcmP8Width][2]uint64, y *[16]byte, p *byte, n int)

// ctr32P8 XORs n blocks of keystream E(ctr), E(inc32(ctr)), ... into src.
//
//go:noescape
func ctr32P8(sched *byte, rounds int, ctr *[16]byte, dst, src *byte, n int)

// gcmStitchP8 runs CTR over nb batches of 8 blocks and GHASH over 8*nb
// ciphertext blocks: those at src (open != 0) or the 8*nb blocks that start
// 128 bytes before dst (open == 0).
//
//go:noescape
func gcmStitchP8(sched *byte, rounds int, tab *[3][gcmP8Width][2]uint64, ctr, y *[16]byte, dst, src *byte, nb int, open int)
