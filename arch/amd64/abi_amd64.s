//go:build gc

#include "go_asm.h"
#include "textflag.h"
#include "funcdata.h"

// The ABI trampoline (abi_amd64.go). Its frame holds, from its SP up:
// SHIFT bytes of room for the kernel's frame and the canary below it, then
// the kernel's argument frame (ABI0: arguments on the stack, as a struct).
// The trampoline moves SP up by SHIFT (ADJSP, so the runtime can still
// unwind through it), calls the kernel, and moves SP back: the kernel's
// frame and the canary are the trampoline's own stack, which its prologue
// has checked is there.
//
// Everything it keeps across the call is in ·abiSt, a global: a kernel may
// leave any register but SP and BP changed, and SP itself is checked.

#define SHIFT (const_abiMaxLow + const_abiCanaryBytes + 8)
#define FRAME (SHIFT + const_abiMaxArgs + 8)
// ENTRY(SP), once SP has moved up, is the kernel's entry, above its
// argument frame: the call reads it there, so R12 can be poisoned too.
#define ENTRY const_abiMaxArgs

// g, the running goroutine, from TLS (ABI0 code cannot assume R14);
// g.stack.hi is its second word: when it changes across the call, the
// runtime moved the stack (a framed kernel's prologue may grow it).
#define get_tls(r) MOVQ TLS, r
#define g(r) 0(r)(TLS*1)

// ST holds &·abiSt wherever a field is read or written, until the call.
#define ST R12

// func abiTrampoline(args unsafe.Pointer)
TEXT ·abiTrampoline(SB), 0, $4368-8 // FRAME (abi_amd64_test.go checks it)
	NO_LOCAL_POINTERS
	LEAQ	·abiSt(SB), ST
	// Where to return if the kernel leaves SP elsewhere (abiEscape): the
	// prologue saved the caller's BP at 0(BP), the return address above.
	LEAQ	args+0(FP), AX
	MOVQ	AX, abiState_callerSP(ST)
	MOVQ	0(BP), AX
	MOVQ	AX, abiState_callerBP(ST)
	MOVQ	8(BP), AX
	MOVQ	AX, abiState_retPC(ST)
	MOVQ	args+0(FP), SI
	ADJSP	$-SHIFT

	// The argument frame, where the kernel reads it: 0(SP) is 8(SP) once
	// CALL has pushed the return address.
	MOVQ	abiState_nwords(ST), CX
	XORQ	BX, BX
copy:
	CMPQ	BX, CX
	JEQ	copied
	MOVQ	(SI)(BX*8), AX
	MOVQ	AX, 0(SP)(BX*8)
	INCQ	BX
	JMP	copy
copied:
	MOVQ	abiState_entry(ST), AX
	MOVQ	AX, ENTRY(SP)
	// The canary: const_abiCanaryBytes below the lowest byte of the
	// kernel's frame (its entry SP, SP-8, minus low).
	LEAQ	-8(SP), DI
	SUBQ	abiState_low(ST), DI
	MOVQ	abiState_canary(ST), AX
	MOVQ	$(const_abiCanaryBytes/8), CX
