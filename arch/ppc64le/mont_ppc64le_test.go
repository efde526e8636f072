package ppc64le

import (
	"fmt"
	"math/big"
	"math/bits"
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
func TestMontLevels(t *testing.T) { monttest.Levels(t, "ppc64le") }

// The assembly levels must be in the table whenever they can be built
// (gc), with the features and tuning their kernels are built around.
func TestMontLevelsRegistered(t *testing.T) {
	if runtime.Compiler != "gc" {
		t.Logf("%s build: the Go assembly mont levels are not built", runtime.Compiler)
		return
	}
	want := map[string]int{"limb_bits": 64, "unroll": 4, "min_limbs": 1, "unroll_min_limbs": 4, "max_limbs": mont.MaxLimbs}
	for _, c := range []struct {
		name, requires string
		rank           int
	}{{"mont/power8", "", 20}, {"mont/power9", "power9", 25}} {
		im, ok := arch.Lookup(c.name)
		if !ok {
			t.Errorf("%s is not registered", c.name)
			continue
		}
		req := ""
		if len(im.Requires) > 0 {
			req = im.Requires[0]
		}
		if _, err := mont.Of(im); err != nil || im.Alg != mont.Name || im.Arch != "ppc64le" || im.Planted ||
			len(im.Requires) > 1 || req != c.requires || im.Rank != c.rank {
			t.Errorf("%s registered wrongly: %+v (%v); want Requires %q, Rank %d", c.name, im, err, c.requires, c.rank)
		}
		for k, v := range want {
			if got, ok := im.TuningValue(k); !ok || got != v {
				t.Errorf("%s: Tuning[%q] = %d, %v; want %d", c.name, k, got, ok, v)
			}
		}
	}
}

// TestMontDispatch: mont/power9 is chosen exactly where power9 is detected
// and not masked (its MADDLD/MADDHDU trap on POWER8), mont/power8
// otherwise.
func TestMontDispatch(t *testing.T) {
	if runtime.Compiler != "gc" {
		t.Logf("%s build: the Go assembly mont levels are not built", runtime.Compiler)
		return
	}
	det := arch.Detect()
	want := "mont/power8"
	if det["power9"] {
		want = "mont/power9"
	}
	if got := (arch.State{Detected: det}).Best(mont.Name); got == nil || got.Name != want {
		t.Errorf("dispatch with power9=%v picks %v, want %s", det["power9"], got, want)
	}
	masked := arch.State{Detected: det, Masked: map[string]bool{"power9": true}}
	if got := masked.Best(mont.Name); got == nil || got.Name != "mont/power8" {
		t.Errorf("dispatch with power9 masked picks %v, want mont/power8", got)
	}
	t.Logf("power9 detected: %v, dispatch: %s", det["power9"], want)
}

// montTopCarryCases are operands (hex, most significant limb first) found
// by a search over structured limbs for which an outer step starts with
// t[n] = 1 and ends with C1 + C2 = 2^64 - 1, so t[n] + C1 + C2 carries only
// through the t[n] addition. Random and edge operands practically never get
// there (about 2^-64 per step); a kernel that loses that carry passes
// monttest.Levels. Sizes: only the one-limb loop (2, 3), only the
// 4-limb loop (4), both (5, 9).
var montTopCarryCases = []struct{ m, x, y string }{
	{"ffffffffffffffffffffffffffffffff", "fffffffffffffffe8000000000000001", "7fffffffffffffffffffffffffffffff"},
	{"fffffffffffffffefffffffffffffffd0000000000000001",
		"fffffffffffffffd80000000000000008000000000000001", "2fffffffffffffffdffffffffffffffff"},
	{"ffffffffffffffff" + "fffffffffffffffe" + "7fffffffffffffff" + "8000000000000001",
		"fffffffffffffffe7fffffffffffffff00000000000000000000000000000002",
		"ffffffffffffffff00000000fffffffffffffffffffffffd8000000000000001"},
	{"fffffffffffffffe" + "fffffffffffffffe" + "0000000000000002" + "ffffffffffffffff" + "0000000000000001",
		"800000000000000100000000ffffffff7fffffffffffffff00000000000000017fffffffffffffff",
		"ffffffff0000000000000000fffffffffffffffefffffffffffffffe"},
	{"fffffffffffffffe" + "00000000ffffffff" + "00000000ffffffff" + "fffffffffffffffd" + "0000000000000002" +
		"0000000000000001" + "0000000000000001" + "7fffffffffffffff" + "ffffffffffffffff",
		"7fffffffffffffff000000000000000180000000000000007fffffffffffffff00000000000000010000000000000002ffffffffffffffff80000000000000017fffffffffffffff",
		"fffffffeffffffff0000000100000002fffffffffffffffefffffffffffffffffffffffffffffffb80000000000000000000000000000003"},
}

// montTopCarryHit runs word-by-word CIOS as the kernels do (t[n] a bit,
// row carries C1 and C2) and reports whether some outer step starts with
// t[n] = 1 and ends with C1 + C2 = 2^64 - 1.
func montTopCarryHit(x, y, m []uint64) bool {
	n := len(m)
	k0 := mont.K0(m[0])
	t := make([]uint64, n)
	var tn uint64
	hit := false
	for i := 0; i < n; i++ {
		q := (t[0] + x[0]*y[i]) * k0
		var c1, c2 uint64
		for j := 0; j < n; j++ {
			hi, lo := bits.Mul64(x[j], y[i])
			lo, cc := bits.Add64(lo, t[j], 0)
			hi += cc
			lo, cc = bits.Add64(lo, c1, 0)
			c1 = hi + cc
			hi, lo2 := bits.Mul64(m[j], q)
			lo2, cc = bits.Add64(lo2, lo, 0)
			hi += cc
			lo2, cc = bits.Add64(lo2, c2, 0)
			c2 = hi + cc
			if j > 0 {
				t[j-1] = lo2
			}
		}
		s, k1 := bits.Add64(c1, c2, 0)
		if tn == 1 && k1 == 0 && s == ^uint64(0) {
			hit = true
		}
		var k2 uint64
		t[n-1], k2 = bits.Add64(s, tn, 0)
		tn = k1 + k2
	}
	return hit
}

// TestMontTopCarry runs every usable level on montTopCarryCases, after
// checking with the model that each case reaches the carry.
func TestMontTopCarry(t *testing.T) {
	levels := archtest.Levels(t, mont.Name, "ppc64le", true)
	for _, c := range montTopCarryCases {
		bm, _ := new(big.Int).SetString(c.m, 16)
		bx, _ := new(big.Int).SetString(c.x, 16)
		by, _ := new(big.Int).SetString(c.y, 16)
		n := (bm.BitLen() + 63) / 64
		m, x, y := monttest.BigToLimbs(bm, n), monttest.BigToLimbs(bx, n), monttest.BigToLimbs(by, n)
		if bm.Bit(0) != 1 || bx.Cmp(bm) >= 0 || by.Cmp(bm) >= 0 || !montTopCarryHit(x, y, m) {
			t.Fatalf("n=%d: case does not reach t[n] + C1 + C2 = 2^64 (m=%s x=%s y=%s)", n, c.m, c.x, c.y)
		}
		want, _ := monttest.Want(x, y, m)
		for _, im := range levels {
			f, err := mont.Of(im)
			if err != nil {
				t.Fatal(err)
			}
			z := make([]uint64, n)
			f.Mul(z, x, y, m, mont.K0(m[0]))
			for i := range z {
				if z[i] != want[i] {
					t.Errorf("%s n=%d m=%s x=%s y=%s: got %x, want %x", im.Name, n, c.m, c.x, c.y, z, want)
					break
				}
			}
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

// BenchmarkMontMul times one product per op of every usable mont level at
// the CRT-half sizes of RSA 2048, 3072 and 4096. Under qemu the numbers
// are only a sanity check.
func BenchmarkMontMul(b *testing.B) {
	for _, im := range archtest.Levels(b, mont.Name, "ppc64le", true) {
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
