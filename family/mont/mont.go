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
type Funcs struct {
	Mul func(z, x, y, m []uint64, k0 uint64)
	Exp func(z, x []uint64, e []byte, m, rr []uint64, k0 uint64, scratch []uint64)
}

// ExpScratch is the scratch of Exp (and ExpMul) for n limbs: the table of
// 2^ExpWindow entries, the accumulator, the entry read, and the number 1.
func ExpScratch(n int) int { return (1<<ExpWindow + 3) * n }

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
