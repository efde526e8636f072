//go:build gc

package ppc64le

import (
	"unsafe"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/mont"
)

// Tuning shared by mont/power8 and mont/power9 (see their .s files).
const (
	// montUnroll: the inner pass handles 4 limbs per loop iteration. A
	// group keeps 4 limbs of t, 4 operand limbs (then their high
	// products) and 4 low products in registers: with the 13 pointers,
	// factors, carries and counts that is 25 of the 26 GPRs Go assembly
	// leaves free (R0, R1, R2, R13, R30 and R31 are not usable), so 8 limbs
	// would not fit.
	montUnroll = 4
	// montUnrollMinLimbs: the first size that runs the 4-limb loop. Below
	// it, and for the n%4 limbs above it, a one-limb loop runs (n = 1, 2, 3
	// only that loop; 5 one pass of each).
	montUnrollMinLimbs = montUnroll
)

// montTuning is the declared tuning of both levels: the family probes
// sizes around every Blocks value (limbs).
func montTuning() []arch.Tuning {
	return []arch.Tuning{
		{Name: "limb_bits", Value: 64, Unit: arch.Other},
		{Name: "unroll", Value: montUnroll, Unit: arch.Other},
		{Name: "min_limbs", Value: 1, Unit: arch.Blocks},
		{Name: "unroll_min_limbs", Value: montUnrollMinLimbs, Unit: arch.Blocks},
		{Name: "max_limbs", Value: mont.MaxLimbs, Unit: arch.Blocks},
	}
}

func init() {
	arch.Register(&arch.Impl{
		Name: "mont/power8",
		Alg:  mont.Name,
		Arch: "ppc64le",
		// MULLD, MULHDU and ADDC/ADDE/ADDZE/SUBC/SUBE are base 64-bit
		// PowerPC, present on every CPU Go's ppc64le port runs on
		// (POWER8 and later), so no feature is required.
		Requires: nil,
		Tuning:   montTuning(),
		// Above generic (0), below mont/power9.
		Rank:  20,
		Funcs: &mont.Funcs{Mul: montMulPower8Go},
	})
}

// montScratch is the CIOS accumulator t[0..n-1] at index 1..n; index 0
// takes the word each pass shifts out (always zero), so every limb of a
// pass, the first included, is stored one word down the same way. t[n]
// (0 or 1) stays in a register and is stored by the kernels into t[0]
// at the end.
type montScratch [mont.MaxLimbs + 1]uint64

// montLen checks what the assembly trusts (it reads n limbs of x, y and m
// and writes n of z) and returns n.
func montLen(level string, z, x, y, m []uint64) int {
	n := len(m)
	if n < 1 || n > mont.MaxLimbs || len(z) < n || len(x) < n || len(y) < n {
		panic(level + ": want 1 <= len(m) <= MontMaxLimbs and z, x, y at least len(m) limbs")
	}
	return n
}

// montMulPower8Go: the kernel leaves t = x*y*2^(-64n) mod m plus 0 or m
// in the scratch (below 2m), and montFinalSub writes z. z is written only
// by that last call, after x and y were read, so z may alias x, y or both.
func montMulPower8Go(z, x, y, m []uint64, k0 uint64) {
	n := montLen("mont/power8", z, x, y, m)
	// Unchecked: a stack array; checked: the used words between canaries.
	var st montScratch
	t, check := &st, func(string) {}
	if arch.ABICheck {
		t, check = guardedMontScratch(n)
	}
	if arch.ABICheck {
		abiMontMulPower8(&x[0], &y[0], &m[0], k0, n, t)
	} else {
		montMulPower8(&x[0], &y[0], &m[0], k0, n, t)
	}
	check("montMulPower8")
	if arch.ABICheck {
		abiMontFinalSub(&z[0], &t[1], &m[0], n, t[0])
	} else {
		montFinalSub(&z[0], &t[1], &m[0], n, t[0])
	}
}

// montMulPower8 runs the n outer CIOS steps of x*y*2^(-64n) with
// MULLD/MULHDU: the result's low n limbs end in t[1..n], its top bit is
// stored in t[0]
// (where the shifted-out word, always zero, went). t must start zeroed.
//
//go:noescape
func montMulPower8(x, y, m *uint64, k0 uint64, n int, t *montScratch)

// montFinalSub sets z = t - m if tn*2^(64n) + t >= m, else t (n limbs at
// z, t and m), in constant time.
//
//go:noescape
func montFinalSub(z, t, m *uint64, n int, tn uint64)

// guardedMontScratch is the scratch of a checked call: its n+1 words
// between canaries (arch.GuardedScratch), which check tests afterwards.
func guardedMontScratch(n int) (*montScratch, func(kernel string)) {
	s, check := arch.GuardedScratch(n + 1)
	return (*montScratch)(unsafe.Pointer(&s[0])), check
}
