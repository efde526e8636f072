//go:build gc

package ppc64le

import (
	"fmt"
	"math/bits"

	"github.com/xarchlab/xarch/arch"
)

// The SHA-256 level's instruction gets a probe of its own: QEMU had a past
// bug in the ppc64 SHA-256 instructions, and a wrong sigma must read as
// "not faithfully emulated", not as a kernel bug.
func init() {
	arch.RegisterProbe(arch.Probe{
		Feature: "vcrypto",
		Instr:   "vshasigmaw",
		Run: func() (want, got []byte) {
			var w, g []byte
			for _, in := range sigmaInputs {
				in := in
				var gw, ww [6][4]uint32
				sigmaProbe(&in, &gw)
				ww = sigmaWant(in)
				for j := range gw {
					g = append(g, arch.BigEndianWords(gw[j][:]...)...)
					w = append(w, arch.BigEndianWords(ww[j][:]...)...)
				}
			}
			return w, g
		},
	})
}

var sigmaInputs = [][4]uint32{
	{0x00000001, 0x80000000, 0x12345678, 0xdeadbeef},
	{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a},
	{0xffffffff, 0x00000000, 0x0f0f0f0f, 0xa5a5a5a5},
}

// sigmaWant is what sigmaProbe must return for in, computed in Go.
func sigmaWant(in [4]uint32) [6][4]uint32 {
	var want [6][4]uint32
	for i, x := range in {
		want[0][i] = smallSigma0(x)
		want[1][i] = smallSigma1(x)
		want[2][i] = bigSigma0(x)
		want[3][i] = bigSigma1(x)
		// SIX bit i (bit 0 = most significant of the 4-bit field)
		// picks the "1" function for element i.
		if 0b0101>>(3-uint(i))&1 == 1 {
			want[4][i] = bigSigma1(x)
		} else {
			want[4][i] = bigSigma0(x)
		}
		want[5][i] = bigSigma1(x)
	}
	return want
}

// ProbeVSHASIGMAW runs VSHASIGMAW on fixed inputs and compares with the
// FIPS 180-4 functions computed in Go. A non-nil error means the CPU (or
// emulator) does not execute the instruction faithfully, which is not a
// kernel bug. Call it only where "vcrypto" is detected: it traps otherwise.
func ProbeVSHASIGMAW() error {
	names := [6]string{"sigma0", "sigma1", "Sigma0", "Sigma1", "six=0b0101", "Sigma1 in place"}
	for _, in := range sigmaInputs {
		in := in
		var got [6][4]uint32
		sigmaProbe(&in, &got)
		want := sigmaWant(in)
		for j := range got {
			if got[j] != want[j] {
				return fmt.Errorf("vshasigmaw %s of %08x: got %08x, want %08x", names[j], in, got[j], want[j])
			}
		}
	}
	return nil
}

func smallSigma0(x uint32) uint32 {
	return bits.RotateLeft32(x, -7) ^ bits.RotateLeft32(x, -18) ^ x>>3
}

func smallSigma1(x uint32) uint32 {
	return bits.RotateLeft32(x, -17) ^ bits.RotateLeft32(x, -19) ^ x>>10
}

func bigSigma0(x uint32) uint32 {
	return bits.RotateLeft32(x, -2) ^ bits.RotateLeft32(x, -13) ^ bits.RotateLeft32(x, -22)
}

func bigSigma1(x uint32) uint32 {
	return bits.RotateLeft32(x, -6) ^ bits.RotateLeft32(x, -11) ^ bits.RotateLeft32(x, -25)
}
