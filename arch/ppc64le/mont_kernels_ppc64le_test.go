//go:build gc

package ppc64le

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/arch/archtest"
	"github.com/xarchlab/xarch/family/mont"
	"github.com/xarchlab/xarch/family/mont/monttest"
)

// TestMontFinalSub holds the shared assembly subtraction to the generic
// one at the edges of its mask: t = m-1, m, m+1 with tn = 0, tn = 1 with
// t small and t = m-1 - (what fits below 2m), for sizes around the
// 4-limb loop and the largest.
func TestMontFinalSub(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	took := [2]int{}
	for _, n := range []int{1, 2, 3, 4, 5, 8, 17, mont.MaxLimbs} {
		m := make([]uint64, n)
		for i := range m {
			m[i] = r.Uint64()
		}
		m[0] |= 1
		m[n-1] |= 1 << 63
		bm := monttest.LimbsToBig(m)
		r64 := new(big.Int).Lsh(big.NewInt(1), uint(64*n))
		var vals []*big.Int
		for _, d := range []int64{-2, -1, 0, 1, 2} {
			vals = append(vals, new(big.Int).Add(bm, big.NewInt(d)))
		}
		// 2m - 1 and values at and above 2^(64n) (tn = 1)
		twoM := new(big.Int).Lsh(bm, 1)
		vals = append(vals, new(big.Int).Sub(twoM, big.NewInt(1)), new(big.Int).Set(r64),
			new(big.Int).Add(r64, big.NewInt(1)), big.NewInt(0), big.NewInt(1))
		for _, v := range vals {
			if v.Sign() < 0 || v.Cmp(twoM) >= 0 {
				continue
			}
			full := monttest.BigToLimbs(v, n+1)
			want := make([]uint64, n)
			mont.GenericFinalSub(want, full, m)
			got := make([]uint64, n)
			for i := range got {
				got[i] = 0x5555555555555555
			}
			montFinalSub(&got[0], &full[0], &m[0], n, full[n])
			wantBig := new(big.Int).Mod(v, bm)
			if monttest.LimbsToBig(got).Cmp(wantBig) != 0 || monttest.LimbsToBig(want).Cmp(wantBig) != 0 {
				t.Fatalf("n=%d t=%x: montFinalSub %x, generic %x, want %x", n, v, got, want, wantBig)
			}
			if v.Cmp(bm) >= 0 {
				took[1]++
			} else {
				took[0]++
			}
		}
	}
	if took[0] == 0 || took[1] == 0 {
		t.Fatalf("cases below m: %d, at or above m: %d; want both", took[0], took[1])
	}
}

// TestMontKernelsAgree: where power9 runs, both kernels leave the same
// unreduced t and top bit (the sum below 2m before the final subtraction),
// so a difference shows before the subtraction can hide it.
func TestMontKernelsAgree(t *testing.T) {
	if !arch.Detect()["power9"] {
		t.Skip("power9 not detected: mont/power9's kernel would trap")
	}
	r := rand.New(rand.NewSource(2))
	for n := 1; n <= mont.MaxLimbs; n++ {
		m := make([]uint64, n)
		for i := range m {
			m[i] = r.Uint64()
		}
		m[0] |= 1
		bm := monttest.LimbsToBig(m)
		x := monttest.BigToLimbs(new(big.Int).Rand(r, bm), n)
		y := monttest.BigToLimbs(new(big.Int).Rand(r, bm), n)
		k0 := mont.K0(m[0])
		var t8, t9 montScratch
		montMulPower8(&x[0], &y[0], &m[0], k0, n, &t8)
		montMulPower9(&x[0], &y[0], &m[0], k0, n, &t9)
		if t8 != t9 || t8[0] > 1 {
			t.Fatalf("n=%d: power8 t=%x (top bit t[0]), power9 t=%x", n, t8[:n+1], t9[:n+1])
		}
	}
}

// TestMADDProbe runs the registered probe where power9 is present: five
// inputs, three doublewords each.
func TestMADDProbe(t *testing.T) { archtest.Probe(t, "power9", "maddld/maddhdu", 5*24) }

// TestMADDModel holds the probe's model to math/big.
func TestMADDModel(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	ins := append([][3]uint64{}, maddInputs...)
	for i := 0; i < 100; i++ {
		ins = append(ins, [3]uint64{r.Uint64(), r.Uint64(), r.Uint64()})
	}
	mask := new(big.Int).SetUint64(^uint64(0))
	for _, in := range ins {
		v := new(big.Int).Mul(new(big.Int).SetUint64(in[0]), new(big.Int).SetUint64(in[1]))
		v.Add(v, new(big.Int).SetUint64(in[2]))
		lo := new(big.Int).And(v, mask).Uint64()
		hi := new(big.Int).Rsh(v, 64).Uint64()
		if got := maddModel(in); got != [3]uint64{lo, hi, hi} {
			t.Fatalf("maddModel(%x) = %x, want lo %x hi %x", in, got, lo, hi)
		}
	}
}
