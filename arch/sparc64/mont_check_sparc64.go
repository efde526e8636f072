package sparc64

import (
	"fmt"

	"github.com/xarchlab/xarch/family/mont"
)

// montCheck panics unless the operands fit the contract's sizes
// (mont.Funcs): the mont kernels read n limbs of x, y and m, write n of
// z, and keep n+1 limbs of scratch in a frame sized for mont.MaxLimbs,
// so a wrong length would be a silent overrun, not a Go bounds error.
func montCheck(z, x, y, m []uint64) {
	n := len(m)
	if n < 1 || n > mont.MaxLimbs || len(z) != n || len(x) != n || len(y) != n {
		panic(fmt.Sprintf("mont: want 1 <= len(m) <= %d and len(z) = len(x) = len(y) = len(m), got %d, %d, %d, %d",
			mont.MaxLimbs, len(z), len(x), len(y), n))
	}
}
