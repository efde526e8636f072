//go:build amd64 && gc

package amd64

import (
	"fmt"
	"math/big"
	"math/bits"
	"math/rand"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/mont"
	"github.com/xarchlab/xarch/family/mont/monttest"
)

// The AVX512-IFMA kernel cannot run on this host (no AVX-512) nor under
// QEMU. montIFMA52Model is its loop in Go, one statement per instruction
// of mont_ifma_amd64.s and on slices exactly as long as the memory the
// kernel reads, so the tests below prove the algorithm, the limb layout,
// the operand conversion and the normalization here; on a host with IFMA,
// TestMontIFMAKernelModel compares the kernel with the model lane by lane.

type ymm [4]uint64

// load reads the 4 lanes at s[i:] (a VMOVDQU64 or a memory operand).
func load(s []uint64, i int) ymm { return ymm{s[i], s[i+1], s[i+2], s[i+3]} }

func store(s []uint64, i int, y ymm) { copy(s[i:i+4], y[:]) }

// valignq1 is VALIGNQ $1, lo, hi, dst: lanes 1..4 of hi:lo.
func valignq1(lo, hi ymm) ymm { return ymm{lo[1], lo[2], lo[3], hi[0]} }

// ifmaModelOverflow counts lane additions that wrapped (the kernel's
// comment proves there are none; the tests check it).
var ifmaModelOverflow int

func addLane(d *uint64, v uint64) {
	s, c := bits.Add64(*d, v, 0)
	if c != 0 {
		ifmaModelOverflow++
	}
	*d = s
}

// madd52 is VPMADD52LUQ (hi = false) or VPMADD52HUQ (hi = true): each
// lane of dst gains bits 0..51 or 52..103 of the product of the low 52
// bits of the lanes of a and b.
func madd52(dst *ymm, a, b ymm, hi bool) {
	for k := range dst {
		ph, pl := bits.Mul64(a[k]&ifmaMask52, b[k]&ifmaMask52)
		v := pl & ifmaMask52
		if hi {
			v = (ph<<(64-ifmaLimbBits) | pl>>ifmaLimbBits) & ifmaMask52
		}
		addLane(&dst[k], v)
	}
}

// montIFMA52Model is montIFMA52 (see its comment): a has 4v+4 lanes, x and
// m 4v+4 limbs, y l digits.
func montIFMA52Model(a, x, m, y []uint64, v, l int, k0 uint64) {
	for i := 0; i < l; i++ { // step
		b := y[i]                      // MOVQ (R9), BX
		ax := x[0] * b & ifmaMask52    // MOVQ, IMULQ, ANDQ
		ax += a[0]                     // ADDQ (DI), AX: t0
		q := ax * k0 & ifmaMask52      // MOVQ, IMULQ R12, ANDQ
		dx := m[0] * q & ifmaMask52    // MOVQ, IMULQ, ANDQ
		c := (dx + ax) >> ifmaLimbBits // ADDQ, SHRQ
		y16 := ymm{b, b, b, b}         // VPBROADCASTQ BX
		y17 := ymm{q, q, q, q}         // VPBROADCASTQ CX
		y18 := ymm{c, 0, 0, 0}         // VMOVQ DX, X18
		y19 := load(a, 0)              // VMOVDQU64 (AX)
		for j := 0; j < v; j++ {       // lanes
			y20 := load(a, 4*j+4)                    // VMOVDQU64 32(AX)
			y21 := valignq1(y19, y20)                // VALIGNQ $1, Y19, Y20, Y21
			madd52(&y21, load(x, 4*j+1), y16, false) // VPMADD52LUQ 8(BX)
			madd52(&y21, load(m, 4*j+1), y17, false) // VPMADD52LUQ 8(CX)
			madd52(&y21, load(x, 4*j), y16, true)    // VPMADD52HUQ (BX)
			madd52(&y21, load(m, 4*j), y17, true)    // VPMADD52HUQ (CX)
			for k := range y21 {                     // VPADDQ Y18
				addLane(&y21[k], y18[k])
			}
			y18 = ymm{}        // VPXORQ
			store(a, 4*j, y21) // VMOVDQU64 Y21, (AX)
			y19 = y20          // VMOVDQA64
		}
	}
}

