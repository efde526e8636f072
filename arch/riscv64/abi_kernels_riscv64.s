//go:build riscv64 && gc

#include "textflag.h"

// The ABI0 entry of every kernel of abiKernelTable (abi_kernels_riscv64.go),
// in its order: $·name(SB) in assembly is the ABI0 symbol itself, not the
// ABIInternal wrapper a Go func value would give.
DATA abiEntries<>+0(SB)/8, $·conformingNop(SB)
DATA abiEntries<>+8(SB)/8, $·conformingFramed(SB)
DATA abiEntries<>+16(SB)/8, $·clobberX3(SB)
DATA abiEntries<>+24(SB)/8, $·clobberX4(SB)
DATA abiEntries<>+32(SB)/8, $·clobberX27(SB)
DATA abiEntries<>+40(SB)/8, $·clobberSP(SB)
DATA abiEntries<>+48(SB)/8, $·writeBelowSP(SB)
DATA abiEntries<>+56(SB)/8, $·writeBelowFrame(SB)
GLOBL abiEntries<>(SB), RODATA, $64

// func abiEntryTable() unsafe.Pointer
TEXT ·abiEntryTable(SB), NOSPLIT, $0-8
	MOV	$abiEntries<>(SB), X5
	MOV	X5, ret+0(FP)
	RET
