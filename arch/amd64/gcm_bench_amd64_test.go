//go:build amd64 && gc

package amd64

import (
	cryptoaes "crypto/aes"
	"crypto/cipher"
	"os"
	"testing"
	"time"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
	"github.com/xarchlab/xarch/family/gcm"
)

// Benchmarks and timings of the GCM kernels, for tuning on a real host.
// The host these levels were tuned on is shared and noisy, so besides the
// usual benchmarks TestGCMMinTime reports the minimum time of single calls
// (XARCH_GCM_TIME=1), which is far more repeatable than a mean.

// usableGCM returns the level's entry points, or skips.
func usableGCM(tb testing.TB, level string) *gcm.Funcs {
	im, ok := arch.Lookup(level)
	if !ok {
		tb.Fatalf("%s is not registered", level)
	}
	if miss := (arch.State{Detected: arch.Detect()}).Missing(im); miss != "" {
		tb.Skipf("%s: missing %s", level, miss)
	}
	g, err := gcm.Of(im)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// gcmKernel prepares one stitched kernel call over size bytes.
func gcmKernel(tb testing.TB, level string, keyLen, size int, open bool) func() {
	g := usableGCM(tb, level)
	k := g.AES.ExpandKey(make([]byte, keyLen))
	var h, ctr, y [16]byte
	g.AES.Encrypt(k, h[:], h[:])
	hk := g.Init(&h)
	src, dst := make([]byte, size), make([]byte, size)
	f := g.Seal
	if open {
		f = g.Open
	}
	return func() { f(k, hk, &ctr, &y, dst, src) }
}

func benchKernel(b *testing.B, level string, size int, open bool) {
	f := gcmKernel(b, level, 16, size, open)
	b.SetBytes(int64(size))
	for i := 0; i < b.N; i++ {
		f()
	}
}

func BenchmarkGCMSealNI16(b *testing.B)     { benchKernel(b, "aes-gcm/aesni", 16, false) }
func BenchmarkGCMSealNI256(b *testing.B)    { benchKernel(b, "aes-gcm/aesni", 256, false) }
func BenchmarkGCMSealNI16K(b *testing.B)    { benchKernel(b, "aes-gcm/aesni", 16384, false) }
func BenchmarkGCMOpenNI16K(b *testing.B)    { benchKernel(b, "aes-gcm/aesni", 16384, true) }
func BenchmarkGCMSealV256x16(b *testing.B)  { benchKernel(b, "aes-gcm/vaes256", 16, false) }
func BenchmarkGCMSealV256x256(b *testing.B) { benchKernel(b, "aes-gcm/vaes256", 256, false) }
func BenchmarkGCMSealV256x16K(b *testing.B) { benchKernel(b, "aes-gcm/vaes256", 16384, false) }
func BenchmarkGCMOpenV256x16K(b *testing.B) { benchKernel(b, "aes-gcm/vaes256", 16384, true) }
func BenchmarkGCMSealV512x256(b *testing.B) { benchKernel(b, "aes-gcm/vaes512", 256, false) }
func BenchmarkGCMSealV512x1K(b *testing.B)  { benchKernel(b, "aes-gcm/vaes512", 1024, false) }
func BenchmarkGCMSealV512x16K(b *testing.B) { benchKernel(b, "aes-gcm/vaes512", 16384, false) }
func BenchmarkGCMOpenV512x16K(b *testing.B) { benchKernel(b, "aes-gcm/vaes512", 16384, true) }

func BenchmarkGHASHNI16K(b *testing.B) {
	g := usableGCM(b, "aes-gcm/aesni")
	var h, y [16]byte
	h[3] = 7
	hk := g.Init(&h)
	p := make([]byte, 16384)
	b.SetBytes(16384)
	for i := 0; i < b.N; i++ {
		g.GHASH(hk, &y, p)
	}
}

// benchSpeedLoop runs the loop `xarch speed` times (arch's aes-*-gcm speed
// algorithm: one whole seal per operation), for comparison with benchGo,
// the Go peer's loop.
func benchSpeedLoop(b *testing.B, level, alg string, size int) {
	usableGCM(b, level)
	im, _ := arch.Lookup(level)
	sa, _ := arch.LookupSpeed(alg)
	run, _, err := sa.Prepare(im, size)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(size))
	run(b.N)
}