// montMulIFMAModel is montMulIFMA with the model for the kernel, on a
// scratch exactly ifmaScratch(n) words long; it also returns the
// normalized t before the final subtraction and the largest lane.
func montMulIFMAModel(z, x, y, m []uint64, k0 uint64) (t []uint64, maxLane uint64) {
	n := montCheck("mont/ifma model", z, x, y, m)
	s := make([]uint64, ifmaScratch(n))
	a, x52, m52, y52 := ifmaPrepare(s, x, y, m)
	montIFMA52Model(a, x52, m52, y52, ifmaRegs(n), len(y52), k0&ifmaMask52)
	for _, lane := range a {
		if lane > maxLane {
			maxLane = lane
		}
	}
	t = make([]uint64, n+1)
	ifmaNormalize(t, a[:ifmaDigits(n)])
	ifmaFinish(z, a, m)
	return t, maxLane
}

func TestMontIFMAScratch(t *testing.T) {
	if ifmaSmallScratch != ifmaScratch(ifmaSmallMaxLimbs) || ifmaLargeScratch != ifmaScratch(mont.MaxLimbs) {
		t.Fatalf("scratch sizes %d, %d; want ifmaScratch: %d, %d", ifmaSmallScratch, ifmaLargeScratch,
			ifmaScratch(ifmaSmallMaxLimbs), ifmaScratch(mont.MaxLimbs))
	}
	for n := 1; n <= mont.MaxLimbs; n++ {
		if n > 1 && ifmaScratch(n) < ifmaScratch(n-1) {
			t.Fatalf("ifmaScratch(%d) < ifmaScratch(%d)", n, n-1)
		}
		if l := ifmaDigits(n); 52*l < 64*n || 52*(l-1) >= 64*n || l > 158 {
			t.Fatalf("n=%d: l=%d is not ceil(64n/52) or above the lane bound's 158", n, l)
		}
	}
}

// TestMontIFMAModel checks mont/ifma's algorithm through the model at every
// size 1..128: edge moduli and operands, both sides of the final
// subtraction, z aliasing x and y, against math/big; no lane may wrap.
func TestMontIFMAModel(t *testing.T) {
	r := rand.New(rand.NewSource(52))
	var maxLane uint64
	ifmaModelOverflow = 0
	check := func(x, y, m []uint64, what string) []uint64 {
		t.Helper()
		want, _ := monttest.Want(x, y, m)
		k0 := mont.K0(m[0])
		z := make([]uint64, len(m))
		tt, ml := montMulIFMAModel(z, x, y, m, k0)
		if ml > maxLane {
			maxLane = ml
		}
		for i := range want {
			if z[i] != want[i] {
				t.Fatalf("%s, %d limbs: limb %d differs\n m    %x\n x    %x\n y    %x\n got  %x\n want %x",
					what, len(m), i, monttest.LimbsToBig(m), monttest.LimbsToBig(x), monttest.LimbsToBig(y),
					monttest.LimbsToBig(z), monttest.LimbsToBig(want))
			}
		}
		return tt
	}
	for n := 1; n <= mont.MaxLimbs; n++ {
		for _, kind := range []string{"random", "above-pow2", "below-pow2"} {
			m := make([]uint64, n)
			switch kind {
			case "random":
				for i := range m {
					m[i] = r.Uint64()
				}
				m[n-1] |= 1 << 63
			case "above-pow2": // 2^(64(n-1)) + small odd
				m[0] = uint64(r.Intn(1000))*2 + 1
				m[n-1] = 1
				if n == 1 {
					m[0] = 1<<63 + 1
				}
			case "below-pow2": // 2^(64n) - small odd
				for i := range m {
					m[i] = ^uint64(0)
				}
				m[0] -= 2 * uint64(r.Intn(1000))
			}
			m[0] |= 1
			bm := monttest.LimbsToBig(m)
			mm1 := monttest.BigToLimbs(new(big.Int).Sub(bm, big.NewInt(1)), n)
			zero, one := make([]uint64, n), make([]uint64, n)
			one[0] = 1
			ones := make([]uint64, n)
			for i := 0; i < n-1; i++ {
				ones[i] = ^uint64(0)
			}
			if monttest.LimbsToBig(ones).Cmp(bm) >= 0 {
				ones = mm1
			}
			rnd := func() []uint64 { return monttest.BigToLimbs(new(big.Int).Rand(r, bm), n) }
			check(zero, rnd(), m, kind+" modulus, 0*random")
			check(one, one, m, kind+" modulus, 1*1")
			check(mm1, mm1, m, kind+" modulus, (m-1)*(m-1)")
			check(ones, ones, m, kind+" modulus, all-ones limbs")
			check(rnd(), rnd(), m, kind+" modulus, random")
			a := rnd()
			check(a, a, m, kind+" modulus, x*x")
		}
		// Both sides of the final subtraction: t >= m and t < m.
		m := make([]uint64, n)
		for i := range m {
			m[i] = r.Uint64()
		}
		m[0] |= 1
		m[n-1] |= 1 << 63
		bm := monttest.LimbsToBig(m)
		seen := [2]bool{}
		for try := 0; try < 4000 && !(seen[0] && seen[1]); try++ {
			x := monttest.BigToLimbs(new(big.Int).Rand(r, bm), n)
			y := monttest.BigToLimbs(new(big.Int).Rand(r, bm), n)
			tt := check(x, y, m, "final subtraction search")
			k := 0
			if monttest.LimbsToBig(tt).Cmp(bm) >= 0 {
				k = 1
			}
			seen[k] = true
		}
		if !seen[0] || !seen[1] {
			t.Fatalf("%d limbs: no operands found with t >= m: %v", n, seen[1])
		}
		// z aliasing x, y, both.
		x := monttest.BigToLimbs(new(big.Int).Rand(r, bm), n)
		y := monttest.BigToLimbs(new(big.Int).Rand(r, bm), n)
		want, _ := monttest.Want(x, y, m)
		wantSq, _ := monttest.Want(x, x, m)
		k0 := mont.K0(m[0])
		for _, c := range []struct {
			what string
			run  func() []uint64
			want []uint64
		}{
			{"z aliases x", func() []uint64 { z := append([]uint64(nil), x...); montMulIFMAModel(z, z, y, m, k0); return z }, want},
			{"z aliases y", func() []uint64 { z := append([]uint64(nil), y...); montMulIFMAModel(z, x, z, m, k0); return z }, want},
			{"z aliases x and y", func() []uint64 { z := append([]uint64(nil), x...); montMulIFMAModel(z, z, z, m, k0); return z }, wantSq},
		} {
			if got := c.run(); fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Fatalf("%d limbs, %s: got %x want %x", n, c.what, got, c.want)
			}
		}
	}
	if ifmaModelOverflow != 0 {
		t.Fatalf("%d lane additions wrapped", ifmaModelOverflow)
	}
	if maxLane >= 1<<62 {
		t.Fatalf("largest lane %#x reaches 2^62 (the kernel's bound)", maxLane)
	}
	t.Logf("largest lane seen: %#x (bound 2^62)", maxLane)
}

