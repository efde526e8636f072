//go:build xarch_planted

package sha256

import "github.com/xarchlab/xarch/arch"

// Two correct levels for checking the resolution of `xarch speed`: they are
// not bugs for the suite to find, they differ in speed by a known amount.
//
// sha256/planted-twin is sha256/generic plus the bookkeeping below: a block
// counter kept across calls. sha256/planted-slow does the same and, after
// every slowEvery-th block, one more compression into a scratch state:
// 1/32 = 3.125% more compressions, so its throughput should be
// 1/1.03125 = 0.970 of the twin's (-3.0%), a little less at sizes where
// per-message work dilutes it. `xarch speed` must tell twin and slow apart.
const slowEvery = 32

// slowLevel counts blocks across calls (reset at every), so one-block
// messages pay the same share; each level has its own count.
type slowLevel struct {
	every  uint32 // 0: never an extra compression
	blocks uint32
}

var (
	twinLevel   = &slowLevel{}
	slowLevel32 = &slowLevel{every: slowEvery}
	// slowScratch is global so the extra work cannot be dropped.
	slowScratch [8]uint32
)

func init() {
	for _, im := range []*arch.Impl{
		{Name: "sha256/planted-twin", Funcs: &Funcs{Block: twinLevel.block}},
		{Name: "sha256/planted-slow", Funcs: &Funcs{Block: slowLevel32.block},
			Tuning: []arch.Tuning{{Name: "extra_compression_every_blocks", Value: slowEvery, Unit: arch.Blocks}}},
	} {
		im.Alg, im.Arch, im.Rank, im.Planted = Name, "generic", -1, true
		arch.Register(im)
	}
}

// block hashes p and compresses each every-th block once more into
// slowScratch (a count and a compare per block either way, so twin and
// slow differ by the extra compressions only).
func (l *slowLevel) block(h *[8]uint32, p []byte) {
	GenericBlock(h, p)
	for ; len(p) >= 64; p = p[64:] {
		l.blocks++
		if l.blocks == l.every {
			l.blocks = 0
			GenericBlock(&slowScratch, p[:64])
		}
	}
}
