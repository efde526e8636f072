//go:build gc

package riscv64

import (
	"encoding/binary"
	"math/bits"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
	"github.com/xarchlab/xarch/family/sha512"
)

// Known-answer probes for the scalar crypto features (zkne, zknd, zknh,
// zbkb): each instruction aes/zkn, sha256/zknh and sha512/zknh use runs on
// fixed inputs and is compared with a Go model of the RISC-V scalar
// cryptography 1.0.1 pseudo-code, so an emulator that executes them without
// trapping but computes garbage reads as "not faithfully emulated" rather
// than as a bug in the levels. The models are checked whole in
// probe_zkn_riscv64_test.go (AES and SHA-2 built only from them).
func init() {
	arch.RegisterProbe(arch.Probe{Feature: "zkne", Instr: "aes64esm", Run: probeZkne})
	arch.RegisterProbe(arch.Probe{Feature: "zknd", Instr: "aes64dsm", Run: probeZknd})
	arch.RegisterProbe(arch.Probe{Feature: "zknh", Instr: "sha256sum0", Run: func() (want, got []byte) { return probeZknh(0) }})
	arch.RegisterProbe(arch.Probe{Feature: "zknh", Instr: "sha512sum0", Run: func() (want, got []byte) { return probeZknh(4) }})
	arch.RegisterProbe(arch.Probe{Feature: "zbkb", Instr: "rev8", Run: probeZbkb})
}

//go:noescape
func zkneProbe(in *[4]uint64, out *[8]uint64)

//go:noescape
func zkndProbe(in *[4]uint64, out *[5]uint64)

//go:noescape
func zknhProbe(in *[2]uint64, out *[16]uint64)

//go:noescape
func zbkbProbe(in, out *uint64)

// zknProbeIn: a state (FIPS-197 appendix B, the input of round 1) as two
// little-endian words, and the appendix's cipher key as key words (its
// second half first, the word aes64ks1i starts AES-128's expansion from).
func zknProbeIn() (in [4]uint64) {
	st := []byte{0x19, 0x3d, 0xe3, 0xbe, 0xa0, 0xf4, 0xe2, 0x2b, 0x9a, 0xc6, 0x8d, 0x2a, 0xe9, 0xf8, 0x48, 0x08}
	key := []byte{0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6, 0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c}
	in[0] = binary.LittleEndian.Uint64(st)
	in[1] = binary.LittleEndian.Uint64(st[8:])
	in[2] = binary.LittleEndian.Uint64(key[8:])
	in[3] = binary.LittleEndian.Uint64(key)
	return in
}

func probeZkne() (want, got []byte) {
	in := zknProbeIn()
	var out [8]uint64
	zkneProbe(&in, &out)
	w := []uint64{
		aes64esModel(in[0], in[1], false), aes64esModel(in[1], in[0], false),
		aes64esModel(in[0], in[1], true), aes64esModel(in[1], in[0], true),
		aes64ks1iModel(in[2], 0), aes64ks1iModel(in[2], 5), aes64ks1iModel(in[2], 10),
		aes64ks2Model(in[3], in[2]),
	}
	return zknWords(w...), zknWords(out[:]...)
}

func probeZknd() (want, got []byte) {
	in := zknProbeIn()
	var out [5]uint64
	zkndProbe(&in, &out)
	w := []uint64{
		aes64dsModel(in[0], in[1], false), aes64dsModel(in[1], in[0], false),
		aes64dsModel(in[0], in[1], true), aes64dsModel(in[1], in[0], true),
		aes64imModel(in[2]),
	}
	return zknWords(w...), zknWords(out[:]...)
}

// zknhProbeIn has bits set in both halves: the sha256* forms must ignore
// bits 63..32 and sign-extend their 32-bit result.
var zknhProbeIn = [2]uint64{sha512.K[0], sha512.K[79] ^ 0x8000000080000000}

// probeZknh returns the sha256 (first 0) or sha512 (first 4) results.
func probeZknh(first int) (want, got []byte) {
	in := zknhProbeIn
	var out [16]uint64
	zknhProbe(&in, &out)
	for i, x := range in {
		m := zknhModels(x)
		want = append(want, zknWords(m[first:first+4]...)...)
		got = append(got, zknWords(out[8*i+first:8*i+first+4]...)...)
	}
	return want, got
}

func probeZbkb() (want, got []byte) {
	in, out := uint64(0x0123456789abcdef), uint64(0)
	zbkbProbe(&in, &out)
	return zknWords(bits.ReverseBytes64(in)), zknWords(out)
}

// zknWords writes 64-bit words big-endian, so reports read as numbers.
func zknWords(v ...uint64) []byte {
	b := make([]byte, 8*len(v))
	for i, x := range v {
		binary.BigEndian.PutUint64(b[8*i:], x)
	}
	return b
}

