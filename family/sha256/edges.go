package sha256

import (
	"bytes"
	"fmt"
	"math/rand"

	"github.com/xarchlab/xarch/arch"
)

// edgeBlocks is the long run of the block-count edges: unbounded by the
// contract, so a size that is quick under emulation and a multiple of no
// batch or interleave width (it is prime).
const edgeBlocks = 263

// edges calls the level's block function directly with zero blocks, one
// (aligned and misaligned) and edgeBlocks, input flush against a
// PROT_NONE page, from a random state, and compares with GenericBlock.
func edges(im *arch.Impl) []arch.Edge {
	f, err := Of(im)
	if err != nil || im.Name == Name+"/generic" {
		return nil // the reference itself: nothing to compare with
	}
	var out []arch.Edge
	for _, nb := range []int{0, 1, edgeBlocks} {
		nb := nb
		out = append(out, arch.Edge{Name: fmt.Sprintf("block/%d", nb), Run: func(mem arch.EdgeMem, r *rand.Rand) error {
			for _, off := range []int{0, 1 + r.Intn(15)} {
				// Zero blocks: the slice is empty but a whole block of
				// random bytes follows it, so reading one changes the state.
				size := 64 * nb
				if nb == 0 {
					size = 64
				}
				buf := mem.Bytes(0, size+off)[off:]
				p := buf[:64*nb]
				keep := append([]byte(nil), buf...)
				var h0 [8]uint32
				for i := range h0 {
					h0[i] = r.Uint32()
				}
				got, want := h0, h0
				f.Block(&got, p)
				GenericBlock(&want, p)
				if nb == 0 && got != h0 {
					return fmt.Errorf("zero blocks (start %d bytes past alignment) changed the state %x to %x", off, h0, got)
				}
				if got != want {
					return fmt.Errorf("%d blocks (start %d bytes past alignment) from state %08x: state %08x, want %08x", nb, off, h0, got, want)
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
