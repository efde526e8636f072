//go:build gc

#include "textflag.h"

// Kernels that break the calling convention one way each, for the
// trampoline's tests (abi_arm64_test.go) and the planted level
// sha256/planted-abi (planted_arm64.go). Never registered as
// implementations.

// func conformingNop(x *uint64)
TEXT ·conformingNop(SB), NOSPLIT, $0-8
	MOVD	x+0(FP), R0
	MOVD	(R0), R1
	ADD	$1, R1
	MOVD	R1, (R0)
	RET

// func conformingFramed(x *uint64)
// A frame large enough for a stack check; fills it, adds 1 to *x.
TEXT ·conformingFramed(SB), 0, $1024-8
	MOVD	$0, R0
	MOVD	$128, R1
	MOVD	RSP, R2
	ADD	$8, R2
fill:
	MOVD.P	R0, 8(R2)
	SUB	$1, R1
	CBNZ	R1, fill
	MOVD	x+0(FP), R0
	MOVD	(R0), R1
	ADD	$1, R1
	MOVD	R1, (R0)
	RET

// func clobberR18()
// Writes the platform register, which Go reserves (macOS and Windows keep
// their own data in it).
TEXT ·clobberR18(SB), NOSPLIT, $0-0
	MOVD	$0x5eedbadc0ffee, R18_PLATFORM
	RET

// func clobberR29()
// Reads the frame pointer (so vet's framepointer check, which stops at the
// first read, misses it), then overwrites it.
TEXT ·clobberR29(SB), NOSPLIT, $0-0
	MOVD	R29, R0
	MOVD	$0x5eedbadc0ffee, R29
	RET

// func clobberR28()
// Overwrites g. (The trampoline puts it back at once.)
TEXT ·clobberR28(SB), NOSPLIT, $0-0
	MOVD	$0x5eedbadc0ffee, g
	RET

// func clobberSP()
// Returns with RSP 16 bytes lower.
TEXT ·clobberSP(SB), NOSPLIT, $0-0
	MOVD	RSP, R0
	SUB	$16, R0
	MOVD	R0, RSP
	RET

// func writeBelowSP()
// Writes 24 bytes below its RSP, outside its (empty) frame.
TEXT ·writeBelowSP(SB), NOSPLIT, $0-0
	MOVD	$0x77, R0
	MOVD	R0, -24(RSP)
	RET

// func writeBelowFrame()
// A 64-byte frame (88 bytes below the entry RSP with LR, padding and the
// saved FP), and a write 8 bytes below that.
TEXT ·writeBelowFrame(SB), NOSPLIT, $64-0
	MOVD	$0x78, R0
	MOVD	R0, -16(RSP)
	RET

// func readUnloadedR0(h *[8]uint32)
// Rewrites h[0] through R0 without loading h from its frame: right when
// called from Go, whose ABIInternal leaves the first argument in R0 through
// the ABI0 wrapper, wrong wherever R0 holds anything else.
TEXT ·readUnloadedR0(SB), NOSPLIT, $0-8
	MOVWU	(R0), R1
	MOVWU	R1, (R0)
	RET

// func readUnsetV29(h *[8]uint32)
// Adds V29's low word to h[0] without setting V29: right in a runner whose
// other kernels and probes do not run (the runtime's assembly never writes
// V28 or V29, and the compiler takes low F registers first; chacha8rand,
// which seeds the runtime's randomness, does write V31), wrong under a
// poisoned V29.
TEXT ·readUnsetV29(SB), NOSPLIT, $0-8
	MOVD	h+0(FP), R0
	FMOVS	F29, R1
	MOVWU	(R0), R2
	ADDW	R1, R2
	MOVWU	R2, (R0)
	RET

// func readFPSR(out *uint64)
// Stores FPSR as it was at entry (TestABIPoison).
TEXT ·readFPSR(SB), NOSPLIT, $0-8
	MOVD	out+0(FP), R0
	MRS	FPSR, R1
	MOVD	R1, (R0)
	RET
