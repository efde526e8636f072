//go:build gc && xarch_planted

package ppc64le

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha256"
)

// A test-only level that must crash with SIGILL: it proves the suite
// reports a trapping kernel as a crash instead of hanging or passing.
func init() {
	arch.RegisterPlanted(sha256.Name, "ppc64le", &arch.Impl{
		Name:  "sha256/planted-sigill",
		Funcs: &sha256.Funcs{Block: plantedSIGILL},
	})
}

func plantedSIGILL(h *[8]uint32, p []byte) { illegalInstruction() }

// illegalInstruction executes the all-zero word, which no Power ISA level
// defines (primary opcode 0).
func illegalInstruction()

// sha256/planted-abi hashes right (the generic block function), then calls
// a kernel that writes R2, the TOC pointer: harmless in a static Go binary,
// fatal to C or shared Go code that reaches globals through it. Only the
// ABI trampoline sees it: "R2 not restored".
func init() {
	arch.RegisterPlanted(sha256.Name, "ppc64le", &arch.Impl{
		Name:  "sha256/planted-abi",
		Funcs: &sha256.Funcs{Block: plantedABI},
	})
}

func plantedABI(h *[8]uint32, p []byte) {
	sha256.GenericBlock(h, p)
	if arch.ABICheck {
		abiClobberR2()
	} else {
		clobberR2()
	}
}

// sha256/planted-unloaded-arg and planted-unset-vector hash right, then
// call a kernel that reads a register it never loaded: R3 as its argument,
// F0 as zero. Called directly from Go both hold what it assumes; through
// the ABI trampoline, which poisons every register the convention leaves
// free, the first faults and the second changes the hash.
func plantedUnloadedArg(h *[8]uint32, p []byte) {
	sha256.GenericBlock(h, p)
	if arch.ABICheck {
		abiReadUnloadedR3(h)
	} else {
		readUnloadedR3(h)
	}
}

func plantedUnsetVector(h *[8]uint32, p []byte) {
	sha256.GenericBlock(h, p)
	if arch.ABICheck {
		abiReadUnsetF0(h, 0)
	} else {
		readUnsetF0(h, 0)
	}
}

func init() {
	arch.RegisterPlanted(sha256.Name, "ppc64le",
		&arch.Impl{Name: "sha256/planted-unloaded-arg", Funcs: &sha256.Funcs{Block: plantedUnloadedArg}},
		&arch.Impl{Name: "sha256/planted-unset-vector", Funcs: &sha256.Funcs{Block: plantedUnsetVector}})
}
