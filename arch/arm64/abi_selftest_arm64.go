//go:build gc

package arm64

// The self-test kernels of abi_selftest_arm64.s: one conforming, one
// conforming with a stack-checked frame, and one per kind of violation the
// trampoline reports.

//go:noescape
func conformingNop(x *uint64)

//go:noescape
func conformingFramed(x *uint64)

func clobberR18()

func clobberR29()

func clobberR28()

func clobberSP()

func writeBelowSP()

func writeBelowFrame()

// readUnloadedR0 and readUnsetV29 read a register they never set (the
// planted sha256/planted-unloaded-arg and planted-unset-vector): only the
// trampoline's poison shows it.
func readUnloadedR0(h *[8]uint32)

func readUnsetV29(h *[8]uint32)

// readFPSR stores the FPSR it was called with (TestABIPoison).
//
//go:noescape
func readFPSR(out *uint64)
