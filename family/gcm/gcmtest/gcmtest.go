// Package gcmtest holds the AES-GCM conformance checks every arch/<goarch>
// test package runs on its GCM levels (target side, Go 1.18).
package gcmtest

import (
	"bytes"
	"encoding/binary"
	"math/rand"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/arch/archtest"
	"github.com/xarchlab/xarch/family/aes"
	"github.com/xarchlab/xarch/family/gcm"
	"github.com/xarchlab/xarch/oracle/ref"
)

// Levels checks every usable AES-GCM level of goarch and the generic level:
// seal and open of every length 0..600 and around each declared Tuning
// length (+-1, and one block past) against the reference (oracle/ref), with
// IVs of 96 bits and of other lengths, AAD and tag lengths varied, tampering,
// a counter that wraps inside the message, in-place and chunked streams;
// then the raw GHASH and stitched Seal/Open kernels against the generic
// level from random states, misaligned and flush against a PROT_NONE page.
func Levels(t *testing.T, goarch string) {
	levels := archtest.Levels(t, gcm.Name, goarch, true)
	if len(levels) == 0 {
		t.Fatalf("no AES-GCM level usable on %s (aes-gcm/generic always should be)", goarch)
	}
	for _, im := range levels {
		im := im
		t.Run(archtest.SubtestName(im.Name), func(t *testing.T) { Level(t, goarch, im) })
	}
	t.Logf("ran: %s", archtest.Names(levels))
}

// Level runs GCMLevels' checks on one level, registered or not (a
// level whose kernels run in a model, for instance), whether or not this
// CPU has its features: the caller decides that it can run.
func Level(t *testing.T, goarch string, im *arch.Impl) {
	g, err := gcm.Of(im)
	if err != nil {
		t.Fatal(err)
	}
	c := gcmCase{t: t, goarch: goarch, im: im, g: g}
	t.Run("lengths", func(t *testing.T) { c.t = t; c.lengths() })
	t.Run("ivs-tags-tamper", func(t *testing.T) { c.t = t; c.ivsTagsTamper() })
	t.Run("counter-wrap", func(t *testing.T) { c.t = t; c.counterWrap() })
	t.Run("stream", func(t *testing.T) { c.t = t; c.stream() })
	t.Run("kernels", func(t *testing.T) { c.t = t; c.kernels() })
	t.Run("guard-page", func(t *testing.T) { c.t = t; c.guardPage() })
}

type gcmCase struct {
	t      *testing.T
	goarch string
	im     *arch.Impl
	g      *gcm.Funcs
}

func tagParam(n int) []byte { return []byte{byte(n)} }

// check seals and opens one message and compares both with the reference.
func (c gcmCase) check(key, iv, aad, pt []byte, tagLen int, what string) {
	c.t.Helper()
	want, err := ref.Run(gcm.SealOp, [][]byte{key, iv, aad, tagParam(tagLen)}, pt)
	if err != nil {
		c.t.Fatal(err)
	}
	got, err := gcm.Seal(c.g, key, iv, aad, pt, tagLen)
	if err != nil || !bytes.Equal(got, want) {
		c.t.Fatalf("%s: seal of %d bytes (aad %d, iv %d, tag %d) with key %x iv %x: err %v\n got  %x\n want %x; %s",
			c.im.Name, len(pt), len(aad), len(iv), tagLen, key, iv, err, got, want, archtest.Reproduce(c.t, c.goarch))
	}
	back, err := gcm.Open(c.g, key, iv, aad, want, tagLen)
	if err != nil || !bytes.Equal(back, pt) {
		c.t.Fatalf("%s: open of %s (%d bytes): err %v; %s", c.im.Name, what, len(pt), err, archtest.Reproduce(c.t, c.goarch))
	}
}

// lengthList: 0..600, then around every Tuning length (declared in bytes
// or 16-byte blocks).
func (c gcmCase) lengthList() []int {
	var out []int
	for n := 0; n <= 600; n++ {
		out = append(out, n)
	}
	for _, v := range c.im.TuningLengths(16) {
		for _, n := range []int{v - 1, v, v + 1, v + 15, v + 16, v + 17, 2*v - 1, 2 * v, 2*v + 1} {
			if n > 600 && n <= 1<<16 {
				out = append(out, n)
			}
		}
	}
	return append(out, 1791, 1792, 1793, 4096+13)
}

func (c gcmCase) lengths() {
	r := rand.New(rand.NewSource(21))
	for i, n := range c.lengthList() {
		key := archtest.RandBytes(r, []int{16, 24, 32}[i%3])
		iv := archtest.RandBytes(r, 12)
		aad := archtest.RandBytes(r, []int{0, 1, 13, 16, 17, 20}[i%6])
		c.check(key, iv, aad, archtest.RandBytes(r, n), 16, "a sealed message")
	}
}

