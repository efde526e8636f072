//go:build gc

package arm64

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/arch/archtest"
	"github.com/xarchlab/xarch/family/aes"
	"github.com/xarchlab/xarch/family/gcm"
)

func TestGCMARMv8Registered(t *testing.T) {
	im, ok := arch.Lookup("aes-gcm/armv8")
	if !ok {
		t.Fatal("aes-gcm/armv8 is not registered")
	}
	g, err := gcm.Of(im)
	if err != nil {
		t.Fatal(err)
	}
	if im.Alg != gcm.Name || im.Planted || im.Rank != 30 || g.Seal == nil || g.Open == nil {
		t.Fatalf("aes-gcm/armv8 registered wrongly: %+v", im)
	}
	if aesIm, ok := arch.Lookup("aes/armv8"); !ok || g.AES != aes.FuncsOf(aesIm) {
		t.Fatal("aes-gcm/armv8 does not run on aes/armv8's entry points")
	}
	if req := strings.Join(im.Requires, ","); req != "asimd,aes,pmull" {
		t.Fatalf("aes-gcm/armv8 requires %q, want asimd,aes,pmull", req)
	}
	if im.Tune("interleave") != 8 || im.Tune("narrow_interleave") != 4 || im.Tune("wide_min_bytes") != 512 {
		t.Fatalf("aes-gcm/armv8 tuning %v does not match the assembly (8-wide, 4-narrow, wide from 512 bytes)", im.Tuning)
	}
	for _, tu := range im.Tuning {
		if tu.Name == "wide_min_bytes" && tu.Var != &gcmWideMinBytes {
			t.Fatal("wide_min_bytes is not tunable through gcmWideMinBytes")
		}
	}
}

// TestPMULLProbe runs the registered probe where the feature is present:
// two 16-byte products.
func TestPMULLProbe(t *testing.T) { archtest.Probe(t, "pmull", "pmull", 32) }

// TestCLMulModel: the probe's model on known products, then a GHASH built
// from it the way the assembly computes (bit-reversed bytes, Karatsuba,
// the two-fold reduction by 0x87) against generic's bit-by-bit GHASH, so
// the model and the kernel's arithmetic are both checked apart from the
// instruction.
func TestCLMulModel(t *testing.T) {
	for _, c := range []struct{ a, b, hi, lo uint64 }{
		{3, 3, 0, 5},                   // (x+1)^2 = x^2+1
		{1 << 63, 1 << 63, 1 << 62, 0}, // x^63 x^63 = x^126
		{0xffffffffffffffff, 3, 1, 1},  // a ^ a<<1
	} {
		if hi, lo := clmul64(c.a, c.b); hi != c.hi || lo != c.lo {
			t.Fatalf("clmul64(%#x, %#x) = %#x:%#x, want %#x:%#x", c.a, c.b, hi, lo, c.hi, c.lo)
		}
	}
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 200; i++ {
		var h, y, x [16]byte
		r.Read(h[:])
		r.Read(y[:])
		r.Read(x[:])
		want := y
		gcm.GenericGHASH(gcm.GenericGHASHInit(&h), &want, x[:])
		got := gcmModelMul(xorBlock(y, x), h)
		if got != want {
			t.Fatalf("model GHASH step: (y^x)*H with y %x x %x H %x = %x, generic says %x", y, x, h, got, want)
		}
	}
}

func xorBlock(a, b [16]byte) (c [16]byte) {
	for i := range c {
		c[i] = a[i] ^ b[i]
	}
	return c
}

// natural turns a GCM block into {x^0..x^63, x^64..x^127} (VRBIT on the
// bytes, then a little-endian load); it is its own inverse's model.
func natural(b [16]byte) (v [2]uint64) {
	for i := 0; i < 16; i++ {
		v[i/8] |= uint64(rbit8(b[i])) << (8 * uint(i%8))
	}
	return v
}

func fromNatural(v [2]uint64) (b [16]byte) {
	for i := 0; i < 16; i++ {
		b[i] = rbit8(byte(v[i/8] >> (8 * uint(i%8))))
	}
	return b
}

func rbit8(b byte) (r byte) {
	for i := uint(0); i < 8; i++ {
		r |= (b >> i & 1) << (7 - i)
	}
	return r
}

