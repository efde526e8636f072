//go:build gc

package riscv64

import (
	"encoding/binary"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha256"
	"github.com/xarchlab/xarch/family/sha512"
)

// Known-answer probes for the vector SHA-2 extensions: vsha2ms, vsha2cl
// and vsha2ch run once each on fixed element groups and are compared with a
// Go model of the vector cryptography 1.0 pseudo-code, so an emulator that
// executes them without trapping but computes garbage reads as "not
// faithfully emulated" rather than as a bug in sha256/zvknha or
// sha512/zvknhb.
func init() {
	arch.RegisterProbe(arch.Probe{Feature: "zvknha", Instr: "vsha2ch", Run: probeZvknha})
	arch.RegisterProbe(arch.Probe{Feature: "zvknhb", Instr: "vsha2ch-sew64", Run: probeZvknhb})
}

//go:noescape
func zvknhaProbe(in *[6][4]uint32, out *[3][4]uint32)

//go:noescape
func zvknhbProbe(in *[6][4]uint64, out *[3][4]uint64)

// zvknhGroup is one element group of four SEW-bit words, element 0 first
// (the least significant word of the group, the instructions' rightmost).
// Words are held in uint64 for both SEWs.
type zvknhGroup [4]uint64

// zvknhProbeInput builds the probe's six groups at SEW (32 or 64) from the
// family's tables, so no word is zero: vsha2ms gets K[16..19] as
// W[0..3], {K[20], K[25..27]} as {W[4], W[9..11]} and K[28..31] as
// W[12..15] (a wrong sigma or a wrong element cannot hide behind zeros);
// vsha2c* gets the initial hash as {a,b,e,f} and {c,d,g,h} and K[0..3] plus
// the first words of the padded message "abc" (FIPS 180-4's example).
func zvknhProbeInput(sew uint) (in [6]zvknhGroup) {
	var k func(i int) uint64
	var h [8]uint64
	if sew == 32 {
		k = func(i int) uint64 { return uint64(sha256.K[i]) }
		for i, v := range sha256.Init {
			h[i] = uint64(v)
		}
	} else {
		k = func(i int) uint64 { return sha512.K[i] }
		v, _ := sha512.VariantByName("sha512")
		h = v.Init
	}
	mask := zvknhMask(sew)
	for e := 0; e < 4; e++ {
		in[0][e] = k(16 + e)
		in[2][e] = k(28 + e)
	}
	in[1] = zvknhGroup{k(20), k(25), k(26), k(27)}
	in[3] = zvknhGroup{h[5], h[4], h[1], h[0]} // {a,b,e,f}
	in[4] = zvknhGroup{h[7], h[6], h[3], h[2]} // {c,d,g,h}
	abc := zvknhGroup{0x61626380, 0, 0, 0}
	if sew == 64 {
		abc[0] = 0x6162638000000000
	}
	for e := range in[5] {
		in[5][e] = (abc[e] + k(e)) & mask
	}
	return in
}

// zvknhProbeWant is what the probe kernels must store for in.
func zvknhProbeWant(in [6]zvknhGroup, sew uint) [3]zvknhGroup {
	return [3]zvknhGroup{
		vsha2msModel(in[0], in[1], in[2], sew),
		vsha2cModel(in[4], in[3], in[5], false, sew),
		vsha2cModel(in[4], in[3], in[5], true, sew),
	}
}

func probeZvknha() (want, got []byte) {
	in := zvknhProbeInput(32)
	var in32 [6][4]uint32
	for g := range in {
		for e := range in[g] {
			in32[g][e] = uint32(in[g][e])
		}
	}
	var out [3][4]uint32
	zvknhaProbe(&in32, &out)
	var g3 [3]zvknhGroup
	for g := range out {
		for e := range out[g] {
			g3[g][e] = uint64(out[g][e])
		}
	}
	return zvknhBytes(zvknhProbeWant(in, 32), 32), zvknhBytes(g3, 32)
}

func probeZvknhb() (want, got []byte) {
	in := zvknhProbeInput(64)
	var in64 [6][4]uint64
	for g := range in {
		in64[g] = in[g]
	}
	var out [3][4]uint64
	zvknhbProbe(&in64, &out)
	var g3 [3]zvknhGroup
	for g := range out {
		g3[g] = out[g]
	}
	return zvknhBytes(zvknhProbeWant(in, 64), 64), zvknhBytes(g3, 64)
}

