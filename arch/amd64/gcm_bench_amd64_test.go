//go:build amd64 && gc

package amd64

import (
	"crypto/aes"
	"crypto/cipher"
	"os"
	"testing"
	"time"

	"github.com/xarchlab/xarch/arch"
)

func benchGCM(b *testing.B, level string, size int, open bool) {
	im, _ := arch.Lookup(level)
	if miss := (arch.State{Detected: arch.Detect()}).Missing(im); miss != "" {
		b.Skip(miss)
	}
	g, _ := arch.GCMOf(im)
	k := g.AES.ExpandKey(make([]byte, 16))
	var h, ctr, y [16]byte
	g.AES.Encrypt(k, h[:], h[:])
	hk := g.Init(&h)
	src := make([]byte, size)
	dst := make([]byte, size)
	b.SetBytes(int64(size))
	f := g.Seal
	if open {
		f = g.Open
	}
	for i := 0; i < b.N; i++ {
		f(k, hk, &ctr, &y, dst, src)
	}
}

func BenchmarkGCMSealNI16K(b *testing.B)   { benchGCM(b, "aes-gcm/aesni", 16384, false) }
func BenchmarkGCMSealV25616K(b *testing.B) { benchGCM(b, "aes-gcm/vaes256", 16384, false) }
func BenchmarkGCMOpenV25616K(b *testing.B) { benchGCM(b, "aes-gcm/vaes256", 16384, true) }
func BenchmarkGCMSealV2561K(b *testing.B)  { benchGCM(b, "aes-gcm/vaes256", 1024, false) }
func BenchmarkGCMSealNI1K(b *testing.B)    { benchGCM(b, "aes-gcm/aesni", 1024, false) }
func BenchmarkGCMSealNI256(b *testing.B)   { benchGCM(b, "aes-gcm/aesni", 256, false) }
func BenchmarkGCMSealNI16(b *testing.B)    { benchGCM(b, "aes-gcm/aesni", 16, false) }

func BenchmarkGHASHNI16K(b *testing.B) {
	var h, y [16]byte
	h[3] = 7
	hk := gcmInitNIGo(&h)
	p := make([]byte, 16384)
	b.SetBytes(16384)
	for i := 0; i < b.N; i++ {
		gcmGHASHNIGo(hk, &y, p)
	}
}

func BenchmarkCTRNI16K(b *testing.B) {
	k := arch.ExpandAESKey(make([]byte, 16))
	var ctr [16]byte
	p := make([]byte, 16384)
	b.SetBytes(16384)
	for i := 0; i < b.N; i++ {
		aesCTRNI(k, &ctr, p, p)
	}
}

// TestGCMMinTime times single kernel calls and prints the minimum over many
// (robust against preemption on a shared host). Run with XARCH_GCM_TIME=1.
func TestGCMMinTime(t *testing.T) {
	if os.Getenv("XARCH_GCM_TIME") == "" {
		t.Skip("set XARCH_GCM_TIME=1")
	}
	// The reference: aes/aesni CTR over 16 KiB.
	rk := arch.ExpandAESKey(make([]byte, 16))
	var rctr [16]byte
	rbuf := make([]byte, 16384)
	ref := time.Hour
	for i := 0; i < 20000; i++ {
		t0 := time.Now()
		aesCTRNI(rk, &rctr, rbuf, rbuf)
		if d := time.Since(t0); d < ref {
			ref = d
		}
	}
	t.Logf("reference aes/aesni ctr 16384 bytes: %v", ref)
	for _, c := range []struct {
		level string
		size  int
		open  bool
		klen  int
	}{
		{"aes-gcm/aesni", 16384, false, 16}, {"aes-gcm/vaes256", 16384, false, 16}, {"aes-gcm/vaes256", 16384, true, 16},
		{"aes-gcm/vaes256", 16384, false, 32}, {"aes-gcm/aesni", 16384, false, 32},
		{"aes-gcm/aesni", 1024, false, 16}, {"aes-gcm/vaes256", 1024, false, 16}, {"aes-gcm/aesni", 256, false, 16}, {"aes-gcm/vaes256", 256, false, 16},
	} {
		im, _ := arch.Lookup(c.level)
		g, _ := arch.GCMOf(im)
		k := g.AES.ExpandKey(make([]byte, c.klen))
		var h, ctr, y [16]byte
		g.AES.Encrypt(k, h[:], h[:])
		hk := g.Init(&h)
		src := make([]byte, c.size)
		dst := make([]byte, c.size)
		f := g.Seal
		if c.open {
			f = g.Open
		}
		best := time.Hour
		for i := 0; i < 20000; i++ {
			t0 := time.Now()
			f(k, hk, &ctr, &y, dst, src)
			if d := time.Since(t0); d < best {
				best = d
			}
		}
		t.Logf("%-16s aes-%d open=%v %6d bytes: %8v  %6.2f GB/s  %.3f x ctr", c.level, 8*c.klen, c.open, c.size, best, float64(c.size)/float64(best.Nanoseconds()), float64(best)/float64(ref))
	}
}

func benchSpeedLoop(b *testing.B, alg string, size int) {
	sa, _ := arch.LookupSpeed(alg)
	im, _ := arch.Lookup("aes-gcm/vaes256")
	run, _, _ := sa.Prepare(im, size)
	b.SetBytes(int64(size))
	run(b.N)
}

func benchGo(b *testing.B, klen, size int) {
	c, _ := aes.NewCipher(make([]byte, klen))
	a, _ := cipher.NewGCM(c)
	iv := make([]byte, 12)
	msg := make([]byte, size)
	out := make([]byte, 0, size+16)
	b.SetBytes(int64(size))
	for i := 0; i < b.N; i++ {
		out = a.Seal(out[:0], iv, msg, nil)
	}
}

func BenchmarkGCMSpeedLoop16(b *testing.B)      { benchSpeedLoop(b, "aes-128-gcm", 16) }
func BenchmarkGoGCM16(b *testing.B)             { benchGo(b, 16, 16) }
func BenchmarkGCMSpeedLoop256x16(b *testing.B)  { benchSpeedLoop(b, "aes-256-gcm", 16) }
func BenchmarkGoGCM256x16(b *testing.B)         { benchGo(b, 32, 16) }
func BenchmarkGCMSpeedLoop256x256(b *testing.B) { benchSpeedLoop(b, "aes-256-gcm", 256) }
func BenchmarkGoGCM256x256(b *testing.B)        { benchGo(b, 32, 256) }
func BenchmarkGCMSpeedLoop128x256(b *testing.B) { benchSpeedLoop(b, "aes-128-gcm", 256) }
func BenchmarkGoGCM128x256(b *testing.B)        { benchGo(b, 16, 256) }

func BenchmarkGCMSpeedLoopNoop16(b *testing.B) {
	noop := &arch.GCMFuncs{
		AES:   &arch.AESFuncs{Encrypt: func(k *arch.AESKey, dst, src []byte) {}},
		Init:  func(h *[16]byte) interface{} { return nil },
		GHASH: func(hk interface{}, y *[16]byte, p []byte) {},
		Seal:  func(k *arch.AESKey, hk interface{}, ctr, y *[16]byte, dst, src []byte) {},
		Open:  func(k *arch.AESKey, hk interface{}, ctr, y *[16]byte, dst, src []byte) {},
	}
	im := &arch.Impl{Name: "noop", Alg: arch.GCM, Funcs: noop}
	sa, _ := arch.LookupSpeed("aes-128-gcm")
	run, _, err := sa.Prepare(im, 16)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(16)
	run(b.N)
}
