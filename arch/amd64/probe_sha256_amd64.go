//go:build gc

package amd64

import (
	"math/bits"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha256"
)

// A known-answer probe for "shani": SHA256RNDS2, SHA256MSG1 and SHA256MSG2
// run once each on fixed inputs and are compared with a Go model of the
// Intel SDM operation sections, so a CPU or emulator that executes them
// wrongly reads as "not faithfully executed", not as a sha256/shani bug.
// (QEMU 7.2 does not advertise SHA-NI, so there it is simply not run.)
func init() {
	arch.RegisterProbe(arch.Probe{Feature: "shani", Instr: "sha256rnds2", Run: probeSHA256RNDS2})
}

//go:noescape
func shaniProbe(in *[6][4]uint32, out *[3][4]uint32)

// Lane i of a [4]uint32 is bits 32i+31..32i of the XMM register.

// shaniProbeInput is the first block of SHA-256("abc") (FIPS 180-4
// example): the initial hash split as ABEF/CDGH and W[0..3]+K[0..3] (the
// instruction reads only lanes 0-1; 2-3 are nonzero so a lane mix-up
// shows). The message groups are K[16..19], K[20..23], K[28..31]: "abc"'s
// own words are mostly zero, which would hide a wrong sigma.
func shaniProbeInput() (in [6][4]uint32) {
	h := sha256.Init
	in[0] = [4]uint32{h[7], h[6], h[3], h[2]} // CDGH: H G D C
	in[1] = [4]uint32{h[5], h[4], h[1], h[0]} // ABEF: F E B A
	abc := [4]uint32{0x61626380, 0, 0, 0}
	for i := range in[2] {
		in[2][i] = abc[i] + sha256.K[i]
	}
	copy(in[3][:], sha256.K[16:20])
	copy(in[4][:], sha256.K[20:24])
	copy(in[5][:], sha256.K[28:32])
	return in
}

// shaniProbeWant is what shaniProbe must store for in.
func shaniProbeWant(in [6][4]uint32) (out [3][4]uint32) {
	out[0] = sha256rnds2Model(in[0], in[1], in[2])
	out[1] = sha256msg1Model(in[3], in[4])
	out[2] = sha256msg2Model(out[1], in[5])
	return out
}

func probeSHA256RNDS2() (want, got []byte) {
	in := shaniProbeInput()
	var g [3][4]uint32
	shaniProbe(&in, &g)
	w := shaniProbeWant(in)
	return shaniBytes(w[:]), shaniBytes(g[:])
}

// shaniBytes writes the words big-endian, so reports read like FIPS 180-4.
func shaniBytes(v [][4]uint32) []byte {
	var b []byte
	for _, q := range v {
		b = append(b, arch.BigEndianWords(q[:]...)...)
	}
	return b
}

// sha256rnds2Model is two rounds: src1 (the destination) is CDGH, src2
// ABEF, and lanes 0-1 of wk are W+K for the two rounds. The result is the
// new ABEF; the caller's old ABEF is the new CDGH.
func sha256rnds2Model(src1, src2, wk [4]uint32) [4]uint32 {
	a, b, e, f := src2[3], src2[2], src2[1], src2[0]
	c, d, g, h := src1[3], src1[2], src1[1], src1[0]
	for i := 0; i < 2; i++ {
		ch := (e & f) ^ (^e & g)
		maj := (a & b) ^ (a & c) ^ (b & c)
		t1 := h + shaBigSigma1(e) + ch + wk[i]
		t2 := shaBigSigma0(a) + maj
		h, g, f, e = g, f, e, d+t1
		d, c, b, a = c, b, a, t1+t2
	}
	return [4]uint32{f, e, b, a}
}

// sha256msg1Model: src1 holds W[t-16..t-13], lane 0 of src2 W[t-12]; lane
// i becomes W[t-16+i] + sigma0(W[t-15+i]).
func sha256msg1Model(src1, src2 [4]uint32) [4]uint32 {
	next := [4]uint32{src1[1], src1[2], src1[3], src2[0]}
	var r [4]uint32
	for i := range r {
		r[i] = src1[i] + shaSmallSigma0(next[i])
	}
	return r
}

// sha256msg2Model: src1 holds the sums without the sigma1 term, lanes 2-3
// of src2 are W[t-2], W[t-1]; lanes 2-3 of the result need lanes 0-1.
func sha256msg2Model(src1, src2 [4]uint32) [4]uint32 {
	var r [4]uint32
	r[0] = src1[0] + shaSmallSigma1(src2[2])
	r[1] = src1[1] + shaSmallSigma1(src2[3])
	r[2] = src1[2] + shaSmallSigma1(r[0])
	r[3] = src1[3] + shaSmallSigma1(r[1])
	return r
}

// The FIPS 180-4 4.1.2 functions.
func shaBigSigma0(x uint32) uint32 {
	return bits.RotateLeft32(x, -2) ^ bits.RotateLeft32(x, -13) ^ bits.RotateLeft32(x, -22)
}

func shaBigSigma1(x uint32) uint32 {
	return bits.RotateLeft32(x, -6) ^ bits.RotateLeft32(x, -11) ^ bits.RotateLeft32(x, -25)
}

func shaSmallSigma0(x uint32) uint32 {
	return bits.RotateLeft32(x, -7) ^ bits.RotateLeft32(x, -18) ^ x>>3
}

func shaSmallSigma1(x uint32) uint32 {
	return bits.RotateLeft32(x, -17) ^ bits.RotateLeft32(x, -19) ^ x>>10
}
