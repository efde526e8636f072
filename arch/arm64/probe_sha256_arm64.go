//go:build gc

package arm64

import (
	"math/bits"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha256"
)

// A known-answer probe for "sha2": SHA256H, SHA256H2, SHA256SU0 and
// SHA256SU1 run once each on fixed inputs and are compared with a Go model
// of the ARM ARM pseudo-code, so an emulator that executes them without
// trapping but computes garbage reads as "not faithfully emulated" rather
// than as a bug in sha256/armv8.
func init() {
	arch.RegisterProbe(arch.Probe{Feature: "sha2", Instr: "sha256h", Run: probeSHA256H})
}

//go:noescape
func sha256Probe(in *[7][4]uint32, out *[4][4]uint32)

// sha256ProbeInput is the first block of SHA-256("abc") (FIPS 180-4
// example): the initial hash as abcd/efgh and W[0..3]+K[0..3], whose four
// rounds the FIPS example lists. The schedule groups are K[16..31]: "abc"'s
// own words are mostly zero, which would hide a wrong sigma.
func sha256ProbeInput() (in [7][4]uint32) {
	copy(in[0][:], sha256.Init[0:4])
	copy(in[1][:], sha256.Init[4:8])
	abc := [4]uint32{0x61626380, 0, 0, 0}
	for i := range in[2] {
		in[2][i] = abc[i] + sha256.K[i]
	}
	for g := 0; g < 4; g++ {
		copy(in[3+g][:], sha256.K[16+4*g:20+4*g])
	}
	return in
}

// sha256ProbeWant is what sha256Probe must store for in.
func sha256ProbeWant(in [7][4]uint32) (out [4][4]uint32) {
	out[0] = sha256hashModel(in[0], in[1], in[2], true)
	out[1] = sha256hashModel(in[1], in[0], in[2], false)
	out[2] = sha256su0Model(in[3], in[4])
	out[3] = sha256su1Model(out[2], in[5], in[6])
	return out
}

func probeSHA256H() (want, got []byte) {
	in := sha256ProbeInput()
	var g [4][4]uint32
	sha256Probe(&in, &g)
	w := sha256ProbeWant(in)
	return probeBytes(w), probeBytes(g)
}

// probeBytes writes the words big-endian, so reports read like FIPS 180-4.
func probeBytes(v [4][4]uint32) []byte {
	var b []byte
	for _, q := range v {
		b = append(b, arch.BigEndianWords(q[:]...)...)
	}
	return b
}

// The models follow the ARM ARM pseudo-code (SHA256hash, SHA256SU0,
// SHA256SU1); element e of a vector is lane e, the low 32 bits first.

// sha256hashModel is four rounds with W+K from w. For SHA256H, d is x =
// {a,b,c,d} and n is y = {e,f,g,h}, result x; SHA256H2 swaps the operand
// roles (d is y, n is x) and returns y.
func sha256hashModel(d, n, w [4]uint32, part1 bool) [4]uint32 {
	x, y := d, n
	if !part1 {
		x, y = n, d
	}
	for e := 0; e < 4; e++ {
		ch := (y[0] & y[1]) ^ (^y[0] & y[2])
		maj := (x[0] & x[1]) ^ (x[0] & x[2]) ^ (x[1] & x[2])
		t := y[3] + bigSigma1(y[0]) + ch + w[e]
		x[3] += t
		y[3] = t + bigSigma0(x[0]) + maj
		// <y, x> = ROL(y:x, 32): the top lane of each moves to the
		// bottom of the other.
		x, y = [4]uint32{y[3], x[0], x[1], x[2]}, [4]uint32{x[3], y[0], y[1], y[2]}
	}
	if part1 {
		return x
	}
	return y
}

// sha256su0Model: d holds W[t-16..t-13], n W[t-12..t-9]; lane e becomes
// W[t-16+e] + sigma0(W[t-15+e]).
func sha256su0Model(d, n [4]uint32) [4]uint32 {
	next := [4]uint32{d[1], d[2], d[3], n[0]}
	var r [4]uint32
	for e := range r {
		r[e] = d[e] + smallSigma0(next[e])
	}
	return r
}

// sha256su1Model: d is SHA256SU0's result, n W[t-8..t-5], m W[t-4..t-1].
// Lanes 0-1 take sigma1 of W[t-2], W[t-1]; lanes 2-3 of the two new words.
func sha256su1Model(d, n, m [4]uint32) [4]uint32 {
	t0 := [4]uint32{n[1], n[2], n[3], m[0]} // W[t-7..t-4]
	var r [4]uint32
	r[0] = d[0] + t0[0] + smallSigma1(m[2])
	r[1] = d[1] + t0[1] + smallSigma1(m[3])
	r[2] = d[2] + t0[2] + smallSigma1(r[0])
	r[3] = d[3] + t0[3] + smallSigma1(r[1])
	return r
}

// The FIPS 180-4 4.1.2 functions.
func bigSigma0(x uint32) uint32 {
	return bits.RotateLeft32(x, -2) ^ bits.RotateLeft32(x, -13) ^ bits.RotateLeft32(x, -22)
}

func bigSigma1(x uint32) uint32 {
	return bits.RotateLeft32(x, -6) ^ bits.RotateLeft32(x, -11) ^ bits.RotateLeft32(x, -25)
}

func smallSigma0(x uint32) uint32 {
	return bits.RotateLeft32(x, -7) ^ bits.RotateLeft32(x, -18) ^ x>>3
}

func smallSigma1(x uint32) uint32 {
	return bits.RotateLeft32(x, -17) ^ bits.RotateLeft32(x, -19) ^ x>>10
}
