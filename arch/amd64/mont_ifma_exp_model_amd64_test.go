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

// The Go model of mont/ifma's Exp and Exp2 (mont_ifma_exp_amd64.s): the
// production Go code (digit conversion, R'^2 by doublings, table, window
// loop, way out, final subtraction) with the kernels replaced by
// ammIFMA52Model and gatherIFMA52Model, so the algorithm is checked on
// hosts without IFMA. Every product's result is checked against the
// almost-Montgomery bound (below 2m, digits below 2^52, no carry out).

// ammIFMA52Model is ammIFMA52, statement for statement: zero the lanes,
// per digit the scalar step (AMMSTEP: q, and the next limb 0 in s) and
// the vector pass (AMMLANE), then s into lane 0 and the carries into z's
// l digits (AMMNORM); carry is what would leave digit l-1 (the bound
// makes it 0).
func ammIFMA52Model(z, a, x, y, m []uint64, v, l int, k0 uint64) (carry uint64) {
	for i := range a[:4*v+4] {
		a[i] = 0 // zero1
	}
	var s uint64             // s-16(SP)
	for i := 0; i < l; i++ { // step1
		b := y[i]                                  // MOVQ (y), BX
		t0 := x[0]*b&ifmaMask52 + s                // IMULQ, ANDQ, ADDQ s
		q := t0 * k0 & ifmaMask52                  // IMULQ k0, ANDQ
		yb, yq := ymm{b, b, b, b}, ymm{q, q, q, q} // VPBROADCASTQ
		ns := a[1]                                 // MOVQ 8(a), R14: before the stores
		ns += x[1] * b & ifmaMask52                // lo52(x_1 b)
		hi, lo := bits.Mul64(x[0], b)              // MULXQ
		ns += hi<<12 | lo>>52                      // SHRQ $52, DX, R15: hi52(x_0 b)
		ns += m[1] * q & ifmaMask52                // lo52(m_1 q)
		hi, lo = bits.Mul64(m[0], q)               // MULXQ
		lo, c := bits.Add64(lo, t0, 0)             // ADDQ AX, R15
		hi += c                                    // ADCQ $0, DX
		ns += hi<<12 | lo>>52                      // hi52(m_0 q) + c
		s = ns
		p := load(a, 0)          // VMOVDQU64 (a), P
		for j := 0; j < v; j++ { // lanes1
			n := load(a, 4*j+4)                   // VMOVDQU64 32(a), N
			t := valignq1(p, n)                   // VALIGNQ $1, P, N, T
			madd52(&t, load(x, 4*j+1), yb, false) // VPMADD52LUQ 8(x)
			madd52(&t, load(x, 4*j), yb, true)    // VPMADD52HUQ (x)
			madd52(&t, load(m, 4*j+1), yq, false) // VPMADD52LUQ 8(m)
			madd52(&t, load(m, 4*j), yq, true)    // VPMADD52HUQ (m)
			store(a, 4*j, t)                      // VMOVDQU64 T, (a)
			p = n                                 // VMOVDQA64 N, P
		}
	}
	a[0] = s // MOVQ AX, (SI)
	var c uint64
	for j := 0; j < l; j++ { // AMMNORM
		t := a[j] + c
		c = t >> ifmaLimbBits
		z[j] = t & ifmaMask52
	}
	return c
}

// gatherIFMA52Model is gatherIFMA52: entry idx of the 32 rows of w words,
// every row read under a mask.
func gatherIFMA52Model(out, tab []uint64, w, idx int) {
	for j := 0; j < w; j += 4 { // gchunk
		var acc ymm
		for i := 0; i < 1<<mont.ExpWindow; i++ { // gentry
			row := load(tab, i*w+j)
			if i == idx { // VPCMPEQQ into K1, then VPORQ under K1
				for k := range acc {
					acc[k] |= row[k]
				}
			}
		}
		store(out, j, acc)
	}
}

// ifmaModelStats collects what the model saw.
type ifmaModelStats struct {
	products int
	maxRatio float64 // largest result / m seen (the bound: below 2)
}

