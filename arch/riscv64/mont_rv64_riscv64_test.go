//go:build gc

package riscv64

import (
	"fmt"
	"math/big"
	"math/rand"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/arch/archtest"
	"github.com/xarchlab/xarch/family/mont"
	"github.com/xarchlab/xarch/family/mont/monttest"
)

// The assembly level must be registered with the tuning its kernel is
// built around, and usable wherever riscv64 runs ("rv64" only).
func TestMontRV64Registered(t *testing.T) {
	im, ok := arch.Lookup("mont/rv64")
	if !ok {
		t.Fatal("mont/rv64 is not registered")
	}
	if _, err := mont.Of(im); err != nil || im.Alg != mont.Name || im.Planted || im.Rank <= 0 ||
		len(im.Requires) != 1 || im.Requires[0] != "rv64" {
		t.Fatalf("mont/rv64 registered wrongly: %+v (%v)", im, err)
	}
	if st := (arch.State{Detected: archtest.Detected()}); st.Missing(im) != "" {
		t.Fatalf("mont/rv64 not usable: %s", st.Missing(im))
	}
	want := map[string]int{"limb_bits": 64, "unroll": 4, "min_limbs": 1, "unroll_min_limbs": 4, "max_limbs": mont.MaxLimbs}
	for k, v := range want {
		if got, ok := im.TuningValue(k); !ok || got != v {
			t.Errorf("Tuning[%q] = %d, %v; want %d", k, got, ok, v)
		}
	}
}

// TestMontRV64Carries drives the kernel's carries at their limits: moduli
// of all-ones limbs but the lowest (so the high halves of the products are
// near 2^64 and the sums of the low halves overflow), operands m-1 and m-2
// (all ones too) and R mod m, at every size around the 4-limb loop and the
// largest, so the low-half carry, the carry-word carry, the top word's
// carries and a borrow running through the whole subtraction all fire;
// each answer against math/big.
func TestMontRV64Carries(t *testing.T) {
	for _, n := range []int{1, 2, 3, 4, 5, 7, 8, 9, 16, 17, mont.MaxLimbs - 1, mont.MaxLimbs} {
		for _, low := range []uint64{1, 3, ^uint64(0), ^uint64(0) - 2} {
			if n == 1 && low == 1 {
				continue // m = 1 has no operands below m-1
			}
			m := make([]uint64, n)
			for i := range m {
				m[i] = ^uint64(0)
			}
			m[0] = low
			bm := monttest.LimbsToBig(m)
			// y = R mod m (d[1] = 0) with x = m-1: the unreduced t is
			// m-1 itself (below m + R-m, congruent to m-1), so t - m
			// borrows in the low limb and that borrow alone runs
			// through every limb above (t[j] = m[j] there).
			rm := new(big.Int).Lsh(big.NewInt(1), uint(64*n))
			rm.Mod(rm, bm)
			for _, d := range [][2]int64{{1, 1}, {1, 2}, {2, 2}, {1, 0}, {2, 0}} {
				x := monttest.BigToLimbs(new(big.Int).Sub(bm, big.NewInt(d[0])), n)
				y := monttest.BigToLimbs(new(big.Int).Sub(bm, big.NewInt(d[1])), n)
				ys := fmt.Sprintf("m-%d", d[1])
				if d[1] == 0 {
					y, ys = monttest.BigToLimbs(rm, n), "R mod m"
				}
				want, _ := monttest.Want(x, y, m)
				z := make([]uint64, n)
				montMulRV64Go(z, x, y, m, mont.K0(m[0]))
				if monttest.LimbsToBig(z).Cmp(monttest.LimbsToBig(want)) != 0 {
					t.Fatalf("n=%d m[0]=%#x x=m-%d y=%s: got %x, want %x", n, low, d[0], ys, z, want)
				}
			}
		}
	}
}

// TestABIMontLevels: the full mont level checks (every size, both sides of
// the final subtraction) with every kernel call through the trampoline;
// ABILevels runs only its few sizes.
func TestABIMontLevels(t *testing.T) {
	before := kMontMulRV64.Calls
	archtest.WithABI(func() { monttest.Levels(t, "riscv64") })
	if kMontMulRV64.Calls == before {
		t.Fatal("montMulRV64 never ran through the trampoline")
	}
}

// BenchmarkMontMul times one product per op of every usable mont level at
// the CRT-half sizes of RSA 2048, 3072 and 4096. Under qemu the numbers are
// only a sanity check.
func BenchmarkMontMul(b *testing.B) {
	for _, im := range archtest.Levels(b, mont.Name, "riscv64", true) {
		f, err := mont.Of(im)
		if err != nil {
			b.Fatal(err)
		}
		for _, bits := range []int{1024, 1536, 2048} {
			r := rand.New(rand.NewSource(int64(bits)))
			n := bits / 64
			m := make([]uint64, n)
			for i := range m {
				m[i] = r.Uint64()
			}
			m[0] |= 1
			m[n-1] |= 1 << 63
			bm := monttest.LimbsToBig(m)
			x := monttest.BigToLimbs(new(big.Int).Rand(r, bm), n)
			y := monttest.BigToLimbs(new(big.Int).Rand(r, bm), n)
			k0 := mont.K0(m[0])
			z := make([]uint64, n)
			mul := f.Mul
			b.Run(fmt.Sprintf("%s/%d", archtest.SubtestName(im.Name), bits), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					mul(z, x, y, m, k0)
				}
			})
		}
	}
}