// The models. The aes64 instructions see rs2:rs1 as one AES state, rs1
// the low half: byte i of the state is byte i of rs1 (i < 8) or byte i-8
// of rs2, row i%4 of column i/4 (FIPS-197's order). Each returns the two
// columns that land in the low half after the round's steps.

func zknState(rs1, rs2 uint64) (s [16]byte) {
	binary.LittleEndian.PutUint64(s[:8], rs1)
	binary.LittleEndian.PutUint64(s[8:], rs2)
	return s
}

// aes64esModel: ShiftRows, SubBytes, and with mix (aes64esm) MixColumns.
func aes64esModel(rs1, rs2 uint64, mix bool) uint64 {
	s := zknState(rs1, rs2)
	var t [8]byte
	for c := 0; c < 2; c++ {
		for r := 0; r < 4; r++ {
			t[r+4*c] = aes.Sbox(s[r+4*((c+r)%4)])
		}
	}
	if mix {
		for c := 0; c < 8; c += 4 {
			a0, a1, a2, a3 := t[c], t[c+1], t[c+2], t[c+3]
			t[c] = aes.GFMul(a0, 2) ^ aes.GFMul(a1, 3) ^ a2 ^ a3
			t[c+1] = a0 ^ aes.GFMul(a1, 2) ^ aes.GFMul(a2, 3) ^ a3
			t[c+2] = a0 ^ a1 ^ aes.GFMul(a2, 2) ^ aes.GFMul(a3, 3)
			t[c+3] = aes.GFMul(a0, 3) ^ a1 ^ a2 ^ aes.GFMul(a3, 2)
		}
	}
	return binary.LittleEndian.Uint64(t[:])
}

// aes64dsModel: InvShiftRows, InvSubBytes, and with mix (aes64dsm)
// InvMixColumns.
func aes64dsModel(rs1, rs2 uint64, mix bool) uint64 {
	s := zknState(rs1, rs2)
	var t [8]byte
	for c := 0; c < 2; c++ {
		for r := 0; r < 4; r++ {
			t[r+4*c] = aes.InvSbox(s[r+4*((c-r+4)%4)])
		}
	}
	if mix {
		aes.InvMixColumn(t[0:4])
		aes.InvMixColumn(t[4:8])
	}
	return binary.LittleEndian.Uint64(t[:])
}

// aes64imModel: InvMixColumns on both columns of rs1.
func aes64imModel(rs1 uint64) uint64 {
	var t [8]byte
	binary.LittleEndian.PutUint64(t[:], rs1)
	aes.InvMixColumn(t[0:4])
	aes.InvMixColumn(t[4:8])
	return binary.LittleEndian.Uint64(t[:])
}

// aes64ks1iModel: SubWord(RotWord(rs1[63:32])) ^ Rcon[rnum] in both
// halves; rnum 0xA: no rotation and no round constant.
func aes64ks1iModel(rs1 uint64, rnum int) uint64 {
	w := uint32(rs1 >> 32)
	var rc uint32
	if rnum != 10 {
		w = bits.RotateLeft32(w, -8)
		rc = uint32([10]byte{0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36}[rnum])
	}
	var sw uint32
	for i := uint(0); i < 32; i += 8 {
		sw |= uint32(aes.Sbox(byte(w>>i))) << i
	}
	sw ^= rc
	return uint64(sw)<<32 | uint64(sw)
}

// aes64ks2Model: w0 = rs1[63:32] ^ rs2[31:0], w1 = w0 ^ rs2[63:32].
func aes64ks2Model(rs1, rs2 uint64) uint64 {
	w0 := uint32(rs1>>32) ^ uint32(rs2)
	w1 := w0 ^ uint32(rs2>>32)
	return uint64(w1)<<32 | uint64(w0)
}

// zknhModels returns sha256sig0, sig1, sum0, sum1 (on bits 31..0 of x,
// sign-extended) and sha512sig0, sig1, sum0, sum1 of x (FIPS 180-4 4.1.2
// and 4.1.3).
func zknhModels(x uint64) [8]uint64 {
	w := uint32(x)
	r32 := func(n int) uint32 { return bits.RotateLeft32(w, -n) }
	r64 := func(n int) uint64 { return bits.RotateLeft64(x, -n) }
	sext := func(v uint32) uint64 { return uint64(int64(int32(v))) }
	return [8]uint64{
		sext(r32(7) ^ r32(18) ^ w>>3),
		sext(r32(17) ^ r32(19) ^ w>>10),
		sext(r32(2) ^ r32(13) ^ r32(22)),
		sext(r32(6) ^ r32(11) ^ r32(25)),
		r64(1) ^ r64(8) ^ x>>7,
		r64(19) ^ r64(61) ^ x>>6,
		r64(28) ^ r64(34) ^ r64(39),
		r64(14) ^ r64(18) ^ r64(41),
	}
}