// ifmaModelKernels are the model kernels for Exp and Exp2, checking each
// product: digits below 2^52, no carry out of digit l-1, result below 2m.
func ifmaModelKernels(t *testing.T, st *ifmaModelStats, m1, m2 []uint64) *ifmaKernels {
	bms := []*big.Int{monttest.LimbsToBig(m1), monttest.LimbsToBig(m2)}
	k01 := mont.K0(m1[0]) & ifmaMask52
	return &ifmaKernels{
		amm: func(s *ifmaExpState, z, x, y []uint64) {
			bm := bms[1]
			if s.k0 == k01 {
				bm = bms[0]
			}
			if c := ammIFMA52Model(z, s.a, x, y, s.m, s.v, s.l, s.k0); c != 0 {
				t.Fatalf("l=%d: carry %#x out of the last digit", s.l, c)
			}
			for j, d := range z[:s.l] {
				if d > ifmaMask52 {
					t.Fatalf("l=%d: digit %d is %#x", s.l, j, d)
				}
			}
			v := monttest.LimbsToBig(digitsTo64(z[:s.l]))
			twoM := new(big.Int).Lsh(bm, 1)
			if v.Cmp(twoM) >= 0 {
				t.Fatalf("l=%d: product %x is not below 2m = %x", s.l, v, twoM)
			}
			r, _ := new(big.Float).Quo(new(big.Float).SetInt(v), new(big.Float).SetInt(bm)).Float64()
			if r > st.maxRatio {
				st.maxRatio = r
			}
			st.products++
		},
		gather: func(s *ifmaExpState, out []uint64, idx byte) { gatherIFMA52Model(out, s.tab, s.w, int(idx)) },
	}
}

// digitsTo64 is the 64-bit limbs of 52-bit digits.
func digitsTo64(d []uint64) []uint64 {
	t := make([]uint64, (52*len(d)+63)/64+1)
	for j, v := range d {
		ifmaPlace(t, v, ifmaLimbBits*j)
	}
	return t
}

func TestMontIFMAExpScratch(t *testing.T) {
	for n := 1; n <= mont.MaxLimbs; n++ {
		l := ifmaExpDigits(n)
		if 52*l < 64*n+2 || 52*(l-1) >= 64*n+2 || l > 158 {
			t.Fatalf("n=%d: l=%d is not ceil((64n+2)/52) or above the lane bound's 158", n, l)
		}
		if ifmaExpScratch(n) > mont.ExpScratch(n) || 2*ifmaExpScratch(n) > mont.Exp2Scratch(n) {
			t.Fatalf("n=%d: mont/ifma's Exp takes %d words, the contract gives %d", n, ifmaExpScratch(n), mont.ExpScratch(n))
		}
	}
}

// ifmaModelModuli are the moduli of n limbs the model runs: random with
// the top bit set, and just below 2^(64n) (all-ones limbs: the largest m
// the bound allows, with the most digits in use).
func ifmaModelModuli(r *rand.Rand, n int) [][]uint64 {
	top, below := make([]uint64, n), make([]uint64, n)
	for i := range top {
		top[i] = r.Uint64()
		below[i] = ^uint64(0)
	}
	top[0] |= 1
	top[n-1] |= 1 << 63
	below[0] -= 2 * uint64(r.Intn(100))
	return [][]uint64{top, below}
}

// TestMontIFMAExpModel runs Exp's algorithm through the model at every
// size 1..128 (the level takes 52-bit digits from ifmaExpMinLimbs; the
// algorithm works at all), bases 0, 1, m-1 (x^e = m-1 or 1: acc at the
// top of its range) and random, exponents empty, 1..3 bytes and (at the
// RSA half sizes) as long as the modulus, against math/big; it requires
// that the way out met m (x = 0: the final subtraction) and reports the
// largest product / m seen.
func TestMontIFMAExpModel(t *testing.T) {
	r := rand.New(rand.NewSource(54))
	var st ifmaModelStats
	for n := 1; n <= mont.MaxLimbs; n++ {
		for mi, m := range ifmaModelModuli(r, n) {
			bm := monttest.LimbsToBig(m)
			bases := [][]uint64{monttest.BigToLimbs(new(big.Int).Sub(bm, big.NewInt(1)), n), monttest.BigToLimbs(new(big.Int).Rand(r, bm), n)}
			if n%8 == 1 {
				bases = append(bases, make([]uint64, n), monttest.BigToLimbs(big.NewInt(1), n))
			}
			exps := [][]byte{nil, {3, byte(r.Intn(256)), 0xff}}
			if n == 16 || n == 32 {
				e := make([]byte, 8*n)
				r.Read(e)
				exps = append(exps, e)
			}
			for bi, x := range bases {
				for _, e := range exps {
					want := monttest.BigToLimbs(big.NewInt(1), n)
					if len(e) > 0 {
						want = monttest.BigToLimbs(new(big.Int).Exp(monttest.LimbsToBig(x), new(big.Int).SetBytes(e), bm), n)
					}
					z := make([]uint64, n)
					ifmaExp(ifmaModelKernels(t, &st, m, m), z, x, e, m, monttest.RR(m), mont.K0(m[0]), make([]uint64, mont.ExpScratch(n)))
					for i := range want {
						if z[i] != want[i] {
							t.Fatalf("n=%d modulus %d base %d e=%x: got %x want %x", n, mi, bi, e, monttest.LimbsToBig(z), monttest.LimbsToBig(want))
						}
					}
				}
			}
		}
	}
	if st.maxRatio < 1 {
		t.Fatalf("no product reached m (largest %.3f m): the bound's upper half was never met", st.maxRatio)
	}
	t.Logf("%d products, largest %.4f m (bound 2m)", st.products, st.maxRatio)
}

