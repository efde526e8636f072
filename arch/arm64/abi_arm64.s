//go:build gc

#include "go_asm.h"
#include "textflag.h"
#include "funcdata.h"

// The ABI trampoline (abi_arm64.go); the layout is amd64's (abi_amd64.s):
// SHIFT bytes for the kernel's frame and the canary, then the kernel's
// argument frame at 8(RSP) (0(RSP) holds the trampoline's own return
// address, where the unwinder looks for it). ADD
// and SUB of a constant to RSP are tracked by the assembler, so the runtime
// can unwind through the moved RSP. What the trampoline keeps across the
// call is in ·abiSt; ST is reloaded with its address after the call.

#define SHIFT (const_abiMaxLow + const_abiCanaryBytes + 16)
#define ST R1

// func abiTrampoline(args unsafe.Pointer)
TEXT ·abiTrampoline(SB), 0, $2336-8 // SHIFT+144 (abi_arm64_test.go checks it)
	NO_LOCAL_POINTERS
	MOVD	$·abiSt(SB), ST
	// Where to return if the kernel leaves RSP elsewhere (abiEscape): the
	// caller's RSP is 8 below the arguments, its FP saved at -8(RSP), the
	// return address still in R30.
	MOVD	$args+0(FP), R0
	SUB	$8, R0
	MOVD	R0, abiState_callerSP(ST)
	MOVD	-8(RSP), R0
	MOVD	R0, abiState_callerFP(ST)
	MOVD	R30, abiState_retPC(ST)
	MOVD	args+0(FP), R2
	ADD	$SHIFT, RSP
	// The runtime's unwinder reads a frame's return address at its RSP:
	// copy it there (the prologue saved it at the old RSP).
	MOVD	R30, 0(RSP)

	// The argument frame at 8(RSP).
	MOVD	abiState_nwords(ST), R3
	ADD	$8, RSP, R4
copy:
	CBZ	R3, copied
	MOVD.P	8(R2), R5
	MOVD.P	R5, 8(R4)
	SUB	$1, R3
	B	copy
copied:
	// The canary below the kernel's frame (its entry RSP minus low).
	MOVD	RSP, R4
	MOVD	abiState_low(ST), R5
	SUB	R5, R4
	MOVD	abiState_canary(ST), R5
	MOVD	$(const_abiCanaryBytes/8), R3
fill:
	MOVD.W	R5, -8(R4)
	SUB	$1, R3
	CBNZ	R3, fill

	MOVD	8(g), R0 // g.stack.hi
	MOVD	R0, abiState_hi0(ST)
	MOVD	RSP, R0
	MOVD	R0, abiState_sp0(ST)
	MOVD	g, abiState_g0(ST)
	MOVD	R18_PLATFORM, abiState_r18in(ST)
	MOVD	abiState_seeded(ST), R0
	CBZ	R0, noseed
	MOVD	abiState_seedR18(ST), R18_PLATFORM
noseed:
	// R29: the seed, or for a framed kernel (seedR29 == 0) what Go's
	// convention gives at a call, RSP-8: a framed leaf's epilogue rebuilds
	// R29 from RSP rather than reloading it.
	MOVD	abiState_seedR29(ST), R29
	CBNZ	R29, seeded
	SUB	$8, RSP, R29
	MOVD	R29, abiState_seedR29(ST)
