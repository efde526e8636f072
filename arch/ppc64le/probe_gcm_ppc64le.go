//go:build gc

package ppc64le

import (
	"encoding/binary"

	"github.com/xarchlab/xarch/arch"
)

// A known-answer probe for VPMSUMD, the carry-less multiply of
// aes-gcm/power8: a wrong product must read as "not faithfully emulated",
// not as a GHASH bug.
func init() {
	arch.RegisterProbe(arch.Probe{Feature: "vcrypto", Instr: "vpmsumd", Run: probeVPMSUMD})
}

// pmsumdProbe runs VPMSUMD on a and b: out[0] with a distinct destination,
// out[1] dest == a, out[2] dest == b, out[3] a with itself in place.
//
//go:noescape
func pmsumdProbe(a, b *[2]uint64, out *[4][2]uint64)

// pmsumdInputs: single bits at both ends of each doubleword (the product's
// top and bottom bits, and the 2^126 term), the reduction constant of the
// kernel against dense words, and patterns where the two doubleword
// products overlap and cancel.
var pmsumdInputs = [][2][2]uint64{
	{{0x8000000000000001, 0x0000000000000001}, {0x8000000000000000, 0x8000000000000001}},
	{{0xc200000000000000, 0xffffffffffffffff}, {0x0123456789abcdef, 0xc200000000000000}},
	{{0xffffffffffffffff, 0xffffffffffffffff}, {0xffffffffffffffff, 0xfedcba9876543210}},
	{{0x66e94bd4ef8a2c3b, 0x884cfa59ca342b2e}, {0x0388dace60b6a392, 0xf328c2b971b2fe78}},
	{{0xa5a5a5a5a5a5a5a5, 0x5a5a5a5a5a5a5a5a}, {0xa5a5a5a5a5a5a5a5, 0x5a5a5a5a5a5a5a5a}},
}

// clmul64 is the carry-less product of a and b (128 bits: hi, lo), bit by
// bit with masks.
func clmul64(a, b uint64) (hi, lo uint64) {
	for i := uint(0); i < 64; i++ {
		m := -(b >> i & 1)
		lo ^= a << i & m
		hi ^= a >> (64 - i) & m // a>>64 is 0 in Go
	}
	return hi, lo
}

// vpmsumdModel follows the Power ISA (2.07 and later) definition of
// vpmsumd VRT,VRA,VRB: the carry-less products of doubleword 0 of VRA and
// VRB and of doubleword 1 of VRA and VRB, each 128 bits, XORed into VRT
// (doubleword 0 the high half).
func vpmsumdModel(a, b [2]uint64) [2]uint64 {
	h0, l0 := clmul64(a[0], b[0])
	h1, l1 := clmul64(a[1], b[1])
	return [2]uint64{h0 ^ h1, l0 ^ l1}
}

// pmsumdWant is what pmsumdProbe must return.
func pmsumdWant(a, b [2]uint64) [4][2]uint64 {
	ab := vpmsumdModel(a, b)
	return [4][2]uint64{ab, ab, ab, vpmsumdModel(a, a)}
}

// pmsumdBytes writes each 128-bit result big-endian.
func pmsumdBytes(v [4][2]uint64) []byte {
	b := make([]byte, 64)
	for i, q := range v {
		binary.BigEndian.PutUint64(b[16*i:], q[0])
		binary.BigEndian.PutUint64(b[16*i+8:], q[1])
	}
	return b
}

func probeVPMSUMD() (want, got []byte) {
	for _, in := range pmsumdInputs {
		a, b := in[0], in[1]
		var g [4][2]uint64
		pmsumdProbe(&a, &b, &g)
		want = append(want, pmsumdBytes(pmsumdWant(in[0], in[1]))...)
		got = append(got, pmsumdBytes(g)...)
	}
	return want, got
}
