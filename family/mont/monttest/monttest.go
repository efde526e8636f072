// Package monttest holds the Montgomery conformance checks every
// arch/<goarch> test package runs on its mont levels (target side, Go 1.18).
package monttest

import (
	"fmt"
	"math/big"
	"math/rand"
	"testing"
	"unsafe"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/arch/archtest"
	"github.com/xarchlab/xarch/family/mont"
)

// Levels checks every usable mont level of goarch and the generic level
// against math/big: every size 1..mont.MaxLimbs limbs, moduli with the
// top bit set, just above a power of two (top limb 1) and just below one
// (all-ones limbs); operands 0, 1, m-1, x = y, all-ones limbs and random
// ones; products that need the final subtraction and products that don't
// (both are required per size, so the test cannot pass without reaching
// the subtraction); z aliasing x, y and both; and every operand flush
// against a PROT_NONE page on either side. Then the exponentiation
// (Funcs.Exp, or the family's ExpMul over Mul for a level without one)
// against math/big's Exp: see expSizes and expGuardPage.
func Levels(t *testing.T, goarch string) {
	levels := archtest.Levels(t, mont.Name, goarch, true)
	if len(levels) == 0 {
		t.Fatalf("no mont level usable on %s (mont/generic always should be)", goarch)
	}
	for _, im := range levels {
		im := im
		t.Run(archtest.SubtestName(im.Name), func(t *testing.T) {
			f, err := mont.Of(im)
			if err != nil {
				t.Fatal(err)
			}
			c := montCase{t: t, goarch: goarch, im: im, mul: f.Mul, exp: f.Exp}
			t.Run("sizes", func(t *testing.T) { c.t = t; c.sizes() })
			t.Run("aliasing", func(t *testing.T) { c.t = t; c.aliasing() })
			t.Run("guard-page", func(t *testing.T) { c.t = t; c.guardPage() })
			// Exp only where the level has its own: the family's loop over
			// Mul is the family's code (its host tests), and under qemu the
			// 8192-bit exponents cost minutes per level.
			if c.exp != nil {
				t.Run("exp", func(t *testing.T) { c.t = t; c.expSizes() })
				t.Run("exp-guard-page", func(t *testing.T) { c.t = t; c.expGuardPage() })
			}
			if f.Exp2 != nil {
				c.exp2 = f.Exp2
				t.Run("exp2", func(t *testing.T) { c.t = t; c.exp2Sizes() })
				t.Run("exp2-guard-page", func(t *testing.T) { c.t = t; c.exp2GuardPage() })
			}
		})
	}
	t.Logf("ran: %s", archtest.Names(levels))
}

type montCase struct {
	t      *testing.T
	goarch string
	im     *arch.Impl
	mul    func(z, x, y, m []uint64, k0 uint64)
	exp    func(z, x []uint64, e []byte, m, rr []uint64, k0 uint64, scratch []uint64)
	exp2   func(z1, x1 []uint64, e1 []byte, m1, rr1 []uint64, k01 uint64, z2, x2 []uint64, e2 []byte, m2, rr2 []uint64, k02 uint64, scratch []uint64)
}

// Want is x*y*2^(-64n) mod m by math/big, and whether the CIOS
// intermediate (x*y + q*m) / 2^(64n) reaches m (the final subtraction runs).
func Want(x, y, m []uint64) (want []uint64, sub bool) {
	n := len(m)
	bm, bx, by := LimbsToBig(m), LimbsToBig(x), LimbsToBig(y)
	r := new(big.Int).Lsh(big.NewInt(1), uint(64*n))
	rinv := new(big.Int).ModInverse(r, bm)
	xy := new(big.Int).Mul(bx, by)
	z := new(big.Int).Mul(xy, rinv)
	z.Mod(z, bm)
	// q = xy * (-m^-1) mod R; t = (xy + q m) / R
	minv := new(big.Int).ModInverse(bm, r)
	q := new(big.Int).Mul(xy, minv)
	q.Neg(q).Mod(q, r)
	tt := new(big.Int).Add(xy, q.Mul(q, bm))
	tt.Rsh(tt, uint(64*n))
	return BigToLimbs(z, n), tt.Cmp(bm) >= 0
}

// LimbsToBig reads little-endian 64-bit limbs.
func LimbsToBig(a []uint64) *big.Int {
	z := new(big.Int)
	for i := len(a) - 1; i >= 0; i-- {
		z.Lsh(z, 64)
		z.Or(z, new(big.Int).SetUint64(a[i]))
	}
	return z
}

