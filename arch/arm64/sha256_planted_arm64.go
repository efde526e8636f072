//go:build xarch_planted && gc

package arm64

import "github.com/xarchlab/xarch/arch"

// A test-only level that dies with SIGILL: the suite must report the crash,
// not hang or blame another level.
func init() {
	arch.Register(&arch.Impl{
		Name:    "sha256/planted-sigill",
		Alg:     arch.SHA256,
		Arch:    "arm64",
		Planted: true,
		Funcs:   &arch.SHA256Funcs{Block: plantedSIGILL},
	})
}

// plantedSIGILL executes UDF #0, permanently undefined in A64.
//
//go:noescape
func plantedSIGILL(h *[8]uint32, p []byte)
