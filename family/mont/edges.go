package mont

import (
	"fmt"
	"math/rand"
	"unsafe"

	"github.com/xarchlab/xarch/arch"
)

// edgeWords views n limbs of slot i of mem (flush against a PROT_NONE
// page; a page end is 8-byte aligned).
func edgeWords(mem arch.EdgeMem, i, n int) []uint64 {
	b := mem.Bytes(i, 8*n)
	return (*[MaxLimbs]uint64)(unsafe.Pointer(&b[0]))[:n:n]
}

// edges calls the level's Mul at the contract's smallest and largest sizes
// (1 and MaxLimbs limbs), as a product and as a square (x and y the same
// slice: some levels square with other kernels), operands flush against
// PROT_NONE pages, and compares with GenericMul.
func edges(im *arch.Impl) []arch.Edge {
	f, err := Of(im)
	if err != nil || im.Name == Name+"/generic" {
		return nil // the reference itself: nothing to compare with
	}
	var out []arch.Edge
	for _, sq := range []bool{false, true} {
		for _, n := range []int{1, MaxLimbs} {
			sq, n := sq, n
			name := fmt.Sprintf("mul/%d", n)
			if sq {
				name = fmt.Sprintf("sqr/%d", n)
			}
			out = append(out, arch.Edge{Name: name, Run: func(mem arch.EdgeMem, r *rand.Rand) error {
				m, x, y, z := edgeWords(mem, 0, n), edgeWords(mem, 1, n), edgeWords(mem, 2, n), edgeWords(mem, 3, n)
				m[0] |= 1
				m[n-1] |= 1 << 63
				if r.Intn(3) == 0 {
					// A modulus just below 2^(64n): every carry runs far.
					for i := range m {
						m[i] = ^uint64(r.Intn(2) << 1)
					}
				}
				x[n-1] &^= 1 << 63 // x, y < m
				y[n-1] &^= 1 << 63
				if sq {
					y = x
				}
				k0 := K0(m[0])
				want := make([]uint64, n)
				GenericMul(want, x, y, m, k0)
				xs, ms := append([]uint64(nil), x...), append([]uint64(nil), m...)
				f.Mul(z, x, y, m, k0)
				for i := range want {
					if z[i] != want[i] {
						return fmt.Errorf("%d limbs: limb %d of z is %#016x, want %#016x", n, i, z[i], want[i])
					}
				}
				for i := range xs {
					if x[i] != xs[i] || m[i] != ms[i] {
						return fmt.Errorf("%d limbs: an operand was modified (limb %d)", n, i)
					}
				}
				return nil
			}})
		}
	}
	return out
}
