//go:build gc

package riscv64

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
)

// Known-answer probes for zvkned and zvkg: each runs one instruction on
// fixed operands and compares it with a Go model written from FIPS-197 and
// SP 800-38D (not from the instruction), so an emulator that executes the
// instruction but computes garbage reads as "not faithfully emulated".
func init() {
	arch.RegisterProbe(arch.Probe{Feature: "zvkned", Instr: "vaesem.vv", Run: probeVaesem})
	arch.RegisterProbe(arch.Probe{Feature: "zvkned", Instr: "vaesdm.vv", Run: probeVaesdm})
	arch.RegisterProbe(arch.Probe{Feature: "zvkned", Instr: "vaeskf1.vi", Run: probeVaeskf1})
	arch.RegisterProbe(arch.Probe{Feature: "zvkned", Instr: "vaeskf2.vi", Run: probeVaeskf2})
	arch.RegisterProbe(arch.Probe{Feature: "zvkg", Instr: "vghsh.vv", Run: probeVghsh})
	arch.RegisterProbe(arch.Probe{Feature: "zvkg", Instr: "vgmul.vv", Run: probeVgmul})
	arch.RegisterProbe(arch.Probe{Feature: "v", Instr: "vrgather.vv", Run: probeVrgather})
}

// Operands: the FIPS-197 appendix B plaintext and key for AES, and the
// SP 800-38D test case 2 hash key, ciphertext block and a third block for
// GHASH: every byte busy, top and bottom bits of the field elements set.
var (
	zvkProbeA = [16]byte{0x32, 0x43, 0xf6, 0xa8, 0x88, 0x5a, 0x30, 0x8d, 0x31, 0x31, 0x98, 0xa2, 0xe0, 0x37, 0x07, 0x34}
	zvkProbeK = [16]byte{0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6, 0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c}
	zvkProbeH = [16]byte{0x66, 0xe9, 0x4b, 0xd4, 0xef, 0x8a, 0x2c, 0x3b, 0x88, 0x4c, 0xfa, 0x59, 0xca, 0x34, 0x2b, 0x2e}
	zvkProbeX = [16]byte{0x03, 0x88, 0xda, 0xce, 0x60, 0xb6, 0xa3, 0x92, 0xf3, 0x28, 0xc2, 0xb9, 0x71, 0xb2, 0xfe, 0x78}
	zvkProbeY = [16]byte{0x81, 0x02, 0x7f, 0xfe, 0x5a, 0xc3, 0x3c, 0xa5, 0x01, 0x80, 0xff, 0x10, 0x20, 0x40, 0xe7, 0x99}
)

//go:noescape
func vaesemProbe(state, rk, out *[16]byte)

//go:noescape
func vaesdmProbe(state, rk, out *[16]byte)

//go:noescape
func vghshProbe(y, h, x, out *[16]byte)

//go:noescape
func vgmulProbe(y, h, out *[16]byte)

func probeVaesem() (want, got []byte) {
	var out [16]byte
	vaesemProbe(&zvkProbeA, &zvkProbeK, &out)
	w := vaesemModel(zvkProbeA, zvkProbeK)
	return w[:], out[:]
}

func probeVaesdm() (want, got []byte) {
	var out [16]byte
	vaesdmProbe(&zvkProbeA, &zvkProbeK, &out)
	w := vaesdmModel(zvkProbeA, zvkProbeK)
	return w[:], out[:]
}

func probeVghsh() (want, got []byte) {
	var out [16]byte
	vghshProbe(&zvkProbeY, &zvkProbeH, &zvkProbeX, &out)
	var yx [16]byte
	for i := range yx {
		yx[i] = zvkProbeY[i] ^ zvkProbeX[i]
	}
	w := gcmMulModel(yx, zvkProbeH)
	return w[:], out[:]
}

func probeVgmul() (want, got []byte) {
	var out [16]byte
	vgmulProbe(&zvkProbeY, &zvkProbeH, &out)
	w := gcmMulModel(zvkProbeY, zvkProbeH)
	return w[:], out[:]
}

// The AES state: byte i is row i%4 of column i/4 (FIPS-197 3.4), the
// order vle32.v loads a block into an element group.

