//go:build amd64 && gc

package amd64

import (
	"fmt"
	"math/rand"
	"os"
	"testing"
	"time"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/arch/archtest"
	"github.com/xarchlab/xarch/family/mont"
	"github.com/xarchlab/xarch/family/mont/monttest"
)

// montBenchLevels are the usable mont levels of amd64 and generic.
func montBenchLevels(tb testing.TB) []*arch.Impl {
	st := arch.State{Detected: arch.Detect()}
	var out []*arch.Impl
	for _, im := range arch.Impls() {
		if im.Alg == mont.Name && !im.Planted && (im.Arch == "amd64" || im.Arch == "generic") && st.Missing(im) == "" {
			out = append(out, im)
		}
	}
	return out
}

// montBenchOperands returns a random odd modulus of bits bits (top bit
// set) and two operands below it.
func montBenchOperands(bits int) (x, y, m []uint64) {
	r := rand.New(rand.NewSource(int64(bits)))
	n := bits / 64
	x, y, m = make([]uint64, n), make([]uint64, n), make([]uint64, n)
	for i := range m {
		m[i], x[i], y[i] = r.Uint64(), r.Uint64(), r.Uint64()
	}
	m[0] |= 1
	m[n-1] |= 1 << 63
	x[n-1] >>= 1
	y[n-1] >>= 1
	return
}

// BenchmarkMontMul times z = x*y/R mod m, BenchmarkMontSqr z = z*z/R
// mod m (in place, as a mod-exp squares), per level and modulus size
// (1024, 1536, 2048, 2560, 3072 and 4096 bits: 16, 24, 32, 40, 48 and 64 limbs).
func BenchmarkMontMul(b *testing.B) { benchMont(b, false) }
func BenchmarkMontSqr(b *testing.B) { benchMont(b, true) }

func benchMont(b *testing.B, sqr bool) {
	for _, im := range montBenchLevels(b) {
		f, err := mont.Of(im)
		if err != nil {
			b.Fatal(err)
		}
		for _, bits := range []int{1024, 1536, 2048, 2560, 3072, 4096} {
			x, y, m := montBenchOperands(bits)
			k0 := mont.K0(m[0])
			z := make([]uint64, len(m))
			b.Run(fmt.Sprintf("%s/%d", archtest.SubtestName(im.Name), bits), func(b *testing.B) {
				if sqr {
					copy(z, x)
					for i := 0; i < b.N; i++ {
						f.Mul(z, z, z, m, k0)
					}
					return
				}
				for i := 0; i < b.N; i++ {
					f.Mul(z, x, y, m, k0)
				}
			})
		}
	}
}

// TestMontMinTime reports, with XARCH_MONT_TIME=1, the fastest of many
// batches of calls per level and size: on a shared, noisy host the
// minimum is far more repeatable than a benchmark's mean.
func TestMontMinTime(t *testing.T) {
	if os.Getenv("XARCH_MONT_TIME") == "" {
		t.Skip("set XARCH_MONT_TIME=1 to time the mont levels")
	}
	for _, sqr := range []bool{false, true} {
		for _, bits := range []int{1024, 1536, 2048, 2560, 3072, 4096} {
			line := fmt.Sprintf("sqr=%-5v %4d bits:", sqr, bits)
			for _, im := range montBenchLevels(nil) {
				f, _ := mont.Of(im)
				x, y, m := montBenchOperands(bits)
				k0 := mont.K0(m[0])
				z := make([]uint64, len(m))
				copy(z, x)
				const batch = 20
				best := time.Duration(1 << 62)
				for rep := 0; rep < 2000; rep++ {
					start := time.Now()
					for i := 0; i < batch; i++ {
						if sqr {
							f.Mul(z, z, z, m, k0)
						} else {
							f.Mul(z, x, y, m, k0)
						}
					}
					if d := time.Since(start); d < best {
						best = d
					}
				}
				line += fmt.Sprintf("  %s %7.1f ns", im.Name, float64(best.Nanoseconds())/batch)
			}
			t.Log(line)
		}
	}
}