seeded:
	// Poison what the convention does not fix (abiHook.Seed): V0-V31,
	// NZCV, FPSR's cumulative flags and QC (FPCR, a mode register Go
	// fixes, stays), then every general register but the ones above, loaded
	// through R27, which ends up holding the entry (the assembler's
	// temporary: no kernel reads it).
	ADD	$abiState_xpoison, ST, R0
	VLD1.P	64(R0), [V0.D2, V1.D2, V2.D2, V3.D2]
	VLD1.P	64(R0), [V4.D2, V5.D2, V6.D2, V7.D2]
	VLD1.P	64(R0), [V8.D2, V9.D2, V10.D2, V11.D2]
	VLD1.P	64(R0), [V12.D2, V13.D2, V14.D2, V15.D2]
	VLD1.P	64(R0), [V16.D2, V17.D2, V18.D2, V19.D2]
	VLD1.P	64(R0), [V20.D2, V21.D2, V22.D2, V23.D2]
	VLD1.P	64(R0), [V24.D2, V25.D2, V26.D2, V27.D2]
	VLD1.P	64(R0), [V28.D2, V29.D2, V30.D2, V31.D2]
	MOVD	abiState_nzcv(ST), R0
	MOVD	R0, NZCV
	MOVD	abiState_fpsr(ST), R0
	MSR	R0, FPSR
	ADD	$abiState_gpoison, ST, R27
	LDP	0(R27), (R0, R1)
	LDP	16(R27), (R2, R3)
	LDP	32(R27), (R4, R5)
	LDP	48(R27), (R6, R7)
	LDP	64(R27), (R8, R9)
	LDP	80(R27), (R10, R11)
	LDP	96(R27), (R12, R13)
	LDP	112(R27), (R14, R15)
	LDP	128(R27), (R16, R17)
	LDP	144(R27), (R19, R20)
	LDP	160(R27), (R21, R22)
	LDP	176(R27), (R23, R24)
	LDP	192(R27), (R25, R26)
	MOVD	208(R27), R27
	CALL	(R27)

	// Record before anything uses RSP, R18, R28 or R29.
	MOVD	$·abiSt(SB), ST
	MOVD	RSP, R0
	MOVD	R0, abiState_sp1(ST)
	MOVD	R18_PLATFORM, abiState_r18(ST)
	MOVD	R29, abiState_r29(ST)
	MOVD	g, abiState_g1(ST)
	// Put back what the runtime relies on.
	MOVD	abiState_g0(ST), g
	MOVD	abiState_r18in(ST), R18_PLATFORM
	MOVD	8(g), R0
	MOVD	R0, abiState_hi1(ST)
	MOVD	abiState_hi0(ST), R2
	SUB	R2, R0, R2 // how far the stack moved
	MOVD	R2, abiState_moved(ST)
	MOVD	abiState_sp0(ST), R0
	ADD	R2, R0
	MOVD	RSP, R3
	CMP	R0, R3
	BNE	escape

	// The canary, unless the stack moved.
	CBNZ	R2, done
	MOVD	RSP, R4
	MOVD	abiState_low(ST), R5
	SUB	R5, R4
	MOVD	abiState_canary(ST), R5
	MOVD	$0, R6
check:
	ADD	$8, R6
	MOVD.W	-8(R4), R7
	CMP	R5, R7
	BNE	changed
	CMP	$const_abiCanaryBytes, R6
	BNE	check
	B	done
changed:
	MOVD	R6, abiState_canaryAt(ST)
	MOVD	R7, abiState_canaryGot(ST)
done:
	// The prologue saved LR and the caller's FP at the bottom of the frame,
	// below the kernel's RSP: if the stack moved, the copy (which takes
	// only what is above the kernel's RSP) did not take them. Put them back
	// from the copy of LR at 0(RSP) and the caller's FP moved by R2.
	MOVD	0(RSP), R0
	MOVD	abiState_callerFP(ST), R3
	ADD	R2, R3
	SUB	$SHIFT, RSP
	MOVD	R0, 0(RSP)
	MOVD	R3, -8(RSP)
	RET
escape:
	// The caller's frame pointer, moved with the stack if it moved (R2);
	// abiEscape does the rest.
	MOVD	abiState_callerFP(ST), R29
	ADD	R2, R29
	B	·abiEscape(SB)

// func abiEscape()
// Returns from abiTrampoline as its epilogue would, from what it recorded
// on entry (moved with the stack if it moved).
TEXT ·abiEscape(SB), NOSPLIT|NOFRAME, $0-0
	MOVD	$·abiSt(SB), ST
	MOVD	$1, R0
	MOVD	R0, abiState_escaped(ST)
	MOVD	abiState_callerSP(ST), R0
	MOVD	abiState_moved(ST), R2
	ADD	R2, R0
	MOVD	abiState_retPC(ST), R30
	MOVD	R0, RSP
	RET

// func abiEntryTable() unsafe.Pointer: the address of abiEntries, the
// kernels' ABI0 entries (abi_kernels_arm64.s, generated).
TEXT ·abiEntryTable(SB), NOSPLIT, $0-8
	MOVD	$·abiEntries(SB), R0
	MOVD	R0, ret+0(FP)
	RET
