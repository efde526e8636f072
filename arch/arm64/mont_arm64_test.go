package arm64

import (
	"fmt"
	"math/big"
	"math/rand"
	"runtime"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/arch/archtest"
	"github.com/xarchlab/xarch/family/mont"
	"github.com/xarchlab/xarch/family/mont/monttest"
)

// TestMontLevels runs the shared conformance checks (every size 1..128
// limbs, edge moduli and operands, both sides of the final subtraction,
// aliasing, guard pages) on every usable mont level, generic included.
func TestMontLevels(t *testing.T) { monttest.Levels(t, "arm64") }

// The assembly level must be in the table whenever it can be built (gc),
// with the tuning its kernel is built around.
func TestMontARMv8Registered(t *testing.T) {
	im, ok := arch.Lookup("mont/armv8")
	if !ok {
		if runtime.Compiler == "gc" {
			t.Fatal("mont/armv8 is not registered")
		}
		t.Logf("mont/armv8 not built with %s", runtime.Compiler)
		return
	}
	if _, err := mont.Of(im); err != nil || im.Alg != mont.Name || im.Planted || len(im.Requires) != 0 {
		t.Fatalf("mont/armv8 registered wrongly: %+v (%v)", im, err)
	}
	want := map[string]int{"limb_bits": 64, "unroll": 4, "min_limbs": 1, "unroll_min_limbs": 4, "max_limbs": mont.MaxLimbs}
	for k, v := range want {
		if got, ok := im.TuningValue(k); !ok || got != v {
			t.Errorf("Tuning[%q] = %d, %v; want %d", k, got, ok, v)
		}
	}
}

// montBenchOperands returns a random odd modulus of bits bits (top bit
// set) and operands below it.
func montBenchOperands(bits int) (x, y, m []uint64, k0 uint64) {
	r := rand.New(rand.NewSource(int64(bits)))
	n := bits / 64
	m = make([]uint64, n)
	for i := range m {
		m[i] = r.Uint64()
	}
	m[0] |= 1
	m[n-1] |= 1 << 63
	bm := monttest.LimbsToBig(m)
	x = monttest.BigToLimbs(new(big.Int).Rand(r, bm), n)
	y = monttest.BigToLimbs(new(big.Int).Rand(r, bm), n)
	return x, y, m, mont.K0(m[0])
}

// BenchmarkMontMul times one product per op of every usable mont level
// at the CRT-half sizes of RSA 2048, 3072 and 4096. Under qemu the numbers
// are only a sanity check.
func BenchmarkMontMul(b *testing.B) {
	for _, im := range archtest.Levels(b, mont.Name, "arm64", true) {
		f, err := mont.Of(im)
		if err != nil {
			b.Fatal(err)
		}
		for _, bits := range []int{1024, 1536, 2048} {
			x, y, m, k0 := montBenchOperands(bits)
			z := make([]uint64, len(m))
			mul := f.Mul
			b.Run(fmt.Sprintf("%s/%d", archtest.SubtestName(im.Name), bits), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					mul(z, x, y, m, k0)
				}
			})
		}
	}
}