// TestMontIFMAExpWayOut checks the way out and the final subtraction at
// the top of the accumulator's range, which no x < m reaches (the way out
// meets m only for acc = m, and x = 0 keeps every product exactly 0):
// acc = m must give 0 (the subtraction taken), acc = 2m-1 and m-1 a
// result at most m and the right residue, at every size 1..128, through
// the model and, where the CPU has IFMA, the kernel.
func TestMontIFMAExpWayOut(t *testing.T) {
	im, _ := arch.Lookup("mont/ifma")
	kernel := (arch.State{Detected: arch.Detect()}).Missing(im) == ""
	r := rand.New(rand.NewSource(57))
	taken := 0
	for n := 1; n <= mont.MaxLimbs; n++ {
		for _, m := range ifmaModelModuli(r, n) {
			bm := monttest.LimbsToBig(m)
			two := new(big.Int).Lsh(bm, 1)
			rinv := new(big.Int).ModInverse(new(big.Int).Lsh(big.NewInt(1), uint(52*ifmaExpDigits(n))), bm)
			for _, acc := range []*big.Int{new(big.Int).Set(bm), new(big.Int).Sub(two, big.NewInt(1)), new(big.Int).Sub(bm, big.NewInt(1))} {
				for _, useKernel := range []bool{false, true} {
					if useKernel && !kernel {
						continue
					}
					var st ifmaExpState
					s := make([]uint64, mont.ExpScratch(n))
					ifmaExpSetup(&st, s, make([]uint64, n), m, monttest.RR(m), mont.K0(m[0]))
					if !useKernel {
						var stats ifmaModelStats
						st.model = ifmaModelKernels(t, &stats, m, m)
					}
					ifmaTo52(st.acc, monttest.BigToLimbs(acc, n+1))
					st.amm(st.t, st.acc, st.one)
					tv := monttest.LimbsToBig(digitsTo64(st.t[:st.l]))
					if tv.Cmp(bm) > 0 {
						t.Fatalf("n=%d acc=%x: way out gave %x, above m", n, acc, tv)
					}
					if tv.Cmp(bm) == 0 {
						taken++
					}
					z := make([]uint64, n)
					ifmaExpFinish(z, m, &st)
					want := new(big.Int).Mul(acc, rinv)
					want.Mod(want, bm)
					if monttest.LimbsToBig(z).Cmp(want) != 0 {
						t.Fatalf("n=%d acc=%x kernel=%v: got %x want %x", n, acc, useKernel, monttest.LimbsToBig(z), want)
					}
				}
			}
		}
	}
	if taken == 0 {
		t.Fatal("the way out never met m: the final subtraction was not reached")
	}
	t.Logf("final subtraction taken %d times", taken)
}