// BigToLimbs writes z (0 <= z < 2^(64n)) as n little-endian limbs.
func BigToLimbs(z *big.Int, n int) []uint64 {
	out := make([]uint64, n)
	w := new(big.Int).Set(z)
	mask := new(big.Int).SetUint64(^uint64(0))
	for i := 0; i < n; i++ {
		out[i] = new(big.Int).And(w, mask).Uint64()
		w.Rsh(w, 64)
	}
	return out
}

// montModuli are the moduli of n limbs the checks use.
func montModuli(r *rand.Rand, n int) map[string][]uint64 {
	top := make([]uint64, n) // random, top bit set
	above := make([]uint64, n)
	below := make([]uint64, n)
	for i := range top {
		top[i] = r.Uint64()
		below[i] = ^uint64(0)
	}
	top[n-1] |= 1 << 63
	top[0] |= 1
	// 2^(64(n-1)) + small odd: just above a power of two, top limb 1.
	above[0] = uint64(r.Intn(1000))*2 + 1
	above[n-1] = 1
	if n == 1 {
		above[0] = 1<<63 + 1
	}
	below[0] = ^uint64(0) - 2*uint64(r.Intn(1000)) // 2^(64n) - small odd
	return map[string][]uint64{"random": top, "above-pow2": above, "below-pow2": below}
}

// montOperands are the x, y pairs for m, by name.
func montOperands(r *rand.Rand, m []uint64) (names []string, xs, ys [][]uint64) {
	n := len(m)
	bm := LimbsToBig(m)
	rnd := func() []uint64 { return BigToLimbs(new(big.Int).Rand(r, bm), n) }
	mm1 := BigToLimbs(new(big.Int).Sub(bm, big.NewInt(1)), n)
	zero, one := make([]uint64, n), make([]uint64, n)
	one[0] = 1
	ones := make([]uint64, n) // all-ones limbs below the top one
	for i := 0; i < n-1; i++ {
		ones[i] = ^uint64(0)
	}
	if LimbsToBig(ones).Cmp(bm) >= 0 {
		ones = mm1
	}
	a := rnd()
	add := func(name string, x, y []uint64) {
		names = append(names, name)
		xs = append(xs, x)
		ys = append(ys, y)
	}
	add("0*random", zero, rnd())
	add("1*random", one, rnd())
	add("1*1", one, one)
	add("(m-1)*(m-1)", mm1, mm1)
	add("(m-1)*1", mm1, one)
	add("x*x", a, a)
	add("all-ones-limbs", ones, ones)
	add("all-ones*(m-1)", ones, mm1)
	for i := 0; i < 4; i++ {
		add("random", rnd(), rnd())
	}
	return
}

func (c montCase) check(z, x, y, m []uint64, what string) {
	c.t.Helper()
	want, _ := Want(x, y, m)
	k0 := mont.K0(m[0])
	c.mul(z, x, y, m, k0)
	for i := range want {
		if z[i] != want[i] {
			c.t.Fatalf("%s: %s, %d limbs: limb %d differs\n m    %x\n x    %x\n y    %x\n got  %x\n want %x\n%s",
				c.im.Name, what, len(m), i, hexLimbs(m), hexLimbs(x), hexLimbs(y), hexLimbs(z), hexLimbs(want), archtest.Reproduce(c.t, c.goarch))
		}
	}
}

func hexLimbs(a []uint64) string { return fmt.Sprintf("%x", LimbsToBig(a)) }

func (c montCase) sizes() {
	r := rand.New(rand.NewSource(1))
	for n := 1; n <= mont.MaxLimbs; n++ {
		for _, kind := range []string{"random", "above-pow2", "below-pow2"} {
			m := montModuli(r, n)[kind]
			names, xs, ys := montOperands(r, m)
			for i := range names {
				c.check(make([]uint64, n), xs[i], ys[i], m, kind+" modulus, "+names[i])
			}
		}
		// Both sides of the final subtraction, by search on random
		// operands under the random modulus.
		m := montModuli(r, n)["random"]
		bm := LimbsToBig(m)
		seen := [2]bool{}
		for try := 0; try < 4000 && !(seen[0] && seen[1]); try++ {
			x := BigToLimbs(new(big.Int).Rand(r, bm), n)
			y := BigToLimbs(new(big.Int).Rand(r, bm), n)
			_, sub := Want(x, y, m)
			k := 0
			if sub {
				k = 1
			}
			if seen[k] {
				continue
			}
			seen[k] = true
			c.check(make([]uint64, n), x, y, m, fmt.Sprintf("final subtraction %v", sub))
		}
		if !seen[0] || !seen[1] {
			c.t.Fatalf("%d limbs: found no operands with final subtraction %v (search bound too small)", n, seen[1])
		}
	}
}

