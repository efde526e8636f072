//go:build xarch_planted

package sparc64

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha256"
)

// A test-only level whose block function executes an illegal instruction,
// so the suite can prove it reports a SIGILL crash (and names the level).
func init() {
	arch.RegisterPlanted(sha256.Name, "sparc64", &arch.Impl{
		Name:  "sha256/planted-sigill",
		Funcs: &sha256.Funcs{Block: plantedSIGILL},
	})
}

//extern xarch_planted_sigill_sparc64
func plantedIllegal()

func plantedSIGILL(h *[8]uint32, p []byte) {
	plantedIllegal()
}

// sha256/planted-abi hashes right (the generic block function), then calls
// a leaf kernel (no save) that writes %l5: in its caller's register window,
// the classic SPARC bug. Only the ABI trampoline sees it: "%l5 not
// restored". It runs the clobber only under the trampoline (called
// directly it would corrupt this function's own registers), so without the
// checks the level simply passes.
func init() {
	arch.RegisterPlanted(sha256.Name, "sparc64", &arch.Impl{
		Name:  "sha256/planted-abi",
		Funcs: &sha256.Funcs{Block: plantedABI},
	})
}

func plantedABI(h *[8]uint32, p []byte) {
	sha256.GenericBlock(h, p)
	if arch.ABICheck {
		abiClobberL5()
	}
}