fill:
	SUBQ	$8, DI
	MOVQ	AX, 0(DI)
	DECQ	CX
	JNZ	fill

	get_tls(CX)
	MOVQ	g(CX), CX
	MOVQ	8(CX), AX
	MOVQ	AX, abiState_hi0(ST)
	MOVQ	SP, abiState_sp0(ST)
	STMXCSR	abiState_mxcsr0(ST)
	LDMXCSR	abiState_mxcsrSeed(ST)
	// Poison what the convention does not fix (abiHook.Seed): X0-X15,
	// the status flags, every general register but SP and BP (seeded);
	// ST last, and the call reads the entry from the stack.
	MOVOU	(abiState_xpoison+0)(ST), X0
	MOVOU	(abiState_xpoison+16)(ST), X1
	MOVOU	(abiState_xpoison+32)(ST), X2
	MOVOU	(abiState_xpoison+48)(ST), X3
	MOVOU	(abiState_xpoison+64)(ST), X4
	MOVOU	(abiState_xpoison+80)(ST), X5
	MOVOU	(abiState_xpoison+96)(ST), X6
	MOVOU	(abiState_xpoison+112)(ST), X7
	MOVOU	(abiState_xpoison+128)(ST), X8
	MOVOU	(abiState_xpoison+144)(ST), X9
	MOVOU	(abiState_xpoison+160)(ST), X10
	MOVOU	(abiState_xpoison+176)(ST), X11
	MOVOU	(abiState_xpoison+192)(ST), X12
	MOVOU	(abiState_xpoison+208)(ST), X13
	MOVOU	(abiState_xpoison+224)(ST), X14
	MOVOU	(abiState_xpoison+240)(ST), X15
	PUSHQ	abiState_flags(ST)
	POPFQ
	MOVQ	(abiState_gpoison+0)(ST), AX
	MOVQ	(abiState_gpoison+8)(ST), BX
	MOVQ	(abiState_gpoison+16)(ST), CX
	MOVQ	(abiState_gpoison+24)(ST), DX
	MOVQ	(abiState_gpoison+32)(ST), SI
	MOVQ	(abiState_gpoison+40)(ST), DI
	MOVQ	(abiState_gpoison+48)(ST), R8
	MOVQ	(abiState_gpoison+56)(ST), R9
	MOVQ	(abiState_gpoison+64)(ST), R10
	MOVQ	(abiState_gpoison+72)(ST), R11
	MOVQ	(abiState_gpoison+80)(ST), R13
	MOVQ	(abiState_gpoison+88)(ST), R14
	MOVQ	(abiState_gpoison+96)(ST), R15
	MOVQ	abiState_seedBP(ST), BP
	MOVQ	(abiState_gpoison+104)(ST), R12
	CALL	ENTRY(SP)

	// Record before anything uses SP.
	LEAQ	·abiSt(SB), ST
	MOVQ	SP, abiState_sp1(ST)
	MOVQ	BP, abiState_bp1(ST)
	STMXCSR	abiState_mxcsr1(ST)
	// DF without the stack: STOSB steps DI by +1 (DF clear) or -1.
	LEAQ	abiState_dfProbe(ST), DI
	LEAQ	abiState_dfProbe(ST), DX
	STOSB
	SUBQ	DX, DI
	MOVQ	DI, abiState_df1(ST)
	CLD
	LDMXCSR	abiState_mxcsr0(ST)
	get_tls(CX)
	MOVQ	g(CX), CX
	MOVQ	8(CX), AX
	MOVQ	AX, abiState_hi1(ST)
	SUBQ	abiState_hi0(ST), AX
	MOVQ	AX, abiState_moved(ST)
	MOVQ	AX, DX
	ADDQ	abiState_sp0(ST), AX
	CMPQ	AX, SP
	JNE	escape

	// The canary, unless the stack moved (the copy takes only the used
	// part, above the kernel's SP).
	TESTQ	DX, DX
	JNE	done
	LEAQ	-8(SP), DI
	SUBQ	abiState_low(ST), DI
	MOVQ	abiState_canary(ST), AX
	XORQ	BX, BX
check:
	ADDQ	$8, BX
	SUBQ	$8, DI
	MOVQ	0(DI), CX
	CMPQ	CX, AX
	JNE	changed
	CMPQ	BX, $const_abiCanaryBytes
	JNE	check
	JMP	done
changed:
	MOVQ	BX, abiState_canaryAt(ST)
	MOVQ	CX, abiState_canaryGot(ST)
done:
	ADJSP	$SHIFT
	RET
escape:
	// The caller's BP, moved with the stack if it moved (DX); BP is dead
	// here, and abiEscape does the rest.
	MOVQ	abiState_callerBP(ST), BP
	ADDQ	DX, BP
	JMP	·abiEscape(SB)

// func abiEscape()
// Returns from abiTrampoline to its caller as its epilogue would, from what
// the trampoline recorded on entry (moved with the stack if it moved).
TEXT ·abiEscape(SB), NOSPLIT|NOFRAME, $0-0
	LEAQ	·abiSt(SB), ST
	MOVQ	$1, abiState_escaped(ST)
	MOVQ	abiState_moved(ST), DX
	MOVQ	abiState_callerSP(ST), AX
	ADDQ	DX, AX
	MOVQ	abiState_retPC(ST), CX
	MOVQ	AX, SP
	JMP	CX

// func abiEntryTable() unsafe.Pointer: the address of abiEntries, the
// kernels' ABI0 entries (abi_kernels_amd64.s, generated).
TEXT ·abiEntryTable(SB), NOSPLIT, $0-8
	MOVQ	$·abiEntries(SB), AX
	MOVQ	AX, ret+0(FP)
	RET
