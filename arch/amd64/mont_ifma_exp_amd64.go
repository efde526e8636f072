//go:build gc

package amd64

import (
	"math/bits"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/mont"
)

// mont/ifma's Exp and Exp2 (mont.Funcs): the whole exponentiation in
// 52-bit digits. x and m are converted once; the products run in the
// Montgomery domain of R' = 2^(52l), l = ifmaExpDigits(n), entered by one
// product with R'^2 mod m, which comes from the contract's rr = 2^(128n)
// mod m by 2e masked modular doublings (R'^2 = 2^(128n) 2^(2e), e = 52l -
// 64n, 2 <= e <= 53; the doublings' count depends on n only). The table,
// the window loop (the family's ExpWindow) and the way out are "almost
// Montgomery" products (ammIFMA52, mont_ifma_exp_amd64.s) that keep every
// value below 2m, never subtracting m:
//
//	inputs a, b < 2m and m < 2^(64n) <= R'/4 (l is chosen so), so the
//	result (ab + qm)/R' < 4m*m/R' + m <= m + m = 2m;
//
// and 2m < R'/2 fits l digits. The way out is a product by 1: (acc*1 +
// qm)/R' < 2m/R' + m, so it is at most m, and m exactly only when acc is
// a multiple of m (x = 0); one masked subtraction after the conversion
// back to 64-bit limbs ends it. Exp2 runs both exponentiations through
// the two-product kernel (ammIFMA52x2), so the scalar chain of one
// product (each digit's q) overlaps the other's vector work. The table
// read (gatherIFMA52) reads all 32 entries under a mask; the digits and
// every loop bound depend only on n and len(e).

// Tuning of mont/ifma's exponentiation.
const (
	// ifmaExpMinLimbs: Exp below it is mont/adx's Exp. Timed with
	// BenchmarkMontExpIFMACrossover on Zen 5 (best of 3, a loaded host):
	// at 16 limbs mont/adx's unrolled window loop takes 348 us against
	// 382 for 52-bit digits, at 20 limbs 799 against 474; from 17 mont/adx
	// runs its loop kernels, so 52-bit digits from there.
	ifmaExpMinLimbs = 17
	// ifmaExp2MinLimbs: Exp2 below it is mont/adx's Exp twice. The dual
	// kernel took 90 us for two 8-limb exponentiations against 2 x 78,
	// and 538 against 2 x 348 at 16 limbs; below 8 it was not timed.
	ifmaExp2MinLimbs = 8
)

// The gather and the window loop hard-code a 32-entry table.
const (
	_ = uint(mont.ExpWindow - 5)
	_ = uint(5 - mont.ExpWindow)
)

//go:noescape
func ammIFMA52(z, a, x, y, m *uint64, v, l int, k0 uint64)

//go:noescape
func ammIFMA52x2(z1, a1, x1, y1, m1, z2, a2, x2, y2, m2 *uint64, v, l int, k01, k02 uint64)

//go:noescape
func gatherIFMA52(out, tab *uint64, w, idx int)

// ifmaExpDigits is l = ceil((64n+2)/52): R' = 2^(52l) >= 2^(64n+2) > 4m.
func ifmaExpDigits(n int) int { return (64*n + 2 + ifmaLimbBits - 1) / ifmaLimbBits }

// ifmaExpRow is the words of one number in the exponentiation: 4v+4, v =
// ceil(l/4) registers, digits above l-1 zero (the kernel reads one
// register past the last, and the accumulator has one more).
func ifmaExpRow(n int) int { return 4*((ifmaExpDigits(n)+3)/4) + 4 }

// ifmaExpScratch is the words one exponentiation takes: 39 rows (the 32
// table entries, m, 1, R'^2, x, the accumulator, the entry read and the
// kernel's lanes) and 2n+1 words of 64-bit limbs; mont.ExpScratch(n)
// covers it at every n (TestMontIFMAExpScratch).
func ifmaExpScratch(n int) int { return 39*ifmaExpRow(n) + 2*n + 1 }

