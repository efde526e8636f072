//go:build gc

package arm64

import (
	"encoding/binary"
	"testing"

	"github.com/xarchlab/xarch/arch/archtest"
	"github.com/xarchlab/xarch/family/sha256"
	"github.com/xarchlab/xarch/family/sha256/sha256test"
)

// TestSHA256ProbeModelFIPS holds the Go model to FIPS 180-4's SHA-256("abc")
// example: after rounds t = 0..3 the working variables are these.
func TestSHA256ProbeModelFIPS(t *testing.T) {
	in := sha256ProbeInput()
	want := [2][4]uint32{
		{0xd550f666, 0xc8c347a7, 0x5a6ad9ad, 0x5d6aebcd}, // a b c d
		{0x24e00850, 0xf92939eb, 0x78ce7989, 0xfa2a4622}, // e f g h
	}
	got := sha256ProbeWant(in)
	if got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("model after 4 rounds of \"abc\": abcd %08x efgh %08x, FIPS 180-4 says %08x %08x",
			got[0], got[1], want[0], want[1])
	}
}

// modelBlock is a whole compression built only from the models, the way
// sha256/armv8 uses the instructions; digests of whole messages then test
// every model lane, the schedule included.
func modelBlock(h *[8]uint32, p []byte) {
	var w [16][4]uint32 // groups of W
	for i := 0; i < 16; i++ {
		w[i/4][i%4] = binary.BigEndian.Uint32(p[4*i:])
	}
	x := [4]uint32{h[0], h[1], h[2], h[3]}
	y := [4]uint32{h[4], h[5], h[6], h[7]}
	for g := 0; g < 16; g++ {
		if g >= 4 {
			su0 := sha256su0Model(w[(g-4)%4], w[(g-3)%4])
			w[g%4] = sha256su1Model(su0, w[(g-2)%4], w[(g-1)%4])
		}
		var wk [4]uint32
		for e := range wk {
			wk[e] = w[g%4][e] + sha256.K[4*g+e]
		}
		x, y = sha256hashModel(x, y, wk, true), sha256hashModel(y, x, wk, false)
	}
	for i := 0; i < 4; i++ {
		h[i] += x[i]
		h[4+i] += y[i]
	}
}

func TestSHA256ProbeModelDigest(t *testing.T) {
	sha256test.FromBlock(t, "the SHA256H/H2/SU0/SU1 models", func(h *[8]uint32, p []byte) {
		for ; len(p) >= 64; p = p[64:] {
			modelBlock(h, p)
		}
	})
}

// TestSHA256Probe runs the registered probe where the feature is present.
func TestSHA256Probe(t *testing.T) { archtest.Probe(t, "sha2", "sha256h", 64) }