// zvknhBytes writes each group most significant word first (as the
// specification prints groups), each word big-endian, so reports read
// like FIPS 180-4.
func zvknhBytes(v [3]zvknhGroup, sew uint) []byte {
	var b []byte
	var d [8]byte
	for _, g := range v {
		for e := 3; e >= 0; e-- {
			binary.BigEndian.PutUint64(d[:], g[e])
			b = append(b, d[8-sew/8:]...)
		}
	}
	return b
}

// The models follow the Operation sections of vsha2ms.vv and vsha2c[hl].vv
// (RISC-V vector cryptography 1.0), per element group, for SEW 32 or 64.

func zvknhMask(sew uint) uint64 { return ^uint64(0) >> (64 - sew) }

func zvknhRotr(x uint64, n, sew uint) uint64 {
	m := zvknhMask(sew)
	x &= m
	return (x>>n | x<<(sew-n)) & m
}

// Σ0, Σ1 (sum0, sum1) and σ0, σ1 (sig0, sig1) of FIPS 180-4 at SEW.
func zvknhSum0(x uint64, sew uint) uint64 {
	if sew == 32 {
		return zvknhRotr(x, 2, 32) ^ zvknhRotr(x, 13, 32) ^ zvknhRotr(x, 22, 32)
	}
	return zvknhRotr(x, 28, 64) ^ zvknhRotr(x, 34, 64) ^ zvknhRotr(x, 39, 64)
}

func zvknhSum1(x uint64, sew uint) uint64 {
	if sew == 32 {
		return zvknhRotr(x, 6, 32) ^ zvknhRotr(x, 11, 32) ^ zvknhRotr(x, 25, 32)
	}
	return zvknhRotr(x, 14, 64) ^ zvknhRotr(x, 18, 64) ^ zvknhRotr(x, 41, 64)
}

func zvknhSig0(x uint64, sew uint) uint64 {
	if sew == 32 {
		return zvknhRotr(x, 7, 32) ^ zvknhRotr(x, 18, 32) ^ (x&zvknhMask(32))>>3
	}
	return zvknhRotr(x, 1, 64) ^ zvknhRotr(x, 8, 64) ^ x>>7
}

func zvknhSig1(x uint64, sew uint) uint64 {
	if sew == 32 {
		return zvknhRotr(x, 17, 32) ^ zvknhRotr(x, 19, 32) ^ (x&zvknhMask(32))>>10
	}
	return zvknhRotr(x, 19, 64) ^ zvknhRotr(x, 61, 64) ^ x>>6
}

// vsha2msModel is vsha2ms.vv vd, vs2, vs1: vd = {W3,W2,W1,W0}, vs2 =
// {W11,W10,W9,W4}, vs1 = {W15,W14,W13,W12} (most significant first, so
// W0, W4 and W12 are element 0); the result is {W19,W18,W17,W16}.
func vsha2msModel(vd, vs2, vs1 zvknhGroup, sew uint) zvknhGroup {
	m := zvknhMask(sew)
	var w [20]uint64
	copy(w[0:4], vd[:])
	w[4], w[9], w[10], w[11] = vs2[0], vs2[1], vs2[2], vs2[3]
	copy(w[12:16], vs1[:])
	for t := 16; t < 20; t++ {
		w[t] = (zvknhSig1(w[t-2], sew) + w[t-7] + zvknhSig0(w[t-15], sew) + w[t-16]) & m
	}
	return zvknhGroup{w[16], w[17], w[18], w[19]}
}

// vsha2cModel is vsha2ch.vv (high) or vsha2cl.vv vd, vs2, vs1: two rounds
// from {c,d,g,h} in vd and {a,b,e,f} in vs2 with W+K from vs1 (elements 0
// then 1 for cl, 2 then 3 for ch); the result is the new {a,b,e,f}.
func vsha2cModel(vd, vs2, vs1 zvknhGroup, high bool, sew uint) zvknhGroup {
	m := zvknhMask(sew)
	a, b, e, f := vs2[3], vs2[2], vs2[1], vs2[0]
	c, d, g, h := vd[3], vd[2], vd[1], vd[0]
	wk := [2]uint64{vs1[0], vs1[1]}
	if high {
		wk = [2]uint64{vs1[2], vs1[3]}
	}
	for _, w := range wk {
		t1 := (h + zvknhSum1(e, sew) + (e&f ^ ^e&g) + w) & m
		t2 := (zvknhSum0(a, sew) + (a&b ^ a&c ^ b&c)) & m
		h, g, f, e, d, c, b, a = g, f, e, (d+t1)&m, c, b, a, (t1+t2)&m
	}
	return zvknhGroup{f, e, b, a}
}
