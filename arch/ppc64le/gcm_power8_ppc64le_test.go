//go:build gc

package ppc64le

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"math/rand"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/arch/archtest"
	"github.com/xarchlab/xarch/family/gcm"
)

// TestVPMSUMDProbe runs the registered probe where vcrypto is present:
// five input pairs, four 16-byte results each.
func TestVPMSUMDProbe(t *testing.T) {
	archtest.Probe(t, "vcrypto", "vpmsumd", 5*4*16)
}

// TestClmul64Model pins the carry-less model: products of single bits,
// (x+1)^2 = x^2+1, distributivity, and the doubleword-XOR of vpmsumd.
func TestClmul64Model(t *testing.T) {
	for i := uint(0); i < 64; i++ {
		for j := uint(0); j < 64; j += 7 {
			hi, lo := clmul64(1<<i, 1<<j)
			var whi, wlo uint64
			if i+j < 64 {
				wlo = 1 << (i + j)
			} else {
				whi = 1 << (i + j - 64)
			}
			if hi != whi || lo != wlo {
				t.Fatalf("clmul64(2^%d, 2^%d) = %x:%x", i, j, hi, lo)
			}
		}
	}
	if hi, lo := clmul64(3, 3); hi != 0 || lo != 5 {
		t.Fatalf("clmul64(3, 3) = %x:%x, want 0:5", hi, lo)
	}
	r := rand.New(rand.NewSource(30))
	for trial := 0; trial < 200; trial++ {
		a, b, c := r.Uint64(), r.Uint64(), r.Uint64()
		h1, l1 := clmul64(a, b^c)
		h2, l2 := clmul64(a, b)
		h3, l3 := clmul64(a, c)
		h4, l4 := clmul64(b, a)
		if h1 != h2^h3 || l1 != l2^l3 || h2 != h4 || l2 != l4 {
			t.Fatalf("clmul64 is not bilinear and symmetric at %x %x %x", a, b, c)
		}
	}
	if got := vpmsumdModel([2]uint64{1 << 63, 3}, [2]uint64{2, 3}); got != [2]uint64{1, 5} {
		t.Fatalf("vpmsumdModel = %x", got)
	}
}

// gcmP8ModelGHASH is the kernel's arithmetic in Go, built on vpmsumdModel:
// the three split key parts from the table, sums over a batch of up to 8
// blocks, and the two-step Montgomery reduction. It proves the method
// (and the table Init built) against the generic bit-serial GHASH.
func gcmP8ModelGHASH(k *gcmP8Key, y *[16]byte, p []byte) {
	yv := [2]uint64{binary.BigEndian.Uint64(y[:8]), binary.BigEndian.Uint64(y[8:])}
	xor := func(a, b [2]uint64) [2]uint64 { return [2]uint64{a[0] ^ b[0], a[1] ^ b[1]} }
	swap := func(a [2]uint64) [2]uint64 { return [2]uint64{a[1], a[0]} }
	poly := [2]uint64{0, 0xc200000000000000}
	for n := len(p) / 16; n > 0; {
		m := n
		if m > gcmP8Width {
			m = gcmP8Width
		}
		var accL, accM, accH [2]uint64
		for j := 0; j < m; j++ {
			d := [2]uint64{binary.BigEndian.Uint64(p[16*j:]), binary.BigEndian.Uint64(p[16*j+8:])}
			if j == 0 {
				d = xor(d, yv)
			}
			row := gcmP8Width - m + j
			accL = xor(accL, vpmsumdModel(d, k.tab[0][row]))
			accH = xor(accH, vpmsumdModel(d, k.tab[1][row]))
			accM = xor(accM, vpmsumdModel(d, k.tab[2][row]))
		}
		l := xor(accL, [2]uint64{accM[1], 0})
		h := xor(accH, [2]uint64{0, accM[0]})
		x := xor(swap(l), vpmsumdModel(l, poly))
		x = xor(swap(x), vpmsumdModel(x, poly))
		yv = xor(h, x)
		p, n = p[16*m:], n-m
	}
	binary.BigEndian.PutUint64(y[:8], yv[0])
	binary.BigEndian.PutUint64(y[8:], yv[1])
}

