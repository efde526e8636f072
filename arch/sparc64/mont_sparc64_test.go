package sparc64

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/arch/archtest"
	"github.com/xarchlab/xarch/family/mont"
	"github.com/xarchlab/xarch/family/mont/monttest"
)

func TestMontRegistered(t *testing.T) {
	im, ok := arch.Lookup("mont/sparc64")
	if !ok {
		t.Fatal("mont/sparc64 is not registered")
	}
	if _, err := mont.Of(im); err != nil || im.Rank != 10 || im.Planted || im.NeedsHardware != "" {
		t.Fatalf("mont/sparc64 registered wrongly: %+v (%v)", im, err)
	}
	st := arch.State{Detected: arch.Detect()}
	want := "mont/sparc64"
	if st.Detected["vis3"] {
		want = "mont/vis3"
	}
	if b := st.Best(mont.Name); b == nil || b.Name != want {
		t.Errorf("dispatch picks %v, want %s", b, want)
	}
}

// TestMontLevels runs the shared conformance checks on every usable mont
// level, generic included (see monttest.Levels): every size 1..128,
// edge moduli and operands against math/big, both sides of the final
// subtraction, aliasing, guard pages.
func TestMontLevels(t *testing.T) { monttest.Levels(t, "sparc64") }

// TestMontBadSizes: lengths outside the contract panic instead of running
// the kernel past the operands or its scratch.
func TestMontBadSizes(t *testing.T) {
	for _, im := range archtest.Levels(t, mont.Name, "sparc64", false) {
		f, err := mont.Of(im)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct{ nz, nx, ny, nm int }{
			{0, 0, 0, 0}, {2, 1, 2, 2}, {2, 2, 1, 2}, {1, 2, 2, 2},
			{mont.MaxLimbs + 1, mont.MaxLimbs + 1, mont.MaxLimbs + 1, mont.MaxLimbs + 1},
		} {
			func() {
				defer func() {
					if recover() == nil {
						t.Errorf("%s: lengths %v did not panic", im.Name, c)
					}
				}()
				m := make([]uint64, c.nm)
				if c.nm > 0 {
					m[0] = 1
				}
				f.Mul(make([]uint64, c.nz), make([]uint64, c.nx), make([]uint64, c.ny), m, 1)
			}()
		}
	}
}

// BenchmarkMontMul/<level>/<bits>: one Montgomery product of random
// operands modulo a random odd modulus with the top bit set. Under qemu
// it is a sanity check, not a timing.
func BenchmarkMontMul(b *testing.B) {
	r := rand.New(rand.NewSource(1))
	for _, im := range archtest.Levels(b, mont.Name, "sparc64", true) {
		f, err := mont.Of(im)
		if err != nil {
			b.Fatal(err)
		}
		for _, bits := range []int{1024, 1536, 2048} {
			n := bits / 64
			m, x, y := make([]uint64, n), make([]uint64, n), make([]uint64, n)
			for i := range m {
				m[i], x[i], y[i] = r.Uint64(), r.Uint64(), r.Uint64()
			}
			m[0] |= 1
			m[n-1] |= 1 << 63
			x[n-1] >>= 1 // below m
			y[n-1] >>= 1
			k0 := mont.K0(m[0])
			z := make([]uint64, n)
			b.Run(fmt.Sprintf("%s/%d", strings.TrimPrefix(im.Name, "mont/"), bits), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					f.Mul(z, x, y, m, k0)
				}
			})
		}
	}
}
