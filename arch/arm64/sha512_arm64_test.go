package arm64

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
func TestSHA512Levels(t *testing.T) { sha512test.Levels(t, "arm64") }

// The assembly level must be in the table whenever it can be built (gc),
// with features this package registers.
func TestSHA512LevelRegistered(t *testing.T) {
	im, ok := arch.Lookup("sha512/sha512")
	if !ok {
		if runtime.Compiler == "gc" {
			t.Fatal("sha512/sha512 is not registered")
		}
		t.Skipf("sha512/sha512 not built with %s", runtime.Compiler)
	}
	if _, err := sha512.Of(im); err != nil || im.Arch != "arm64" || im.Alg != sha512.Name || im.Planted {
		t.Fatalf("sha512/sha512 registered wrongly (%v): %+v", err, im)
	}
	known := map[string]bool{}
	for _, f := range arch.KnownFeatures() {
		known[f.Name] = true
	}
	for _, f := range im.Requires {
		if !known[f] {
			t.Errorf("sha512/sha512 requires unknown feature %q", f)
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
