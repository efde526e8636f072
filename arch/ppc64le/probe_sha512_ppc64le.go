//go:build gc

package ppc64le

import (
	"encoding/binary"
	"math/bits"

	"github.com/xarchlab/xarch/arch"
)

// A known-answer probe for VSHASIGMAD, the one crypto instruction of
// sha512/power8: QEMU has had bugs in the ppc64 SHA-2 instructions, and a
// wrong sigma must read as "not faithfully emulated", not as a kernel bug.
func init() {
	arch.RegisterProbe(arch.Probe{Feature: "vcrypto", Instr: "vshasigmad", Run: probeVSHASIGMAD})
}

// sigma512Probe runs VSHASIGMAD on in: out = σ0, σ1, Σ0, Σ1 and σ0
// computed in place (see the .s file).
//
//go:noescape
func sigma512Probe(in *[2]uint64, out *[5][2]uint64)

// sigma512Ops are the (ST, SIX) operands of sigma512Probe's five
// instructions, in output order.
var sigma512Ops = [5][2]uint{{0, 0}, {0, 15}, {1, 0}, {1, 15}, {0, 0}}

// sigma512Inputs have single bits at both ends of each doubleword (which
// the rotates and shifts move apart), SHA-512 initial words and dense
// patterns.
var sigma512Inputs = [][2]uint64{
	{0x0000000000000001, 0x8000000000000000},
	{0x6a09e667f3bcc908, 0xbb67ae8584caa73b},
	{0xffffffffffffffff, 0x0123456789abcdef},
	{0x0f0f0f0f0f0f0f0f, 0xa5a5a5a5deadbeef},
}

// sigma512Want is what sigma512Probe must return for in.
func sigma512Want(in [2]uint64) (out [5][2]uint64) {
	for j, op := range sigma512Ops {
		out[j] = vshasigmadModel(in, op[0], op[1])
	}
	return out
}

// sigma512Bytes writes the doublewords big-endian, so reports read like
// FIPS 180-4.
func sigma512Bytes(v [5][2]uint64) []byte {
	b := make([]byte, 0, 80)
	var d [8]byte
	for _, q := range v {
		for _, x := range q {
			binary.BigEndian.PutUint64(d[:], x)
			b = append(b, d[:]...)
		}
	}
	return b
}

func probeVSHASIGMAD() (want, got []byte) {
	for _, in := range sigma512Inputs {
		in := in
		var g [5][2]uint64
		sigma512Probe(&in, &g)
		want = append(want, sigma512Bytes(sigma512Want(in))...)
		got = append(got, sigma512Bytes(g)...)
	}
	return want, got
}

// vshasigmadModel follows the Power ISA (v2.07 and later) definition of
// vshasigmad VRT,VRA,ST,SIX: for doubleword i (0 = the left one), bit 2×i
// of SIX (bit 0 the most significant of the 4-bit field) picks the "1"
// function, and ST picks Σ (1) over σ (0). Bits 1 and 3 of SIX are unused.
func vshasigmadModel(x [2]uint64, st, six uint) (r [2]uint64) {
	for i, v := range x {
		one := six>>(3-2*uint(i))&1 == 1
		switch {
		case st == 0 && !one:
			r[i] = bits.RotateLeft64(v, -1) ^ bits.RotateLeft64(v, -8) ^ v>>7
		case st == 0 && one:
			r[i] = bits.RotateLeft64(v, -19) ^ bits.RotateLeft64(v, -61) ^ v>>6
		case !one:
			r[i] = bits.RotateLeft64(v, -28) ^ bits.RotateLeft64(v, -34) ^ bits.RotateLeft64(v, -39)
		default:
			r[i] = bits.RotateLeft64(v, -14) ^ bits.RotateLeft64(v, -18) ^ bits.RotateLeft64(v, -41)
		}
	}
	return r
}