func (c montCase) aliasing() {
	r := rand.New(rand.NewSource(2))
	for _, n := range []int{1, 2, 3, 8, 16, 17, 31, 32, 33, 48, 64, 65, mont.MaxLimbs} {
		m := montModuli(r, n)["random"]
		_, xs, ys := montOperands(r, m)
		x, y := xs[len(xs)-1], ys[len(ys)-1]
		want, _ := Want(x, y, m)
		wantSq, _ := Want(x, x, m)
		cp := func(a []uint64) []uint64 { return append([]uint64(nil), a...) }
		k0 := mont.K0(m[0])
		z := cp(x)
		c.mul(z, z, y, m, k0)
		c.same(z, want, m, "z aliases x")
		z = cp(y)
		c.mul(z, x, z, m, k0)
		c.same(z, want, m, "z aliases y")
		z = cp(x)
		c.mul(z, z, z, m, k0)
		c.same(z, wantSq, m, "z aliases x and y")
	}
}

func (c montCase) same(got, want, m []uint64, what string) {
	c.t.Helper()
	for i := range want {
		if got[i] != want[i] {
			c.t.Fatalf("%s: %s, %d limbs: got %x want %x; %s", c.im.Name, what, len(m), hexLimbs(got), hexLimbs(want), archtest.Reproduce(c.t, c.goarch))
		}
	}
}

// guardPage puts z, x, y and m each flush against the end of its own page
// (a read or write past them faults), then at its start (one before).
func (c montCase) guardPage() {
	pages, release, err := archtest.GuardedPages(4)
	if err != nil {
		archtest.NoGuardPages(c.t, err)
		return
	}
	defer release()
	r := rand.New(rand.NewSource(3))
	for _, n := range []int{1, 4, 16, 17, 32, 48, 64, mont.MaxLimbs} {
		m := montModuli(r, n)["random"]
		_, xs, ys := montOperands(r, m)
		x, y := xs[len(xs)-1], ys[len(ys)-1]
		for _, atEnd := range []bool{true, false} {
			ops := make([][]uint64, 4)
			for i, src := range [][]uint64{nil, x, y, m} {
				off := 0
				if atEnd {
					off = len(pages[i]) - 8*n
				}
				w := (*[mont.MaxLimbs]uint64)(unsafe.Pointer(&pages[i][off]))[:n:n]
				copy(w, src)
				ops[i] = w
			}
			c.check(ops[0], ops[1], ops[2], ops[3], fmt.Sprintf("operands flush against a guard page (at page end: %v)", atEnd))
		}
	}
}

// ExpSizes are the sizes the exponentiation checks run at: 1, 2, each
// unrolled size of a level (16, 24, 32 limbs: the RSA CRT halves) and one
// limb either side, 48, 64 and MaxLimbs.
var ExpSizes = []int{1, 2, 3, 15, 16, 17, 23, 24, 25, 31, 32, 33, 48, 64, mont.MaxLimbs}

// RR is R^2 mod m, R = 2^(64 len(m)).
func RR(m []uint64) []uint64 {
	r := new(big.Int).Lsh(big.NewInt(1), uint(128*len(m)))
	return BigToLimbs(r.Mod(r, LimbsToBig(m)), len(m))
}

// expExponents are the exponents for a modulus of n limbs, by name:
// empty, zero bytes, 1, one byte, every length 1..11 bytes (the last
// window of each width 1..5 bits), all-ones, leading zero bytes, a random
// one of the modulus's length (as an RSA CRT half has), and for n <= 33
// one of MaxBytes bytes.
func expExponents(r *rand.Rand, n int) (names []string, es [][]byte) {
	add := func(name string, e []byte) { names = append(names, name); es = append(es, e) }
	rnd := func(k int) []byte { e := make([]byte, k); r.Read(e); return e }
	add("empty", nil)
	add("zero bytes", make([]byte, 3))
	add("1", []byte{1})
	add("0x80", []byte{0x80})
	for k := 1; k <= 11; k++ {
		add(fmt.Sprintf("random %d bytes", k), rnd(k))
	}
	ones := make([]byte, 9)
	for i := range ones {
		ones[i] = 0xff
	}
	add("all ones", ones)
	add("leading zero bytes", append(make([]byte, 4), rnd(5)...))
	full := 8 * n
	if full > 128 {
		full = 128 // 1024-bit exponents at most beyond 16 limbs: the sizes are what is checked here
	}
	add(fmt.Sprintf("random %d bytes", full), rnd(full))
	if n <= 33 {
		add(fmt.Sprintf("random %d bytes (MaxBytes)", mont.MaxBytes), rnd(mont.MaxBytes))
	}
	return
}

