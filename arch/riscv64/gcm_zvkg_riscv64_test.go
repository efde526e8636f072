//go:build gc

package riscv64

import (
	"bytes"
	"encoding/binary"
	"math/rand"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/arch/archtest"
	"github.com/xarchlab/xarch/family/aes"
	"github.com/xarchlab/xarch/family/gcm"
)

func genericGCM(t *testing.T) *gcm.Funcs {
	t.Helper()
	return &gcm.Funcs{AES: aes.Generic, Init: gcm.GenericGHASHInit, GHASH: gcm.GenericGHASH}
}

// The key holds H^4, H^3, H^2, H (vgmul), checked with the Go model.
func TestGCMZvkgInit(t *testing.T) {
	needZvk(t, "v", "zvkg")
	r := rand.New(rand.NewSource(4))
	for i := 0; i < 20; i++ {
		var h [16]byte
		r.Read(h[:])
		hk := gcmInitZvkgGo(&h).(*gcmKeyZvkg)
		p := h
		for j := 3; j >= 0; j-- {
			var got [16]byte
			copy(got[:], hk[16*j:])
			if got != p {
				t.Fatalf("H=%x: power %d is %x, want %x", h, 4-j, got, p)
			}
			p = gcmMulModel(p, h)
		}
	}
}

// GHASH of 0..4*4+3 blocks (every remainder after the 4-block passes)
// from random states against the generic level.
func TestGCMZvkgGHASH(t *testing.T) {
	needZvk(t, "v", "zvkg")
	r := rand.New(rand.NewSource(5))
	g := genericGCM(t)
	for trial := 0; trial < 10; trial++ {
		var h [16]byte
		r.Read(h[:])
		hk, hg := gcmInitZvkgGo(&h), g.Init(&h)
		for n := 0; n <= 4*gcmZvkgGHASHBlocks+3; n++ {
			p := archtest.RandBytes(r, 16*n)
			var y0 [16]byte
			r.Read(y0[:])
			y, yg := y0, y0
			gcmGHASHZvkgGo(hk, &y, p)
			g.GHASH(hg, &yg, p)
			if y != yg {
				t.Fatalf("GHASH of %d blocks from %x, H %x: got %x want %x", n, y0, h, y, yg)
			}
		}
	}
}

// Seal and Open across the 32-bit counter wrap: inc32 leaves the upper
// 96 bits alone (GCM), unlike the AES family's CTR.
func TestGCMZvkgInc32Wrap(t *testing.T) {
	needZvk(t, "v", "zvkned", "zvkg")
	im, ok := arch.Lookup("aes-gcm/zvkg")
	if !ok {
		t.Fatal("aes-gcm/zvkg not registered")
	}
	f, err := gcm.Of(im)
	if err != nil {
		t.Fatal(err)
	}
	g := genericGCM(t)
	r := rand.New(rand.NewSource(6))
	for _, kl := range []int{16, 24, 32} {
		key := archtest.RandBytes(r, kl)
		k, kg := f.AES.ExpandKey(key), g.AES.ExpandKey(key)
		var h [16]byte
		g.AES.Encrypt(kg, h[:], h[:])
		hk, hg := f.Init(&h), g.Init(&h)
		for back := 1; back <= 9; back++ {
			for _, n := range []int{1, 4, 5, 8, 9, 17} {
				for _, open := range []bool{false, true} {
					var c0, y0 [16]byte
					r.Read(c0[:])
					r.Read(y0[:])
					binary.BigEndian.PutUint32(c0[12:], uint32(-back))
					src := archtest.RandBytes(r, 16*n)
					want := make([]byte, len(src))
					wc, wy := c0, y0
					for i := 0; i < n; i++ {
						var ks [16]byte
						g.AES.Encrypt(kg, ks[:], wc[:])
						gcm.Inc32(&wc)
						for j := 0; j < 16; j++ {
							want[16*i+j] = src[16*i+j] ^ ks[j]
						}
					}
					ct := want
					if open {
						ct = src
					}
					g.GHASH(hg, &wy, ct)
					got := make([]byte, len(src))
					c, y := c0, y0
					kern := f.Seal
					if open {
						kern = f.Open
					}
					kern(k, hk, &c, &y, got, src)
					if !bytes.Equal(got, want) || c != wc || y != wy {
						t.Fatalf("open=%v AES-%d from counter %x, %d blocks: counter %x want %x, y %x want %x; %s",
							open, 8*kl, c0, n, c, wc, y, wy, archtest.FirstDiff(got, want))
					}
				}
			}
		}
	}
}
