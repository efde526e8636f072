//go:build gc

package ppc64le

import (
	"bytes"
	cryptosha512 "crypto/sha512"
	"encoding/binary"
	"testing"

	"github.com/xarchlab/xarch/arch/archtest"
	"github.com/xarchlab/xarch/family/sha512"
)

// TestVSHASIGMADProbe runs the registered probe where vcrypto is present:
// four inputs, five 16-byte results each.
func TestVSHASIGMADProbe(t *testing.T) {
	archtest.Probe(t, "vcrypto", "vshasigmad", 4*5*16)
}

// sigmaModelBlock is SHA-512 built only from vshasigmadModel, used the way
// sha512/power8 uses the instruction (six 0 or 15, element 0 carrying the
// value), so whole digests hold the model to FIPS 180-4.
func sigmaModelBlock(h *[8]uint64, p []byte) {
	sig := func(x uint64, st, six uint) uint64 { return vshasigmadModel([2]uint64{x, ^x}, st, six)[0] }
	for ; len(p) >= 128; p = p[128:] {
		var w [80]uint64
		for i := 0; i < 16; i++ {
			w[i] = binary.BigEndian.Uint64(p[8*i:])
		}
		for i := 16; i < 80; i++ {
			w[i] = w[i-16] + sig(w[i-15], 0, 0) + w[i-7] + sig(w[i-2], 0, 15)
		}
		a, b, c, d, e, f, g, hh := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
		for i := 0; i < 80; i++ {
			t1 := hh + sig(e, 1, 15) + (e&f ^ ^e&g) + sha512.K[i] + w[i]
			t2 := sig(a, 1, 0) + (a&b ^ a&c ^ b&c)
			hh, g, f, e, d, c, b, a = g, f, e, d+t1, c, b, a, t1+t2
		}
		h[0] += a
		h[1] += b
		h[2] += c
		h[3] += d
		h[4] += e
		h[5] += f
		h[6] += g
		h[7] += hh
	}
}

func TestVSHASIGMADModelDigest(t *testing.T) {
	for _, n := range []int{0, 3, 111, 112, 128, 300} {
		msg := make([]byte, n)
		for i := range msg {
			msg[i] = byte(i*7 + n)
		}
		if n == 3 {
			msg = []byte("abc")
		}
		want := cryptosha512.Sum512(msg)
		if got := sha512.Sum(sigmaModelBlock, sha512.Variants[1], msg); !bytes.Equal(got, want[:]) {
			t.Fatalf("SHA-512 of %d bytes from the vshasigmad model = %x, want %x", n, got, want)
		}
	}
}

// TestVSHASIGMADModelLanes pins the model's element numbering: SIX bit 0
// (the most significant) selects for doubleword 0, bit 2 for doubleword 1,
// and bits 1 and 3 are ignored.
func TestVSHASIGMADModelLanes(t *testing.T) {
	x := [2]uint64{0x0123456789abcdef, 0xfedcba9876543210}
	for st := uint(0); st < 2; st++ {
		zero, one := vshasigmadModel(x, st, 0), vshasigmadModel(x, st, 15)
		cases := []struct {
			six  uint
			want [2]uint64
		}{
			{0b1000, [2]uint64{one[0], zero[1]}},
			{0b0010, [2]uint64{zero[0], one[1]}},
			{0b0101, zero},
			{0b1010, one},
		}
		for _, c := range cases {
			if got := vshasigmadModel(x, st, c.six); got != c.want {
				t.Errorf("st=%d six=%04b: %016x, want %016x", st, c.six, got, c.want)
			}
		}
	}
}