// checkExp runs c.exp once (z and x may be the same slice) and compares
// with math/big; x is restored from bx for the message.
func (c montCase) checkExp(z, x []uint64, e []byte, m []uint64, what string) {
	c.t.Helper()
	n := len(m)
	bx := LimbsToBig(x)
	want := BigToLimbs(new(big.Int).Exp(bx, new(big.Int).SetBytes(e), LimbsToBig(m)), n)
	if len(e) == 0 {
		want = BigToLimbs(big.NewInt(1), n) // x^0 = 1, also for x = 0 (m > 1)
	}
	es := append([]byte(nil), e...)
	c.exp(z, x, e, m, RR(m), mont.K0(m[0]), make([]uint64, mont.ExpScratch(n)))
	for i := range want {
		if z[i] != want[i] {
			c.t.Fatalf("%s: exp, %s, %d limbs, %d-byte exponent: limb %d differs\n m    %x\n x    %x\n e    %x\n got  %x\n want %x\n%s",
				c.im.Name, what, n, len(e), i, hexLimbs(m), bx, e, hexLimbs(z), hexLimbs(want), archtest.Reproduce(c.t, c.goarch))
		}
	}
	for i := range e {
		if e[i] != es[i] {
			c.t.Fatalf("%s: exp, %s, %d limbs: the exponent was modified", c.im.Name, what, n)
		}
	}
}

// expSizes: every ExpSizes size, three kinds of modulus, bases 0, 1, m-1,
// random, every exponent of expExponents; z apart from x and z = x.
func (c montCase) expSizes() {
	r := rand.New(rand.NewSource(4))
	for _, n := range LevelExpSizes(c.im) {
		for _, kind := range []string{"random", "above-pow2", "below-pow2"} {
			m := montModuli(r, n)[kind]
			bm := LimbsToBig(m)
			bases := map[string][]uint64{
				"0":      make([]uint64, n),
				"1":      BigToLimbs(big.NewInt(1), n),
				"m-1":    BigToLimbs(new(big.Int).Sub(bm, big.NewInt(1)), n),
				"random": BigToLimbs(new(big.Int).Rand(r, bm), n),
			}
			names, es := expExponents(r, n)
			for bname, x := range bases {
				for i, e := range es {
					if kind != "random" && bname != "random" && len(e) > 16 {
						continue // the long exponents with the random modulus and base only
					}
					what := fmt.Sprintf("%s modulus, base %s, exponent %s", kind, bname, names[i])
					c.checkExp(make([]uint64, n), x, e, m, what)
					if bname == "random" && i%4 == 0 {
						z := append([]uint64(nil), x...)
						c.checkExp(z, z, e, m, what+", z = x")
					}
				}
			}
		}
	}
}

