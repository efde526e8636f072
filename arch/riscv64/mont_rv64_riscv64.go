//go:build gc

package riscv64

import (
	"unsafe"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/mont"
)

// Tuning of mont/rv64 (see mont_rv64_riscv64.s).
const (
	// montUnroll: the inner pass handles 4 limbs per loop iteration. RV64
	// has no carry flag, so unrolling does not lengthen a carry chain; it
	// buys independent work: the 8 MUL/MULHU of a row are issued before
	// their sums, the low-half additions of the 4 limbs are independent,
	// and only the carry word runs from limb to limb (3 instructions per
	// limb). A group holds 4 limbs of t, 4 low and 4 high products: 12 of
	// the 13 registers left beside the 12 pointers, factors, carries and
	// counts (X1-X4, X27 and X31 are not used), so 8 limbs would not fit.
	montUnroll = 4
	// montUnrollMinLimbs: the first size that runs the 4-limb loop. Below
	// it, and for the n%4 limbs left over above it, a one-limb loop runs
	// (n = 1, 2, 3 use only that loop; 5 runs one pass of each).
	montUnrollMinLimbs = montUnroll
)

func init() {
	arch.Register(&arch.Impl{
		Name: "mont/rv64",
		Alg:  mont.Name,
		Arch: "riscv64",
		// MUL and MULHU are the M extension, present in every RV64GC
		// CPU Go's riscv64 port runs on (rva20u64 and up); ADD, SLTU and
		// the rest are base RV64I: "rv64" is the always-present feature.
		Requires: []string{"rv64"},
		Tuning: []arch.Tuning{
			{Name: "limb_bits", Value: 64, Unit: arch.Other},
			{Name: "unroll", Value: montUnroll, Unit: arch.Other},
			{Name: "min_limbs", Value: 1, Unit: arch.Blocks},
			{Name: "unroll_min_limbs", Value: montUnrollMinLimbs, Unit: arch.Blocks},
			{Name: "max_limbs", Value: mont.MaxLimbs, Unit: arch.Blocks},
		},
		// Above generic (0).
		Rank:  20,
		Funcs: &mont.Funcs{Mul: montMulRV64Go},
	})
}

// montScratch is the CIOS accumulator t[0..n-1] at index 1..n; index 0
// receives the word each pass shifts out (always zero), so every limb of a
// pass, the first included, is stored one word down the same way. t[n]
// (0 or 1) stays in a register.
type montScratch [mont.MaxLimbs + 1]uint64

// montMulRV64Go checks what the assembly trusts (it reads n limbs of x, y
// and m and writes n of z) and calls it.
func montMulRV64Go(z, x, y, m []uint64, k0 uint64) {
	n := len(m)
	if n < 1 || n > mont.MaxLimbs || len(z) < n || len(x) < n || len(y) < n {
		panic("mont/rv64: want 1 <= len(m) <= MontMaxLimbs and z, x, y at least len(m) limbs")
	}
	// Unchecked: a stack array; checked: the used words between canaries.
	var st montScratch
	t, check := &st, func(string) {}
	if arch.ABICheck {
		t, check = guardedMontScratch(n)
	}
	if arch.ABICheck {
		abiMontMulRV64(&z[0], &x[0], &y[0], &m[0], k0, n, t)
	} else {
		montMulRV64(&z[0], &x[0], &y[0], &m[0], k0, n, t)
	}
	check("montMulRV64")
}

// montMulRV64 sets z = x*y*2^(-64n) mod m (n limbs each) by CIOS with both
// rows of each outer step fused in one pass, then a masked final
// subtraction; z is written only in that last step, after every read of x
// and y, so it may alias x, y or both. t is scratch and must start zeroed.
//
//go:noescape
func montMulRV64(z, x, y, m *uint64, k0 uint64, n int, t *montScratch)

// guardedMontScratch is the scratch of a checked call: its n+1 words
// between canaries (arch.GuardedScratch), which check tests afterwards.
func guardedMontScratch(n int) (*montScratch, func(kernel string)) {
	s, check := arch.GuardedScratch(n + 1)
	return (*montScratch)(unsafe.Pointer(&s[0])), check
}
