//go:build gc

package riscv64

import (
	"bytes"
	cryptosha512 "crypto/sha512"
	"encoding/binary"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/arch/archtest"
	"github.com/xarchlab/xarch/family/sha256"
	"github.com/xarchlab/xarch/family/sha256/sha256test"
	"github.com/xarchlab/xarch/family/sha512"
)

// The probes, where the feature is present: three groups of four words.
func TestZvknhaProbe(t *testing.T) { archtest.Probe(t, "zvknha", "vsha2ch", 3*4*4) }
func TestZvknhbProbe(t *testing.T) { archtest.Probe(t, "zvknhb", "vsha2ch-sew64", 3*4*8) }

// TestZvknhModelFIPS holds vsha2cModel to FIPS 180-4's SHA-256("abc")
// example, applied the way the kernels use it (vsha2cl into the {c,d,g,h}
// register, then vsha2ch back): {a,b,e,f} after t = 1 and t = 3.
func TestZvknhModelFIPS(t *testing.T) {
	in := zvknhProbeInput(32)
	abef, cdgh := in[3], in[4]
	cdgh = vsha2cModel(cdgh, abef, in[5], false, 32)
	if want := (zvknhGroup{0xfa2a4622, 0x78ce7989, 0x5d6aebcd, 0x5a6ad9ad}); cdgh != want {
		t.Fatalf("vsha2cl model after t=1: {f,e,b,a} = %08x, FIPS 180-4 says %08x", cdgh, want)
	}
	abef = vsha2cModel(abef, cdgh, in[5], true, 32)
	if want := (zvknhGroup{0xf92939eb, 0x24e00850, 0xc8c347a7, 0xd550f666}); abef != want {
		t.Fatalf("vsha2ch model after t=3: {f,e,b,a} = %08x, FIPS 180-4 says %08x", abef, want)
	}
}

// zvknhModelBlocks is a whole compression built only from the models, the
// way the kernels use the instructions (state registers, schedule
// rotation, the vmerge of W[t+4]), so digests of whole messages test every
// element of the models and the kernels' plan.
func zvknhModelBlocks(h *[8]uint64, p []byte, sew uint) {
	bs, groups := 64, 16
	if sew == 64 {
		bs, groups = 128, 20
	}
	m := zvknhMask(sew)
	for ; len(p) >= bs; p = p[bs:] {
		var w [4]zvknhGroup
		for i := 0; i < 16; i++ {
			if sew == 32 {
				w[i/4][i%4] = uint64(binary.BigEndian.Uint32(p[4*i:]))
			} else {
				w[i/4][i%4] = binary.BigEndian.Uint64(p[8*i:])
			}
		}
		abef := zvknhGroup{h[5], h[4], h[1], h[0]}
		cdgh := zvknhGroup{h[7], h[6], h[3], h[2]}
		for g := 0; g < groups; g++ {
			var kw zvknhGroup
			for e := range kw {
				k := sha512.K[4*g+e]
				if sew == 32 {
					k = uint64(sha256.K[4*g+e])
				}
				kw[e] = (w[g%4][e] + k) & m
			}
			if g < groups-4 {
				merged := w[(g+2)%4]
				merged[0] = w[(g+1)%4][0]
				w[g%4] = vsha2msModel(w[g%4], merged, w[(g+3)%4], sew)
			}
			cdgh = vsha2cModel(cdgh, abef, kw, false, sew)
			abef = vsha2cModel(abef, cdgh, kw, true, sew)
		}
		for e, i := range [4]int{5, 4, 1, 0} {
			h[i] = (h[i] + abef[e]) & m
		}
		for e, i := range [4]int{7, 6, 3, 2} {
			h[i] = (h[i] + cdgh[e]) & m
		}
	}
}

func TestZvknhaModelDigest(t *testing.T) {
	sha256test.FromBlock(t, "the vsha2* models at SEW=32", func(h *[8]uint32, p []byte) {
		var h64 [8]uint64
		for i, v := range h {
			h64[i] = uint64(v)
		}
		zvknhModelBlocks(&h64, p, 32)
		for i, v := range h64 {
			h[i] = uint32(v)
		}
	})
}

func TestZvknhbModelDigest(t *testing.T) {
	v, _ := sha512.VariantByName("sha512")
	for _, n := range []int{0, 3, 111, 112, 128, 300} {
		msg := make([]byte, n)
		for i := range msg {
			msg[i] = byte(i*7 + n)
		}
		if n == 3 {
			msg = []byte("abc")
		}
		want := cryptosha512.Sum512(msg)
		got := sha512.Sum(func(h *[8]uint64, p []byte) { zvknhModelBlocks(h, p, 64) }, v, msg)
		if !bytes.Equal(got, want[:]) {
			t.Fatalf("SHA-512 of %d bytes from the vsha2* models at SEW=64 = %x, want %x", n, got, want)
		}
	}
}

// TestZvknhProbeInputs: the probe inputs have no zero word, and each
// instruction's answer differs from its inputs and from the other
// instructions' (so a probe that skipped one would be seen).
func TestZvknhProbeInputs(t *testing.T) {
	for _, sew := range []uint{32, 64} {
		in := zvknhProbeInput(sew)
		for g := range in {
			for e, w := range in[g] {
				if w == 0 || w&^zvknhMask(sew) != 0 {
					t.Errorf("SEW=%d: input group %d element %d = %#x", sew, g, e, w)
				}
			}
		}
		out := zvknhProbeWant(in, sew)
		if out[0] == in[0] || out[1] == in[4] || out[2] == in[4] || out[1] == out[2] {
			t.Errorf("SEW=%d: probe answers do not tell the instructions apart: %x", sew, out)
		}
	}
}

// The levels must be registered with exactly the features their
// instructions need.
func TestZvknhRegistered(t *testing.T) {
	for _, c := range []struct{ name, alg, req string }{
		{"sha256/zvknha", sha256.Name, "v,zvknha"},
		{"sha512/zvknhb", sha512.Name, "v,zvknhb"},
	} {
		im, ok := arch.Lookup(c.name)
		if !ok {
			t.Fatalf("%s is not registered", c.name)
		}
		req := ""
		for i, f := range im.Requires {
			if i > 0 {
				req += ","
			}
			req += f
		}
		if im.Alg != c.alg || im.Planted || req != c.req {
			t.Errorf("%s registered as %s requiring %s, want %s requiring %s", c.name, im.Alg, req, c.alg, c.req)
		}
	}
}