// gcmP8ModelKey builds the table from H with the model alone.
func gcmP8ModelKey(h *[16]byte) *gcmP8Key {
	k := &gcmP8Key{}
	y := *h
	k.setPower(1, &y)
	var zero [16]byte
	for p := 2; p <= gcmP8Width; p++ {
		gcmP8ModelGHASH(k, &y, zero[:])
		k.setPower(p, &y)
	}
	return k
}

func TestGCMP8Model(t *testing.T) {
	r := rand.New(rand.NewSource(31))
	for trial := 0; trial < 300; trial++ {
		var h, y0 [16]byte
		r.Read(h[:])
		r.Read(y0[:])
		if trial == 0 {
			h = [16]byte{}
		}
		if trial == 1 {
			h = [16]byte{15: 1} // the top reflected bit: twist carries
		}
		p := make([]byte, 16*r.Intn(40))
		r.Read(p)
		k := gcmP8ModelKey(&h)
		y, yg := y0, y0
		gcmP8ModelGHASH(k, &y, p)
		gcm.GenericGHASH(gcm.GenericGHASHInit(&h), &yg, p)
		if y != yg {
			t.Fatalf("model GHASH of %d blocks with H %x: %x, want %x", len(p)/16, h, y, yg)
		}
	}
}

// TestGCMP8Init compares the assembly-built table with the model's.
func TestGCMP8Init(t *testing.T) {
	if !arch.Detect()["vcrypto"] || !arch.Detect()["power8"] {
		t.Skip("power8/vcrypto not detected")
	}
	r := rand.New(rand.NewSource(32))
	for trial := 0; trial < 50; trial++ {
		var h [16]byte
		r.Read(h[:])
		if got, want := gcmInitP8(&h).(*gcmP8Key), gcmP8ModelKey(&h); *got != *want {
			t.Fatalf("table for H %x:\n got  %x\n want %x", h, got.tab, want.tab)
		}
	}
}

// TestGCMP8StitchMin moves the stitch threshold (as `xarch speed --tune`
// does) and requires the same output as crypto/cipher's GCM, including
// counters that wrap inside the stitched part.
func TestGCMP8StitchMin(t *testing.T) {
	if !arch.Detect()["vcrypto"] || !arch.Detect()["power8"] {
		t.Skip("power8/vcrypto not detected")
	}
	im, _ := arch.Lookup("aes-gcm/power8")
	g, _ := gcm.Of(im)
	defer func(v int) { gcmP8StitchMin = v }(gcmP8StitchMin)
	r := rand.New(rand.NewSource(33))
	for _, min := range []int{0, 16, 128, 129, 256, 1000, 4096} {
		gcmP8StitchMin = min
		for _, n := range []int{0, 15, 112, 127, 128, 129, 255, 256, 257, 1024, 1040, 2063} {
			key := make([]byte, []int{16, 24, 32}[n%3])
			r.Read(key)
			iv := make([]byte, 12)
			r.Read(iv)
			if n%2 == 1 {
				// J0 ends in fffffffd: the counter wraps at block 2.
				binary.BigEndian.PutUint32(iv[8:], 0)
			}
			pt := make([]byte, n)
			r.Read(pt)
			b, _ := aes.NewCipher(key)
			std, _ := cipher.NewGCM(b)
			want := std.Seal(nil, iv, pt, iv[:5])
			got, err := gcm.Seal(g, key, iv, iv[:5], pt, 16)
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("stitch_min_bytes %d, %d bytes: seal differs (err %v)", min, n, err)
			}
			back, err := gcm.Open(g, key, iv, iv[:5], want, 16)
			if err != nil || !bytes.Equal(back, pt) {
				t.Fatalf("stitch_min_bytes %d, %d bytes: open failed (err %v)", min, n, err)
			}
		}
	}
}