// ifmaExpState is one exponentiation's numbers, carved from its scratch.
type ifmaExpState struct {
	v, l, w                  int
	k0                       uint64
	m, one, rr, x, acc, t, a []uint64 // one row each
	tab                      []uint64 // 32 rows
	t64                      []uint64 // n+1 limbs
	d64                      []uint64 // n limbs
	// model, set only by the tests, runs the Go model of the kernels
	// (mont_ifma_model_amd64_test.go) in their place.
	model *ifmaKernels
}

// ifmaKernels stand in for ammIFMA52 and gatherIFMA52 (the dual kernel is
// two ammIFMA52 products).
type ifmaKernels struct {
	amm    func(st *ifmaExpState, z, x, y []uint64)
	gather func(st *ifmaExpState, out []uint64, idx byte)
}

// ifmaExpSetup carves s, converts m and x to digits, derives R'^2 mod m
// from rr and sets the rows' tails to zero.
func ifmaExpSetup(st *ifmaExpState, s, x, m, rr []uint64, k0 uint64) {
	n := len(m)
	l, w := ifmaExpDigits(n), ifmaExpRow(n)
	st.v, st.l, st.w, st.k0 = (l+3)/4, l, w, k0&ifmaMask52
	row := func() []uint64 {
		r := s[:w:w]
		s = s[w:]
		return r
	}
	st.m, st.one, st.rr, st.x, st.acc, st.t, st.a = row(), row(), row(), row(), row(), row(), row()
	st.tab = s[: w<<mont.ExpWindow : w<<mont.ExpWindow]
	s = s[w<<mont.ExpWindow:]
	st.t64, st.d64 = s[:n+1:n+1], s[n+1:2*n+1:2*n+1]
	for i := range st.tab {
		st.tab[i] = 0
	}
	// R'^2 mod m = rr 2^(2e) mod m, in t64 (a copy: rr is only read).
	r := st.t64[:n]
	copy(r, rr)
	for i := 2 * (ifmaLimbBits*l - 64*n); i > 0; i-- {
		ifmaModDouble(r, st.d64, m)
	}
	ifmaTo52(st.rr, r)
	ifmaTo52(st.m, m)
	ifmaTo52(st.x, x)
	for i := range st.one {
		st.one[i] = 0
	}
	st.one[0] = 1
}

// ifmaModDouble sets r = 2r mod m (r < m) by mask; d is n words of scratch.
func ifmaModDouble(r, d, m []uint64) {
	var c uint64
	for j, v := range r {
		r[j], c = v<<1|c, v>>63
	}
	var b uint64
	for j := range r {
		d[j], b = bits.Sub64(r[j], m[j], b)
	}
	keep := -((c | (b ^ 1)) & 1) // 2r >= m: take 2r - m
	for j := range r {
		r[j] = d[j]&keep | r[j]&^keep
	}
}

// ifmaTo52 sets the row d to the 52-bit digits of src (n limbs), zero
// from the first digit past src's bits.
func ifmaTo52(d, src []uint64) {
	n := len(src)
	for k := range d {
		p := ifmaLimbBits * k
		i, o := p/64, uint(p%64)
		var v uint64
		if i < n {
			v = src[i] >> o
			if o > 64-ifmaLimbBits && i+1 < n {
				v |= src[i+1] << (64 - o)
			}
		}
		d[k] = v & ifmaMask52
	}
}

// ifmaExpFinish converts the digits of t (at most m) to z with the masked
// final subtraction.
func ifmaExpFinish(z, m []uint64, st *ifmaExpState) {
	t := st.t64
	for i := range t {
		t[i] = 0
	}
	for j := 0; j < st.l; j++ {
		ifmaPlace(t, st.t[j], ifmaLimbBits*j)
	}
	mont.GenericFinalSub(z, t, m)
}

func (st *ifmaExpState) amm(z, x, y []uint64) {
	if st.model != nil {
		st.model.amm(st, z, x, y)
		return
	}
	if arch.ABICheck {
		abiAmmIFMA52(&z[0], &st.a[0], &x[0], &y[0], &st.m[0], st.v, st.l, st.k0)
	} else {
		ammIFMA52(&z[0], &st.a[0], &x[0], &y[0], &st.m[0], st.v, st.l, st.k0)
	}
}

