//go:build amd64 && gc

package amd64

import (
	"os"
	"testing"
	"time"

	"github.com/xarchlab/xarch/arch"
)

func minTime(f func()) time.Duration {
	best := time.Hour
	for i := 0; i < 200000; i++ {
		t0 := time.Now()
		f()
		f()
		f()
		f()
		if d := time.Since(t0); d < best {
			best = d
		}
	}
	return best / 4
}

func TestGCMSmallTime(t *testing.T) {
	if os.Getenv("XARCH_GCM_TIME") == "" {
		t.Skip("set XARCH_GCM_TIME=1")
	}
	for _, level := range []string{"aes-gcm/aesni", "aes-gcm/vaes256"} {
		im, _ := arch.Lookup(level)
		g, _ := arch.GCMOf(im)
		k := g.AES.ExpandKey(make([]byte, 16))
		var h, ctr, y [16]byte
		g.AES.Encrypt(k, h[:], h[:])
		hk := g.Init(&h)
		buf := make([]byte, 256)
		out := make([]byte, 256)
		for _, n := range []int{16, 64, 256} {
			n := n
			t.Logf("%s seal %d: %v", level, n, minTime(func() { g.Seal(k, hk, &ctr, &y, out[:n], buf[:n]) }))
		}
		t.Logf("%s ghash 16: %v", level, minTime(func() { g.GHASH(hk, &y, buf[:16]) }))
		t.Logf("%s encrypt 16: %v", level, minTime(func() { g.AES.Encrypt(k, out[:16], buf[:16]) }))
		for _, n := range []int{16, 64, 256} {
			n := n
			key := make([]byte, 16)
			t.Logf("%s whole seal %d: %v", level, n, minTime(func() {
				s, _ := arch.NewGCMStream(g, key, make([]byte, 12), nil, 16, false)
				s.Crypt(out[:n], buf[:n])
				s.Tag()
			}))
		}
	}
}

func TestGCMSpeedLoopTime(t *testing.T) {
	if os.Getenv("XARCH_GCM_TIME") == "" {
		t.Skip("set XARCH_GCM_TIME=1")
	}
	for _, alg := range []string{"aes-128-gcm", "aes-256-gcm"} {
		sa, _ := arch.LookupSpeed(alg)
		for _, level := range []string{"aes-gcm/aesni", "aes-gcm/vaes256", "aes-gcm/generic"} {
			im, _ := arch.Lookup(level)
			for _, size := range []int{16, 64, 256} {
				run, _, err := sa.Prepare(im, size)
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("%s %s %d: %v per op", alg, level, size, minTime(func() { run(1) }))
			}
		}
	}
}