func (c gcmCase) ivsTagsTamper() {
	r := rand.New(rand.NewSource(22))
	for i := 0; i < 300; i++ {
		key := archtest.RandBytes(r, []int{16, 24, 32}[i%3])
		iv := archtest.RandBytes(r, []int{12, 1, 8, 16, 17, 60, 128}[i%7])
		aad := archtest.RandBytes(r, r.Intn(300))
		pt := archtest.RandBytes(r, r.Intn(300))
		tagLen := 4 + i%13
		c.check(key, iv, aad, pt, tagLen, "a message with this IV and tag length")
		sealed, _ := gcm.Seal(c.g, key, iv, aad, pt, tagLen)
		// Tamper with the tag, the ciphertext or the AAD: no plaintext.
		bad := append([]byte(nil), sealed...)
		badAAD := aad
		switch i % 3 {
		case 0:
			bad[len(bad)-1] ^= 0x80
		case 1:
			if len(pt) == 0 {
				bad[len(bad)-1] ^= 1
			} else {
				bad[r.Intn(len(pt))] ^= 1
			}
		case 2:
			badAAD = append(append([]byte(nil), aad...), 0)
		}
		if out, err := gcm.Open(c.g, key, iv, badAAD, bad, tagLen); err != gcm.ErrAuth || out != nil {
			c.t.Fatalf("%s: a tampered message (case %d) opened: err %v; %s", c.im.Name, i, err, archtest.Reproduce(c.t, c.goarch))
		}
	}
}

// counterWrap: IVs whose J0 ends in 0xffffffff-k, so the 32-bit counter
// wraps to 0 inside the message (inc32 never carries into the upper 96
// bits).
func (c gcmCase) counterWrap() {
	r := rand.New(rand.NewSource(23))
	for _, k := range []uint32{0, 1, 2, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33} {
		key := archtest.RandBytes(r, 16)
		iv, err := ref.GCMIVForCounter(key, 0xffffffff-k)
		if err != nil {
			c.t.Fatal(err)
		}
		for _, n := range []int{16 * int(k+3), 16*int(k+3) + 5, 1024, 16 * 40} {
			c.check(key, iv, archtest.RandBytes(r, 7), archtest.RandBytes(r, n), 16, "a message whose counter wraps")
		}
	}
}

// stream: the same message in random pieces, and in place.
func (c gcmCase) stream() {
	r := rand.New(rand.NewSource(24))
	for i := 0; i < 120; i++ {
		key, iv, aad := archtest.RandBytes(r, 16), archtest.RandBytes(r, 12), archtest.RandBytes(r, r.Intn(40))
		pt := archtest.RandBytes(r, r.Intn(2000))
		want, _ := gcm.Seal(c.g, key, iv, aad, pt, 16)
		s, err := gcm.NewStream(c.g, key, iv, aad, 16, false)
		if err != nil {
			c.t.Fatal(err)
		}
		buf := append([]byte(nil), pt...)
		var cuts []int
		for off := 0; off < len(buf); {
			n := r.Intn(300)
			if i%4 == 0 {
				n = 16 * r.Intn(10)
			}
			if n > len(buf)-off {
				n = len(buf) - off
			}
			if err := s.Crypt(buf[off:off+n], buf[off:off+n]); err != nil {
				c.t.Fatal(err)
			}
			cuts = append(cuts, n)
			off += n
		}
		got := append(buf, s.Tag()...)
		if !bytes.Equal(got, want) {
			c.t.Fatalf("%s: in place in pieces %v: seal differs from one call; %s", c.im.Name, cuts, archtest.Reproduce(c.t, c.goarch))
		}
	}
}

