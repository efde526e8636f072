//go:build amd64 && gc

package amd64

import (
	"crypto/sha256"
	"math/rand"
	"sort"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/arch/generic"
)

// levels this package must register; a missing one is a failure, not a skip.
var ownLevels = []string{"sha256/shani", "sha256/avx2"}

func TestFeatures(t *testing.T) {
	f := arch.Detect()
	var on, off []string
	for _, k := range arch.KnownFeatures() {
		if f[k.Name] {
			on = append(on, k.Name)
		} else {
			off = append(off, k.Name)
		}
	}
	t.Logf("detected: %s", strings.Join(on, " "))
	t.Logf("absent:   %s", strings.Join(off, " "))
	if !f["sse2"] {
		t.Errorf("sse2 is part of amd64 but was not detected")
	}
	// Implications the OS-state rules must keep.
	for feat, needs := range map[string]string{
		"avx2": "avx", "vaes": "avx", "vpclmulqdq": "avx", "avx512f": "avx",
		"avx512bw": "avx512f", "avx512vl": "avx512f", "avx512ifma": "avx512f",
	} {
		if f[feat] && !f[needs] {
			t.Errorf("%s detected without %s", feat, needs)
		}
	}
}

func usableSHA256(t *testing.T) []*arch.Impl {
	st := arch.State{Detected: arch.Detect()}
	for _, name := range ownLevels {
		if _, ok := arch.Lookup(name); !ok {
			t.Errorf("%s is not registered", name)
		}
	}
	var run []*arch.Impl
	for _, im := range arch.Impls() {
		if im.Alg != arch.SHA256 || im.Planted {
			continue
		}
		if why := st.Missing(im); why != "" {
			t.Logf("skip %s: %s", im.Name, why)
			continue
		}
		t.Logf("run  %s (rank %d)", im.Name, im.Rank)
		run = append(run, im)
	}
	return run
}

func TestSHA256Lengths(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	msg := make([]byte, 1100)
	rng.Read(msg)
	for _, im := range usableSHA256(t) {
		for n := 0; n <= len(msg); n++ {
			if got, want := arch.SHA256Sum(im.SHA256Block, msg[:n]), sha256.Sum256(msg[:n]); got != want {
				t.Errorf("%s: len %d: got %x want %x", im.Name, n, got, want)
				break
			}
		}
	}
}

func TestSHA256Long(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	sizes := []int{64 << 10, 64<<10 + 1, 64<<10 + 64*3 + 17, 200 << 10}
	for _, im := range usableSHA256(t) {
		for _, n := range sizes {
			msg := make([]byte, n)
			rng.Read(msg)
			want := sha256.Sum256(msg)
			if got := arch.SHA256Sum(im.SHA256Block, msg); got != want {
				t.Errorf("%s: len %d: got %x want %x", im.Name, n, got, want)
			}
			// Chunked writes (random sizes, many crossing block edges) equal one call.
			d := arch.NewSHA256(im.SHA256Block)
			for p := msg; len(p) > 0; {
				c := rng.Intn(300)
				if rng.Intn(4) == 0 {
					c = 64 * rng.Intn(9)
				}
				if c > len(p) {
					c = len(p)
				}
				d.Write(p[:c])
				p = p[c:]
			}
			if got := d.Sum(); got != want {
				t.Errorf("%s: len %d chunked: got %x want %x", im.Name, n, got, want)
			}
		}
	}
}

// The raw block function against generic: arbitrary (not initial) state,
// 0..9 blocks (odd/even counts for the two-lane level), misaligned input,
// and bytes around p left alone.
func TestSHA256BlockDirect(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for _, im := range usableSHA256(t) {
		for i := 0; i < 200; i++ {
			var h0 [8]uint32
			for j := range h0 {
				h0[j] = rng.Uint32()
			}
			nb, off := rng.Intn(10), rng.Intn(33)
			buf := make([]byte, off+64*nb+32)
			rng.Read(buf)
			keep := append([]byte(nil), buf...)
			p := buf[off : off+64*nb]
			want, got := h0, h0
			generic.SHA256Block(&want, p)
			im.SHA256Block(&got, p)
			if got != want {
				t.Fatalf("%s: %d blocks at offset %d: got %08x want %08x", im.Name, nb, off, got, want)
			}
			if string(buf) != string(keep) {
				t.Fatalf("%s: input buffer modified", im.Name)
			}
		}
	}
}

func TestRegistered(t *testing.T) {
	var names []string
	for _, im := range arch.Impls() {
		if im.Arch == "amd64" {
			names = append(names, im.Name)
			for _, f := range im.Requires {
				if !knownFeature(f) {
					t.Errorf("%s requires unknown feature %q", im.Name, f)
				}
			}
		}
	}
	sort.Strings(names)
	t.Logf("amd64 levels: %s", strings.Join(names, " "))
	if im, ok := arch.Lookup("sha256/planted-sigill"); ok != plantedBuilt {
		t.Errorf("planted level registered=%v, want %v (build tag xarch_planted)", ok, plantedBuilt)
	} else if ok && !im.Planted {
		t.Errorf("planted level not marked Planted")
	}
	best := arch.State{Detected: arch.Detect()}.Best(arch.SHA256)
	t.Logf("dispatch picks %s", best.Name)
}

func knownFeature(name string) bool {
	for _, f := range arch.KnownFeatures() {
		if f.Name == name {
			return true
		}
	}
	return false
}

func BenchmarkSHA256(b *testing.B) {
	st := arch.State{Detected: arch.Detect()}
	buf := make([]byte, 8192)
	for _, im := range arch.Impls() {
		if im.Alg != arch.SHA256 || im.Planted || st.Missing(im) != "" {
			continue
		}
		im := im
		b.Run(strings.TrimPrefix(im.Name, "sha256/"), func(b *testing.B) {
			h := arch.SHA256Init
			b.SetBytes(int64(len(buf)))
			for i := 0; i < b.N; i++ {
				im.SHA256Block(&h, buf)
			}
		})
	}
}