// TestMontIFMAKernelModel runs the kernel itself against the model, lane
// by lane, where the CPU has IFMA (it names the first lane that differs,
// which MontLevels cannot).
func TestMontIFMAKernelModel(t *testing.T) {
	im, _ := arch.Lookup("mont/ifma")
	if miss := (arch.State{Detected: arch.Detect()}).Missing(im); miss != "" {
		t.Skipf("mont/ifma cannot run here (%s): %s", miss, im.NeedsHardware)
	}
	r := rand.New(rand.NewSource(53))
	for n := 1; n <= mont.MaxLimbs; n++ {
		m := make([]uint64, n)
		for i := range m {
			m[i] = r.Uint64()
		}
		m[0] |= 1
		m[n-1] |= 1 << 63
		bm := monttest.LimbsToBig(m)
		x := monttest.BigToLimbs(new(big.Int).Rand(r, bm), n)
		y := monttest.BigToLimbs(new(big.Int).Rand(r, bm), n)
		k0 := mont.K0(m[0]) & ifmaMask52
		s1, s2 := make([]uint64, ifmaScratch(n)), make([]uint64, ifmaScratch(n))
		a1, x1, m1, y1 := ifmaPrepare(s1, x, y, m)
		a2, x2, m2, y2 := ifmaPrepare(s2, x, y, m)
		montIFMA52(&a1[0], &x1[0], &m1[0], &y1[0], ifmaRegs(n), len(y1), k0)
		montIFMA52Model(a2, x2, m2, y2, ifmaRegs(n), len(y2), k0)
		for i := range a1 {
			if a1[i] != a2[i] {
				t.Fatalf("%d limbs: lane %d: kernel %#x, model %#x", n, i, a1[i], a2[i])
			}
		}
	}
}
