//go:build amd64 && gc && xarch_planted

package amd64

import "github.com/xarchlab/xarch/arch"

// sigillBlock executes UD2, the architecturally guaranteed invalid opcode.
func sigillBlock(h *[8]uint32, p []byte)

func init() {
	arch.Register(&arch.Impl{
		Name: "sha256/planted-sigill",
		Alg:  arch.SHA256,
		Arch: "amd64",
		// No Requires: it must run (and crash) on every CPU model, so the
		// suite's crash reporting is exercised everywhere.
		Rank:    -1,
		Planted: true,
		Funcs:   &arch.SHA256Funcs{Block: sigillBlock},
	})
}
