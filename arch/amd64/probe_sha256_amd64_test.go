//go:build amd64 && gc

package amd64

import (
	"encoding/binary"
	"testing"

	"github.com/xarchlab/xarch/arch/archtest"
	"github.com/xarchlab/xarch/family/sha256"
	"github.com/xarchlab/xarch/family/sha256/sha256test"
)

// TestSHANIProbeModelFIPS holds the Go model to FIPS 180-4's SHA-256("abc")
// example: after rounds t = 0..1, a b e f = these.
func TestSHANIProbeModelFIPS(t *testing.T) {
	want := [4]uint32{0xfa2a4622, 0x78ce7989, 0x5d6aebcd, 0x5a6ad9ad} // F E B A
	got := shaniProbeWant(shaniProbeInput())[0]
	if got != want {
		t.Fatalf("model after 2 rounds of \"abc\": FEBA %08x, FIPS 180-4 says %08x", got, want)
	}
}

// shaniModelBlock is a whole compression built only from the models, the
// way sha256/shani uses the instructions; digests of whole messages then
// test every model lane, the schedule included.
func shaniModelBlock(h *[8]uint32, p []byte) {
	var w [4][4]uint32 // the last four groups of W, group g in w[g%4]
	for i := 0; i < 16; i++ {
		w[i/4][i%4] = binary.BigEndian.Uint32(p[4*i:])
	}
	abef := [4]uint32{h[5], h[4], h[1], h[0]}
	cdgh := [4]uint32{h[7], h[6], h[3], h[2]}
	for g := 0; g < 16; g++ {
		if g >= 4 {
			m := sha256msg1Model(w[(g-4)%4], w[(g-3)%4])
			g2, g1 := w[(g-2)%4], w[(g-1)%4]
			t7 := [4]uint32{g2[1], g2[2], g2[3], g1[0]} // W[t-7..t-4]
			for i := range m {
				m[i] += t7[i]
			}
			w[g%4] = sha256msg2Model(m, g1)
		}
		var wk [4]uint32
		for i := range wk {
			wk[i] = w[g%4][i] + sha256.K[4*g+i]
		}
		abef, cdgh = sha256rnds2Model(cdgh, abef, wk), abef
		hi := [4]uint32{wk[2], wk[3]}
		abef, cdgh = sha256rnds2Model(cdgh, abef, hi), abef
	}
	h[0] += abef[3]
	h[1] += abef[2]
	h[4] += abef[1]
	h[5] += abef[0]
	h[2] += cdgh[3]
	h[3] += cdgh[2]
	h[6] += cdgh[1]
	h[7] += cdgh[0]
}

func TestSHANIProbeModelDigest(t *testing.T) {
	sha256test.FromBlock(t, "the SHA-NI instruction models", func(h *[8]uint32, p []byte) {
		for ; len(p) >= 64; p = p[64:] {
			shaniModelBlock(h, p)
		}
	})
}

// TestSHANIProbe runs the registered probe where the feature is present.
func TestSHANIProbe(t *testing.T) { archtest.Probe(t, "shani", "sha256rnds2", 48) }
