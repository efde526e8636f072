//go:build gc

package arm64

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
)

// Tuning of aes/armv8 (see aes_armv8_arm64.s).
const (
	// aesInterleave blocks are in flight in the ECB, CBC-decrypt and CTR
	// main loops: AESE/AESMC have a latency of several cycles and one
	// (or two) issue per cycle, so 8 independent chains keep the unit
	// busy on in-order and out-of-order cores alike. 8 blocks plus 8
	// source copies plus 15 round keys fill the 32 vector registers.
	aesInterleave = 8
	// aesTailInterleave: the 0-7 blocks after the 8-block groups run in
	// one pass per bit of their count, 4, 2 and 1 blocks: each pass costs
	// one latency chain of the rounds, so 7 blocks take three, not four.
	aesTailInterleave = 4
)

func init() {
	arch.Register(&arch.Impl{
		Name:     "aes/armv8",
		Alg:      aes.Name,
		Arch:     "arm64",
		Requires: []string{"asimd", "aes"},
		// CBC encryption is serial (cbc_encrypt_interleave 1). Edges for
		// the case generator: 0..3, 4, 7, 8, 9, 15, 16 blocks and more.
		Tuning: []arch.Tuning{
			{Name: "interleave", Value: aesInterleave, Unit: arch.Blocks},
			{Name: "tail_interleave", Value: aesTailInterleave, Unit: arch.Blocks},
			{Name: "tail_pair", Value: aesTailInterleave / 2, Unit: arch.Blocks},
			{Name: "cbc_encrypt_interleave", Value: 1, Unit: arch.Blocks},
		},
		Rank: 30,
		// Enc and Dec of aes.ExpandKey are used as they are: AESE takes
		// keys 0..Nr-1 in Enc order, AESD the Dec (equivalent inverse
		// cipher) schedule in its stored order, so no Priv layout is needed.
		Funcs: &aes.Funcs{
			Encrypt:    aesEncryptARMv8,
			Decrypt:    aesDecryptARMv8,
			CBCEncrypt: aesCBCEncryptARMv8,
			CBCDecrypt: aesCBCDecryptARMv8,
			CTR:        aesCTRARMv8,
		},
	})
	arch.RegisterProbe(arch.Probe{Feature: "aes", Instr: "aese", Run: probeAESE})
}

// aesCheck validates what the assembly trusts: a known round count, a
// schedule long enough for it, and equal whole-block lengths. It returns the
// number of blocks.
func aesCheck(k *aes.Key, sched, dst, src []byte) int {
	if k.Rounds != 10 && k.Rounds != 12 && k.Rounds != 14 {
		panic("aes/armv8: bad round count")
	}
	if len(sched) < 16*(k.Rounds+1) {
		panic("aes/armv8: key schedule too short")
	}
	if len(dst) != len(src) || len(src)%16 != 0 {
		panic("aes/armv8: dst and src must have the same length, a multiple of 16")
	}
	return len(src) / 16
}

func aesEncryptARMv8(k *aes.Key, dst, src []byte) {
	if n := aesCheck(k, k.Enc, dst, src); n > 0 {
		if arch.ABICheck {
			abiEcbEncARMv8(k.Rounds, &k.Enc[0], &dst[0], &src[0], n)
		} else {
			ecbEncARMv8(k.Rounds, &k.Enc[0], &dst[0], &src[0], n)
		}
	}
}

func aesDecryptARMv8(k *aes.Key, dst, src []byte) {
	if n := aesCheck(k, k.Dec, dst, src); n > 0 {
		if arch.ABICheck {
			abiEcbDecARMv8(k.Rounds, &k.Dec[0], &dst[0], &src[0], n)
		} else {
			ecbDecARMv8(k.Rounds, &k.Dec[0], &dst[0], &src[0], n)
		}
	}
}

func aesCBCEncryptARMv8(k *aes.Key, iv *[16]byte, dst, src []byte) {
	if n := aesCheck(k, k.Enc, dst, src); n > 0 {
		if arch.ABICheck {
			abiCbcEncARMv8(k.Rounds, &k.Enc[0], iv, &dst[0], &src[0], n)
		} else {
			cbcEncARMv8(k.Rounds, &k.Enc[0], iv, &dst[0], &src[0], n)
		}
	}
}

func aesCBCDecryptARMv8(k *aes.Key, iv *[16]byte, dst, src []byte) {
	if n := aesCheck(k, k.Dec, dst, src); n > 0 {
		if arch.ABICheck {
			abiCbcDecARMv8(k.Rounds, &k.Dec[0], iv, &dst[0], &src[0], n)
		} else {
			cbcDecARMv8(k.Rounds, &k.Dec[0], iv, &dst[0], &src[0], n)
		}
	}
}

