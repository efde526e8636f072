//go:build gc

#include "textflag.h"

// Kernels that break the calling convention one way each, for the
// trampoline's tests (abi_amd64_test.go) and the planted level
// sha256/planted-abi (planted_amd64.go). They are tiny and never
// registered as implementations. Each only does its one wrong thing.

// func conformingNop(x *uint64)
// Conforming: adds 1 to *x (the argument frame arrives).
TEXT ·conformingNop(SB), NOSPLIT, $0-8
	MOVQ	x+0(FP), AX
	INCQ	0(AX)
	RET

// func conformingFramed(x *uint64)
// Conforming, with a frame large enough for a stack check: its prologue
// may grow (and move) the stack. Fills the frame and adds 1 to *x.
TEXT ·conformingFramed(SB), 0, $1024-8
	MOVQ	$0, AX
	MOVQ	$128, CX
	MOVQ	SP, DI
fill:
	MOVQ	AX, 0(DI)
	ADDQ	$8, DI
	DECQ	CX
	JNZ	fill
	MOVQ	x+0(FP), AX
	INCQ	0(AX)
	RET

// func clobberBP()
// Reads BP (so vet's framepointer check, which stops at the first read,
// does not see it), then overwrites it: the frame pointer bug.
TEXT ·clobberBP(SB), NOSPLIT, $0-0
	MOVQ	BP, AX
	MOVQ	$0x5eedbadc0ffee, BP
	RET

// func clobberSP()
// Returns with SP 16 bytes lower, the return address copied down.
TEXT ·clobberSP(SB), NOSPLIT, $0-0
	MOVQ	0(SP), AX
	LEAQ	-16(SP), SP
	MOVQ	AX, 0(SP)
	RET

// func clobberDF()
// Returns with the direction flag set.
TEXT ·clobberDF(SB), NOSPLIT, $0-0
	STD
	RET

// func clobberMXCSR(tmp *uint32)
// Returns with the rounding mode changed (round toward zero).
TEXT ·clobberMXCSR(SB), NOSPLIT, $0-8
	MOVQ	tmp+0(FP), AX
	STMXCSR	0(AX)
	ORL	$0x6000, 0(AX)
	LDMXCSR	0(AX)
	RET

// func writeBelowSP()
// Writes 24 bytes below its SP, outside its (empty) frame.
TEXT ·writeBelowSP(SB), NOSPLIT, $0-0
	MOVQ	$0x77, AX
	MOVQ	AX, -24(SP)
	RET

// func writeBelowFrame()
// A 64-byte frame, and a write 8 bytes below it.
TEXT ·writeBelowFrame(SB), NOSPLIT, $64-0
	MOVQ	$0x78, AX
	MOVQ	AX, -8(SP)
	RET

// func readUnloadedAX(h *[8]uint32)
// Rewrites h[0] through AX without loading h from its frame: right when
// called from Go, whose ABIInternal leaves the first argument in AX, wrong
// wherever AX holds anything else (a poisoned AX faults).
TEXT ·readUnloadedAX(SB), NOSPLIT, $0-8
	MOVL	0(AX), BX
	MOVL	BX, 0(AX)
	RET

// func readUnsetX15(h *[8]uint32)
// Adds X15's low word to h[0] without setting X15: right when called from
// Go, whose ABIInternal keeps X15 zero, wrong under a poisoned X15.
TEXT ·readUnsetX15(SB), NOSPLIT, $0-8
	MOVQ	h+0(FP), DI
	MOVQ	X15, BX
	ADDL	BX, 0(DI)
	RET

// func dumpGPRs(out *[14]uint64)
// Stores AX-DI, R8-R11, R13-R15 and R12 as they were at entry: through
// its frame first, as loading out takes a register.
TEXT ·dumpGPRs(SB), NOSPLIT, $112-8
	MOVQ	AX, 0(SP)
	MOVQ	BX, 8(SP)
	MOVQ	CX, 16(SP)
	MOVQ	DX, 24(SP)
	MOVQ	SI, 32(SP)
	MOVQ	DI, 40(SP)
	MOVQ	R8, 48(SP)
	MOVQ	R9, 56(SP)
	MOVQ	R10, 64(SP)
	MOVQ	R11, 72(SP)
	MOVQ	R13, 80(SP)
	MOVQ	R14, 88(SP)
	MOVQ	R15, 96(SP)
	MOVQ	R12, 104(SP)
	MOVQ	out+0(FP), DI
	XORQ	CX, CX
dump:
	MOVQ	0(SP)(CX*8), AX
	MOVQ	AX, 0(DI)(CX*8)
	INCQ	CX
	CMPQ	CX, $14
	JNE	dump
	RET
