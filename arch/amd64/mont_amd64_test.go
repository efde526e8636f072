//go:build amd64 && gc

package amd64

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/mont"
	"github.com/xarchlab/xarch/family/mont/monttest"
)

// TestMontLevels runs the shared conformance checks on every usable mont
// level (see monttest.Levels).
func TestMontLevels(t *testing.T) { monttest.Levels(t, "amd64") }

// TestMontADXSquare drives mont/adx's squaring kernels (taken when x and y
// are the same slice), which archtest reaches only through its x*x and
// aliasing cases: every size 1..128 on both sides of the final
// subtraction, in place and not, against math/big.
func TestMontADXSquare(t *testing.T) {
	im, ok := arch.Lookup("mont/adx")
	if !ok {
		t.Fatal("mont/adx is not registered")
	}
	if miss := (arch.State{Detected: arch.Detect()}).Missing(im); miss != "" {
		t.Skipf("mont/adx: %s", miss)
	}
	f, err := mont.Of(im)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewSource(11))
	for n := 1; n <= mont.MaxLimbs; n++ {
		m := make([]uint64, n)
		for i := range m {
			m[i] = r.Uint64()
		}
		m[0] |= 1
		m[n-1] |= 1 << 63
		bm := monttest.LimbsToBig(m)
		k0 := mont.K0(m[0])
		seen := [2]bool{}
		for try := 0; try < 4000 && !(seen[0] && seen[1]); try++ {
			x := monttest.BigToLimbs(new(big.Int).Rand(r, bm), n)
			want, sub := monttest.Want(x, x, m)
			k := 0
			if sub {
				k = 1
			}
			if seen[k] {
				continue
			}
			seen[k] = true
			z := make([]uint64, n)
			f.Mul(z, x, x, m, k0)
			f.Mul(x, x, x, m, k0) // in place
			for i := range want {
				if z[i] != want[i] || x[i] != want[i] {
					t.Fatalf("%d limbs, final subtraction %v: limb %d: got %x (in place %x), want %x",
						n, sub, i, z[i], x[i], want[i])
				}
			}
		}
		if !seen[0] || !seen[1] {
			t.Fatalf("%d limbs: no square found with final subtraction %v", n, seen[1])
		}
	}
}
