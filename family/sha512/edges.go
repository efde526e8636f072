package sha512

import (
	"math/rand"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/hash"
)

// edgeBlocks is the long run of the block-count edges: unbounded by the
// contract, so a size that is quick under emulation and a multiple of no
// batch or interleave width (it is prime).
const edgeBlocks = 131

// edges calls the level's block function directly (hash.BlockEdges) from
// a random state and compares with GenericBlock.
func edges(im *arch.Impl) []arch.Edge {
	f, err := Of(im)
	if err != nil || im.Name == Name+"/generic" {
		return nil // the reference itself: nothing to compare with
	}
	return hash.BlockEdges(128, edgeBlocks, 64, func(r *rand.Rand, p []byte) (from, got, want []uint64) {
		var h0 [8]uint64
		for i := range h0 {
			h0[i] = r.Uint64()
		}
		g, w := h0, h0
		f.Block(&g, p)
		GenericBlock(&w, p)
		return h0[:], g[:], w[:]
	})
}
