//go:build gc

package riscv64

import (
	"bytes"
	cryptoaes "crypto/aes"
	cryptosha512 "crypto/sha512"
	"encoding/binary"
	"math/bits"
	"math/rand"
	"testing"

	"github.com/xarchlab/xarch/arch/archtest"
	"github.com/xarchlab/xarch/family/aes"
	"github.com/xarchlab/xarch/family/sha256"
	"github.com/xarchlab/xarch/family/sha256/sha256test"
	"github.com/xarchlab/xarch/family/sha512"
)

// The probes, where the feature is present (or forced under QEMU 7.2).
func TestZkneProbe(t *testing.T)    { archtest.Probe(t, "zkne", "aes64esm", 8*8) }
func TestZkndProbe(t *testing.T)    { archtest.Probe(t, "zknd", "aes64dsm", 5*8) }
func TestZknhProbe256(t *testing.T) { archtest.Probe(t, "zknh", "sha256sum0", 2*4*8) }
func TestZknhProbe512(t *testing.T) { archtest.Probe(t, "zknh", "sha512sum0", 2*4*8) }
func TestZbkbProbe(t *testing.T)    { archtest.Probe(t, "zbkb", "rev8", 8) }

// zknModelExpand is the key expansion built only from the aes64ks1i and
// aes64ks2 models, step for step as expandZkn does it; it returns the
// round keys as words (two per round key).
func zknModelExpand(key []byte) []uint64 {
	nw := len(key) / 8
	rounds := len(key)/4 + 6
	k := make([]uint64, 0, 32)
	for i := 0; i < nw; i++ {
		k = append(k, binary.LittleEndian.Uint64(key[8*i:]))
	}
	for r := 0; len(k) < 2*(rounds+1); r++ {
		n := len(k)
		t := aes64ks1iModel(k[n-1], r)
		k = append(k, aes64ks2Model(t, k[n-nw]))
		for j := 1; j < nw; j++ {
			if nw == 4 && j == 2 {
				t = aes64ks1iModel(k[len(k)-1], 10)
				k = append(k, aes64ks2Model(t, k[len(k)-nw]))
				continue
			}
			k = append(k, aes64ks2Model(k[len(k)-1], k[len(k)-nw]))
		}
	}
	return k[:2*(rounds+1)]
}

// zknModelAES encrypts and decrypts random blocks with AES built only from
// the models (es/esm, ds/dsm, ks1i/ks2, im) and requires crypto/aes's
// answers and aes.ExpandKey's schedule: a wrong model cannot back a
// probe.
func zknModelAES(t *testing.T, r *rand.Rand, blocks int) {
	for _, kl := range []int{16, 24, 32} {
		key := archtest.RandBytes(r, kl)
		rk := zknModelExpand(key)
		rounds := kl/4 + 6
		want := aes.ExpandKey(key)
		for i, w := range rk {
			if binary.LittleEndian.Uint64(want.Enc[8*i:]) != w {
				t.Fatalf("AES-%d key %x: model round key word %d = %016x, FIPS-197 expansion says %x", 8*kl, key, i, w, want.Enc[8*i:8*i+8])
			}
		}
		dk := make([]uint64, len(rk))
		for i := 0; i <= rounds; i++ {
			lo, hi := rk[2*(rounds-i)], rk[2*(rounds-i)+1]
			if i != 0 && i != rounds {
				lo, hi = aes64imModel(lo), aes64imModel(hi)
			}
			dk[2*i], dk[2*i+1] = lo, hi
		}
		for i := range dk {
			if binary.LittleEndian.Uint64(want.Dec[8*i:]) != dk[i] {
				t.Fatalf("AES-%d: model decryption key word %d (aes64im) differs from AESKey.Dec", 8*kl, i)
			}
		}
		b, _ := cryptoaes.NewCipher(key)
		for n := 0; n < blocks; n++ {
			pt := archtest.RandBytes(r, 16)
			var ct, back [16]byte
			b.Encrypt(ct[:], pt)
			lo, hi := binary.LittleEndian.Uint64(pt)^rk[0], binary.LittleEndian.Uint64(pt[8:])^rk[1]
			for i := 1; i <= rounds; i++ {
				mix := i != rounds
				lo, hi = aes64esModel(lo, hi, mix)^rk[2*i], aes64esModel(hi, lo, mix)^rk[2*i+1]
			}
			var got [16]byte
			binary.LittleEndian.PutUint64(got[:], lo)
			binary.LittleEndian.PutUint64(got[8:], hi)
			if got != ct {
				t.Fatalf("AES-%d from the aes64es/esm models: %x, crypto/aes: %x", 8*kl, got, ct)
			}
			lo, hi = lo^dk[0], hi^dk[1]
			for i := 1; i <= rounds; i++ {
				mix := i != rounds
				lo, hi = aes64dsModel(lo, hi, mix)^dk[2*i], aes64dsModel(hi, lo, mix)^dk[2*i+1]
			}
			binary.LittleEndian.PutUint64(back[:], lo)
			binary.LittleEndian.PutUint64(back[8:], hi)
			if !bytes.Equal(back[:], pt) {
				t.Fatalf("AES-%d decryption from the aes64ds/dsm models: %x, want %x", 8*kl, back, pt)
			}
		}
	}
}

