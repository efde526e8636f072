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

// readUnloadedAX and readUnsetX15 read a register they never set (the
// planted sha256/planted-unloaded-arg and planted-unset-vector): only the
// trampoline's poison shows it.
func readUnloadedAX(h *[8]uint32)

func readUnsetX15(h *[8]uint32)

// dumpGPRs stores the general registers it was called with (TestABIPoison).
//
//go:noescape
func dumpGPRs(out *[14]uint64)
