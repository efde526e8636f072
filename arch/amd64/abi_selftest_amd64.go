//go:build gc

package amd64

// The self-test kernels of abi_selftest_amd64.s: one conforming, one
// conforming with a stack-checked frame, and one per kind of violation the
// trampoline reports.

//go:noescape
func conformingNop(x *uint64)

//go:noescape
func conformingFramed(x *uint64)

func clobberBP()

func clobberSP()

func clobberDF()

//go:noescape
func clobberMXCSR(tmp *uint32)

func writeBelowSP()

func writeBelowFrame()
