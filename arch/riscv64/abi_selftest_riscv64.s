//go:build gc

#include "textflag.h"

// Kernels that break the calling convention one way each, for the
// trampoline's tests (abi_riscv64_test.go) and the planted level
// sha256/planted-abi (planted_riscv64.go). Never registered as
// implementations.

// func conformingNop(x *uint64)
TEXT ·conformingNop(SB), NOSPLIT, $0-8
	MOV	x+0(FP), X5
	MOV	0(X5), X6
	ADD	$1, X6
	MOV	X6, 0(X5)
	RET

// func conformingFramed(x *uint64)
// A frame with a stack check (riscv64's assembler checks every framed
// function not marked NOSPLIT, leaves too); fills it, adds 1 to *x.
TEXT ·conformingFramed(SB), 0, $1024-8
	MOV	$128, X6
	ADD	$8, X2, X7
fill:
	MOV	ZERO, 0(X7)
	ADD	$8, X7
	ADD	$-1, X6
	BNEZ	X6, fill
	MOV	x+0(FP), X5
	MOV	0(X5), X6
	ADD	$1, X6
	MOV	X6, 0(X5)
	RET

// func clobberX3()
// Writes gp, the global pointer the psABI reserves (C code reaches its
// small data through it).
TEXT ·clobberX3(SB), NOSPLIT, $0-0
	MOV	$0x5eedbadc0ffee, X3
	RET

// func clobberX4()
// Writes tp, the thread pointer ("TLS" at every call and return in Go's
// ABI).
TEXT ·clobberX4(SB), NOSPLIT, $0-0
	MOV	$0x5eedbadc0ffee, TP
	RET

// func clobberX27()
// Overwrites g. (The trampoline puts it back at once.)
TEXT ·clobberX27(SB), NOSPLIT, $0-0
	MOV	$0x5eedbadc0ffee, g
	RET

// func clobberSP()
// Returns with X2 16 bytes lower.
TEXT ·clobberSP(SB), NOSPLIT, $0-0
	MOV	X2, X5
	ADD	$-16, X5
	MOV	X5, X2
	RET

// func writeBelowSP()
// Writes 24 bytes below its X2, outside its (empty) frame.
TEXT ·writeBelowSP(SB), NOSPLIT, $0-0
	MOV	$0x77, X5
	MOV	X5, -24(X2)
	RET

// func writeBelowFrame()
// A 64-byte frame (72 bytes below the entry X2 with the saved LR), and a
// write 8 bytes below that.
TEXT ·writeBelowFrame(SB), NOSPLIT, $64-0
	MOV	$0x78, X5
	MOV	X5, -8(X2)
	RET

// func readUnloadedX10(h *[8]uint32)
// Rewrites h[0] through X10 without loading h from its frame: right when
// called from Go, whose ABIInternal leaves the first argument in X10
// through the ABI0 wrapper, wrong wherever X10 holds anything else.
TEXT ·readUnloadedX10(SB), NOSPLIT, $0-8
	MOVWU	(X10), X11
	MOVW	X11, (X10)
	RET

// func readUnsetF31(h *[8]uint32)
// Adds F31's low word to h[0] without setting F31: right in a Go process,
// where nothing writes F31, wrong under a poisoned F31.
TEXT ·readUnsetF31(SB), NOSPLIT, $0-8
	MOV	h+0(FP), X5
	MOVD	F31, X6
	MOVWU	(X5), X7
	ADDW	X6, X7
	MOVW	X7, (X5)
	RET

// func readVState(out *[4]uint64)
// What a vector kernel finds on entry: vtype, vl, then element 0 of V0 and
// of V31 at SEW 64. Its vsetivli is the caller's to undo (the trampoline
// puts back the vtype and vl it found).
TEXT ·readVState(SB), NOSPLIT, $0-8
	MOV	out+0(FP), X5
	CSRRS	X0, VTYPE, X6
	MOV	X6, 0(X5)
	CSRRS	X0, VL, X6
	MOV	X6, 8(X5)
	VSETIVLI	$1, E64, M1, TA, MA, X0
	VMVXS	V0, X6
	MOV	X6, 16(X5)
	VMVXS	V31, X6
	MOV	X6, 24(X5)
	RET
