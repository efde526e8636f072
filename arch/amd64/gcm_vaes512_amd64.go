//go:build gc

package amd64

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
	"github.com/xarchlab/xarch/family/gcm"
)

// Tuning of aes-gcm/vaes512 (see gcm_vaes512_amd64.s).
const (
	// gcmV512BlocksPerReg: an EVEX.512 VAESENC or VPCLMULQDQ works on four
	// 128-bit lanes, four blocks.
	gcmV512BlocksPerReg = 4
	// gcmV512Interleave blocks per stitched group: 4 ZMM of AES state
	// between whose rounds the GHASH of 16 blocks runs (13 VPCLMULQDQ, see
	// gcmV512KaratsubaRegs, and one reduction with H^16..H^1): the shape of the
	// fastest published VAES GCM kernels on Zen 5 (docs: DESIGN.md, "The
	// best VAES GCM kernels"). State, GHASH operands and sums, the 15 round
	// keys broadcast to Z16-Z30 and the constants use all 32 ZMM
	// registers, so no round key is loaded in the loop.
	gcmV512Interleave = 16
	// gcmV512RoundKeyRegs round keys stay in registers for the whole call.
	gcmV512RoundKeyRegs = 15
	// gcmV512KaratsubaRegs of a group's four ZMM of GHASH operands are
	// multiplied by Karatsuba (three VPCLMULQDQ, with the table's hi^lo
	// qwords), the other (block 0, which carries y) by schoolbook: on Zen 5
	// VPCLMULQDQ shares the vector pipes with VAESENC, and the schoolbook
	// ZMM keeps the middle-product steps off y's chain from group to group.
	// Measured (docs/speed-notes.md, 2026-12-02): 0 (schoolbook) and 4 are
	// slower than 3.
	gcmV512KaratsubaRegs = 3
	// gcmV512WideMinDefault: calls of at least this many bytes run their
	// whole 16-block groups in the ZMM kernel; shorter calls, and the 1-15
	// blocks after the last group, go to aes-gcm/vaes256's entry points
	// (whose short paths are tuned for latency), so short buffers pay
	// nothing for the wide kernel. 256 bytes is one group: measured on Zen 5
	// (`xarch speed --alg aes-128-gcm,aes-256-gcm --tune
	// aes-gcm/vaes512:wide_min_bytes=0,512`, 7 samples, paired;
	// docs/speed-notes.md), the ZMM kernel is +14% at 256 bytes and +7% at 384
	// over aes-gcm/vaes256's, and no different below (shorter calls run
	// vaes256's code either way).
	gcmV512WideMinDefault = 256
)

// gcmV512WideMin is the threshold the wrappers read, a Var so that `xarch
// speed --tune wide_min_bytes=N` moves it at run time. The wrappers are
// correct for any value (<= 256: every call of 16 blocks or more is wide).
var gcmV512WideMin = gcmV512WideMinDefault

// gcmV512NeedsHardware is reported instead of running aes-gcm/vaes512
// under an emulator.
const gcmV512NeedsHardware = "AVX-512 (EVEX VAES and VPCLMULQDQ on ZMM): QEMU TCG has no AVX-512 (7.2 and 10); " +
	"checked off-hardware by the instruction model in gcm_vaes512_model_amd64_test.go"