// BenchmarkMontExp times a level's Exp (or ExpMul over its Mul, "mul")
// with an exponent as long as the modulus, at the RSA CRT half sizes.
func BenchmarkMontExp(b *testing.B) {
	for _, im := range montBenchLevels(b) {
		f, err := mont.Of(im)
		if err != nil {
			b.Fatal(err)
		}
		for _, bits := range []int{1024, 1536, 2048} {
			x, _, m := montBenchOperands(bits)
			n := len(m)
			k0 := mont.K0(m[0])
			rr := monttest.RR(m)
			e := make([]byte, bits/8)
			rand.New(rand.NewSource(1)).Read(e)
			z, s := make([]uint64, n), make([]uint64, mont.ExpScratch(n))
			for _, path := range []string{"exp", "mul"} {
				exp := f.Exp
				if path == "mul" || exp == nil {
					if path == "exp" {
						continue
					}
					exp = func(z, x []uint64, e []byte, m, rr []uint64, k0 uint64, s []uint64) {
						mont.ExpMul(f.Mul, z, x, e, m, rr, k0, s)
					}
				}
				b.Run(fmt.Sprintf("%s/%s/%d", archtest.SubtestName(im.Name), path, bits), func(b *testing.B) {
					for i := 0; i < b.N; i++ {
						exp(z, x, e, m, rr, k0, s)
					}
				})
			}
		}
	}
}

// BenchmarkMontExp2 times two exponentiations of one size (an RSA
// signature's CRT halves): a level's Exp2 ("exp2") against its Exp (or
// ExpMul) twice ("exp-twice"), at 512..2048-bit halves and one limb
// around the IFMA thresholds.
func BenchmarkMontExp2(b *testing.B) {
	for _, im := range montBenchLevels(b) {
		f, err := mont.Of(im)
		if err != nil {
			b.Fatal(err)
		}
		for _, bits := range []int{512, 768, 960, 1024, 1088, 1536, 2048} {
			x, _, m := montBenchOperands(bits)
			n := len(m)
			k0 := mont.K0(m[0])
			rr := monttest.RR(m)
			e := make([]byte, bits/8)
			rand.New(rand.NewSource(1)).Read(e)
			z1, z2, s := make([]uint64, n), make([]uint64, n), make([]uint64, mont.Exp2Scratch(n))
			for _, path := range []string{"exp2", "exp-twice"} {
				if path == "exp2" && f.Exp2 == nil {
					continue
				}
				b.Run(fmt.Sprintf("%s/%s/%d", archtest.SubtestName(im.Name), path, bits), func(b *testing.B) {
					for i := 0; i < b.N; i++ {
						if path == "exp2" {
							f.Exp2(z1, x, e, m, rr, k0, z2, x, e, m, rr, k0, s)
						} else {
							mont.Exp2Mul(f.Exp, f.Mul, z1, x, e, m, rr, k0, z2, x, e, m, rr, k0, s)
						}
					}
				})
			}
		}
	}
}

// BenchmarkMontExpIFMACrossover times mont/ifma's 52-bit Exp and Exp2
// against mont/adx's Exp (once and twice) at every limb count from 8 to
// 40, past the thresholds, for ifmaExpMinLimbs and ifmaExp2MinLimbs.
func BenchmarkMontExpIFMACrossover(b *testing.B) {
	st := arch.State{Detected: arch.Detect()}
	for _, im := range arch.Impls() {
		if im.Name == "mont/ifma" && st.Missing(im) != "" {
			b.Skip("no IFMA here: ", st.Missing(im))
		}
	}
	for n := 8; n <= 40; n += 4 {
		x, _, m := montBenchOperands(64 * n)
		k0 := mont.K0(m[0])
		rr := monttest.RR(m)
		e := make([]byte, 8*n)
		rand.New(rand.NewSource(1)).Read(e)
		z1, z2, s := make([]uint64, n), make([]uint64, n), make([]uint64, mont.Exp2Scratch(n))
		w := mont.ExpScratch(n)
		b.Run(fmt.Sprintf("adx/exp/%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				montExpADXGo(z1, x, e, m, rr, k0, s[:w])
			}
		})
		b.Run(fmt.Sprintf("ifma/exp/%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				ifmaExp(nil, z1, x, e, m, rr, k0, s[:w])
			}
		})
		b.Run(fmt.Sprintf("ifma/exp2/%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				ifmaExp2(nil, z1, x, e, m, rr, k0, z2, x, e, m, rr, k0, s)
			}
		})
	}
}
