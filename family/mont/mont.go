// Package mont is the big-number family: the Montgomery kernel contract
// (Funcs.Mul, and optionally Funcs.Exp), mod-exp with a masked-select
// window (a level's Exp or ExpMul over Mul), RSA PKCS#1 v1.5 on top,
// the ops and speed keys, and its generic and planted levels. Target side:
// Go 1.18.
package mont

import (
	"fmt"

	"github.com/xarchlab/xarch/arch"
)

// Name is the big-number family: Montgomery multiplication, and on top of it
// (in the family, not the kernels) modular exponentiation and RSA PKCS#1 v1.5.
const Name = "mont"

// MaxLimbs bounds the operand size every mont kernel must accept:
// 1..MontMaxLimbs 64-bit limbs (64 to 8192 bits), so sizes a level is tuned
// for, +-1 limb and far outside, all stay legal inputs.
const MaxLimbs = 128

// Funcs is the entry point of a mont level.
//
// Mul sets z = x*y*2^(-64n) mod m, n = len(m) limbs, little-endian 64-bit
// words. Preconditions: 1 <= n <= MontMaxLimbs; len(z) = len(x) = len(y) = n;
// m odd; x, y < m; k0 = -m^-1 mod 2^64. z may alias x, y or both. The result
// is fully reduced, in [0, m), and the final conditional subtraction runs in
// constant time (a mask, never a branch on the data). A level with another
// limb form (52-bit IFMA limbs) converts inside Mul.
//
// Exp, optional, is a level that owns the exponentiation: it sets
// z = x^e mod m, plain limbs in and out (not Montgomery form), by the
// family's method (ExpMul: ExpWindow-bit fixed windows from the top, a
// table of x^0..x^31 in Montgomery form). Preconditions: m, k0 as for Mul;
// len(z) = len(x) = len(rr) = n; x < m; rr = R^2 mod m, R = 2^(64n); e
// big-endian, 0 <= len(e) <= MaxBytes, leading zero bytes count (an empty
// e is 0: z = 1); len(scratch) >= ExpScratch(n), the level's to use, its
// contents undefined before and after. z may alias x; e, m, rr are only
// read. Constant time: the sequence of products and every address touched
// depend only on n and len(e), never on the bits of e or x; the table read
// reads every entry under a mask. A level without Exp gets ExpMul over its
// Mul (mod-exp and both CRT halves of rsa-sign call Exp when set).
//
// Exp2, optional, runs two independent exponentiations of the same limb
// count at once (a level that interleaves them to hide the latency of one
// product behind the other: the two CRT halves of rsa-sign): z1 = x1^e1
// mod m1 and z2 = x2^e2 mod m2, each operand set with Exp's
// preconditions, both moduli of n limbs, len(scratch) >= Exp2Scratch(n).
// The exponents may differ in length: the shorter counts as padded with
// leading zero bytes, so the products made depend only on n and the
// longer length. The two sets may not share z (z1 may alias x1, z2 x2).
// rsa-sign's CRT path calls it when set and both primes have n limbs,
// else Exp (or ExpMul) per half; a level without Exp2 gets Exp2Mul.
type Funcs struct {
	Mul  func(z, x, y, m []uint64, k0 uint64)
	Exp  func(z, x []uint64, e []byte, m, rr []uint64, k0 uint64, scratch []uint64)
	Exp2 func(z1, x1 []uint64, e1 []byte, m1, rr1 []uint64, k01 uint64, z2, x2 []uint64, e2 []byte, m2, rr2 []uint64, k02 uint64, scratch []uint64)
}

// ExpScratch is the scratch of Exp (and ExpMul) for n limbs. ExpMul takes
// (2^ExpWindow + 3)n: the table, the accumulator, the entry read and the
// number 1; the rest is room for a level with a wider limb form (mont/ifma
// keeps 39 rows of ceil((64n+2)/52)+7 52-bit digits, under 50n+316).
func ExpScratch(n int) int { return 56*n + 320 }

// Exp2Scratch is the scratch of Exp2 for n limbs: one Exp's per half.
func Exp2Scratch(n int) int { return 2 * ExpScratch(n) }

// Of returns im's mont entry points, or why it has none.
func Of(im *arch.Impl) (*Funcs, error) {
	f, ok := im.Funcs.(*Funcs)
	if !ok || f == nil || f.Mul == nil {
		return nil, fmt.Errorf("implementation %s has no mont entry points (Funcs is %T)", im.Name, im.Funcs)
	}
	return f, nil
}

// K0 is -m0^-1 mod 2^64 for an odd low limb m0. Newton's iteration
// doubles the correct low bits each step: 3 (m0 is its own inverse mod 8),
// 6, 12, 24, 48, 96.
func K0(m0 uint64) uint64 {
	inv := m0
	for i := 0; i < 5; i++ {
		inv *= 2 - m0*inv
	}
	return -inv
}
