//go:build gc && xarch_planted

package amd64

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha256"
)

// sigillBlock executes UD2, the architecturally guaranteed invalid opcode.
func sigillBlock(h *[8]uint32, p []byte)

func init() {
	arch.RegisterPlanted(sha256.Name, "amd64", &arch.Impl{
		Name:  "sha256/planted-sigill",
		Funcs: &sha256.Funcs{Block: sigillBlock},
	})
}

// plantedABI hashes right (the generic block function), then calls a
// kernel that overwrites BP, the frame pointer, after reading it (so go
// vet's framepointer check, which stops at the first read, misses it). Only
// the ABI trampoline sees it: "BP not restored".
func plantedABI(h *[8]uint32, p []byte) {
	sha256.GenericBlock(h, p)
	if arch.ABICheck {
		abiClobberBP()
	} else {
		clobberBP()
	}
}

func init() {
	arch.RegisterPlanted(sha256.Name, "amd64", &arch.Impl{
		Name:  "sha256/planted-abi",
		Funcs: &sha256.Funcs{Block: plantedABI},
	})
}

// sha256/planted-unloaded-arg and planted-unset-vector hash right, then
// call a kernel that reads a register it never loaded: AX as its argument,
// X15 as zero. Called directly from Go both hold what it assumes; through
// the ABI trampoline, which poisons every register the convention leaves
// free, the first faults and the second changes the hash.
func plantedUnloadedArg(h *[8]uint32, p []byte) {
	sha256.GenericBlock(h, p)
	if arch.ABICheck {
		abiReadUnloadedAX(h)
	} else {
		readUnloadedAX(h)
	}
}

func plantedUnsetVector(h *[8]uint32, p []byte) {
	sha256.GenericBlock(h, p)
	if arch.ABICheck {
		abiReadUnsetX15(h)
	} else {
		readUnsetX15(h)
	}
}

func init() {
	arch.RegisterPlanted(sha256.Name, "amd64",
		&arch.Impl{Name: "sha256/planted-unloaded-arg", Funcs: &sha256.Funcs{Block: plantedUnloadedArg}},
		&arch.Impl{Name: "sha256/planted-unset-vector", Funcs: &sha256.Funcs{Block: plantedUnsetVector}})
}
