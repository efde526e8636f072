//go:build gc

package arm64

import (
	"encoding/binary"
	"math/bits"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha512"
)

// A known-answer probe for "sha512": SHA512H, SHA512H2, SHA512SU0 and
// SHA512SU1 run once each on fixed inputs and are compared with a Go model
// of the ARM ARM pseudo-code, so an emulator that executes them without
// trapping but computes garbage reads as "not faithfully emulated" rather
// than as a bug in sha512/sha512.
func init() {
	arch.RegisterProbe(arch.Probe{Feature: "sha512", Instr: "sha512h", Run: probeSHA512H})
}

// sha512Probe runs the four instructions on in (see the .s file):
// out[0] = SHA512H(in[0], in[1], in[2]), out[1] = SHA512H2(out[0], in[3],
// in[4]), out[2] = SHA512SU0(in[5], in[6]), out[3] = SHA512SU1(out[2],
// in[7], in[8]); the first operand is the destination.
//
//go:noescape
func sha512Probe(in *[9][2]uint64, out *[4][2]uint64)

// sha512ProbeInput is the first two rounds of SHA-512("abc") laid out the
// way sha512/sha512 feeds the instructions: lane 0 is the low doubleword.
// The schedule operands are K[16..23]: "abc"'s own words are mostly zero,
// which would hide a wrong sigma.
func sha512ProbeInput() (in [9][2]uint64) {
	s := sha512.Variants[1].Init // sha512
	ab := [2]uint64{s[0], s[1]}
	cd := [2]uint64{s[2], s[3]}
	ef := [2]uint64{s[4], s[5]}
	gh := [2]uint64{s[6], s[7]}
	w0 := uint64(0x6162638000000000) // W[0] of "abc"; W[1] is 0
	kw := [2]uint64{w0 + sha512.K[0], sha512.K[1]}
	in[0] = [2]uint64{gh[0] + kw[1], gh[1] + kw[0]} // {g+KW[1], h+KW[0]}
	in[1] = [2]uint64{ef[1], gh[0]}                 // {f, g}
	in[2] = [2]uint64{cd[1], ef[0]}                 // {d, e}
	in[3] = cd
	in[4] = ab
	for g := 0; g < 4; g++ {
		in[5+g] = [2]uint64{sha512.K[16+2*g], sha512.K[17+2*g]}
	}
	return in
}

// sha512ProbeWant is what sha512Probe must store for in.
func sha512ProbeWant(in [9][2]uint64) (out [4][2]uint64) {
	out[0] = sha512hModel(in[0], in[1], in[2])
	out[1] = sha512h2Model(out[0], in[3], in[4])
	out[2] = sha512su0Model(in[5], in[6])
	out[3] = sha512su1Model(out[2], in[7], in[8])
	return out
}

func probeSHA512H() (want, got []byte) {
	in := sha512ProbeInput()
	var g [4][2]uint64
	sha512Probe(&in, &g)
	return sha512ProbeBytes(sha512ProbeWant(in)), sha512ProbeBytes(g)
}

// sha512ProbeBytes writes the doublewords big-endian, so reports read like
// FIPS 180-4.
func sha512ProbeBytes(v [4][2]uint64) []byte {
	b := make([]byte, 0, 64)
	var d [8]byte
	for _, q := range v {
		for _, x := range q {
			binary.BigEndian.PutUint64(d[:], x)
			b = append(b, d[:]...)
		}
	}
	return b
}

// The models follow the ARM ARM pseudo-code of SHA512H, SHA512H2,
// SHA512SU0 and SHA512SU1: d is the destination's old value (<Qd>/<Vd>), n
// the <Qn>/<Vn> operand, m the <Vm> operand. Element 0 is bits 63:0.

// sha512hModel: two rounds of T1 = Σ1(e) + Ch(e,f,g) + h + K + W with
// m = {d, e}, n = {f, g} and d = {g + KW[t+1], h + KW[t]}. Element 1
// becomes T1 of round t; element 0 T1 of round t+1, whose e is d + T1[t].
func sha512hModel(d, n, m [2]uint64) [2]uint64 {
	hi := d[1] + sum1w64(m[1]) + chw64(m[1], n[0], n[1])
	e1 := hi + m[0]
	lo := d[0] + sum1w64(e1) + chw64(e1, m[1], n[0])
	return [2]uint64{lo, hi}
}

// sha512h2Model: the Σ0 + Maj half of the same two rounds with m = {a, b},
// n = {c, d} and d the two T1 values: element 1 becomes a after round t,
// element 0 a after round t+1.
func sha512h2Model(d, n, m [2]uint64) [2]uint64 {
	hi := d[1] + sum0w64(m[0]) + majw64(n[0], m[1], m[0])
	lo := d[0] + sum0w64(hi) + majw64(hi, m[0], m[1])
	return [2]uint64{lo, hi}
}

// sha512su0Model: d holds W[t-16], W[t-15], n W[t-14], W[t-13]; element e
// becomes W[t-16+e] + σ0(W[t-15+e]).
func sha512su0Model(d, n [2]uint64) [2]uint64 {
	return [2]uint64{d[0] + sig0w64(d[1]), d[1] + sig0w64(n[0])}
}

// sha512su1Model: d is SHA512SU0's result, n holds W[t-2], W[t-1] and m
// W[t-7], W[t-6]; element-wise d + σ1(n) + m.
func sha512su1Model(d, n, m [2]uint64) [2]uint64 {
	var r [2]uint64
	for e := range r {
		r[e] = d[e] + sig1w64(n[e]) + m[e]
	}
	return r
}

// The FIPS 180-4 4.1.3 functions.
func chw64(x, y, z uint64) uint64  { return (x & y) ^ (^x & z) }
func majw64(x, y, z uint64) uint64 { return (x & y) ^ (x & z) ^ (y & z) }

func sum0w64(x uint64) uint64 {
	return bits.RotateLeft64(x, -28) ^ bits.RotateLeft64(x, -34) ^ bits.RotateLeft64(x, -39)
}

func sum1w64(x uint64) uint64 {
	return bits.RotateLeft64(x, -14) ^ bits.RotateLeft64(x, -18) ^ bits.RotateLeft64(x, -41)
}

func sig0w64(x uint64) uint64 {
	return bits.RotateLeft64(x, -1) ^ bits.RotateLeft64(x, -8) ^ x>>7
}

func sig1w64(x uint64) uint64 {
	return bits.RotateLeft64(x, -19) ^ bits.RotateLeft64(x, -61) ^ x>>6
}
