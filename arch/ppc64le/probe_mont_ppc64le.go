//go:build gc

package ppc64le

import (
	"encoding/binary"
	"math/bits"

	"github.com/xarchlab/xarch/arch"
)

// A known-answer probe for MADDLD/MADDHDU, the ISA 3.0 instructions of
// mont/power9: an emulator that computed them wrong would otherwise read
// as a kernel bug.
func init() {
	arch.RegisterProbe(arch.Probe{Feature: "power9", Instr: "maddld/maddhdu", Run: probeMADD})
}

// maddProbe runs MADDLD and MADDHDU on a, b, c = in[0..2] (see the .s file).
//
//go:noescape
func maddProbe(in *[3]uint64, out *[3]uint64)

// maddInputs reach the top of the 128-bit range (all ones: a*b + c =
// 2^128 - 2^64, no wrap), carry from the addend into the high half, and
// the zero cases.
var maddInputs = [][3]uint64{
	{0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff},
	{0x0000000000000001, 0xffffffffffffffff, 0x0000000000000001},
	{0x8000000000000000, 0x0000000000000002, 0x0000000000000000},
	{0x0123456789abcdef, 0xfedcba9876543210, 0xdeadbeefcafef00d},
	{0, 0xffffffffffffffff, 0xffffffffffffffff},
}

// maddModel is the Power ISA 3.0 definition: the 128-bit a*b + c, all
// unsigned; MADDLD keeps the low doubleword, MADDHDU the high one.
func maddModel(in [3]uint64) (out [3]uint64) {
	hi, lo := bits.Mul64(in[0], in[1])
	lo, c := bits.Add64(lo, in[2], 0)
	hi += c
	return [3]uint64{lo, hi, hi}
}

func maddBytes(v [3]uint64) []byte {
	b := make([]byte, 24)
	for i, x := range v {
		binary.BigEndian.PutUint64(b[8*i:], x)
	}
	return b
}

func probeMADD() (want, got []byte) {
	for _, in := range maddInputs {
		in := in
		var g [3]uint64
		maddProbe(&in, &g)
		want = append(want, maddBytes(maddModel(in))...)
		got = append(got, maddBytes(g)...)
	}
	return want, got
}
