// Package sha512test holds the SHA-512 conformance checks every
// arch/<goarch> test package runs on its levels (target side, Go 1.18).
package sha512test

import (
	"bytes"
	cryptosha512 "crypto/sha512"
	"math/rand"
	"testing"

	"github.com/xarchlab/xarch/arch/archtest"
	"github.com/xarchlab/xarch/family/sha512"
)

// Levels checks every usable SHA-512 level of goarch and of
// the generic level against crypto/sha512 for all four digests of the family
// (and the raw block function against generic): every length 0..1100
// aligned and shifted (111/112 and 239/240 are the padding edges),
// misaligned starts, long messages, chunked writes, raw calls from a random
// state, zero-block calls and messages flush against a PROT_NONE page.
func Levels(t *testing.T, goarch string) {
	levels := archtest.Levels(t, sha512.Name, goarch, true)
	if len(levels) == 0 {
		t.Fatalf("no SHA-512 level usable on %s (sha512/generic always should be)", goarch)
	}
	for _, im := range levels {
		im := im
		t.Run(archtest.SubtestName(im.Name), func(t *testing.T) {
			f, err := sha512.Of(im)
			if err != nil {
				t.Fatal(err)
			}
			c := sha512Case{t: t, goarch: goarch, name: im.Name, block: f.Block}
			t.Run("lengths", func(t *testing.T) { c.t = t; c.lengths() })
			t.Run("misaligned", func(t *testing.T) { c.t = t; c.misaligned() })
			t.Run("long", func(t *testing.T) { c.t = t; c.long() })
			t.Run("chunked", func(t *testing.T) { c.t = t; c.chunked() })
			t.Run("block-direct", func(t *testing.T) { c.t = t; c.blockDirect() })
			t.Run("zero-blocks", func(t *testing.T) { c.t = t; c.zeroBlocks() })
			t.Run("guard-page", func(t *testing.T) { c.t = t; c.guardPage() })
		})
	}
	t.Logf("ran: %s", archtest.Names(levels))
}

type sha512Case struct {
	t      *testing.T
	goarch string
	name   string
	block  func(h *[8]uint64, p []byte)
}

// Want is crypto/sha512's digest v of msg.
func Want(v string, msg []byte) []byte {
	switch v {
	case "sha384":
		d := cryptosha512.Sum384(msg)
		return d[:]
	case "sha512-224":
		d := cryptosha512.Sum512_224(msg)
		return d[:]
	case "sha512-256":
		d := cryptosha512.Sum512_256(msg)
		return d[:]
	}
	d := cryptosha512.Sum512(msg)
	return d[:]
}

// check compares every digest of the family for msg.
func (c sha512Case) check(msg []byte, what string) {
	for _, v := range sha512.Variants {
		if got, want := sha512.Sum(c.block, v, msg), Want(v.Name, msg); !bytes.Equal(got, want) {
			c.t.Fatalf("%s: %s of %s: got %x want %x; %s", c.name, v.Name, what, got, want, archtest.Reproduce(c.t, c.goarch))
		}
	}
}

func (c sha512Case) lengths() {
	r := rand.New(rand.NewSource(1))
	buf := archtest.RandBytes(r, 1100+8)
	for n := 0; n <= 1100; n++ {
		for _, off := range []int{0, n % 8} {
			m := buf[off : off+n]
			want := cryptosha512.Sum512(m)
			if got := sha512.Sum(c.block, sha512.Variants[1], m); !bytes.Equal(got, want[:]) {
				c.t.Fatalf("%s: sha512 len %d at offset %d: got %x want %x; %s", c.name, n, off, got, want, archtest.Reproduce(c.t, c.goarch))
			}
		}
		if n%37 == 0 || (n%128 >= 110 && n%128 <= 113) {
			c.check(buf[:n], "a message at its padding edge")
		}
	}
}

func (c sha512Case) misaligned() {
	r := rand.New(rand.NewSource(2))
	buf := archtest.RandBytes(r, 2000+16)
	for off := 0; off < 16; off++ {
		for _, n := range []int{0, 111, 112, 127, 128, 129, 256, 400, 128 * 5, 2000} {
			c.check(buf[off:off+n], "a misaligned message")
		}
	}
}

