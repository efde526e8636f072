//go:build gc && xarch_planted

package riscv64

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha256"
)

// A test-only level that dies with SIGILL: the suite must report the crash,
// not hang or blame another level.
func init() {
	arch.RegisterPlanted(sha256.Name, "riscv64", &arch.Impl{
		Name:  "sha256/planted-sigill",
		Funcs: &sha256.Funcs{Block: plantedSIGILL},
	})
}

// plantedSIGILL executes unimp (csrrw zero, cycle, zero: a write to a
// read-only counter, the psABI's canonical illegal instruction).
//
//go:noescape
func plantedSIGILL(h *[8]uint32, p []byte)

// sha256/planted-abi hashes right (the generic block function), then calls
// a kernel that writes X3, the global pointer the psABI reserves: harmless
// in a static Go binary, fatal to C code that reaches its small data
// through it. Only the ABI trampoline sees it: "X3 not restored".
func init() {
	arch.RegisterPlanted(sha256.Name, "riscv64", &arch.Impl{
		Name:  "sha256/planted-abi",
		Funcs: &sha256.Funcs{Block: plantedABI},
	})
}

func plantedABI(h *[8]uint32, p []byte) {
	sha256.GenericBlock(h, p)
	if arch.ABICheck {
		abiClobberX3()
	} else {
		clobberX3()
	}
}

// sha256/planted-unloaded-arg and planted-unset-vector hash right, then
// call a kernel that reads a register it never loaded: X10 as its
// argument, F31 as zero. Called directly from Go both hold what it
// assumes; through the ABI trampoline, which poisons every register the
// convention leaves free, the first faults and the second changes the hash.
func plantedUnloadedArg(h *[8]uint32, p []byte) {
	sha256.GenericBlock(h, p)
	if arch.ABICheck {
		abiReadUnloadedX10(h)
	} else {
		readUnloadedX10(h)
	}
}

func plantedUnsetVector(h *[8]uint32, p []byte) {
	sha256.GenericBlock(h, p)
	if arch.ABICheck {
		abiReadUnsetF31(h)
	} else {
		readUnsetF31(h)
	}
}

func init() {
	arch.RegisterPlanted(sha256.Name, "riscv64",
		&arch.Impl{Name: "sha256/planted-unloaded-arg", Funcs: &sha256.Funcs{Block: plantedUnloadedArg}},
		&arch.Impl{Name: "sha256/planted-unset-vector", Funcs: &sha256.Funcs{Block: plantedUnsetVector}})
}
