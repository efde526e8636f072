package mont

import (
	"math/bits"

	"github.com/xarchlab/xarch/arch"
)

func init() {
	arch.Register(&arch.Impl{
		Name:  "mont/generic",
		Alg:   Name,
		Arch:  "generic",
		Rank:  0,
		Funcs: &Funcs{Mul: GenericMul},
	})
}

// GenericMul is the portable Montgomery product (mont.Funcs.Mul): word by
// word interleaved multiply and reduce (CIOS), n+2 words of scratch, then a
// masked final subtraction. z is written only at the end, so it may alias x
// or y.
func GenericMul(z, x, y, m []uint64, k0 uint64) {
	n := len(m)
	var buf [MaxLimbs + 2]uint64
	t := buf[:n+2]
	for i := 0; i < n; i++ {
		// t += x * y[i]
		yi := y[i]
		var c uint64
		for j := 0; j < n; j++ {
			hi, lo := bits.Mul64(x[j], yi)
			var cc uint64
			lo, cc = bits.Add64(lo, t[j], 0)
			hi += cc
			lo, cc = bits.Add64(lo, c, 0)
			hi += cc
			t[j], c = lo, hi
		}
		var cc uint64
		t[n], cc = bits.Add64(t[n], c, 0)
		t[n+1] = cc
		// t = (t + q*m) / 2^64 with q chosen so the low word cancels.
		q := t[0] * k0
		hi, lo := bits.Mul64(q, m[0])
		_, cc = bits.Add64(lo, t[0], 0)
		c = hi + cc
		for j := 1; j < n; j++ {
			hi, lo := bits.Mul64(q, m[j])
			lo, cc = bits.Add64(lo, t[j], 0)
			hi += cc
			lo, cc = bits.Add64(lo, c, 0)
			hi += cc
			t[j-1], c = lo, hi
		}
		t[n-1], cc = bits.Add64(t[n], c, 0)
		t[n] = t[n+1] + cc
	}
	GenericFinalSub(z, t[:n+1], m)
}

// GenericFinalSub sets z = t - m if t >= m, else t, for t < 2m held in n+1
// words (the top one 0 or 1), choosing by mask so no branch depends on the
// data.
func GenericFinalSub(z, t, m []uint64) {
	n := len(m)
	var d [MaxLimbs]uint64
	var b uint64
	for j := 0; j < n; j++ {
		d[j], b = bits.Sub64(t[j], m[j], b)
	}
	// t >= m when the top word is set or the subtraction did not borrow.
	keep := -((t[n] | (b ^ 1)) & 1) // all ones: take d
	for j := 0; j < n; j++ {
		z[j] = (d[j] & keep) | (t[j] &^ keep)
	}
}
