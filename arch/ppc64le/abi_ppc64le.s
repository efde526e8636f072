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
	MOVD	abiState_seeded(ST), R4
	CMP	R4, $0
	BEQ	noseed
	MOVD	abiState_seedR2(ST), R2
	MOVD	abiState_seedR13(ST), R13
noseed:
	// Poison what the convention does not fix (abiHook.Seed): VS0-VS63,
	// CTR, XER, CR, then R4-R12, R14-R29 and ST (R3) last. The entry goes
	// in LR: BL (LR) jumps there and leaves LR the return address, so no
	// register holds the kernel's own address.
	// First FPSCR's status fields 0-5 (mtfsf; the enables and RN in
	// fields 6-7 stay as Go set them) and VSCR's SAT (NJ kept), through
	// F0, V0 and V1, which the loads below overwrite.
	FMOVD	abiState_fpscr(ST), F0
	MOVFL	F0, $0xfc, FPSCR
	WORD	$0x10000604 // mfvscr v0
	VSPLTISW	$1, V1
	VANDC	V0, V1, V0
	MOVD	$abiState_vsat(ST), R4
	LXVD2X	(R4), VS33
	VOR	V0, V1, V0
	WORD	$0x10000644 // mtvscr v0
	MOVD	$abiState_vpoison(ST), R4
	LXVD2X	(R4), VS0; ADD $16, R4
	LXVD2X	(R4), VS1; ADD $16, R4
	LXVD2X	(R4), VS2; ADD $16, R4
	LXVD2X	(R4), VS3; ADD $16, R4
	LXVD2X	(R4), VS4; ADD $16, R4
	LXVD2X	(R4), VS5; ADD $16, R4
	LXVD2X	(R4), VS6; ADD $16, R4
	LXVD2X	(R4), VS7; ADD $16, R4
	LXVD2X	(R4), VS8; ADD $16, R4
	LXVD2X	(R4), VS9; ADD $16, R4
	LXVD2X	(R4), VS10; ADD $16, R4
	LXVD2X	(R4), VS11; ADD $16, R4
	LXVD2X	(R4), VS12; ADD $16, R4
	LXVD2X	(R4), VS13; ADD $16, R4
	LXVD2X	(R4), VS14; ADD $16, R4
	LXVD2X	(R4), VS15; ADD $16, R4
	LXVD2X	(R4), VS16; ADD $16, R4
	LXVD2X	(R4), VS17; ADD $16, R4
	LXVD2X	(R4), VS18; ADD $16, R4
	LXVD2X	(R4), VS19; ADD $16, R4
	LXVD2X	(R4), VS20; ADD $16, R4
	LXVD2X	(R4), VS21; ADD $16, R4
	LXVD2X	(R4), VS22; ADD $16, R4
	LXVD2X	(R4), VS23; ADD $16, R4
	LXVD2X	(R4), VS24; ADD $16, R4
	LXVD2X	(R4), VS25; ADD $16, R4
	LXVD2X	(R4), VS26; ADD $16, R4
	LXVD2X	(R4), VS27; ADD $16, R4
	LXVD2X	(R4), VS28; ADD $16, R4
	LXVD2X	(R4), VS29; ADD $16, R4
	LXVD2X	(R4), VS30; ADD $16, R4
	LXVD2X	(R4), VS31; ADD $16, R4
	LXVD2X	(R4), VS32; ADD $16, R4
	LXVD2X	(R4), VS33; ADD $16, R4
	LXVD2X	(R4), VS34; ADD $16, R4
	LXVD2X	(R4), VS35; ADD $16, R4
	LXVD2X	(R4), VS36; ADD $16, R4
	LXVD2X	(R4), VS37; ADD $16, R4
	LXVD2X	(R4), VS38; ADD $16, R4
	LXVD2X	(R4), VS39; ADD $16, R4
	LXVD2X	(R4), VS40; ADD $16, R4
	LXVD2X	(R4), VS41; ADD $16, R4
	LXVD2X	(R4), VS42; ADD $16, R4
	LXVD2X	(R4), VS43; ADD $16, R4
	LXVD2X	(R4), VS44; ADD $16, R4
	LXVD2X	(R4), VS45; ADD $16, R4
	LXVD2X	(R4), VS46; ADD $16, R4
	LXVD2X	(R4), VS47; ADD $16, R4
	LXVD2X	(R4), VS48; ADD $16, R4
	LXVD2X	(R4), VS49; ADD $16, R4
	LXVD2X	(R4), VS50; ADD $16, R4
	LXVD2X	(R4), VS51; ADD $16, R4
	LXVD2X	(R4), VS52; ADD $16, R4
	LXVD2X	(R4), VS53; ADD $16, R4
	LXVD2X	(R4), VS54; ADD $16, R4
	LXVD2X	(R4), VS55; ADD $16, R4
	LXVD2X	(R4), VS56; ADD $16, R4
	LXVD2X	(R4), VS57; ADD $16, R4
	LXVD2X	(R4), VS58; ADD $16, R4
	LXVD2X	(R4), VS59; ADD $16, R4
	LXVD2X	(R4), VS60; ADD $16, R4
	LXVD2X	(R4), VS61; ADD $16, R4
	LXVD2X	(R4), VS62; ADD $16, R4
	LXVD2X	(R4), VS63; ADD $16, R4
	MOVD	abiState_ctr(ST), R4
	MOVD	R4, CTR
	MOVD	abiState_xer(ST), R4
	MOVD	R4, XER
	MOVD	abiState_cr(ST), R4
	MOVFL	R4, $0xff
	MOVD	abiState_entry(ST), R4
	MOVD	R4, LR
	MOVD	(abiState_gpoison+8)(ST), R4
	MOVD	(abiState_gpoison+16)(ST), R5
	MOVD	(abiState_gpoison+24)(ST), R6
	MOVD	(abiState_gpoison+32)(ST), R7
	MOVD	(abiState_gpoison+40)(ST), R8
	MOVD	(abiState_gpoison+48)(ST), R9
	MOVD	(abiState_gpoison+56)(ST), R10
	MOVD	(abiState_gpoison+64)(ST), R11
	MOVD	(abiState_gpoison+72)(ST), R12
	MOVD	(abiState_gpoison+80)(ST), R14
	MOVD	(abiState_gpoison+88)(ST), R15
	MOVD	(abiState_gpoison+96)(ST), R16
	MOVD	(abiState_gpoison+104)(ST), R17
	MOVD	(abiState_gpoison+112)(ST), R18
	MOVD	(abiState_gpoison+120)(ST), R19
	MOVD	(abiState_gpoison+128)(ST), R20
	MOVD	(abiState_gpoison+136)(ST), R21
	MOVD	(abiState_gpoison+144)(ST), R22
	MOVD	(abiState_gpoison+152)(ST), R23
	MOVD	(abiState_gpoison+160)(ST), R24
	MOVD	(abiState_gpoison+168)(ST), R25
	MOVD	(abiState_gpoison+176)(ST), R26
	MOVD	(abiState_gpoison+184)(ST), R27
	MOVD	(abiState_gpoison+192)(ST), R28
	MOVD	(abiState_gpoison+200)(ST), R29
	MOVD	(abiState_gpoison+0)(ST), R3
	BL	(LR)

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
