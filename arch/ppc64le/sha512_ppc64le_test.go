package ppc64le

import (
	"runtime"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha512"
	"github.com/xarchlab/xarch/family/sha512/sha512test"
)

// TestSHA512Levels runs the shared conformance checks on every usable
// SHA-512 level, generic included (see sha512test.Levels).
func TestSHA512Levels(t *testing.T) { sha512test.Levels(t, "ppc64le") }

func TestSHA512LevelRegistered(t *testing.T) {
	if runtime.Compiler != "gc" {
		t.Skipf("%s build: Go assembly levels are not built", runtime.Compiler)
	}
	im, ok := arch.Lookup("sha512/power8")
	if !ok {
		t.Fatal("sha512/power8 is not registered")
	}
	if _, err := sha512.Of(im); err != nil || im.Arch != "ppc64le" || im.Alg != sha512.Name || im.Planted {
		t.Fatalf("sha512/power8 registered with bad fields (%v): %+v", err, im)
	}
	known := map[string]bool{}
	for _, f := range arch.KnownFeatures() {
		known[f.Name] = true
	}
	for _, f := range im.Requires {
		if !known[f] {
			t.Errorf("sha512/power8 requires unknown feature %q", f)
		}
	}
}

func BenchmarkSHA512(b *testing.B) {
	st := arch.State{Detected: arch.Detect()}
	buf := make([]byte, 8192)
	for _, im := range arch.Impls() {
		if im.Alg != sha512.Name || im.Planted || st.Missing(im) != "" {
			continue
		}
		f, err := sha512.Of(im)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(strings.TrimPrefix(im.Name, "sha512/"), func(b *testing.B) {
			h := sha512.Variants[1].Init
			b.SetBytes(int64(len(buf)))
			for i := 0; i < b.N; i++ {
				f.Block(&h, buf)
			}
		})
	}
}
