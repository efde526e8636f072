package sparc64

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/mont"
)

// Tuning constants of mont/vis3 (mont_vis3_sparc64.s).
const (
	// umulxhi gives the high half of the 64 x 64 product, and addxc and
	// addxccc carry across 64-bit words, so the kernel works on the
	// contract's own 64-bit limbs: a quarter of mont/sparc64's multiplies.
	montVIS3LimbBits = 64
	// One limb of x, m and t per inner iteration: four multiplies and
	// eight adds already keep the multiplier busy, and n may be odd.
	montVIS3Unroll = 1
	// Sizes in 64-bit limbs: t (n doublewords) lives in the kernel's
	// stack frame, sized for mont.MaxLimbs; n = 1 skips the inner loop.
	montVIS3MinLimbs = 1
	montVIS3MaxLimbs = mont.MaxLimbs
)

// montVIS3NeedsHardware is reported instead of running mont/vis3 under qemu.
const montVIS3NeedsHardware = "SPARC VIS 3 umulxhi/addxc/addxccc: QEMU 7.2 has no VIS 3 on any sparc64 model (they raise SIGILL)"

func init() {
	arch.Register(&arch.Impl{
		Name: "mont/vis3",
		Alg:  mont.Name,
		Arch: "sparc64",
		// umulxhi, addxc and addxccc are VIS 3 (T4 and later); the rest
		// is V9 integer code.
		Requires: []string{"vis3"},
		Tuning: []arch.Tuning{
			{Name: "limb_bits", Value: montVIS3LimbBits, Unit: arch.Other},
			{Name: "unroll", Value: montVIS3Unroll, Unit: arch.Other},
			{Name: "min_limbs", Value: montVIS3MinLimbs, Unit: arch.Blocks},
			{Name: "max_limbs", Value: montVIS3MaxLimbs, Unit: arch.Blocks},
		},
		NeedsHardware: montVIS3NeedsHardware,
		// Above mont/sparc64 (10), as aes-gcm/vis3 is above aes-gcm/sparc64.
		Rank:  20,
		Funcs: &mont.Funcs{Mul: montMulVIS3},
	})
}

// montMulVIS3Asm sets z = x*y*2^(-64n) mod m for n limbs, 1 <= n <= 128.
// C ABI, assembled by gcc.
//
//extern xarch_mont_mul_vis3
func montMulVIS3Asm(z, x, y, m *uint64, k0 uint64, n uint64)

func montMulVIS3(z, x, y, m []uint64, k0 uint64) {
	montCheck(z, x, y, m)
	if arch.ABICheck {
		abiMontMulVIS3Asm(&z[0], &x[0], &y[0], &m[0], k0, uint64(len(m)))
	} else {
		montMulVIS3Asm(&z[0], &x[0], &y[0], &m[0], k0, uint64(len(m)))
	}
}