// kernels: GHASH, Seal and Open directly against the generic level.
func (c gcmCase) kernels() {
	r := rand.New(rand.NewSource(25))
	gen := &gcm.Funcs{AES: aes.Generic, Init: gcm.GenericGHASHInit, GHASH: gcm.GenericGHASH}
	for trial := 0; trial < 200; trial++ {
		key := archtest.RandBytes(r, []int{16, 24, 32}[trial%3])
		k := c.g.AES.ExpandKey(key)
		kg := gen.AES.ExpandKey(key)
		var h [16]byte
		c.g.AES.Encrypt(k, h[:], h[:])
		hk, hkg := c.g.Init(&h), gen.Init(&h)
		nb := trial % 40
		if trial >= 100 {
			nb = r.Intn(200)
		}
		off := r.Intn(16)
		buf := archtest.RandBytes(r, off+16*nb+16)
		src := buf[off : off+16*nb]
		var y0 [16]byte
		r.Read(y0[:])
		y, yg := y0, y0
		c.g.GHASH(hk, &y, src)
		gen.GHASH(hkg, &yg, src)
		if y != yg {
			c.t.Fatalf("%s: GHASH of %d blocks at offset %d from y %x: got %x want %x; %s", c.im.Name, nb, off, y0, y, yg, archtest.Reproduce(c.t, c.goarch))
		}
		for _, open := range []bool{false, true} {
			kern := c.g.Seal
			if open {
				kern = c.g.Open
			}
			if kern == nil {
				continue
			}
			var ctr0 [16]byte
			r.Read(ctr0[:])
			if trial%4 == 0 { // near the 32-bit wrap
				binary.BigEndian.PutUint32(ctr0[12:], 0xffffffff-uint32(r.Intn(40)))
			}
			ctr, y := ctr0, y0
			dst := make([]byte, len(src))
			keep := append([]byte(nil), src...)
			kern(k, hk, &ctr, &y, dst, src)
			wctr, wy := ctr0, y0
			want := make([]byte, len(src))
			gcmBlocksRef(gen, kg, hkg, &wctr, &wy, want, src, open)
			if !bytes.Equal(dst, want) || y != wy || ctr != wctr {
				c.t.Fatalf("%s: %s of %d blocks at offset %d from counter %x: output, GHASH state or counter differ\n got  y %x ctr %x\n want y %x ctr %x; %s",
					c.im.Name, map[bool]string{false: "Seal", true: "Open"}[open], nb, off, ctr0, y, ctr, wy, wctr, archtest.Reproduce(c.t, c.goarch))
			}
			if !bytes.Equal(src, keep) {
				c.t.Fatalf("%s: the kernel modified its source; %s", c.im.Name, archtest.Reproduce(c.t, c.goarch))
			}
			// In place.
			ctr, y = ctr0, y0
			inplace := append([]byte(nil), src...)
			kern(k, hk, &ctr, &y, inplace, inplace)
			if !bytes.Equal(inplace, want) || y != wy || ctr != wctr {
				c.t.Fatalf("%s: in-place %v of %d blocks differs; %s", c.im.Name, open, nb, archtest.Reproduce(c.t, c.goarch))
			}
		}
	}
}

// gcmBlocksRef is CTR (inc32) and GHASH of the ciphertext, block by block.
func gcmBlocksRef(g *gcm.Funcs, k *aes.Key, hk interface{}, ctr, y *[16]byte, dst, src []byte, open bool) {
	for i := 0; i+16 <= len(src); i += 16 {
		var ks [16]byte
		g.AES.Encrypt(k, ks[:], ctr[:])
		gcm.Inc32(ctr)
		if open {
			g.GHASH(hk, y, src[i:i+16])
		}
		for j := 0; j < 16; j++ {
			dst[i+j] = src[i+j] ^ ks[j]
		}
		if !open {
			g.GHASH(hk, y, dst[i:i+16])
		}
	}
}

// guardPage: messages flush against a PROT_NONE page, both ends.
func (c gcmCase) guardPage() {
	pages, release, err := archtest.GuardedPages(2)
	if err != nil {
		archtest.NoGuardPages(c.t, err)
	}
	defer release()
	in, out := pages[0], pages[1]
	r := rand.New(rand.NewSource(26))
	r.Read(in)
	key, iv := archtest.RandBytes(r, 16), archtest.RandBytes(r, 12)
	for _, n := range []int{0, 15, 16, 17, 128, 255, 256, 257, 1000, 16 * 64} {
		for _, e := range []int{0, 1, 3} {
			for _, p := range [][]byte{in[len(in)-n-e : len(in)-e], in[e : e+n]} {
				want, _ := gcm.Seal(&gcm.Funcs{AES: aes.Generic, Init: gcm.GenericGHASHInit, GHASH: gcm.GenericGHASH}, key, iv, nil, p, 16)
				s, err := gcm.NewStream(c.g, key, iv, nil, 16, false)
				if err != nil {
					c.t.Fatal(err)
				}
				dst := out[len(out)-n:]
				if err := s.Crypt(dst, p); err != nil {
					c.t.Fatal(err)
				}
				if got := append(append([]byte(nil), dst...), s.Tag()...); !bytes.Equal(got, want) {
					c.t.Fatalf("%s: %d bytes %d from a guard page: seal differs; %s", c.im.Name, n, e, archtest.Reproduce(c.t, c.goarch))
				}
			}
		}
	}
}