// amm2 is st.amm(z1, x1, y1) and u.amm(z2, x2, y2) in one kernel.
func amm2(st, u *ifmaExpState, z1, x1, y1, z2, x2, y2 []uint64) {
	if st.model != nil {
		st.model.amm(st, z1, x1, y1)
		st.model.amm(u, z2, x2, y2)
		return
	}
	if arch.ABICheck {
		abiAmmIFMA52x2(&z1[0], &st.a[0], &x1[0], &y1[0], &st.m[0], &z2[0], &u.a[0], &x2[0], &y2[0], &u.m[0], st.v, st.l, st.k0, u.k0)
	} else {
		ammIFMA52x2(&z1[0], &st.a[0], &x1[0], &y1[0], &st.m[0], &z2[0], &u.a[0], &x2[0], &y2[0], &u.m[0], st.v, st.l, st.k0, u.k0)
	}
}

func (st *ifmaExpState) gather(out []uint64, idx byte) {
	if st.model != nil {
		st.model.gather(st, out, idx)
		return
	}
	if arch.ABICheck {
		abiGatherIFMA52(&out[0], &st.tab[0], st.w, int(idx))
	} else {
		gatherIFMA52(&out[0], &st.tab[0], st.w, int(idx))
	}
}

func (st *ifmaExpState) row(i int) []uint64 { return st.tab[i*st.w : i*st.w+st.w] }

// ifmaExpOperands panics on operands outside Exp's contract.
func ifmaExpOperands(z, x []uint64, e []byte, m, rr []uint64) {
	n := len(m)
	if n < 1 || n > mont.MaxLimbs || len(z) != n || len(x) != n || len(rr) != n || len(e) > mont.MaxBytes {
		panic("amd64: mont/ifma: Exp operands outside the contract")
	}
}

// ifmaDigitsMax is the most windows an exponent has.
const ifmaDigitsMax = (8*mont.MaxBytes + mont.ExpWindow - 1) / mont.ExpWindow

// montExpIFMA is mont/ifma's Exp.
func montExpIFMA(z, x []uint64, e []byte, m, rr []uint64, k0 uint64, scratch []uint64) {
	ifmaExpOperands(z, x, e, m, rr)
	n := len(m)
	if len(scratch) < mont.ExpScratch(n) {
		panic("amd64: mont/ifma: Exp scratch shorter than mont.ExpScratch(n)")
	}
	if n < ifmaExpMinLimbs {
		montExpADXGo(z, x, e, m, rr, k0, scratch)
		return
	}
	ifmaExp(nil, z, x, e, m, rr, k0, scratch)
}

// ifmaExp is montExpIFMA in 52-bit digits at any n (its benchmarks time
// it below the threshold too).
func ifmaExp(model *ifmaKernels, z, x []uint64, e []byte, m, rr []uint64, k0 uint64, scratch []uint64) {
	w := ifmaExpScratch(len(m))
	s, check := scratch[:w:w], func(string) {}
	if arch.ABICheck {
		s, check = arch.GuardedScratch(w)
	}
	st := ifmaExpState{model: model}
	ifmaExpSetup(&st, s, x, m, rr, k0)
	st.amm(st.row(0), st.one, st.rr) // R' mod m (below 2m)
	st.amm(st.row(1), st.x, st.rr)   // x R' mod m
	for i := 2; i < 1<<mont.ExpWindow; i++ {
		st.amm(st.row(i), st.row(i-1), st.row(1))
	}
	var dig [ifmaDigitsMax]byte
	nwin := mont.ExpDigits(dig[:], e)
	ifmaExpLoop(&st, dig[:nwin])
	st.amm(st.t, st.acc, st.one)
	ifmaExpFinish(z, m, &st)
	check("ammIFMA52")
}

