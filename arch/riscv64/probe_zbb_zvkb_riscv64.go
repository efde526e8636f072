//go:build gc

package riscv64

import (
	"math/bits"

	"github.com/xarchlab/xarch/arch"
)

func init() {
	arch.RegisterProbe(arch.Probe{Feature: "zbb", Instr: "andn/ror/rev8/cpop", Run: runZbbProbe})
	arch.RegisterProbe(arch.Probe{Feature: "zvkb", Instr: "vrev8.v/vror.vi/vandn.vv", Run: runZvkbProbe})
}

const zbbA, zbbB = 0x0123456789abcdef, 0xf0f0f0f00ff00ff3 // b's low 6 bits rotate by 51

// zbbWant is what zbbProbe must store, from the Zbb specification.
func zbbWant() [4]uint64 {
	return [4]uint64{zbbA &^ zbbB, bits.RotateLeft64(zbbA, -int(zbbB&63)), bits.ReverseBytes64(zbbA), uint64(bits.OnesCount64(zbbA))}
}

func runZbbProbe() (want, got []byte) {
	var out [4]uint64
	zbbProbe(zbbA, zbbB, &out)
	w := zbbWant()
	for i := range out {
		got = append(got, arch.BigEndianWords(uint32(out[i]>>32), uint32(out[i]))...)
		want = append(want, arch.BigEndianWords(uint32(w[i]>>32), uint32(w[i]))...)
	}
	return want, got
}

var zvkbA = [4]uint32{0x01234567, 0x89abcdef, 0x80000001, 0xfedcba98}
var zvkbB = [4]uint32{0xffff0000, 0x0f0f0f0f, 0x00000001, 0x12345678}

// zvkbWant is what zvkbProbe must store, from the Zvkb specification.
func zvkbWant() (out [3][4]uint32) {
	for i, a := range zvkbA {
		out[0][i] = bits.ReverseBytes32(a)
		out[1][i] = bits.RotateLeft32(a, -7)
		out[2][i] = a &^ zvkbB[i]
	}
	return out
}

func runZvkbProbe() (want, got []byte) {
	var out [3][4]uint32
	zvkbProbe(&zvkbA, &zvkbB, &out)
	w := zvkbWant()
	for i := range out {
		got = append(got, arch.BigEndianWords(out[i][:]...)...)
		want = append(want, arch.BigEndianWords(w[i][:]...)...)
	}
	return want, got
}

//go:noescape
func zbbProbe(a, b uint64, out *[4]uint64)

//go:noescape
func zvkbProbe(a, b *[4]uint32, out *[3][4]uint32)