// vaesemModel is one middle encryption round as Zvkned defines it:
// SubBytes, ShiftRows, MixColumns, then AddRoundKey.
func vaesemModel(s, rk [16]byte) [16]byte {
	var t [16]byte
	for c := 0; c < 4; c++ {
		for r := 0; r < 4; r++ {
			// ShiftRows: row r of column c comes from column c+r.
			t[4*c+r] = aes.Sbox(s[4*((c+r)%4)+r])
		}
	}
	var o [16]byte
	for c := 0; c < 4; c++ {
		for r := 0; r < 4; r++ {
			o[4*c+r] = aes.GFMul(t[4*c+r], 2) ^ aes.GFMul(t[4*c+(r+1)%4], 3) ^ t[4*c+(r+2)%4] ^ t[4*c+(r+3)%4] ^ rk[4*c+r]
		}
	}
	return o
}

// vaesdmModel is one middle decryption round of the (standard) inverse
// cipher as Zvkned defines it: InvShiftRows, InvSubBytes, AddRoundKey,
// then InvMixColumns.
func vaesdmModel(s, rk [16]byte) [16]byte {
	var t [16]byte
	for c := 0; c < 4; c++ {
		for r := 0; r < 4; r++ {
			// InvShiftRows: row r of column c+r comes from column c.
			t[4*((c+r)%4)+r] = aes.InvSbox(s[4*c+r]) ^ rk[4*((c+r)%4)+r]
		}
	}
	for c := 0; c < 4; c++ {
		aes.InvMixColumn(t[4*c : 4*c+4])
	}
	return t
}

// gcmMulModel is x*y in GF(2^128) with GCM's bit order (SP 800-38D
// algorithm 1): bit 0 is the top bit of byte 0, R = 11100001 || 0^120.
func gcmMulModel(x, y [16]byte) [16]byte {
	var z [16]byte
	v := y
	for i := 0; i < 128; i++ {
		if x[i/8]>>(7-uint(i%8))&1 == 1 {
			for j := range z {
				z[j] ^= v[j]
			}
		}
		lsb := v[15] & 1
		for j := 15; j > 0; j-- {
			v[j] = v[j]>>1 | v[j-1]<<7
		}
		v[0] >>= 1
		if lsb == 1 {
			v[0] ^= 0xe1
		}
	}
	return z
}

// zvkVlenb reads the vlenb CSR (VLEN in bytes); V must be present.
func zvkVlenb() int

//go:noescape
func vrgatherProbe(src, idx, out *[4]uint32)

// probeVrgather: out[i] = src[idx[i]], 0 for an index >= VLMAX (0x10000
// is past VLMAX at LMUL=1 for every VLEN up to the spec's 65536).
func probeVrgather() (want, got []byte) {
	src := [4]uint32{0x03020100, 0x17161514, 0x2b2a2928, 0x3f3e3d3c}
	idx := [4]uint32{2, 0, 0x10000, 3}
	var out [4]uint32
	vrgatherProbe(&src, &idx, &out)
	w := [4]uint32{src[2], src[0], 0, src[3]}
	return arch.BigEndianWords(w[:]...), arch.BigEndianWords(out[:]...)
}

//go:noescape
func vaeskf1Probe(rk, out *[16]byte)

//go:noescape
func vaeskf2Probe(prev, cur, out *[16]byte)

// probeVaeskf1 steps the FIPS-197 A.1 key's schedule from round key 4 to
// 5; the expected key comes from aes.ExpandKey (Go, FIPS-197 5.2).
func probeVaeskf1() (want, got []byte) {
	k := aes.ExpandKey(zvkProbeK[:])
	var rk, out [16]byte
	copy(rk[:], k.Enc[16*4:])
	vaeskf1Probe(&rk, &out)
	return k.Enc[16*5 : 16*6], out[:]
}

// probeVaeskf2 steps the FIPS-197 A.3 key's schedule (AES-256) from
// round keys 1 and 2 to 3 (an odd round: SubWord without RotWord/Rcon).
func probeVaeskf2() (want, got []byte) {
	key := []byte{0x60, 0x3d, 0xeb, 0x10, 0x15, 0xca, 0x71, 0xbe, 0x2b, 0x73, 0xae, 0xf0, 0x85, 0x7d, 0x77, 0x81,
		0x1f, 0x35, 0x2c, 0x07, 0x3b, 0x61, 0x08, 0xd7, 0x2d, 0x98, 0x10, 0xa3, 0x09, 0x14, 0xdf, 0xf4}
	k := aes.ExpandKey(key)
	var prev, cur, out [16]byte
	copy(prev[:], k.Enc[16:])
	copy(cur[:], k.Enc[32:])
	vaeskf2Probe(&prev, &cur, &out)
	return k.Enc[48:64], out[:]
}
