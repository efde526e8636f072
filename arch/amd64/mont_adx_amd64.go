//go:build gc

package amd64

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/mont"
)

// Tuning of mont/adx (see mont_adx_amd64.s).
const (
	// montADXUnroll limbs per step of the row loops (ROW4): four MULX
	// with their ADCX/ADOX pairs; the limbs left over run one at a time
	// before them, so every n in 1..128 takes the same loops.
	montADXUnroll = 4
	// The sizes whose rows are fully unrolled (constant displacements, no
	// loop control; the square's triangle generated into
	// mont_adx_tri_amd64.h): the CRT halves of 2048-, 3072- and 4096-bit
	// RSA keys, where a sign spends its time. Measured on the Zen 5 host,
	// unrolled rows take about 0.55-0.75x the time of the loops there.
	montADXFixed16 = 16
	montADXFixed24 = 24
	montADXFixed32 = 32
)

//go:noescape
func montMulADX(z, x, y, m *uint64, n int, k0 uint64)

//go:noescape
func montSqrADX(z, x, m *uint64, n int, k0 uint64)

// The same with the rows unrolled for one n.

//go:noescape
func montMul16ADX(z, x, y, m *uint64, k0 uint64)

//go:noescape
func montMul24ADX(z, x, y, m *uint64, k0 uint64)

//go:noescape
func montMul32ADX(z, x, y, m *uint64, k0 uint64)

//go:noescape
func montSqr16ADX(z, x, m *uint64, k0 uint64)

//go:noescape
func montSqr24ADX(z, x, m *uint64, k0 uint64)

//go:noescape
func montSqr32ADX(z, x, m *uint64, k0 uint64)

// The window loop's squarings per digit and table rows are mont's
// (mont_adx_amd64.s hard-codes 5 and 32): these fail to compile otherwise.
const (
	_ = uint(mont.ExpWindow - 5)
	_ = uint(5 - mont.ExpWindow)
)

// montGatherSSE2 sets out (n limbs) to entry idx of the 32-entry table
// tab, reading every entry under a mask.
//
//go:noescape
func montGatherSSE2(out, tab *uint64, n, idx int)

// montExpNADX runs the window loop at N limbs: acc = tab[dig[0]], then
// per further digit five squarings and a product by tab[dig[i]] (read
// into t), all in Montgomery form; nwin >= 1.

//go:noescape
func montExp16ADX(acc, tab, t *uint64, dig *byte, nwin int, m *uint64, k0 uint64)

//go:noescape
func montExp24ADX(acc, tab, t *uint64, dig *byte, nwin int, m *uint64, k0 uint64)

//go:noescape
func montExp32ADX(acc, tab, t *uint64, dig *byte, nwin int, m *uint64, k0 uint64)

func init() {
	arch.Register(&arch.Impl{
		Name: "mont/adx",
		Alg:  mont.Name,
		Arch: "amd64",
		// MULX (bmi2) leaves the flags alone, so ADCX and ADOX (adx) can
		// run two carry chains through a row at once.
		Requires: []string{"bmi2", "adx"},
		Tuning: []arch.Tuning{
			{Name: "limb_bits", Value: 64, Unit: arch.Other},
			{Name: "unroll", Value: montADXUnroll, Unit: arch.Other},
			{Name: "min_limbs", Value: 1, Unit: arch.Blocks},
			{Name: "max_limbs", Value: mont.MaxLimbs, Unit: arch.Blocks},
			{Name: "unrolled_limbs_rsa2048", Value: montADXFixed16, Unit: arch.Blocks},
			{Name: "unrolled_limbs_rsa3072", Value: montADXFixed24, Unit: arch.Blocks},
			{Name: "unrolled_limbs_rsa4096", Value: montADXFixed32, Unit: arch.Blocks},
		},
		Rank:  20,
		Funcs: &mont.Funcs{Mul: montMulADXGo, Exp: montExpADXGo},
	})
}

// montCheck panics on operands outside the contract (a wrong length would
// make the kernels read or write past a slice).
func montCheck(level string, z, x, y, m []uint64) int {
	n := len(m)
	if n < 1 || n > mont.MaxLimbs || len(z) != n || len(x) != n || len(y) != n {
		panic("amd64: " + level + ": operand lengths differ from len(m) or len(m) is outside 1..128")
	}
	return n
}

// montMulADXGo squares when x and y are the same slice (a mod-exp's
// squarings: n(n+1)/2 + n^2 products instead of 2n^2), else multiplies;
// the unrolled kernels take their sizes, the loop kernels every other n.
func montMulADXGo(z, x, y, m []uint64, k0 uint64) {
	n := montCheck("mont/adx", z, x, y, m)
	if &x[0] == &y[0] {
		switch n {
		case montADXFixed16:
			if arch.ABICheck {
				abiMontSqr16ADX(&z[0], &x[0], &m[0], k0)
			} else {
				montSqr16ADX(&z[0], &x[0], &m[0], k0)
			}
		case montADXFixed24:
			if arch.ABICheck {
				abiMontSqr24ADX(&z[0], &x[0], &m[0], k0)
			} else {
				montSqr24ADX(&z[0], &x[0], &m[0], k0)
			}
		case montADXFixed32:
			if arch.ABICheck {
				abiMontSqr32ADX(&z[0], &x[0], &m[0], k0)
			} else {
				montSqr32ADX(&z[0], &x[0], &m[0], k0)
			}
		default:
			if arch.ABICheck {
				abiMontSqrADX(&z[0], &x[0], &m[0], n, k0)
			} else {
				montSqrADX(&z[0], &x[0], &m[0], n, k0)
			}
		}
		return
	}
	switch n {
	case montADXFixed16:
		if arch.ABICheck {
			abiMontMul16ADX(&z[0], &x[0], &y[0], &m[0], k0)
		} else {
			montMul16ADX(&z[0], &x[0], &y[0], &m[0], k0)
		}
	case montADXFixed24:
		if arch.ABICheck {
			abiMontMul24ADX(&z[0], &x[0], &y[0], &m[0], k0)
		} else {
			montMul24ADX(&z[0], &x[0], &y[0], &m[0], k0)
		}
	case montADXFixed32:
		if arch.ABICheck {
			abiMontMul32ADX(&z[0], &x[0], &y[0], &m[0], k0)
		} else {
			montMul32ADX(&z[0], &x[0], &y[0], &m[0], k0)
		}
	default:
		if arch.ABICheck {
			abiMontMulADX(&z[0], &x[0], &y[0], &m[0], n, k0)
		} else {
			montMulADX(&z[0], &x[0], &y[0], &m[0], n, k0)
		}
	}
}

