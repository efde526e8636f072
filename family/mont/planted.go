//go:build xarch_planted

package mont

import (
	"math/bits"
	"unsafe"

	"github.com/xarchlab/xarch/arch"
)

// Deliberately broken mont levels (xarch_planted), each wrong in one way
// the RSA vectors barely reach, so the Montgomery known answers and the
// fuzzer's operand classes must:
//
//   - mont/planted-carry drops the carry of a multiply-accumulate step
//     whenever one factor limb is all ones (0xffff...ffff): right on random
//     operands (an all-ones limb comes up once in 2^64), wrong on all-ones
//     operands and on moduli just below a power of two.
//   - mont/planted-nosub returns the CIOS result without the final
//     conditional subtraction: in [0, 2m) instead of [0, m), wrong exactly
//     when the product needs the subtraction.
//   - mont/planted-scratch is right, but clears its scratch afterwards
//     with a loop bound one too far: a store one word past the scratch,
//     which only the scratch canaries (under the checks) see.
func init() {
	for _, im := range []*arch.Impl{
		{Name: "mont/planted-carry", Funcs: &Funcs{Mul: func(z, x, y, m []uint64, k0 uint64) {
			plantedMontMul(z, x, y, m, k0, true, false)
		}}},
		{Name: "mont/planted-nosub", Funcs: &Funcs{Mul: func(z, x, y, m []uint64, k0 uint64) {
			plantedMontMul(z, x, y, m, k0, false, true)
		}}},
		{Name: "mont/planted-scratch", Funcs: &Funcs{Mul: plantedScratch}},
	} {
		im.Alg, im.Arch, im.Rank, im.Planted = Name, "generic", -1, true
		arch.Register(im)
	}
}

// plantedMulAdd is hi:lo = a*b + t + c; dropOnes loses the carry out of
// adding c when a or b is all ones.
func plantedMulAdd(a, b, t, c uint64, dropOnes bool) (hi, lo uint64) {
	hi, lo = bits.Mul64(a, b)
	var cc uint64
	lo, cc = bits.Add64(lo, t, 0)
	hi += cc
	lo, cc = bits.Add64(lo, c, 0)
	if !dropOnes || (a != ^uint64(0) && b != ^uint64(0)) {
		hi += cc
	}
	return hi, lo
}

// plantedMontMul is CIOS like MontMul with the two plants.
func plantedMontMul(z, x, y, m []uint64, k0 uint64, dropOnes, noSub bool) {
	n := len(m)
	var buf [MaxLimbs + 2]uint64
	t := buf[:n+2]
	for i := 0; i < n; i++ {
		var c uint64
		for j := 0; j < n; j++ {
			c, t[j] = plantedMulAdd(x[j], y[i], t[j], c, dropOnes)
		}
		var cc uint64
		t[n], cc = bits.Add64(t[n], c, 0)
		t[n+1] = cc
		q := t[0] * k0
		c, _ = plantedMulAdd(q, m[0], t[0], 0, dropOnes)
		for j := 1; j < n; j++ {
			c, t[j-1] = plantedMulAdd(q, m[j], t[j], c, dropOnes)
		}
		t[n-1], cc = bits.Add64(t[n], c, 0)
		t[n] = t[n+1] + cc
	}
	if noSub {
		copy(z, t[:n])
		return
	}
	GenericFinalSub(z, t[:n+1], m)
}

// plantedScratch computes with GenericFinalSub over a scratch handed out
// as the arch kernels get theirs (guarded under the checks), then clears
// n+2 words of its n+1.
func plantedScratch(z, x, y, m []uint64, k0 uint64) {
	n := len(m)
	var st [MaxLimbs + 2]uint64 // one spare word: the unchecked store lands here
	t, check := st[:n+1], func(string) {}
	if arch.ABICheck {
		t, check = arch.GuardedScratch(n + 1)
	}
	GenericMul(t[:n], x, y, m, k0)
	copy(z, t[:n])
	p := unsafe.Pointer(&t[0])
	for i := 0; i <= len(t); i++ {
		*(*uint64)(unsafe.Pointer(uintptr(p) + uintptr(8*i))) = 0
	}
	check("plantedScratch")
}
