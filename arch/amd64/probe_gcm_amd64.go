//go:build gc

package amd64

import "encoding/binary"

// Known-answer probes for the carry-less multiply features: "pclmulqdq"
// (registered with aes-gcm/aesni) and "vpclmulqdq" (with aes-gcm/vaes256).
// Each runs the instruction with all four qword selections on fixed
// operands and compares with clmul64, a carry-less multiply written in Go,
// so an emulator that executes it but computes garbage reads as "not
// faithfully emulated" rather than as a GHASH bug.

// clmulProbeInput: two 128-bit operand pairs (one per YMM lane) with bits
// set across every qword, top bits included (so the high half of each
// product is busy), all qwords different, so a swapped selector or a lane
// that copies the other shows.
func clmulProbeInput() (a, b [4]uint64) {
	return [4]uint64{0x243f6a8885a308d3, 0xb7e151628aed2a6a, 0x13198a2e03707344, 0xa4093822299f31d0},
		[4]uint64{0x9e3779b97f4a7c15, 0xc6ef372fe94f82be, 0x452821e638d01377, 0xbe5466cf34e90c6c}
}

// clmulProbeWant is what the probes store for lanes lanes: per lane, the
// products for the immediates 0x00, 0x01, 0x10, 0x11 (bit 0 selects the
// qword of the first source a, bit 4 that of b), each 128-bit product as
// its low then high qword.
func clmulProbeWant(a, b [4]uint64, lanes int) []uint64 {
	var out []uint64
	for l := 0; l < lanes; l++ {
		for _, imm := range []int{0x00, 0x01, 0x10, 0x11} {
			hi, lo := clmul64(a[2*l+imm&1], b[2*l+imm>>4])
			out = append(out, lo, hi)
		}
	}
	return out
}

// clmulBytes writes each 128-bit product big-endian (high qword first), so
// reports read as numbers.
func clmulBytes(v []uint64) []byte {
	b := make([]byte, 8*len(v))
	for i := 0; i+1 < len(v); i += 2 {
		binary.BigEndian.PutUint64(b[8*i:], v[i+1])
		binary.BigEndian.PutUint64(b[8*i+8:], v[i])
	}
	return b
}

// clmul64 is the carry-less (GF(2)[x]) product of a and b, 127 bits as
// hi:lo: the XOR of a shifted by every set bit of b. The model of
// PCLMULQDQ.
func clmul64(a, b uint64) (hi, lo uint64) {
	for i := uint(0); i < 64; i++ {
		m := -(b >> i & 1)
		lo ^= a << i & m
		if i > 0 {
			hi ^= a >> (64 - i) & m
		}
	}
	return hi, lo
}

func probePCLMULQDQ() (want, got []byte) {
	a, b := clmulProbeInput()
	var g [8]uint64
	pclmulqdqProbe(&a, &b, &g)
	return clmulBytes(clmulProbeWant(a, b, 1)), clmulBytes(g[:])
}

func probeVPCLMULQDQ() (want, got []byte) {
	a, b := clmulProbeInput()
	var g [16]uint64
	vpclmulqdqProbe(&a, &b, &g)
	return clmulBytes(clmulProbeWant(a, b, 2)), clmulBytes(g[:])
}

// pclmulqdqProbe stores PCLMULQDQ of a[0:2], b[0:2] for the immediates
// 0x00, 0x01, 0x10, 0x11.
//
//go:noescape
func pclmulqdqProbe(a, b *[4]uint64, out *[8]uint64)

// vpclmulqdqProbe does the same with VPCLMULQDQ on YMM, both lanes.
//
//go:noescape
func vpclmulqdqProbe(a, b *[4]uint64, out *[16]uint64)