// TestMontIFMAExp2Model runs Exp2's lockstep (the shorter exponent's
// digits padded with zero digits) through the model at every size 1..128.
func TestMontIFMAExp2Model(t *testing.T) {
	r := rand.New(rand.NewSource(55))
	var st ifmaModelStats
	for n := 1; n <= mont.MaxLimbs; n++ {
		ms := ifmaModelModuli(r, n)
		m1, m2 := ms[0], ms[1]
		x1 := monttest.BigToLimbs(new(big.Int).Rand(r, monttest.LimbsToBig(m1)), n)
		x2 := monttest.BigToLimbs(new(big.Int).Rand(r, monttest.LimbsToBig(m2)), n)
		for _, ep := range [][2][]byte{{{7, 1}, {9}}, {nil, {0x80, 1, 2}}, {{0xff}, nil}} {
			z1, z2 := make([]uint64, n), make([]uint64, n)
			ifmaExp2(ifmaModelKernels(t, &st, m1, m2), z1, x1, ep[0], m1, monttest.RR(m1), mont.K0(m1[0]),
				z2, x2, ep[1], m2, monttest.RR(m2), mont.K0(m2[0]), make([]uint64, mont.Exp2Scratch(n)))
			for k, c := range []struct {
				z, x, m []uint64
				e       []byte
			}{{z1, x1, m1, ep[0]}, {z2, x2, m2, ep[1]}} {
				want := big.NewInt(1)
				if len(c.e) > 0 {
					want = new(big.Int).Exp(monttest.LimbsToBig(c.x), new(big.Int).SetBytes(c.e), monttest.LimbsToBig(c.m))
				}
				if monttest.LimbsToBig(c.z).Cmp(want) != 0 {
					t.Fatalf("n=%d half %d e1=%x e2=%x: got %x want %x", n, k+1, ep[0], ep[1], monttest.LimbsToBig(c.z), want)
				}
			}
		}
	}
	t.Logf("%d products, largest %.4f m", st.products, st.maxRatio)
}

// TestMontIFMAExpKernelModel runs the kernels themselves against their
// models, digit by digit, where the CPU has IFMA: ammIFMA52 and both
// halves of ammIFMA52x2 at every size 1..128 on inputs up to 2m-1 (the
// top of the almost-Montgomery range), and gatherIFMA52 for every index.
func TestMontIFMAExpKernelModel(t *testing.T) {
	im, _ := arch.Lookup("mont/ifma")
	if miss := (arch.State{Detected: arch.Detect()}).Missing(im); miss != "" {
		t.Skipf("mont/ifma cannot run here (%s): %s", miss, im.NeedsHardware)
	}
	r := rand.New(rand.NewSource(56))
	for n := 1; n <= mont.MaxLimbs; n++ {
		ms := ifmaModelModuli(r, n)
		l, w := ifmaExpDigits(n), ifmaExpRow(n)
		v := (l + 3) / 4
		row := func(b *big.Int) []uint64 {
			d := make([]uint64, w)
			ifmaTo52(d, monttest.BigToLimbs(b, n+1))
			return d
		}
		var ops [2][4][]uint64 // x, y, m, k0
		for k, m := range ms {
			bm := monttest.LimbsToBig(m)
			two := new(big.Int).Lsh(bm, 1)
			x := new(big.Int).Sub(two, big.NewInt(1)) // 2m-1
			y := new(big.Int).Rand(r, two)
			ops[k] = [4][]uint64{row(x), row(y), row(bm), {mont.K0(m[0]) & ifmaMask52}}
		}
		z1, z2, a1, a2 := make([]uint64, w), make([]uint64, w), make([]uint64, w), make([]uint64, w)
		zm1, zm2, am := make([]uint64, w), make([]uint64, w), make([]uint64, w)
		ammIFMA52(&z1[0], &a1[0], &ops[0][0][0], &ops[0][1][0], &ops[0][2][0], v, l, ops[0][3][0])
		ammIFMA52Model(zm1, am, ops[0][0], ops[0][1], ops[0][2], v, l, ops[0][3][0])
		ammIFMA52Model(zm2, am, ops[1][0], ops[1][1], ops[1][2], v, l, ops[1][3][0])
		cmp := func(what string, got, want []uint64) {
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("%d limbs, %s: digit %d: kernel %#x, model %#x", n, what, i, got[i], want[i])
				}
			}
		}
		cmp("ammIFMA52", z1, zm1)
		for i := range z1 {
			z1[i] = 0
		}
		ammIFMA52x2(&z1[0], &a1[0], &ops[0][0][0], &ops[0][1][0], &ops[0][2][0], &z2[0], &a2[0], &ops[1][0][0], &ops[1][1][0], &ops[1][2][0], v, l, ops[0][3][0], ops[1][3][0])
		cmp("ammIFMA52x2 first", z1, zm1)
		cmp("ammIFMA52x2 second", z2, zm2)
		tab := make([]uint64, w<<mont.ExpWindow)
		for i := range tab {
			tab[i] = r.Uint64()
		}
		for idx := 0; idx < 1<<mont.ExpWindow; idx++ {
			g, gm := make([]uint64, w), make([]uint64, w)
			gatherIFMA52(&g[0], &tab[0], w, idx)
			gatherIFMA52Model(gm, tab, w, idx)
			cmp(fmt.Sprintf("gatherIFMA52 entry %d", idx), g, gm)
		}
	}
}
