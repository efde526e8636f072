package sparc64

// Host-side checks of aes-gcm/sparc64's method, independent of the
// assembler: the tables against the generic multiplication, and a Go
// transcription of the kernel's steps (byte lookups, 8-bit shifts into an
// overflow word, one fold per 64 bits) against the generic GHASH.

import (
	"encoding/binary"
	"math/rand"
	"testing"

	"github.com/xarchlab/xarch/family/gcm"
)

// gcmV9Model is gcm_sparc64.s step by step in Go.
func gcmV9Model(k *gcmV9Key, y *[16]byte, p []byte) {
	zh, zl := binary.BigEndian.Uint64(y[:8]), binary.BigEndian.Uint64(y[8:])
	look := func(w uint64, s uint) (uint64, uint64) {
		hiN := w >> (s + 4) & 15 // the byte's high nibble indexes M
		loN := w >> s & 15       // the low one M4
		return k.tab[2*hiN] ^ k.tab[32+2*loN], k.tab[2*hiN+1] ^ k.tab[32+2*loN+1]
	}
	fold := func(zh, zl, zx uint64) (uint64, uint64) {
		return zh ^ zx ^ zx>>1 ^ zx>>2 ^ zx>>7, zl ^ zx<<63 ^ zx<<62 ^ zx<<57
	}
	for ; len(p) >= 16; p = p[16:] {
		xh := zh ^ binary.BigEndian.Uint64(p[:8])
		xl := zl ^ binary.BigEndian.Uint64(p[8:16])
		var zx uint64
		zh, zl = look(xl, 0)
		for s := uint(8); s < 64; s += 8 {
			zx = zx>>8 | zl<<56
			zh, zl = zh>>8, zl>>8|zh<<56
			a, b := look(xl, s)
			zh, zl = zh^a, zl^b
		}
		zh, zl = fold(zh, zl, zx)
		zx = 0
		for s := uint(0); s < 64; s += 8 {
			zx = zx>>8 | zl<<56
			zh, zl = zh>>8, zl>>8|zh<<56
			a, b := look(xh, s)
			zh, zl = zh^a, zl^b
		}
		zh, zl = fold(zh, zl, zx)
	}
	binary.BigEndian.PutUint64(y[:8], zh)
	binary.BigEndian.PutUint64(y[8:], zl)
}

// TestGCMV9Tables: M[n] and M4[n] are the products of H with n placed in
// the block's first nibble, and with n * x^4 (the second nibble).
func TestGCMV9Tables(t *testing.T) {
	r := rand.New(rand.NewSource(4))
	for trial := 0; trial < 20; trial++ {
		var h [16]byte
		r.Read(h[:])
		k := gcmV9Tables(&h)
		hk := gcm.GenericGHASHInit(&h)
		for n := 0; n < 16; n++ {
			for tab, shift := range []uint{124, 120} {
				var x, y [16]byte
				x[0] = byte(n << 4 >> (124 - shift))
				gcm.GenericGHASH(hk, &y, x[:]) // y = x * H from y = 0
				got := [2]uint64{k.tab[32*tab+2*n], k.tab[32*tab+2*n+1]}
				want := [2]uint64{binary.BigEndian.Uint64(y[:8]), binary.BigEndian.Uint64(y[8:])}
				if got != want {
					t.Fatalf("H %x: table %d entry %d: got %x want %x", h, tab, n, got, want)
				}
			}
		}
	}
}

func TestGCMV9Model(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	for trial := 0; trial < 300; trial++ {
		var h, y [16]byte
		r.Read(h[:])
		r.Read(y[:])
		switch trial {
		case 0:
			h = [16]byte{15: 1} // x^127
		case 1:
			h = [16]byte{0: 0x80} // 1
		case 2:
			for i := range h {
				h[i] = 0xff
			}
		}
		p := make([]byte, 16*(trial%7))
		r.Read(p)
		if trial%5 == 0 {
			for i := range p {
				p[i] = 0xff
			}
		}
		want, got := y, y
		gcm.GenericGHASH(gcm.GenericGHASHInit(&h), &want, p)
		gcmV9Model(gcmV9Tables(&h), &got, p)
		if got != want {
			t.Fatalf("H %x y %x, %d blocks: model got %x want %x", h, y, len(p)/16, got, want)
		}
	}
}
