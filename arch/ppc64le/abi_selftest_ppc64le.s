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
