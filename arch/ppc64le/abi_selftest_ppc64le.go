//go:build gc

package ppc64le

// The self-test kernels of abi_selftest_ppc64le.s: one conforming, one
// conforming with a stack-checked frame, and one per kind of violation the
// trampoline reports.

//go:noescape
func conformingNop(x *uint64)

//go:noescape
func conformingFramed(x *uint64)

func clobberR2()

func clobberR13()

func clobberR30()

func clobberR0()

func clobberSP()

func writeBelowSP()

func writeBelowFrame()

// readUnloadedR3 and readUnsetF0 read a register they never set (the
// planted sha256/planted-unloaded-arg and planted-unset-vector): only the
// trampoline's poison shows it.
func readUnloadedR3(h *[8]uint32)

func readUnsetF0(h *[8]uint32, zero float64)

// readStatus stores the FPSCR and VSCR it was called with (TestABIPoison).
//
//go:noescape
func readStatus(out *[2]uint64)
