//go:build ppc64le && gc

#include "textflag.h"

// The ABI0 entry of every kernel of abiKernelTable (abi_kernels_ppc64le.go),
// in its order: $·name(SB) in assembly is the ABI0 symbol itself, not the
// ABIInternal wrapper a Go func value would give.
DATA abiEntries<>+0(SB)/8, $·conformingNop(SB)
DATA abiEntries<>+8(SB)/8, $·conformingFramed(SB)
DATA abiEntries<>+16(SB)/8, $·clobberR2(SB)
DATA abiEntries<>+24(SB)/8, $·clobberR13(SB)
DATA abiEntries<>+32(SB)/8, $·clobberR30(SB)
DATA abiEntries<>+40(SB)/8, $·clobberR0(SB)
DATA abiEntries<>+48(SB)/8, $·clobberSP(SB)
DATA abiEntries<>+56(SB)/8, $·writeBelowSP(SB)
DATA abiEntries<>+64(SB)/8, $·writeBelowFrame(SB)
DATA abiEntries<>+72(SB)/8, $·ecbEncP8(SB)
DATA abiEntries<>+80(SB)/8, $·ecbDecP8(SB)
DATA abiEntries<>+88(SB)/8, $·cbcEncP8(SB)
DATA abiEntries<>+96(SB)/8, $·cbcDecP8(SB)
DATA abiEntries<>+104(SB)/8, $·ctrP8(SB)
DATA abiEntries<>+112(SB)/8, $·ghashP8(SB)
DATA abiEntries<>+120(SB)/8, $·ctr32P8(SB)
DATA abiEntries<>+128(SB)/8, $·gcmStitchP8(SB)
DATA abiEntries<>+136(SB)/8, $·blockPower8(SB)
DATA abiEntries<>+144(SB)/8, $·block512Power8(SB)
DATA abiEntries<>+152(SB)/8, $·montMulPower8(SB)
DATA abiEntries<>+160(SB)/8, $·montFinalSub(SB)
DATA abiEntries<>+168(SB)/8, $·montMulPower9(SB)
GLOBL abiEntries<>(SB), RODATA, $176

// func abiEntryTable() unsafe.Pointer
TEXT ·abiEntryTable(SB), NOSPLIT, $0-8
	MOVD	$abiEntries<>(SB), R3
	MOVD	R3, ret+0(FP)
	RET