// gcmModelMul is x*H as gcm_armv8_arm64.s computes it.
func gcmModelMul(xb, hb [16]byte) [16]byte {
	x, h := natural(xb), natural(hb)
	var lo, hi, mid [2]uint64
	lo[1], lo[0] = clmul64(x[0], h[0])
	hi[1], hi[0] = clmul64(x[1], h[1])
	mid[1], mid[0] = clmul64(x[0]^x[1], h[0]^h[1])
	// GHRED: A = mid ^ lo ^ hi ^ [lo1, hi0] ^ hi1*0x87; result
	// [lo0, A0] ^ A1*0x87.
	a := [2]uint64{mid[0] ^ lo[0] ^ hi[0] ^ lo[1], mid[1] ^ lo[1] ^ hi[1] ^ hi[0]}
	t1, t0 := clmul64(hi[1], 0x87)
	a[0] ^= t0
	a[1] ^= t1
	u1, u0 := clmul64(a[1], 0x87)
	return fromNatural([2]uint64{lo[0] ^ u0, a[0] ^ u1})
}

func gcmARMv8(t *testing.T) *gcm.Funcs {
	t.Helper()
	im, ok := arch.Lookup("aes-gcm/armv8")
	if !ok {
		t.Fatal("aes-gcm/armv8 is not registered")
	}
	if why := (arch.State{Detected: arch.Detect()}).Missing(im); why != "" {
		t.Skipf("aes-gcm/armv8 cannot run here: %s", why)
	}
	g, err := gcm.Of(im)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestGCMInitTable: entry i of the GHASH key is H^(8-i) in natural order
// (powers from generic's GHASH: y = H^k is GHASH_H(0, H^(k-1))), its
// halves' XOR in both lanes, and the constant 0x87 at the end.
func TestGCMInitTable(t *testing.T) {
	g := gcmARMv8(t)
	r := rand.New(rand.NewSource(2))
	for trial := 0; trial < 50; trial++ {
		var h [16]byte
		r.Read(h[:])
		if trial == 0 {
			h[0] = 0x80 // H = 1
			for i := 1; i < 16; i++ {
				h[i] = 0
			}
		}
		tbl := g.Init(&h).(*gcmKeyARMv8)
		gk := gcm.GenericGHASHInit(&h)
		p := [16]byte{0x80} // 1
		for k := 1; k <= 8; k++ {
			var y [16]byte
			gcm.GenericGHASH(gk, &y, p[:])
			p = y // H^k
			n := natural(p)
			e := tbl[32*(8-k):]
			want := make([]byte, 32)
			binary.LittleEndian.PutUint64(want[0:], n[0])
			binary.LittleEndian.PutUint64(want[8:], n[1])
			binary.LittleEndian.PutUint64(want[16:], n[0]^n[1])
			binary.LittleEndian.PutUint64(want[24:], n[0]^n[1])
			if !bytes.Equal(e[:32], want) {
				t.Fatalf("H %x: entry for H^%d is %x, want %x", h, k, e[:32], want)
			}
		}
		for i, b := range tbl[256:] {
			want := byte(0)
			if i%8 == 0 {
				want = 0x87
			}
			if b != want {
				t.Fatalf("constant: %x", tbl[256:])
			}
		}
	}
}

// gcmRef is CTR (inc32) and GHASH of the ciphertext over whole blocks with
// the generic level, in bulk: the keystream by one ECB call over all the
// counter blocks, GHASH by one call over all the ciphertext.
func gcmRef(key []byte, ctr, y *[16]byte, dst, src []byte, open bool) {
	k := aes.Generic.ExpandKey(key)
	ks := make([]byte, len(src))
	for i := 0; i < len(ks); i += 16 {
		copy(ks[i:], ctr[:])
		gcm.Inc32(ctr)
	}
	aes.Generic.Encrypt(k, ks, ks)
	var h [16]byte
	aes.Generic.Encrypt(k, h[:], h[:])
	hk := gcm.GenericGHASHInit(&h)
	if open {
		gcm.GenericGHASH(hk, y, src)
	}
	for i := range dst {
		dst[i] = src[i] ^ ks[i]
	}
	if !open {
		gcm.GenericGHASH(hk, y, dst)
	}
}

// TestGCMWideMin moves the wide-path threshold (as `xarch speed --tune`
// does) to 0, 16, 512 and 1 MiB and checks the Seal and Open kernels
// against the generic level at lengths on both sides of each value and of
// the group sizes, from random counters (some about to wrap) and GHASH
// states, out of place and in place; then whole messages through the mode
// layer around the threshold.
func TestGCMWideMin(t *testing.T) {
	g := gcmARMv8(t)
	defer func(v int) { gcmWideMinBytes = v }(gcmWideMinBytes)
	gen := &gcm.Funcs{AES: aes.Generic, Init: gcm.GenericGHASHInit, GHASH: gcm.GenericGHASH}
	r := rand.New(rand.NewSource(3))
	for _, v := range []int{0, 16, 512, 1 << 20} {
		gcmWideMinBytes = v
		blocks := map[int]bool{}
		for n := 0; n <= 20; n++ {
			blocks[n] = true
		}
		for _, n := range []int{23, 24, 25, 31, 32, 33, 35, 36, 37, 40, 47, 63, 64, 65} {
			blocks[n] = true
		}
		for _, d := range []int{-9, -8, -5, -4, -3, -1, 0, 1, 3, 4, 7, 8, 9, 12, 13, 16, 17} {
			if n := v/16 + d; n >= 0 {
				blocks[n] = true
			}
		}
		for n := range blocks {
			big := n > 4096
			if big && n != v/16-1 && n != v/16 && n != v/16+13 {
				continue // three lengths around 1 MiB are enough
			}
			key := archtest.RandBytes(r, []int{16, 24, 32}[n%3])
			k := g.AES.ExpandKey(key)
			var h, ctr0, y0 [16]byte
			g.AES.Encrypt(k, h[:], h[:])
			hk := g.Init(&h)
			r.Read(ctr0[:])
			if n%2 == 0 {
				binary.BigEndian.PutUint32(ctr0[12:], 0xffffffff-uint32(r.Intn(n+2)))
			}
			r.Read(y0[:])
			src := archtest.RandBytes(r, 16*n)
			want := make([]byte, len(src))
			wctr, wy := ctr0, y0
			gcmRef(key, &wctr, &wy, want, src, false)
			what := fmt.Sprintf("wide_min_bytes %d, %d blocks, key %d bytes, counter %x", v, n, len(key), ctr0)
			// Seal out of place, then Open of its output in place: both
			// hash the same ciphertext, so y and the counter must agree.
			ctr, y := ctr0, y0
			dst := make([]byte, len(src))
			g.Seal(k, hk, &ctr, &y, dst, src)
			if !bytes.Equal(dst, want) || y != wy || ctr != wctr {
				t.Fatalf("Seal, %s: output, GHASH state or counter differ from generic\n got  y %x ctr %x\n want y %x ctr %x", what, y, ctr, wy, wctr)
			}
			ctr, y = ctr0, y0
			g.Open(k, hk, &ctr, &y, dst, dst)
			if !bytes.Equal(dst, src) || y != wy || ctr != wctr {
				t.Fatalf("Open in place, %s: plaintext, GHASH state or counter differ", what)
			}
			if big {
				continue
			}
			// Seal in place, Open out of place, at an odd offset.
			ctr, y = ctr0, y0
			buf := make([]byte, len(src)+3)
			io := buf[3:]
			copy(io, src)
			g.Seal(k, hk, &ctr, &y, io, io)
			if !bytes.Equal(io, want) || y != wy || ctr != wctr {
				t.Fatalf("Seal in place, %s: differs from generic", what)
			}
			ctr, y = ctr0, y0
			back := make([]byte, len(src))
			g.Open(k, hk, &ctr, &y, back, io)
			if !bytes.Equal(back, src) || y != wy || ctr != wctr {
				t.Fatalf("Open, %s: differs from generic", what)
			}
		}
		// Whole messages through the mode layer, odd lengths around v.
		for _, n := range []int{v - 17, v - 1, v, v + 1, v + 15, v + 16, v + 129} {
			if n < 0 || n > 1<<16 {
				continue
			}
			key, iv, aad := archtest.RandBytes(r, 16), archtest.RandBytes(r, 12), archtest.RandBytes(r, 5)
			pt := archtest.RandBytes(r, n)
			want, err := gcm.Seal(gen, key, iv, aad, pt, 16)
			if err != nil {
				t.Fatal(err)
			}
			got, err := gcm.Seal(g, key, iv, aad, pt, 16)
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("wide_min_bytes %d: seal of %d bytes differs from generic (err %v)", v, n, err)
			}
			back, err := gcm.Open(g, key, iv, aad, want, 16)
			if err != nil || !bytes.Equal(back, pt) {
				t.Fatalf("wide_min_bytes %d: open of %d bytes failed (err %v)", v, n, err)
			}
		}
	}
}
