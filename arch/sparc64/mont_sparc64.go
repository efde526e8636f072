package sparc64

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/mont"
)

// Tuning constants of mont/sparc64 (mont_sparc64.s).
const (
	// Base V9 has no 64 x 64 -> 128 multiply, so the kernel works on
	// 32-bit limbs: one mulx of zero-extended halves is an exact 64-bit
	// product and every column sum fits a register, with no carry flag.
	montV9LimbBits = 32
	// The inner loop takes one 64-bit limb (two 32-bit limbs) of x, m and
	// t per iteration: the natural step, since a 64-bit limb's halves sit
	// at +4 (low) and +0 (high). The first one is peeled (it sets u).
	montV9Unroll = 2
	// Sizes in 64-bit limbs: the scratch t (n+1 doublewords) lives in the
	// kernel's stack frame, sized for mont.MaxLimbs. n = 1 skips the
	// inner loop (only the peeled limb).
	montV9MinLimbs = 1
	montV9MaxLimbs = mont.MaxLimbs
)

func init() {
	arch.Register(&arch.Impl{
		Name: "mont/sparc64",
		Alg:  mont.Name,
		Arch: "sparc64",
		// Integer V9 only (mulx, 64-bit shifts, lduw/stw): every sparc64
		// CPU and every qemu model runs it.
		Requires: []string{"v9"},
		Tuning: []arch.Tuning{
			{Name: "limb_bits", Value: montV9LimbBits, Unit: arch.Other},
			{Name: "unroll", Value: montV9Unroll, Unit: arch.Other},
			{Name: "min_limbs", Value: montV9MinLimbs, Unit: arch.Blocks},
			{Name: "max_limbs", Value: montV9MaxLimbs, Unit: arch.Blocks},
		},
		// In line with the other V9 integer levels (10).
		Rank:  10,
		Funcs: &mont.Funcs{Mul: montMulV9},
	})
}

// montMulSparc64 sets z = x*y*2^(-64n) mod m for n limbs, 1 <= n <= 128.
// C ABI, assembled by gcc.
//
//extern xarch_mont_mul_sparc64
func montMulSparc64(z, x, y, m *uint64, k0 uint64, n uint64)

func montMulV9(z, x, y, m []uint64, k0 uint64) {
	montCheck(z, x, y, m)
	if arch.ABICheck {
		abiMontMulSparc64(&z[0], &x[0], &y[0], &m[0], k0, uint64(len(m)))
	} else {
		montMulSparc64(&z[0], &x[0], &y[0], &m[0], k0, uint64(len(m)))
	}
}
