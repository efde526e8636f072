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
