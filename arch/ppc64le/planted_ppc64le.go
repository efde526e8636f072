//go:build xarch_planted && gc

package ppc64le

import "github.com/xarchlab/xarch/arch"

// A test-only level that must crash with SIGILL: it proves the suite
// reports a trapping kernel as a crash instead of hanging or passing.
func init() {
	arch.Register(&arch.Impl{
		Name:    "sha256/planted-sigill",
		Alg:     arch.SHA256,
		Arch:    "ppc64le",
		Planted: true,
		Funcs:   &arch.SHA256Funcs{Block: plantedSIGILL},
	})
}

func plantedSIGILL(h *[8]uint32, p []byte) { illegalInstruction() }

// illegalInstruction executes the all-zero word, which no Power ISA level
// defines (primary opcode 0).
func illegalInstruction()