func benchGo(b *testing.B, keyLen, size int) {
	c, _ := cryptoaes.NewCipher(make([]byte, keyLen))
	a, _ := cipher.NewGCM(c)
	iv, msg := make([]byte, 12), make([]byte, size)
	out := make([]byte, 0, size+16)
	b.SetBytes(int64(size))
	for i := 0; i < b.N; i++ {
		out = a.Seal(out[:0], iv, msg, nil)
	}
}

func BenchmarkSpeedLoopV256x128x16(b *testing.B) {
	benchSpeedLoop(b, "aes-gcm/vaes256", "aes-128-gcm", 16)
}
func BenchmarkSpeedLoopV256x256x16(b *testing.B) {
	benchSpeedLoop(b, "aes-gcm/vaes256", "aes-256-gcm", 16)
}
func BenchmarkSpeedLoopV256x128x256(b *testing.B) {
	benchSpeedLoop(b, "aes-gcm/vaes256", "aes-128-gcm", 256)
}
func BenchmarkSpeedLoopV256x256x256(b *testing.B) {
	benchSpeedLoop(b, "aes-gcm/vaes256", "aes-256-gcm", 256)
}
func BenchmarkGoGCM128x16(b *testing.B)  { benchGo(b, 16, 16) }
func BenchmarkGoGCM256x16(b *testing.B)  { benchGo(b, 32, 16) }
func BenchmarkGoGCM128x256(b *testing.B) { benchGo(b, 16, 256) }
func BenchmarkGoGCM256x256(b *testing.B) { benchGo(b, 32, 256) }

// BenchmarkSpeedLoopNoop16 is the mode layer's own cost per 16-byte seal:
// the speed loop over entry points that do nothing.
func BenchmarkSpeedLoopNoop16(b *testing.B) {
	noop := &gcm.Funcs{
		AES:   &aes.Funcs{Encrypt: func(k *aes.Key, dst, src []byte) {}},
		Init:  func(h *[16]byte) interface{} { return nil },
		GHASH: func(hk interface{}, y *[16]byte, p []byte) {},
		Seal:  func(k *aes.Key, hk interface{}, ctr, y *[16]byte, dst, src []byte) {},
		Open:  func(k *aes.Key, hk interface{}, ctr, y *[16]byte, dst, src []byte) {},
	}
	sa, _ := arch.LookupSpeed("aes-128-gcm")
	run, _, err := sa.Prepare(&arch.Impl{Name: "noop", Alg: gcm.Name, Funcs: noop}, 16)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(16)
	run(b.N)
}

// minTime is the shortest of many timed calls of f.
func minTime(calls int, f func()) time.Duration {
	best := time.Hour
	for i := 0; i < calls; i++ {
		t0 := time.Now()
		f()
		if d := time.Since(t0); d < best {
			best = d
		}
	}
	return best
}

// TestGCMMinTime prints the minimum time of single kernel calls, each also
// as a ratio to aes/aesni's CTR over 16 KiB timed the same way (the ratio
// survives the host's load better than the time). XARCH_GCM_TIME=1.
func TestGCMMinTime(t *testing.T) {
	if os.Getenv("XARCH_GCM_TIME") == "" {
		t.Skip("set XARCH_GCM_TIME=1")
	}
	if !arch.Detect()["aesni"] {
		t.Skip("no aesni")
	}
	rk := aes.ExpandKey(make([]byte, 16))
	var rctr [16]byte
	rbuf := make([]byte, 16384)
	ref := minTime(20000, func() { aesCTRNI(rk, &rctr, rbuf, rbuf) })
	t.Logf("reference: aes/aesni CTR of 16384 bytes %v", ref)
	for _, level := range []string{"aes-gcm/aesni", "aes-gcm/vaes256", "aes-gcm/vaes512"} {
		if im, _ := arch.Lookup(level); im == nil || (arch.State{Detected: arch.Detect()}).Missing(im) != "" {
			t.Logf("%s: not usable here", level)
			continue
		}
		for _, c := range []struct {
			keyLen, size int
			open         bool
		}{{16, 16, false}, {16, 64, false}, {16, 256, false}, {16, 1024, false},
			{16, 16384, false}, {16, 16384, true}, {32, 16384, false}} {
			f := gcmKernel(t, level, c.keyLen, c.size, c.open)
			d := minTime(20000, f)
			t.Logf("%-16s aes-%d open=%-5v %6d bytes: %8v %6.2f GB/s %.3f x ref",
				level, 8*c.keyLen, c.open, c.size, d, float64(c.size)/float64(d.Nanoseconds()), float64(d)/float64(ref))
		}
	}
}
