//go:build arm64 && gc

#include "textflag.h"

// The ABI0 entry of every kernel of abiKernelTable (abi_kernels_arm64.go),
// in its order: $·name(SB) in assembly is the ABI0 symbol itself, not the
// ABIInternal wrapper a Go func value would give.
DATA abiEntries<>+0(SB)/8, $·conformingNop(SB)
DATA abiEntries<>+8(SB)/8, $·conformingFramed(SB)
DATA abiEntries<>+16(SB)/8, $·clobberR18(SB)
DATA abiEntries<>+24(SB)/8, $·clobberR29(SB)
DATA abiEntries<>+32(SB)/8, $·clobberR28(SB)
DATA abiEntries<>+40(SB)/8, $·clobberSP(SB)
DATA abiEntries<>+48(SB)/8, $·writeBelowSP(SB)
DATA abiEntries<>+56(SB)/8, $·writeBelowFrame(SB)
DATA abiEntries<>+64(SB)/8, $·ecbEncARMv8(SB)
DATA abiEntries<>+72(SB)/8, $·ecbDecARMv8(SB)
DATA abiEntries<>+80(SB)/8, $·cbcEncARMv8(SB)
DATA abiEntries<>+88(SB)/8, $·cbcDecARMv8(SB)
DATA abiEntries<>+96(SB)/8, $·ctrARMv8(SB)
DATA abiEntries<>+104(SB)/8, $·gcmSealARMv8(SB)
DATA abiEntries<>+112(SB)/8, $·gcmOpenARMv8(SB)
DATA abiEntries<>+120(SB)/8, $·gcmGhashARMv8(SB)
DATA abiEntries<>+128(SB)/8, $·gcmInitARMv8(SB)
DATA abiEntries<>+136(SB)/8, $·montMulARMv8(SB)
DATA abiEntries<>+144(SB)/8, $·blockSHA2(SB)
DATA abiEntries<>+152(SB)/8, $·blockSHA512(SB)
GLOBL abiEntries<>(SB), RODATA, $160

// func abiEntryTable() unsafe.Pointer
TEXT ·abiEntryTable(SB), NOSPLIT, $0-8
	MOVD	$abiEntries<>(SB), R0
	MOVD	R0, ret+0(FP)
	RET
