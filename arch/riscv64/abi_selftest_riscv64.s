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
