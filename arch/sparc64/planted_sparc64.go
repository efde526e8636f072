//go:build xarch_planted

package sparc64

import "github.com/xarchlab/xarch/arch"

// A test-only level whose block function executes an illegal instruction,
// so the suite can prove it reports a SIGILL crash (and names the level).
func init() {
	arch.Register(&arch.Impl{
		Name:    "sha256/planted-sigill",
		Alg:     arch.SHA256,
		Arch:    "sparc64",
		Planted: true,
		Funcs:   &arch.SHA256Funcs{Block: plantedSIGILL},
	})
}

//extern xarch_planted_sigill_sparc64
func plantedIllegal()

func plantedSIGILL(h *[8]uint32, p []byte) {
	plantedIllegal()
}
