//go:build gc

package riscv64

// The self-test kernels of abi_selftest_riscv64.s: one conforming, one
// conforming with a stack-checked frame, and one per kind of violation the
// trampoline reports.

//go:noescape
func conformingNop(x *uint64)

//go:noescape
func conformingFramed(x *uint64)

func clobberX3()

func clobberX4()

func clobberX27()

func clobberSP()

func writeBelowSP()

func writeBelowFrame()

// readUnloadedX10 and readUnsetF31 read a register they never set (the
// planted sha256/planted-unloaded-arg and planted-unset-vector): only the
// trampoline's poison shows it.
func readUnloadedX10(h *[8]uint32)

func readUnsetF31(h *[8]uint32)

// readVState reports vtype, vl, V0[0] and V31[0] as a kernel finds them
// (only with V).
//
//go:noescape
func readVState(out *[4]uint64)
