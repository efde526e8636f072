//go:build gc

#include "go_asm.h"
#include "textflag.h"
#include "funcdata.h"

// The ABI trampoline (abi_riscv64.go); the layout is arm64's (abi_arm64.s):
// SHIFT bytes for the kernel's frame and the canary, then the kernel's
// argument frame at 8(X2) (0(X2) holds the trampoline's own return
// address, where the unwinder looks for it). ADD of a constant to X2 is an
// ADDI the assembler tracks (even when the constant needs X31 to build), so
// the runtime can unwind through the moved X2. What the trampoline keeps
// across the call is in ·abiSt; ST is reloaded with its address after the
// call. X3 and X4 are named X3 and TP (the assembler's spelling of X4).

#define SHIFT (const_abiMaxLow + const_abiCanaryBytes + 16)
#define ST X10

// func abiTrampoline(args unsafe.Pointer)
TEXT ·abiTrampoline(SB), 0, $2336-8 // SHIFT+144 (abi_riscv64_test.go checks it)
	NO_LOCAL_POINTERS
	MOV	$·abiSt(SB), ST
	// Where to return if the kernel leaves X2 elsewhere (abiEscape): the
	// caller's X2 is 8 below the arguments, the return address still in
	// X1 (the prologue stored it, it did not change it).
	MOV	$args+0(FP), X5
	ADD	$-8, X5
	MOV	X5, abiState_callerSP(ST)
	MOV	X1, abiState_retPC(ST)
	MOV	args+0(FP), X6
	ADD	$SHIFT, X2
	// The runtime's unwinder reads a frame's return address at its X2:
	// copy it there (the prologue saved it at the old X2).
	MOV	X1, 0(X2)

	// The argument frame at 8(X2).
	MOV	abiState_nwords(ST), X7
	ADD	$8, X2, X8
copy:
	BEQZ	X7, copied
	MOV	0(X6), X9
	MOV	X9, 0(X8)
	ADD	$8, X6
	ADD	$8, X8
	ADD	$-1, X7
	JMP	copy
copied:
	// The canary below the kernel's frame (its entry X2 minus low).
	MOV	abiState_low(ST), X8
	SUB	X8, X2, X8
	MOV	abiState_canary(ST), X9
	MOV	$(const_abiCanaryBytes/8), X7
fill:
	ADD	$-8, X8
	MOV	X9, 0(X8)
	ADD	$-1, X7
	BNEZ	X7, fill

	MOV	8(g), X5 // g.stack.hi
	MOV	X5, abiState_hi0(ST)
	MOV	X2, abiState_sp0(ST)
	MOV	g, abiState_g0(ST)
	MOV	X3, abiState_x3in(ST)
	MOV	TP, abiState_x4in(ST)
	MOV	abiState_seeded(ST), X5
	BEQZ	X5, noseed
	MOV	abiState_seedX3(ST), X3
	MOV	abiState_seedX4(ST), TP
noseed:
	// Poison what the convention does not fix (abiHook.Seed): fflags,
	// F0-F31, then every general register but the ones above, loaded
	// through X31, which ends up holding the entry (the assembler's
	// temporary: no kernel reads it).
	MOV	abiState_vwords(ST), X5
	BEQZ	X5, novector
	// vtype and vl as the caller had them, put back after the call.
	CSRRS	X0, VTYPE, X6
	MOV	X6, abiState_vtype0(ST)
	CSRRS	X0, VL, X6
	MOV	X6, abiState_vl0(ST)
	ADD	$abiState_vpoison, ST, X31
	CSRRS	X0, VLENB, X6
	SLL	$3, X6 // 8 registers
	VL8RE64V	(X31), V0
	ADD	X6, X31
	VL8RE64V	(X31), V8
	ADD	X6, X31
	VL8RE64V	(X31), V16
	ADD	X6, X31
	VL8RE64V	(X31), V24
	MOV	abiState_vtype(ST), X6
	MOV	abiState_vavl(ST), X5
	VSETVL	X6, X5, X0