func init() {
	arch.Register(&arch.Impl{
		Name: "aes-gcm/vaes512",
		Alg:  gcm.Name,
		Arch: "amd64",
		// VAESENC and VPCLMULQDQ on ZMM (vaes, vpclmulqdq, avx512f), VPSHUFB
		// and VPSLLDQ/VPSRLDQ on ZMM (avx512bw), VPTERNLOGQ, VSHUFI64X2,
		// VEXTRACTI64X4, VBROADCASTI32X4 (avx512f); VEX.128/256 VPXOR,
		// VEXTRACTI128 (avx, avx2); and aes-gcm/vaes256 for short calls
		// and the last blocks, with aes-gcm/aesni's key table and GHASH
		// (aesni, pclmulqdq, ssse3). No EVEX.128/256 form is used (no
		// avx512vl). QEMU has no AVX-512: see NeedsHardware.
		Requires: []string{"avx512f", "avx512bw", "vaes", "vpclmulqdq", "avx", "avx2",
			"aesni", "pclmulqdq", "sse2", "ssse3"},
		// Above aes-gcm/vaes256 (35), in line with aes/vaes512 (40).
		Rank:          40,
		NeedsHardware: gcmV512NeedsHardware,
		Tuning: []arch.Tuning{
			{Name: "blocks_per_register", Value: gcmV512BlocksPerReg, Unit: arch.Blocks},
			{Name: "interleave", Value: gcmV512Interleave, Unit: arch.Blocks},
			{Name: "ghash_aggregate", Value: gcmV512Interleave, Unit: arch.Blocks},
			{Name: "round_key_registers", Value: gcmV512RoundKeyRegs, Unit: arch.Other},
			{Name: "karatsuba_registers", Value: gcmV512KaratsubaRegs, Unit: arch.Other},
			{Name: "wide_min_bytes", Value: gcmV512WideMinDefault, Unit: arch.Bytes, Var: &gcmV512WideMin, Speed: "aes-128-gcm"},
		},
		Funcs: &gcm.Funcs{
			AES:   aesniFuncs(),
			Init:  gcmInitNIGo,
			GHASH: gcmGHASHV256Go,
			Seal:  gcmSealV512Go,
			Open:  gcmOpenV512Go,
		},
	})
}

// gcmV512Wide is how many of n blocks the ZMM kernel takes: the whole
// 16-block groups, when the call has at least gcmV512WideMin bytes.
func gcmV512Wide(n int) int {
	if 16*n >= gcmV512WideMin {
		return n &^ (gcmV512Interleave - 1)
	}
	return 0
}

// gcmSealV512Go and gcmOpenV512Go run the whole 16-block groups of a call
// of at least gcmV512WideMin bytes in the ZMM kernel, then the rest (all
// of a shorter call) in aes-gcm/vaes256's entry point of the same
// direction. The kernels are called directly, not through a function
// value, so the arguments stay where the caller has them;
// gcm_vaes512_model_amd64_test.go repeats these lines with the kernels in
// the instruction model.
func gcmSealV512Go(k *aes.Key, hk interface{}, ctr, y *[16]byte, dst, src []byte) {
	if w := gcmV512Wide(aesCheck("aes-gcm/vaes512", k, k.Enc, dst, src)); w > 0 {
		if arch.ABICheck {
			abiGcmSealV512(&k.Enc[0], k.Rounds, &hk.(*gcmKey).tab[0], ctr, y, &dst[0], &src[0], w)
		} else {
			gcmSealV512(&k.Enc[0], k.Rounds, &hk.(*gcmKey).tab[0], ctr, y, &dst[0], &src[0], w)
		}
		gcmCtrAdvance(ctr, w)
		dst, src = dst[16*w:], src[16*w:]
	}
	gcmSealV256Go(k, hk, ctr, y, dst, src)
}

func gcmOpenV512Go(k *aes.Key, hk interface{}, ctr, y *[16]byte, dst, src []byte) {
	if w := gcmV512Wide(aesCheck("aes-gcm/vaes512", k, k.Enc, dst, src)); w > 0 {
		if arch.ABICheck {
			abiGcmOpenV512(&k.Enc[0], k.Rounds, &hk.(*gcmKey).tab[0], ctr, y, &dst[0], &src[0], w)
		} else {
			gcmOpenV512(&k.Enc[0], k.Rounds, &hk.(*gcmKey).tab[0], ctr, y, &dst[0], &src[0], w)
		}
		gcmCtrAdvance(ctr, w)
		dst, src = dst[16*w:], src[16*w:]
	}
	gcmOpenV256Go(k, hk, ctr, y, dst, src)
}

// The kernels: n blocks, a multiple of 16 (> 0); tab points to the key
// table, all of it: the 16 powers (H^16 first) and their Karatsuba qwords
// 256 bytes on; ctr is read, not written.

//go:noescape
func gcmSealV512(rk *byte, nr int, tab *byte, ctr, y *[16]byte, dst, src *byte, n int)

//go:noescape
func gcmOpenV512(rk *byte, nr int, tab *byte, ctr, y *[16]byte, dst, src *byte, n int)
