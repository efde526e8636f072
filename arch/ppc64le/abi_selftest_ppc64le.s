//go:build gc

#include "textflag.h"

// Kernels that break the calling convention one way each, for the
// trampoline's tests (abi_ppc64le_test.go) and the planted level
// sha256/planted-abi (planted_ppc64le.go). Never registered as
// implementations.

// func conformingNop(x *uint64)
TEXT ·conformingNop(SB), NOSPLIT, $0-8
	MOVD	x+0(FP), R3
	MOVD	(R3), R4
	ADD	$1, R4
	MOVD	R4, (R3)
	RET

// func conformingFramed(x *uint64)
// A frame large enough for a stack check; fills it, adds 1 to *x.
TEXT ·conformingFramed(SB), 0, $1024-8
	MOVD	$0, R4
	MOVD	$128, R5
	ADD	$24, R1, R6
fill:
	MOVDU	R4, 8(R6)
	SUB	$1, R5
	CMP	R5, $0
	BNE	fill
	MOVD	x+0(FP), R3
	MOVD	(R3), R4
	ADD	$1, R4
	MOVD	R4, (R3)
	RET

// func clobberR2()
// Writes the TOC pointer, which C and shared Go code rely on.
TEXT ·clobberR2(SB), NOSPLIT, $0-0
	MOVD	$0x5eedbadc0ffee, R2
	RET

// func clobberR13()
// Writes the thread pointer the ELF ABI reserves.
TEXT ·clobberR13(SB), NOSPLIT, $0-0
	MOVD	$0x5eedbadc0ffee, R13
	RET

// func clobberR30()
// Overwrites g. (The trampoline puts it back at once.)
TEXT ·clobberR30(SB), NOSPLIT, $0-0
	MOVD	$0x5eedbadc0ffee, g
	RET

// func clobberR0()
// Returns with R0, which Go code assumes is zero, set.
TEXT ·clobberR0(SB), NOSPLIT, $0-0
	MOVD	$0x5eed, R0
	RET

// func clobberSP()
// Returns with R1 16 bytes lower.
TEXT ·clobberSP(SB), NOSPLIT, $0-0
	MOVD	R1, R3
	SUB	$16, R3
	MOVD	R3, R1
	RET

// func writeBelowSP()
// Writes 24 bytes below its R1, outside its (empty) frame.
TEXT ·writeBelowSP(SB), NOSPLIT, $0-0
	MOVD	$0x77, R3
	MOVD	R3, -24(R1)
	RET

// func writeBelowFrame()
// A 64-byte frame (96 bytes below the entry R1 with the fixed frame), and
// a write 8 bytes below that.
TEXT ·writeBelowFrame(SB), NOSPLIT, $64-0
	MOVD	$0x78, R3
	MOVD	R3, -8(R1)
	RET

// func readUnloadedR3(h *[8]uint32)
// Rewrites h[0] through R3 without loading h from its frame: right when
// called from Go, whose compiler loads the argument into R3 to store it to
// the frame, wrong wherever R3 holds anything else (a poisoned R3 faults).
// The planted sha256/planted-unloaded-arg.
TEXT ·readUnloadedR3(SB), NOSPLIT, $0-8
	MOVWZ	0(R3), R4
	MOVW	R4, 0(R3)
	RET

// func readUnsetF0(h *[8]uint32, zero float64)
// Adds F0's bits (VS0's first doubleword) to h[0] without setting it,
// assuming zero: right when called from Go, whose compiler builds the float
// argument (always 0) in F0 before storing it to the frame; the trampoline
// poisons VS0. The planted sha256/planted-unset-vector.
TEXT ·readUnsetF0(SB), NOSPLIT, $0-16
	MOVD	h+0(FP), R5
	MFVSRD	VS0, R4
	MOVWZ	0(R5), R6
	ADD	R4, R6
	MOVW	R6, 0(R5)
	RET

// func readStatus(out *[2]uint64)
// Stores FPSCR (mffs) and VSCR (mfvscr, splat from its word) as they were
// at entry (TestABIPoison).
TEXT ·readStatus(SB), NOSPLIT, $0-8
	MOVD	out+0(FP), R3
	MOVFL	FPSCR, F0
	WORD	$0x10000604 // mfvscr v0
	VSPLTW	$3, V0, V0
	STXVD2X	VS32, (R3)
	FMOVD	F0, 0(R3) // over the first copy of VSCR
	RET
