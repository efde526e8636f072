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

// sha256/planted-unloaded-arg and planted-unset-vector hash right, then
// call a kernel that reads a register it never loaded: R0 as its argument,
// V29 as zero. Called directly from Go both hold what it assumes; through
// the ABI trampoline, which poisons every register the convention leaves
// free, the first faults and the second changes the hash.
func plantedUnloadedArg(h *[8]uint32, p []byte) {
	sha256.GenericBlock(h, p)
	if arch.ABICheck {
		abiReadUnloadedR0(h)
	} else {
		readUnloadedR0(h)
	}
}

func plantedUnsetVector(h *[8]uint32, p []byte) {
	sha256.GenericBlock(h, p)
	if arch.ABICheck {
		abiReadUnsetV29(h)
	} else {
		readUnsetV29(h)
	}
}

func init() {
	arch.RegisterPlanted(sha256.Name, "arm64",
		&arch.Impl{Name: "sha256/planted-unloaded-arg", Funcs: &sha256.Funcs{Block: plantedUnloadedArg}},
		&arch.Impl{Name: "sha256/planted-unset-vector", Funcs: &sha256.Funcs{Block: plantedUnsetVector}})
}
