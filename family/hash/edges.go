package hash

import (
	"bytes"
	"fmt"
	"math/rand"

	"github.com/xarchlab/xarch/arch"
)

// BlockRun is one call of a level's block function and of the generic one
// over p, from a state it draws from r; it returns the three states, the
// words widened to 64 bits.
type BlockRun func(r *rand.Rand, p []byte) (from, got, want []uint64)

// BlockEdges are a hash family's kernel edges (Family.Edges): run with zero
// blocks, one (aligned and misaligned) and long, input flush against a
// PROT_NONE page, compared with the generic block function. block is the
// block size in bytes, wordBits the state's word size (for the messages).
func BlockEdges(block, long, wordBits int, run BlockRun) []arch.Edge {
	digits := wordBits / 4
	var out []arch.Edge
	for _, nb := range []int{0, 1, long} {
		nb := nb
		out = append(out, arch.Edge{Name: fmt.Sprintf("block/%d", nb), Run: func(mem arch.EdgeMem, r *rand.Rand) error {
			for _, off := range []int{0, 1 + r.Intn(15)} {
				// Zero blocks: the slice is empty but a whole block of
				// random bytes follows it, so reading one changes the state.
				size := block * nb
				if nb == 0 {
					size = block
				}
				buf := mem.Bytes(0, size+off)[off:]
				p := buf[:block*nb]
				keep := append([]byte(nil), buf...)
				h0, got, want := run(r, p)
				if nb == 0 && !equalWords(got, h0) {
					return fmt.Errorf("zero blocks (start %d bytes past alignment) changed the state %x to %x", off, h0, got)
				}
				if !equalWords(got, want) {
					return fmt.Errorf("%d blocks (start %d bytes past alignment) from state %0*x: state %0*x, want %0*x",
						nb, off, digits, h0, digits, got, digits, want)
				}
				if !bytes.Equal(buf, keep) {
					return fmt.Errorf("%d blocks: the input was modified", nb)
				}
			}
			return nil
		}})
	}
	return out
}

func equalWords(a, b []uint64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