// expGuardPage puts z, x, m, rr, the exponent and (where it fits in a
// page) the scratch each flush against the end of its own page, then at
// its start.
func (c montCase) expGuardPage() {
	pages, release, err := archtest.GuardedPages(6)
	if err != nil {
		archtest.NoGuardPages(c.t, err)
		return
	}
	defer release()
	r := rand.New(rand.NewSource(5))
	for _, n := range []int{1, 15, 16, 17, 24, 32, 33, mont.MaxLimbs} {
		m := montModuli(r, n)["random"]
		bm := LimbsToBig(m)
		x := BigToLimbs(new(big.Int).Rand(r, bm), n)
		e := make([]byte, 8*n)
		if len(e) > 128 {
			e = e[:128]
		}
		r.Read(e)
		rr := RR(m)
		for _, atEnd := range []bool{true, false} {
			at := func(i, bytes int) unsafe.Pointer {
				off := 0
				if atEnd {
					off = len(pages[i]) - bytes
				}
				return unsafe.Pointer(&pages[i][off])
			}
			words := func(i int, src []uint64, k int) []uint64 {
				w := (*[mont.MaxLimbs * 40]uint64)(at(i, 8*k))[:k:k]
				copy(w, src)
				return w
			}
			sw := mont.ExpScratch(n)
			z, xw, mw, rw := words(0, nil, n), words(1, x, n), words(2, m, n), words(3, rr, n)
			sc := make([]uint64, sw) // a page holds the scratch of small moduli only
			if 8*sw <= len(pages[5]) {
				sc = words(5, nil, sw)
			}
			ew := (*[mont.MaxBytes]byte)(at(4, len(e)))[:len(e):len(e)]
			copy(ew, e)
			want := BigToLimbs(new(big.Int).Exp(LimbsToBig(x), new(big.Int).SetBytes(e), bm), n)
			c.exp(z, xw, ew, mw, rw, mont.K0(m[0]), sc)
			for i := range want {
				if z[i] != want[i] {
					c.t.Fatalf("%s: exp, %d limbs, operands flush against a guard page (at page end: %v): got %x want %x; %s",
						c.im.Name, n, atEnd, hexLimbs(z), hexLimbs(want), archtest.Reproduce(c.t, c.goarch))
				}
			}
		}
	}
}

// LevelExpSizes is ExpSizes and, for each limb-count tuning of im (its
// thresholds: min_limbs, exp_min_limbs, ...), that size and one limb either
// side, within 1..MaxLimbs, in increasing order without repeats.
func LevelExpSizes(im *arch.Impl) []int {
	seen := map[int]bool{}
	for _, n := range ExpSizes {
		seen[n] = true
	}
	for _, tu := range im.Tuning {
		if tu.Unit != arch.Blocks {
			continue
		}
		for d := -1; d <= 1; d++ {
			if n := int(tu.Value) + d; n >= 1 && n <= mont.MaxLimbs {
				seen[n] = true
			}
		}
	}
	var out []int
	for n := 1; n <= mont.MaxLimbs; n++ {
		if seen[n] {
			out = append(out, n)
		}
	}
	return out
}

// wantExp is x^e mod m by math/big (1 for an empty e).
func wantExp(x []uint64, e []byte, m []uint64) []uint64 {
	if len(e) == 0 {
		return BigToLimbs(big.NewInt(1), len(m))
	}
	return BigToLimbs(new(big.Int).Exp(LimbsToBig(x), new(big.Int).SetBytes(e), LimbsToBig(m)), len(m))
}

// checkExp2 runs c.exp2 once on two operand sets (z1 may be x1, z2 x2)
// and compares both results with math/big.
func (c montCase) checkExp2(z1, x1 []uint64, e1 []byte, m1 []uint64, z2, x2 []uint64, e2 []byte, m2 []uint64, what string) {
	c.t.Helper()
	n := len(m1)
	w1, w2 := wantExp(x1, e1, m1), wantExp(x2, e2, m2)
	bx1, bx2 := LimbsToBig(x1), LimbsToBig(x2)
	c.exp2(z1, x1, e1, m1, RR(m1), mont.K0(m1[0]), z2, x2, e2, m2, RR(m2), mont.K0(m2[0]), make([]uint64, mont.Exp2Scratch(n)))
	for i := 0; i < n; i++ {
		if z1[i] != w1[i] || z2[i] != w2[i] {
			c.t.Fatalf("%s: exp2, %s, %d limbs, %d- and %d-byte exponents\n m1 %x\n x1 %x\n e1 %x\n got  %x\n want %x\n m2 %x\n x2 %x\n e2 %x\n got  %x\n want %x\n%s",
				c.im.Name, what, n, len(e1), len(e2), hexLimbs(m1), bx1, e1, hexLimbs(z1), hexLimbs(w1), hexLimbs(m2), bx2, e2, hexLimbs(z2), hexLimbs(w2), archtest.Reproduce(c.t, c.goarch))
		}
	}
}