novector:
	MOV	abiState_fflags(ST), X5
	WORD	$0x00129073 // fsflags x5; csrrw zero, fflags, X5
	ADD	$abiState_fpoison, ST, X31
	MOVD	0(X31), F0
	MOVD	8(X31), F1
	MOVD	16(X31), F2
	MOVD	24(X31), F3
	MOVD	32(X31), F4
	MOVD	40(X31), F5
	MOVD	48(X31), F6
	MOVD	56(X31), F7
	MOVD	64(X31), F8
	MOVD	72(X31), F9
	MOVD	80(X31), F10
	MOVD	88(X31), F11
	MOVD	96(X31), F12
	MOVD	104(X31), F13
	MOVD	112(X31), F14
	MOVD	120(X31), F15
	MOVD	128(X31), F16
	MOVD	136(X31), F17
	MOVD	144(X31), F18
	MOVD	152(X31), F19
	MOVD	160(X31), F20
	MOVD	168(X31), F21
	MOVD	176(X31), F22
	MOVD	184(X31), F23
	MOVD	192(X31), F24
	MOVD	200(X31), F25
	MOVD	208(X31), F26
	MOVD	216(X31), F27
	MOVD	224(X31), F28
	MOVD	232(X31), F29
	MOVD	240(X31), F30
	MOVD	248(X31), F31
	ADD	$abiState_gpoison, ST, X31
	MOV	0(X31), X5
	MOV	8(X31), X6
	MOV	16(X31), X7
	MOV	24(X31), X8
	MOV	32(X31), X9
	MOV	40(X31), X10
	MOV	48(X31), X11
	MOV	56(X31), X12
	MOV	64(X31), X13
	MOV	72(X31), X14
	MOV	80(X31), X15
	MOV	88(X31), X16
	MOV	96(X31), X17
	MOV	104(X31), X18
	MOV	112(X31), X19
	MOV	120(X31), X20
	MOV	128(X31), X21
	MOV	136(X31), X22
	MOV	144(X31), X23
	MOV	152(X31), X24
	MOV	160(X31), X25
	MOV	168(X31), X26
	MOV	176(X31), X28
	MOV	184(X31), X29
	MOV	192(X31), X30
	MOV	200(X31), X31
	JALR	X1, X31

	// Record before anything uses X2, X3, X4 or X27.
	MOV	$·abiSt(SB), ST
	MOV	X2, abiState_sp1(ST)
	MOV	X3, abiState_x3(ST)
	MOV	TP, abiState_x4(ST)
	MOV	g, abiState_g1(ST)
	// Put back what the runtime relies on.
	MOV	abiState_g0(ST), g
	MOV	abiState_x3in(ST), X3
	MOV	abiState_x4in(ST), TP
	// The caller's vtype and vl: qemu keys its translations by vtype, so
	// Go code left running under the random one would be translated again
	// for every configuration (a vill vtype comes back as vill).
	MOV	abiState_vwords(ST), X5
	BEQZ	X5, vrestored
	MOV	abiState_vtype0(ST), X6
	MOV	abiState_vl0(ST), X5
	VSETVL	X6, X5, X0
vrestored:
	MOV	8(g), X5
	MOV	X5, abiState_hi1(ST)
	MOV	abiState_hi0(ST), X6
	SUB	X6, X5, X6 // how far the stack moved
	MOV	X6, abiState_moved(ST)
	MOV	abiState_sp0(ST), X5
	ADD	X6, X5
	BNE	X5, X2, escape

	// The canary, unless the stack moved.
	BNEZ	X6, done
	MOV	abiState_low(ST), X8
	SUB	X8, X2, X8
	MOV	abiState_canary(ST), X9
	MOV	$0, X7
	MOV	$const_abiCanaryBytes, X11
check:
	ADD	$8, X7
	ADD	$-8, X8
	MOV	0(X8), X12
	BNE	X9, X12, changed
	BNE	X7, X11, check
	JMP	done
changed:
	MOV	X7, abiState_canaryAt(ST)
	MOV	X12, abiState_canaryGot(ST)
done:
	// The prologue saved LR at the bottom of the frame, below the kernel's
	// X2: if the stack moved, the copy (which takes only what is above the
	// kernel's X2) did not take it. Put it back from the copy at 0(X2).
	MOV	0(X2), X5
	ADD	$-SHIFT, X2
	MOV	X5, 0(X2)
	RET
escape:
	JMP	·abiEscape(SB)

// func abiEscape()
// Returns from abiTrampoline as its epilogue would, from what it recorded
// on entry (moved with the stack if it moved).
TEXT ·abiEscape(SB), NOSPLIT|NOFRAME, $0-0
	MOV	$·abiSt(SB), ST
	MOV	$1, X5
	MOV	X5, abiState_escaped(ST)
	MOV	abiState_callerSP(ST), X5
	MOV	abiState_moved(ST), X6
	ADD	X6, X5
	MOV	abiState_retPC(ST), X1
	MOV	X5, X2
	RET

// func abiVLenB() uint64
TEXT ·abiVLenB(SB), NOSPLIT, $0-8
	CSRRS	X0, VLENB, X5
	MOV	X5, ret+0(FP)
	RET

// func abiEntryTable() unsafe.Pointer: the address of abiEntries, the
// kernels' ABI0 entries (abi_kernels_riscv64.s, generated).
TEXT ·abiEntryTable(SB), NOSPLIT, $0-8
	MOV	$·abiEntries(SB), X5
	MOV	X5, ret+0(FP)
	RET

// func abiVType(out *[2]uint64)
// vtype and vl as they are (only with V): the tests read them around a call.
TEXT ·abiVType(SB), NOSPLIT, $0-8
	MOV	out+0(FP), X5
	CSRRS	X0, VTYPE, X6
	MOV	X6, 0(X5)
	CSRRS	X0, VL, X6
	MOV	X6, 8(X5)
	RET