// aesCTRARMv8: the kernel steps only the low 64 bits of its counters, so a
// call is split where they wrap (arch.CTRRun, once in 2^64 blocks); the
// kernel carries into the high half when its last block ran them out.
func aesCTRARMv8(k *aes.Key, ctr *[16]byte, dst, src []byte) {
	if n := aesCheck(k, k.Enc, dst, src); n > 0 {
		if m := aes.CTRRun(ctr, n, 64); m < n {
			ctrSplitARMv8(k, ctr, dst, src, m)
			return
		}
		if arch.ABICheck {
			abiCtrARMv8(k.Rounds, &k.Enc[0], ctr, &dst[0], &src[0], n)
		} else {
			ctrARMv8(k.Rounds, &k.Enc[0], ctr, &dst[0], &src[0], n)
		}
	}
}

// ctrSplitARMv8 runs the m blocks up to the wrap of the low 64 bits, then
// the rest; a function of its own, so the common call above keeps its
// arguments in registers.
//
//go:noinline
func ctrSplitARMv8(k *aes.Key, ctr *[16]byte, dst, src []byte, m int) {
	if arch.ABICheck {
		abiCtrARMv8(k.Rounds, &k.Enc[0], ctr, &dst[0], &src[0], m)
	} else {
		ctrARMv8(k.Rounds, &k.Enc[0], ctr, &dst[0], &src[0], m)
	}
	if arch.ABICheck {
		abiCtrARMv8(k.Rounds, &k.Enc[0], ctr, &dst[16*m], &src[16*m], len(src)/16-m)
	} else {
		ctrARMv8(k.Rounds, &k.Enc[0], ctr, &dst[16*m], &src[16*m], len(src)/16-m)
	}
}

// The assembly kernels; n is a block count (> 0 from the wrappers, 0 is
// also handled) and the schedule holds nr+1 round keys. ctrARMv8 advances
// ctr by n, which must not carry out of its low 64 bits before the last
// block.

//go:noescape
func ecbEncARMv8(nr int, xk *byte, dst, src *byte, n int)

//go:noescape
func ecbDecARMv8(nr int, xk *byte, dst, src *byte, n int)

//go:noescape
func cbcEncARMv8(nr int, xk *byte, iv *[16]byte, dst, src *byte, n int)

//go:noescape
func cbcDecARMv8(nr int, xk *byte, iv *[16]byte, dst, src *byte, n int)

//go:noescape
func ctrARMv8(nr int, xk *byte, ctr *[16]byte, dst, src *byte, n int)

//go:noescape
func aeseProbe(key, in, out *[16]byte)

// probeAESE runs one AESE+AESMC on the FIPS-197 appendix B inputs (the
// plaintext and round key 0) and computes the same round in Go from the
// S-box and GF(2^8) arithmetic, so the expected value does not come from
// the instruction under test.
func probeAESE() (want, got []byte) {
	key := [16]byte{0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6, 0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c}
	in := [16]byte{0x32, 0x43, 0xf6, 0xa8, 0x88, 0x5a, 0x30, 0x8d, 0x31, 0x31, 0x98, 0xa2, 0xe0, 0x37, 0x07, 0x34}
	var out [16]byte
	aeseProbe(&key, &in, &out)
	w := aeseAesmcModel(key, in)
	return w[:], out[:]
}

// aeseAesmcModel is MixColumns(ShiftRows(SubBytes(in ^ key))). Byte i of a
// block is row i%4 of column i/4 (FIPS-197 3.4).
func aeseAesmcModel(key, in [16]byte) [16]byte {
	var s, t [16]byte
	for i := range s {
		s[i] = aes.Sbox(in[i] ^ key[i])
	}
	// ShiftRows: row r moves left by r columns.
	for c := 0; c < 4; c++ {
		for r := 0; r < 4; r++ {
			t[4*c+r] = s[4*((c+r)%4)+r]
		}
	}
	for c := 0; c < 4; c++ {
		a0, a1, a2, a3 := t[4*c], t[4*c+1], t[4*c+2], t[4*c+3]
		s[4*c] = aes.GFMul(a0, 2) ^ aes.GFMul(a1, 3) ^ a2 ^ a3
		s[4*c+1] = a0 ^ aes.GFMul(a1, 2) ^ aes.GFMul(a2, 3) ^ a3
		s[4*c+2] = a0 ^ a1 ^ aes.GFMul(a2, 2) ^ aes.GFMul(a3, 3)
		s[4*c+3] = aes.GFMul(a0, 3) ^ a1 ^ a2 ^ aes.GFMul(a3, 2)
	}
	return s
}
