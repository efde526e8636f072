//go:build gc

package arm64

import (
	"unsafe"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/mont"
)

// Tuning of mont/armv8 (see mont_armv8_arm64.s).
const (
	// montUnroll: the inner loop handles 4 limbs per pass. Each pass keeps
	// 4 limbs of t, 4 operand limbs (overwritten by the high product
	// halves) and 4 low product halves in registers, 20 live registers
	// with the pointers and carries, and runs its additions as two
	// ADDS/ADCS chains per row; 8 limbs would need more registers than
	// ABI0 leaves (R18, R27, R28 and R29 are off limits).
	montUnroll = 4
	// montUnrollMinLimbs: the first size that runs the unrolled loop.
	// Below it, and for the n%4 limbs left over above it, a one-limb loop
	// runs (n = 1, 2, 3 use only that loop; 5 runs one pass of each).
	montUnrollMinLimbs = montUnroll
)

func init() {
	arch.Register(&arch.Impl{
		Name: "mont/armv8",
		Alg:  mont.Name,
		Arch: "arm64",
		// MUL, UMULH, ADDS/ADCS and LDP/STP are base ARMv8.0 A64: every
		// arm64 CPU has them, so no feature is required.
		Requires: nil,
		Tuning: []arch.Tuning{
			{Name: "limb_bits", Value: 64, Unit: arch.Other},
			{Name: "unroll", Value: montUnroll, Unit: arch.Other},
			{Name: "min_limbs", Value: 1, Unit: arch.Blocks},
			{Name: "unroll_min_limbs", Value: montUnrollMinLimbs, Unit: arch.Blocks},
			{Name: "max_limbs", Value: mont.MaxLimbs, Unit: arch.Blocks},
		},
		// Above generic (0).
		Rank:  20,
		Funcs: &mont.Funcs{Mul: montMulARMv8Go},
	})
}

// montScratch is the CIOS accumulator t[0..n-1] at index 1..n; index 0
// receives the word each pass shifts out (always zero), so the assembly
// stores every pass's limbs one word down without a special first limb.
// t[n] (0 or 1) stays in a register.
type montScratch [mont.MaxLimbs + 1]uint64

// montMulARMv8Go checks what the assembly trusts (it reads n limbs of x, y
// and m and writes n of z) and calls it.
func montMulARMv8Go(z, x, y, m []uint64, k0 uint64) {
	n := len(m)
	if n < 1 || n > mont.MaxLimbs || len(z) < n || len(x) < n || len(y) < n {
		panic("mont/armv8: want 1 <= len(m) <= MontMaxLimbs and z, x, y at least len(m) limbs")
	}
	// Unchecked: a stack array; checked: the used words between canaries.
	var st montScratch
	t, check := &st, func(string) {}
	if arch.ABICheck {
		t, check = guardedMontScratch(n)
	}
	if arch.ABICheck {
		abiMontMulARMv8(&z[0], &x[0], &y[0], &m[0], k0, n, n/montUnroll, n%montUnroll, t)
	} else {
		montMulARMv8(&z[0], &x[0], &y[0], &m[0], k0, n, n/montUnroll, n%montUnroll, t)
	}
	check("montMulARMv8")
}

// montMulARMv8 sets z = x*y*2^(-64n) mod m (n limbs each) by CIOS with
// both rows of each outer step fused in one pass, then a masked final
// subtraction; z is written only in that last step, so it may alias x or
// y. groups = n/4 and rem = n%4 split the inner pass; t is scratch.
//
//go:noescape
func montMulARMv8(z, x, y, m *uint64, k0 uint64, n, groups, rem int, t *montScratch)

// guardedMontScratch is the scratch of a checked call: its n+1 words
// between canaries (arch.GuardedScratch), which check tests afterwards.
func guardedMontScratch(n int) (*montScratch, func(kernel string)) {
	s, check := arch.GuardedScratch(n + 1)
	return (*montScratch)(unsafe.Pointer(&s[0])), check
}