func (c sha512Case) long() {
	r := rand.New(rand.NewSource(3))
	for _, n := range []int{64 << 10, 64<<10 + 1, 64<<10 + 128*3 + 17, 100003, 200 << 10} {
		msg := archtest.RandBytes(r, n)
		want := cryptosha512.Sum512(msg)
		d := sha512.New(c.block, sha512.Variants[1])
		for p := msg; len(p) > 0; {
			k := r.Intn(600)
			if r.Intn(4) == 0 {
				k = 128 * r.Intn(9)
			}
			if k > len(p) {
				k = len(p)
			}
			d.Write(p[:k])
			p = p[k:]
		}
		if got := d.Sum(); !bytes.Equal(got, want[:]) {
			c.t.Fatalf("%s: len %d written in random pieces: got %x want %x; %s", c.name, n, got, want, archtest.Reproduce(c.t, c.goarch))
		}
		c.check(msg, "a long message")
	}
}

func (c sha512Case) chunked() {
	r := rand.New(rand.NewSource(4))
	msg := archtest.RandBytes(r, 5000)
	want := cryptosha512.Sum384(msg)
	for trial := 0; trial < 60; trial++ {
		d := sha512.New(c.block, sha512.Variants[0])
		var cuts []int
		fixed := []int{1, 3, 111, 112, 127, 128, 129, 255, 256, 1000}
		for p := msg; len(p) > 0; {
			n := r.Intn(400)
			if trial < len(fixed) {
				n = fixed[trial]
			} else if trial%5 == 0 {
				n = 128 * r.Intn(4)
			}
			if n > len(p) {
				n = len(p)
			}
			d.Write(p[:n])
			cuts = append(cuts, n)
			p = p[n:]
		}
		if got := d.Sum(); !bytes.Equal(got, want[:]) {
			c.t.Fatalf("%s: sha384 in pieces %v: got %x want %x; %s", c.name, cuts, got, want, archtest.Reproduce(c.t, c.goarch))
		}
	}
}

func (c sha512Case) blockDirect() {
	r := rand.New(rand.NewSource(5))
	for trial := 0; trial < 300; trial++ {
		var h0 [8]uint64
		for j := range h0 {
			h0[j] = r.Uint64()
		}
		nb, off := trial%10, 0
		if trial >= 100 {
			off = r.Intn(33)
		}
		buf := archtest.RandBytes(r, off+128*nb+128)
		keep := append([]byte(nil), buf...)
		p := buf[off : off+128*nb]
		got, want := h0, h0
		sha512.GenericBlock(&want, p)
		c.block(&got, p)
		if got != want {
			c.t.Fatalf("%s: %d blocks at offset %d from state %016x: got %016x want %016x; %s", c.name, nb, off, h0, got, want, archtest.Reproduce(c.t, c.goarch))
		}
		if !bytes.Equal(buf, keep) {
			c.t.Fatalf("%s: %d blocks at offset %d: the input buffer was modified; %s", c.name, nb, off, archtest.Reproduce(c.t, c.goarch))
		}
	}
}

func (c sha512Case) zeroBlocks() {
	h := sha512.Variants[1].Init
	c.block(&h, nil)
	c.block(&h, []byte{})
	if h != sha512.Variants[1].Init {
		c.t.Fatalf("%s: a zero-block call changed the state to %x; %s", c.name, h, archtest.Reproduce(c.t, c.goarch))
	}
}

func (c sha512Case) guardPage() {
	pages, release, err := archtest.GuardedPages(1)
	if err != nil {
		archtest.NoGuardPages(c.t, err)
	}
	defer release()
	pg := pages[0]
	r := rand.New(rand.NewSource(6))
	r.Read(pg)
	for _, n := range []int{0, 128, 256, 128 * 3, 128 * 10} {
		for e := 0; e < 4; e++ {
			for _, m := range [][]byte{pg[len(pg)-n-e : len(pg)-e], pg[e : e+n]} {
				var h0 [8]uint64
				for j := range h0 {
					h0[j] = r.Uint64()
				}
				got, want := h0, h0
				c.block(&got, m)
				sha512.GenericBlock(&want, m)
				if got != want {
					c.t.Fatalf("%s: %d bytes %d from a guard page: state %016x want %016x; %s", c.name, n, e, got, want, archtest.Reproduce(c.t, c.goarch))
				}
			}
		}
	}
}
