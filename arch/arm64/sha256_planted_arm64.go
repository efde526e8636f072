//go:build xarch_planted && gc

package arm64

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha256"
)

// A test-only level that dies with SIGILL: the suite must report the crash,
// not hang or blame another level.
func init() {
	arch.Register(&arch.Impl{
		Name:    "sha256/planted-sigill",
		Alg:     sha256.Name,
		Arch:    "arm64",
		Planted: true,
		Funcs:   &sha256.Funcs{Block: plantedSIGILL},
	})
}

// plantedSIGILL executes UDF #0, permanently undefined in A64.
//
//go:noescape
func plantedSIGILL(h *[8]uint32, p []byte)

// sha256/planted-abi hashes right (the generic block function), then calls
// a kernel that writes R18, the platform register Go reserves (macOS and
// Windows keep their own data in it). Only the ABI trampoline sees it:
// "R18 not restored".
func init() {
	arch.Register(&arch.Impl{
		Name: "sha256/planted-abi",
		Alg:  sha256.Name,
		Arch: "arm64",
		// Runs everywhere: the clobber needs no feature.
		Rank:    -1,
		Planted: true,
		Funcs:   &sha256.Funcs{Block: plantedABI},
	})
}

func plantedABI(h *[8]uint32, p []byte) {
	sha256.GenericBlock(h, p)
	if arch.ABICheck {
		abiClobberR18()
	} else {
		clobberR18()
	}
}
