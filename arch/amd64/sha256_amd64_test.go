//go:build amd64 && gc

package amd64

import (
	"sort"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha256"
	"github.com/xarchlab/xarch/family/sha256/sha256test"
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

// TestSHA256Levels runs the shared conformance checks on every usable
// SHA-256 level (see sha256test.Levels).
func TestSHA256Levels(t *testing.T) { sha256test.Levels(t, "amd64") }

func TestRegistered(t *testing.T) {
	for _, name := range ownLevels {
		if _, ok := arch.Lookup(name); !ok {
			t.Errorf("%s is not registered", name)
		}
	}
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
	best := arch.State{Detected: arch.Detect()}.Best(sha256.Name)
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
		if im.Alg != sha256.Name || im.Planted || st.Missing(im) != "" {
			continue
		}
		im := im
		b.Run(strings.TrimPrefix(im.Name, "sha256/"), func(b *testing.B) {
			h := sha256.Init
			b.SetBytes(int64(len(buf)))
			for i := 0; i < b.N; i++ {
				sha256.BlockOf(im)(&h, buf)
			}
		})
	}
}
