//go:build gc

#include "go_asm.h"
#include "textflag.h"
#include "funcdata.h"

// The ABI trampoline (abi_ppc64le.go); the layout is amd64's (abi_amd64.s):
// SHIFT bytes for the kernel's frame and the canary, then the kernel's
// fixed frame (0(R1) holds the trampoline's own return address, where the
// unwinder looks for it) and its arguments at 32(R1). ADD of a constant to
// R1 is tracked by the assembler, so the runtime can unwind through the
// moved R1. What the trampoline keeps across the call is in ·abiSt; ST is
// reloaded with its address after the call.

#define SHIFT (const_abiMaxLow + const_abiCanaryBytes + 16)
#define ST R3

// func abiTrampoline(args unsafe.Pointer)
TEXT ·abiTrampoline(SB), 0, $2352-8 // SHIFT+160 (abi_ppc64le_test.go checks it)
	NO_LOCAL_POINTERS
	MOVD	$·abiSt(SB), ST
	// Where to return if the kernel leaves R1 elsewhere (abiEscape): the
	// caller's R1 is 32 below the arguments, the return address in LR.
	MOVD	$args+0(FP), R4
	SUB	$32, R4
	MOVD	R4, abiState_callerSP(ST)
	MOVD	LR, R4
	MOVD	R4, abiState_retPC(ST)
	MOVD	args+0(FP), R5
	ADD	$SHIFT, R1
	MOVD	R4, 0(R1)

	// The argument frame at 32(R1).
	MOVD	abiState_nwords(ST), R6
	ADD	$24, R1, R7
	SUB	$8, R5
copy:
	CMP	R6, $0
	BEQ	copied
	MOVDU	8(R5), R8
	MOVDU	R8, 8(R7)
	SUB	$1, R6
	BR	copy
copied:
	// The canary below the kernel's frame (its entry R1 minus low).
	MOVD	abiState_low(ST), R7
	SUB	R7, R1, R7
	MOVD	abiState_canary(ST), R8
	MOVD	$(const_abiCanaryBytes/8), R6
fill:
	MOVDU	R8, -8(R7)
	SUB	$1, R6
	CMP	R6, $0
	BNE	fill

	MOVD	8(g), R4 // g.stack.hi
	MOVD	R4, abiState_hi0(ST)
	MOVD	R1, abiState_sp0(ST)
	MOVD	g, abiState_g0(ST)
	MOVD	R2, abiState_r2in(ST)
	MOVD	R13, abiState_r13in(ST)
	MOVD	abiState_entry(ST), R12
	MOVD	R12, CTR
	MOVD	abiState_seeded(ST), R4
	CMP	R4, $0
	BEQ	noseed
	MOVD	abiState_seedR2(ST), R2
	MOVD	abiState_seedR13(ST), R13
noseed:
	CALL	(CTR)

	// Record before anything uses R1, R2, R13, R30 or R0.
	MOVD	$·abiSt(SB), ST
	MOVD	R1, abiState_sp1(ST)
	MOVD	R2, abiState_r2(ST)
	MOVD	R13, abiState_r13(ST)
	MOVD	g, abiState_g1(ST)
	MOVD	R0, abiState_r0(ST)
	// Put back what the runtime relies on.
	MOVD	$0, R0
	MOVD	abiState_g0(ST), g
	MOVD	abiState_r2in(ST), R2
	MOVD	abiState_r13in(ST), R13
	MOVD	8(g), R4
	MOVD	R4, abiState_hi1(ST)
	MOVD	abiState_hi0(ST), R5
	SUB	R5, R4, R5 // how far the stack moved
	MOVD	R5, abiState_moved(ST)
	MOVD	abiState_sp0(ST), R4
	ADD	R5, R4
	MOVD	R1, R6 // (CMP R4, R1 would count as a write to R1: SPWRITE)
	CMP	R4, R6
	BNE	escape

	// The canary, unless the stack moved.
	CMP	R5, $0
	BNE	done
	MOVD	abiState_low(ST), R7
	SUB	R7, R1, R7
	MOVD	abiState_canary(ST), R8
	MOVD	$0, R6
check:
	ADD	$8, R6
	MOVDU	-8(R7), R9
	CMP	R8, R9
	BNE	changed
	CMP	R6, $const_abiCanaryBytes
	BNE	check
	BR	done
changed:
	MOVD	R6, abiState_canaryAt(ST)
	MOVD	R9, abiState_canaryGot(ST)
done:
	// The prologue saved LR at the bottom of the frame, below the kernel's
	// R1: if the stack moved, the copy did not take it. Put it back from
	// the copy at 0(R1).
	MOVD	0(R1), R4
	ADD	$-SHIFT, R1
	MOVD	R4, 0(R1)
	RET
escape:
	BR	·abiEscape(SB)

// func abiEscape()
// Returns from abiTrampoline as its epilogue would, from what it recorded
// on entry (moved with the stack if it moved).
TEXT ·abiEscape(SB), NOSPLIT|NOFRAME, $0-0
	MOVD	$·abiSt(SB), ST
	MOVD	$1, R4
	MOVD	R4, abiState_escaped(ST)
	MOVD	abiState_callerSP(ST), R4
	MOVD	abiState_moved(ST), R5
	ADD	R5, R4
	MOVD	abiState_retPC(ST), R6
	MOVD	R6, LR
	MOVD	R4, R1
	RET

// func abiEntryTable() unsafe.Pointer: the address of abiEntries, the
// kernels' ABI0 entries (abi_kernels_ppc64le.s, generated).
TEXT ·abiEntryTable(SB), NOSPLIT, $0-8
	MOVD	$·abiEntries(SB), R3
	MOVD	R3, ret+0(FP)
	RET