// montExpADXGo is mont/adx's Exp (mont.Funcs.Exp): the table (31
// products) and the way out of Montgomery form through the Mul kernels,
// the digits in Go (positions depend only on len(e)); the window loop in
// assembly at the unrolled sizes, else in Go over the loop kernels with
// the assembly gather. Under the checks the scratch is guarded.
func montExpADXGo(z, x []uint64, e []byte, m, rr []uint64, k0 uint64, scratch []uint64) {
	n := len(m)
	w := mont.ExpScratch(n)
	if n < 1 || n > mont.MaxLimbs || len(z) != n || len(x) != n || len(rr) != n || len(scratch) < w || len(e) > mont.MaxBytes {
		panic("amd64: mont/adx: Exp operands outside the contract")
	}
	s, check := scratch[:w:w], func(string) {}
	if arch.ABICheck {
		s, check = arch.GuardedScratch(w)
	}
	tab := s[: n<<mont.ExpWindow : n<<mont.ExpWindow]
	rest := s[n<<mont.ExpWindow:]
	acc, t, one := rest[:n:n], rest[n:2*n:2*n], rest[2*n:3*n:3*n]
	for j := range one {
		one[j] = 0
	}
	one[0] = 1
	montMulADXGo(tab[:n], rr, one, m, k0)
	montMulADXGo(tab[n:2*n], x, rr, m, k0)
	for i := 2; i < 1<<mont.ExpWindow; i++ {
		montMulADXGo(tab[i*n:i*n+n], tab[(i-1)*n:i*n], tab[n:2*n], m, k0)
	}
	var dig [(8*mont.MaxBytes + mont.ExpWindow - 1) / mont.ExpWindow]byte
	nwin := mont.ExpDigits(dig[:], e)
	kernel := "montExpADX"
	switch {
	case nwin == 0:
		copy(acc, tab[:n])
	case n == montADXFixed16:
		kernel = "montExp16ADX"
		if arch.ABICheck {
			abiMontExp16ADX(&acc[0], &tab[0], &t[0], &dig[0], nwin, &m[0], k0)
		} else {
			montExp16ADX(&acc[0], &tab[0], &t[0], &dig[0], nwin, &m[0], k0)
		}
	case n == montADXFixed24:
		kernel = "montExp24ADX"
		if arch.ABICheck {
			abiMontExp24ADX(&acc[0], &tab[0], &t[0], &dig[0], nwin, &m[0], k0)
		} else {
			montExp24ADX(&acc[0], &tab[0], &t[0], &dig[0], nwin, &m[0], k0)
		}
	case n == montADXFixed32:
		kernel = "montExp32ADX"
		if arch.ABICheck {
			abiMontExp32ADX(&acc[0], &tab[0], &t[0], &dig[0], nwin, &m[0], k0)
		} else {
			montExp32ADX(&acc[0], &tab[0], &t[0], &dig[0], nwin, &m[0], k0)
		}
	default:
		montGatherADX(acc, tab, int(dig[0]))
		for i := 1; i < nwin; i++ {
			for k := 0; k < mont.ExpWindow; k++ {
				montSqrADXGo(acc, m, k0)
			}
			montGatherADX(t, tab, int(dig[i]))
			montMulLoopADXGo(acc, acc, t, m, k0)
		}
	}
	montMulADXGo(z, acc, one, m, k0)
	check(kernel)
}

// montGatherADX is the pair of montGatherSSE2.
func montGatherADX(out, tab []uint64, idx int) {
	if arch.ABICheck {
		abiMontGatherSSE2(&out[0], &tab[0], len(out), idx)
	} else {
		montGatherSSE2(&out[0], &tab[0], len(out), idx)
	}
}

// montSqrADXGo and montMulLoopADXGo are the loop kernels (any n) without
// montMulADXGo's checks and dispatch: Exp checked the lengths once.
func montSqrADXGo(z, m []uint64, k0 uint64) {
	if arch.ABICheck {
		abiMontSqrADX(&z[0], &z[0], &m[0], len(m), k0)
	} else {
		montSqrADX(&z[0], &z[0], &m[0], len(m), k0)
	}
}

func montMulLoopADXGo(z, x, y, m []uint64, k0 uint64) {
	if arch.ABICheck {
		abiMontMulADX(&z[0], &x[0], &y[0], &m[0], len(m), k0)
	} else {
		montMulADX(&z[0], &x[0], &y[0], &m[0], len(m), k0)
	}
}