// exp2Sizes: at every LevelExpSizes size, pairs of moduli of different
// kinds, bases 0, 1, m-1 and random, exponents of equal and of different
// lengths (either one longer, one empty), apart and with z = x.
func (c montCase) exp2Sizes() {
	r := rand.New(rand.NewSource(6))
	rnd := func(k int) []byte { e := make([]byte, k); r.Read(e); return e }
	for _, n := range LevelExpSizes(c.im) {
		mods := montModuli(r, n)
		pairs := [][2]string{{"random", "below-pow2"}, {"below-pow2", "random"}, {"above-pow2", "random"}}
		for _, pk := range pairs {
			m1, m2 := mods[pk[0]], mods[pk[1]]
			b1, b2 := LimbsToBig(m1), LimbsToBig(m2)
			base := func(bm *big.Int, kind int) []uint64 {
				switch kind {
				case 0:
					return make([]uint64, n)
				case 1:
					return BigToLimbs(big.NewInt(1), n)
				case 2:
					return BigToLimbs(new(big.Int).Sub(bm, big.NewInt(1)), n)
				}
				return BigToLimbs(new(big.Int).Rand(r, bm), n)
			}
			full := 8 * n
			if full > 128 {
				full = 128
			}
			exps := [][2][]byte{{rnd(full), rnd(full)}, {rnd(full), rnd(full - 1)}, {rnd(3), rnd(full)}, {nil, rnd(9)}, {rnd(5), nil}, {nil, nil}, {append(make([]byte, 2), rnd(7)...), rnd(9)}}
			for k1 := 0; k1 < 4; k1++ {
				k2 := 3 - k1
				for i, ep := range exps {
					what := fmt.Sprintf("moduli %s and %s, bases %d and %d, exponent pair %d", pk[0], pk[1], k1, k2, i)
					x1, x2 := base(b1, k1), base(b2, k2)
					c.checkExp2(make([]uint64, n), x1, ep[0], m1, make([]uint64, n), x2, ep[1], m2, what)
					if k1 == 3 && i < 3 {
						z1, z2 := append([]uint64(nil), x1...), append([]uint64(nil), x2...)
						c.checkExp2(z1, z1, ep[0], m1, z2, z2, ep[1], m2, what+", z = x")
					}
				}
			}
		}
	}
}

// exp2GuardPage puts z1, x1, m1, rr1, e1, z2, x2 and e2 each flush
// against the end of its own page, then at its start.
func (c montCase) exp2GuardPage() {
	pages, release, err := archtest.GuardedPages(8)
	if err != nil {
		archtest.NoGuardPages(c.t, err)
		return
	}
	defer release()
	r := rand.New(rand.NewSource(7))
	for _, n := range []int{1, 15, 16, 17, 24, 32, 33, mont.MaxLimbs} {
		mods := montModuli(r, n)
		m1, m2 := mods["random"], mods["below-pow2"]
		x1 := BigToLimbs(new(big.Int).Rand(r, LimbsToBig(m1)), n)
		x2 := BigToLimbs(new(big.Int).Rand(r, LimbsToBig(m2)), n)
		k := 8 * n
		if k > 128 {
			k = 128
		}
		e1, e2 := make([]byte, k), make([]byte, k-1)
		r.Read(e1)
		r.Read(e2)
		for _, atEnd := range []bool{true, false} {
			at := func(i, bytes int) unsafe.Pointer {
				off := 0
				if atEnd {
					off = len(pages[i]) - bytes
				}
				return unsafe.Pointer(&pages[i][off])
			}
			words := func(i int, src []uint64) []uint64 {
				w := (*[mont.MaxLimbs]uint64)(at(i, 8*n))[:n:n]
				copy(w, src)
				return w
			}
			bytesAt := func(i int, src []byte) []byte {
				b := (*[mont.MaxBytes]byte)(at(i, len(src)))[:len(src):len(src)]
				copy(b, src)
				return b
			}
			z1, xw1, mw1, rw1 := words(0, nil), words(1, x1), words(2, m1), words(3, RR(m1))
			ew1, z2, xw2, ew2 := bytesAt(4, e1), words(5, nil), words(6, x2), bytesAt(7, e2)
			w1, w2 := wantExp(x1, e1, m1), wantExp(x2, e2, m2)
			c.exp2(z1, xw1, ew1, mw1, rw1, mont.K0(m1[0]), z2, xw2, ew2, m2, RR(m2), mont.K0(m2[0]), make([]uint64, mont.Exp2Scratch(n)))
			for i := 0; i < n; i++ {
				if z1[i] != w1[i] || z2[i] != w2[i] {
					c.t.Fatalf("%s: exp2, %d limbs, operands flush against a guard page (at page end: %v): got %x, %x want %x, %x; %s",
						c.im.Name, n, atEnd, hexLimbs(z1), hexLimbs(z2), hexLimbs(w1), hexLimbs(w2), archtest.Reproduce(c.t, c.goarch))
				}
			}
		}
	}
}