func TestZknAESModels(t *testing.T) { zknModelAES(t, rand.New(rand.NewSource(7)), 20) }

// The SHA-2 models, whole: compression functions that take Σ/σ only from
// zknhModels must give the standard library's digests.
func TestZknhModels(t *testing.T) {
	sha256test.FromBlock(t, "the sha256* models", func(h *[8]uint32, p []byte) {
		f := func(x uint32, i int) uint32 { return uint32(zknhModels(uint64(x))[i]) }
		for ; len(p) >= 64; p = p[64:] {
			var w [64]uint32
			for i := 0; i < 16; i++ {
				w[i] = binary.BigEndian.Uint32(p[4*i:])
			}
			for i := 16; i < 64; i++ {
				w[i] = f(w[i-2], 1) + w[i-7] + f(w[i-15], 0) + w[i-16]
			}
			a, b, c, d, e, g, hh, k := h[0], h[1], h[2], h[3], h[4], h[6], h[7], h[5]
			for i := 0; i < 64; i++ {
				t1 := hh + f(e, 3) + (e&k ^ ^e&g) + sha256.K[i] + w[i]
				t2 := f(a, 2) + (a&b ^ a&c ^ b&c)
				hh, g, k, e, d, c, b, a = g, k, e, d+t1, c, b, a, t1+t2
			}
			h[0] += a
			h[1] += b
			h[2] += c
			h[3] += d
			h[4] += e
			h[5] += k
			h[6] += g
			h[7] += hh
		}
	})
	v, _ := sha512.VariantByName("sha512")
	block := func(h *[8]uint64, p []byte) {
		f := func(x uint64, i int) uint64 { return zknhModels(x)[4+i] }
		for ; len(p) >= 128; p = p[128:] {
			var w [80]uint64
			for i := 0; i < 16; i++ {
				w[i] = binary.BigEndian.Uint64(p[8*i:])
			}
			for i := 16; i < 80; i++ {
				w[i] = f(w[i-2], 1) + w[i-7] + f(w[i-15], 0) + w[i-16]
			}
			a, b, c, d, e, ff, g, hh := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
			for i := 0; i < 80; i++ {
				t1 := hh + f(e, 3) + (e&ff ^ ^e&g) + sha512.K[i] + w[i]
				t2 := f(a, 2) + (a&b ^ a&c ^ b&c)
				hh, g, ff, e, d, c, b, a = g, ff, e, d+t1, c, b, a, t1+t2
			}
			for i, x := range [8]uint64{a, b, c, d, e, ff, g, hh} {
				h[i] += x
			}
		}
	}
	for _, n := range []int{0, 3, 111, 112, 128, 300} {
		msg := make([]byte, n)
		for i := range msg {
			msg[i] = byte(i*13 + n)
		}
		want := cryptosha512.Sum512(msg)
		if got := sha512.Sum(block, v, msg); !bytes.Equal(got, want[:]) {
			t.Fatalf("SHA-512 of %d bytes from the sha512* models = %x, want %x", n, got, want)
		}
	}
	// The sha256* forms read bits 31..0 only and sign-extend.
	x := uint64(0xdeadbeef_00000080)
	if m := zknhModels(x); m[0]>>32 != 0 && m[0]>>32 != 0xffffffff || zknhModels(x & 0xffffffff)[0] != m[0] {
		t.Fatalf("sha256sig0 model of %#x = %#x: not a sign-extended function of bits 31..0", x, m[0])
	}
	if bits.ReverseBytes64(0x0123456789abcdef) != 0xefcdab8967452301 {
		t.Fatal("bits.ReverseBytes64 is not rev8")
	}
}
