//go:build gc

package ppc64le

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/mont"
)

func init() {
	arch.Register(&arch.Impl{
		Name: "mont/power9",
		Alg:  mont.Name,
		Arch: "ppc64le",
		// MADDLD and MADDHDU are Power ISA 3.0 (POWER9): POWER8 raises
		// SIGILL on them, so the level is only usable with power9.
		Requires: []string{"power9"},
		// Same pass shape and unroll as mont/power8.
		Tuning: montTuning(),
		// Above mont/power8 (20): half the add chains per limb.
		Rank:  25,
		Funcs: &mont.Funcs{Mul: montMulPower9Go},
	})
}

// montMulPower9Go is montMulPower8Go with the POWER9 kernel.
func montMulPower9Go(z, x, y, m []uint64, k0 uint64) {
	n := montLen("mont/power9", z, x, y, m)
	// Unchecked: a stack array; checked: the used words between canaries.
	var st montScratch
	t, check := &st, func(string) {}
	if arch.ABICheck {
		t, check = guardedMontScratch(n)
	}
	if arch.ABICheck {
		abiMontMulPower9(&x[0], &y[0], &m[0], k0, n, t)
	} else {
		montMulPower9(&x[0], &y[0], &m[0], k0, n, t)
	}
	check("montMulPower9")
	if arch.ABICheck {
		abiMontFinalSub(&z[0], &t[1], &m[0], n, t[0])
	} else {
		montFinalSub(&z[0], &t[1], &m[0], n, t[0])
	}
}

// montMulPower9 is montMulPower8 with MADDLD/MADDHDU.
//
//go:noescape
func montMulPower9(x, y, m *uint64, k0 uint64, n int, t *montScratch)