// ifmaExpLoop runs the window loop over the digits into st.acc.
func ifmaExpLoop(st *ifmaExpState, dig []byte) {
	if len(dig) == 0 {
		copy(st.acc, st.row(0))
		return
	}
	st.gather(st.acc, dig[0])
	for _, d := range dig[1:] {
		for k := 0; k < mont.ExpWindow; k++ {
			st.amm(st.acc, st.acc, st.acc)
		}
		st.gather(st.t, d)
		st.amm(st.acc, st.acc, st.t)
	}
}

// montExp2IFMA is mont/ifma's Exp2: both exponentiations in lockstep, the
// shorter exponent's digits preceded by zero digits (x^0 = 1 times the
// same squarings: the result is unchanged).
func montExp2IFMA(z1, x1 []uint64, e1 []byte, m1, rr1 []uint64, k01 uint64, z2, x2 []uint64, e2 []byte, m2, rr2 []uint64, k02 uint64, scratch []uint64) {
	ifmaExpOperands(z1, x1, e1, m1, rr1)
	ifmaExpOperands(z2, x2, e2, m2, rr2)
	n := len(m1)
	if len(m2) != n || len(scratch) < mont.Exp2Scratch(n) {
		panic("amd64: mont/ifma: Exp2 moduli of different sizes or scratch shorter than mont.Exp2Scratch(n)")
	}
	if n < ifmaExp2MinLimbs {
		w := mont.ExpScratch(n)
		montExpADXGo(z1, x1, e1, m1, rr1, k01, scratch[:w])
		montExpADXGo(z2, x2, e2, m2, rr2, k02, scratch[w:2*w])
		return
	}
	ifmaExp2(nil, z1, x1, e1, m1, rr1, k01, z2, x2, e2, m2, rr2, k02, scratch)
}

// ifmaExp2 is montExp2IFMA in 52-bit digits at any n.
func ifmaExp2(model *ifmaKernels, z1, x1 []uint64, e1 []byte, m1, rr1 []uint64, k01 uint64, z2, x2 []uint64, e2 []byte, m2, rr2 []uint64, k02 uint64, scratch []uint64) {
	w := ifmaExpScratch(len(m1))
	s, check := scratch[:2*w:2*w], func(string) {}
	if arch.ABICheck {
		s, check = arch.GuardedScratch(2 * w)
	}
	st, u := ifmaExpState{model: model}, ifmaExpState{model: model}
	ifmaExpSetup(&st, s[:w], x1, m1, rr1, k01)
	ifmaExpSetup(&u, s[w:], x2, m2, rr2, k02)
	amm2(&st, &u, st.row(0), st.one, st.rr, u.row(0), u.one, u.rr)
	amm2(&st, &u, st.row(1), st.x, st.rr, u.row(1), u.x, u.rr)
	for i := 2; i < 1<<mont.ExpWindow; i++ {
		amm2(&st, &u, st.row(i), st.row(i-1), st.row(1), u.row(i), u.row(i-1), u.row(1))
	}
	var dig1, dig2 [ifmaDigitsMax]byte
	nw1, nw2 := mont.ExpWindows(len(e1)), mont.ExpWindows(len(e2))
	nw := nw1
	if nw2 > nw {
		nw = nw2
	}
	mont.ExpDigits(dig1[nw-nw1:], e1)
	mont.ExpDigits(dig2[nw-nw2:], e2)
	if nw == 0 {
		copy(st.acc, st.row(0))
		copy(u.acc, u.row(0))
	} else {
		st.gather(st.acc, dig1[0])
		u.gather(u.acc, dig2[0])
		for i := 1; i < nw; i++ {
			for k := 0; k < mont.ExpWindow; k++ {
				amm2(&st, &u, st.acc, st.acc, st.acc, u.acc, u.acc, u.acc)
			}
			st.gather(st.t, dig1[i])
			u.gather(u.t, dig2[i])
			amm2(&st, &u, st.acc, st.acc, st.t, u.acc, u.acc, u.t)
		}
	}
	amm2(&st, &u, st.t, st.acc, st.one, u.t, u.acc, u.one)
	ifmaExpFinish(z1, m1, &st)
	ifmaExpFinish(z2, m2, &u)
	check("ammIFMA52x2")
}
