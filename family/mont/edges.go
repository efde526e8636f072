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
// PROT_NONE pages, and compares with GenericMul. A level with Exp gets the
// exponentiation's edges too (expEdges).
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
	if f.Exp != nil {
		out = append(out, expEdges(f)...)
	}
	if f.Exp2 != nil {
		out = append(out, exp2Edges(f)...)
	}
	return out
}

// exp2Edges call the level's Exp2 at 1, 16, 17, 32 and MaxLimbs limbs
// with exponents of different lengths (one empty, one MaxBytes), the
// second modulus just below 2^(64n) and the second base m-1, every
// buffer of both halves and the scratch flush against a PROT_NONE page,
// and compare with ExpMul over GenericMul.
func exp2Edges(f *Funcs) []arch.Edge {
	type exp2Edge struct {
		name      string
		n, l1, l2 int // limbs, exponent bytes
	}
	cases := []exp2Edge{
		{"exp2/1", 1, 9, 8}, {"exp2/16", 16, 128, 127}, {"exp2/17", 17, 24, 136}, {"exp2/32", 32, 256, 256},
		{fmt.Sprintf("exp2/%d", MaxLimbs), MaxLimbs, 16, 3}, {"exp2/16/empty-e", 16, 0, 5}, {"exp2/32/long-e", 32, MaxBytes, 0},
	}
	var out []arch.Edge
	for _, ec := range cases {
		ec := ec
		out = append(out, arch.Edge{Name: ec.name, Run: func(mem arch.EdgeMem, r *rand.Rand) error {
			n := ec.n
			m1, x1, rr1, z1 := edgeWords(mem, 0, n), edgeWords(mem, 1, n), edgeWords(mem, 2, n), edgeWords(mem, 3, n)
			m2, x2, rr2, z2 := edgeWords(mem, 4, n), edgeWords(mem, 5, n), edgeWords(mem, 6, n), edgeWords(mem, 7, n)
			m1[0] |= 1
			m1[n-1] |= 1 << 63
			x1[n-1] &^= 1 << 63 // x1 < m1
			for i := range m2 {
				m2[i] = ^uint64(0) // just below 2^(64n): every digit in use
			}
			m2[0] -= 2 * uint64(r.Intn(50))
			copy(x2, m2)
			x2[0]-- // m2 - 1
			e1 := mem.Bytes(8, ec.l1+1)[:ec.l1]
			e2 := mem.Bytes(9, ec.l2+1)[:ec.l2]
			w := Exp2Scratch(n)
			sb := mem.Bytes(10, 8*w)
			scratch := (*[2 * ExpScratchMax]uint64)(unsafe.Pointer(&sb[0]))[:w:w]
			var want [2][]uint64
			for k, h := range [][4][]uint64{{m1, x1, rr1}, {m2, x2, rr2}} {
				ctx, err := newMontCtx(&Funcs{Mul: GenericMul}, "modulus", limbsBytes(h[0]))
				if err != nil {
					return err
				}
				copy(h[2], ctx.rr)
				e := e1
				if k == 1 {
					e = e2
				}
				want[k] = make([]uint64, n)
				ExpMul(GenericMul, want[k], h[1], e, h[0], h[2], K0(h[0][0]), make([]uint64, ExpScratch(n)))
			}
			f.Exp2(z1, x1, e1, m1, rr1, K0(m1[0]), z2, x2, e2, m2, rr2, K0(m2[0]), scratch)
			for i := 0; i < n; i++ {
				if z1[i] != want[0][i] || z2[i] != want[1][i] {
					return fmt.Errorf("%d limbs, %d- and %d-byte exponents: limb %d is %#016x, %#016x, want %#016x, %#016x", n, len(e1), len(e2), i, z1[i], z2[i], want[0][i], want[1][i])
				}
			}
			return nil
		}})
	}
	return out
}

// expEdges call the level's Exp at 1 and MaxLimbs limbs and at the sizes
// levels unroll (16, 24, 32), with an empty exponent (a random byte right
// behind the empty slice, which a kernel reading it anyway would use) and
// a MaxBytes one, every buffer (m, x, rr, z, e and the scratch) flush
// against a PROT_NONE page, and compare with ExpMul over GenericMul.
func expEdges(f *Funcs) []arch.Edge {
	type expEdge struct {
		name   string
		n, len int // limbs, exponent bytes
	}
	cases := []expEdge{
		{"exp/1", 1, 9}, {"exp/16", 16, 24}, {"exp/24", 24, 24}, {"exp/32", 32, 24}, {fmt.Sprintf("exp/%d", MaxLimbs), MaxLimbs, 16},
		{"exp/1/empty-e", 1, 0}, {fmt.Sprintf("exp/%d/empty-e", MaxLimbs), MaxLimbs, 0}, {"exp/16/empty-e", 16, 0},
		{"exp/1/long-e", 1, MaxBytes}, {"exp/32/long-e", 32, MaxBytes},
	}
	var out []arch.Edge
	for _, ec := range cases {
		ec := ec
		out = append(out, arch.Edge{Name: ec.name, Run: func(mem arch.EdgeMem, r *rand.Rand) error {
			n := ec.n
			m, x, rr, z := edgeWords(mem, 0, n), edgeWords(mem, 1, n), edgeWords(mem, 2, n), edgeWords(mem, 3, n)
			m[0] |= 1
			m[n-1] |= 1 << 63
			x[n-1] &^= 1 << 63 // x < m
			e := mem.Bytes(4, ec.len+1)[:ec.len]
			sb := mem.Bytes(5, 8*ExpScratch(n))
			scratch := (*[ExpScratchMax]uint64)(unsafe.Pointer(&sb[0]))[:ExpScratch(n):ExpScratch(n)]
			k0 := K0(m[0])
			ctx, err := newMontCtx(&Funcs{Mul: GenericMul}, "modulus", limbsBytes(m))
			if err != nil {
				return err
			}
			copy(rr, ctx.rr)
			want := make([]uint64, n)
			ExpMul(GenericMul, want, x, e, m, rr, k0, make([]uint64, ExpScratch(n)))
			xs, ms, rs, es := append([]uint64(nil), x...), append([]uint64(nil), m...), append([]uint64(nil), rr...), append([]byte(nil), e...)
			f.Exp(z, x, e, m, rr, k0, scratch)
			for i := range want {
				if z[i] != want[i] {
					return fmt.Errorf("%d limbs, %d-byte exponent: limb %d of z is %#016x, want %#016x", n, len(e), i, z[i], want[i])
				}
			}
			for i := range xs {
				if x[i] != xs[i] || m[i] != ms[i] || rr[i] != rs[i] {
					return fmt.Errorf("%d limbs: an operand was modified (limb %d)", n, i)
				}
			}
			for i := range es {
				if e[i] != es[i] {
					return fmt.Errorf("%d limbs: the exponent was modified (byte %d)", n, i)
				}
			}
			return nil
		}})
	}
	return out
}

// ExpScratchMax is ExpScratch(MaxLimbs).
const ExpScratchMax = 56*MaxLimbs + 320

// limbsBytes is m big-endian, without leading zero bytes.
func limbsBytes(m []uint64) []byte {
	b := make([]byte, 8*len(m))
	limbsToBytes(b, m)
	return trimZeros(b)
}
