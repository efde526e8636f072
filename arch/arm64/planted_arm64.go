//go:build gc && xarch_planted

package arm64

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha256"
)

// A test-only level that dies with SIGILL: the suite must report the crash,
// not hang or blame another level.
func init() {
	arch.RegisterPlanted(sha256.Name, "arm64", &arch.Impl{
		Name:  "sha256/planted-sigill",
		Funcs: &sha256.Funcs{Block: plantedSIGILL},
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
	arch.RegisterPlanted(sha256.Name, "arm64", &arch.Impl{
		Name:  "sha256/planted-abi",
		Funcs: &sha256.Funcs{Block: plantedABI},
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
