//go:build amd64 && gc && xarch_planted

package amd64

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha256"
)

// sigillBlock executes UD2, the architecturally guaranteed invalid opcode.
func sigillBlock(h *[8]uint32, p []byte)

func init() {
	arch.Register(&arch.Impl{
		Name: "sha256/planted-sigill",
		Alg:  sha256.Name,
		Arch: "amd64",
		// No Requires: it must run (and crash) on every CPU model, so the
		// suite's crash reporting is exercised everywhere.
		Rank:    -1,
		Planted: true,
		Funcs:   &sha256.Funcs{Block: sigillBlock},
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
	arch.Register(&arch.Impl{
		Name: "sha256/planted-abi",
		Alg:  sha256.Name,
		Arch: "amd64",
		// Runs everywhere: the clobber needs no feature.
		Rank:    -1,
		Planted: true,
		Funcs:   &sha256.Funcs{Block: plantedABI},
	})
}
