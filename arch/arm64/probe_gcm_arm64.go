//go:build gc

package arm64

import "encoding/binary"

// The known-answer probe for "pmull" is registered with aes-gcm/armv8 (see
// gcm_armv8_arm64.go): PMULL and PMULL2 run once each on fixed operands and
// are compared with clmul64, a carry-less multiply written in Go, so an
// emulator that executes them but computes garbage reads as "not faithfully
// emulated" rather than as a GHASH bug.

//go:noescape
func pmullProbe(a, b *[2]uint64, out *[4]uint64)

// pmullProbeInput: operands with bits set across the whole doubleword
// (top bits included, so the high half of the product is busy) and
// different in the two lanes, so a PMULL2 that read lane 0 shows.
func pmullProbeInput() (a, b [2]uint64) {
	return [2]uint64{0x243f6a8885a308d3, 0xb7e151628aed2a6a},
		[2]uint64{0x9e3779b97f4a7c15, 0xc6ef372fe94f82be}
}

// pmullProbeWant is what pmullProbe must store.
func pmullProbeWant(a, b [2]uint64) (out [4]uint64) {
	out[1], out[0] = clmul64(a[0], b[0])
	out[3], out[2] = clmul64(a[1], b[1])
	return out
}

func probePMULL() (want, got []byte) {
	a, b := pmullProbeInput()
	var g [4]uint64
	pmullProbe(&a, &b, &g)
	return pmullProbeBytes(pmullProbeWant(a, b)), pmullProbeBytes(g)
}

// pmullProbeBytes writes each 128-bit product big-endian (high doubleword
// first), so reports read as numbers.
func pmullProbeBytes(v [4]uint64) []byte {
	b := make([]byte, 32)
	for i := 0; i < 2; i++ {
		binary.BigEndian.PutUint64(b[16*i:], v[2*i+1])
		binary.BigEndian.PutUint64(b[16*i+8:], v[2*i])
	}
	return b
}

// clmul64 is the carry-less (GF(2)[x]) product of a and b, 127 bits as
// hi:lo: the XOR of a shifted by every set bit of b. The model of PMULL.
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
