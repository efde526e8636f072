//go:build amd64 && gc

#include "textflag.h"

// The ABI0 entry of every kernel of abiKernelTable (abi_kernels_amd64.go),
// in its order: $·name(SB) in assembly is the ABI0 symbol itself, not the
// ABIInternal wrapper a Go func value would give.
DATA abiEntries<>+0(SB)/8, $·conformingNop(SB)
DATA abiEntries<>+8(SB)/8, $·conformingFramed(SB)
DATA abiEntries<>+16(SB)/8, $·clobberBP(SB)
DATA abiEntries<>+24(SB)/8, $·clobberSP(SB)
DATA abiEntries<>+32(SB)/8, $·clobberDF(SB)
DATA abiEntries<>+40(SB)/8, $·clobberMXCSR(SB)
DATA abiEntries<>+48(SB)/8, $·writeBelowSP(SB)
DATA abiEntries<>+56(SB)/8, $·writeBelowFrame(SB)
DATA abiEntries<>+64(SB)/8, $·ecbEncNI(SB)
DATA abiEntries<>+72(SB)/8, $·ecbDecNI(SB)
DATA abiEntries<>+80(SB)/8, $·cbcEncNI(SB)
DATA abiEntries<>+88(SB)/8, $·cbcDecNI(SB)
DATA abiEntries<>+96(SB)/8, $·ctrNI(SB)
DATA abiEntries<>+104(SB)/8, $·ecbEncVAES(SB)
DATA abiEntries<>+112(SB)/8, $·ecbDecVAES(SB)
DATA abiEntries<>+120(SB)/8, $·cbcDecVAES(SB)
DATA abiEntries<>+128(SB)/8, $·ctrVAES(SB)
DATA abiEntries<>+136(SB)/8, $·gcmInitNI(SB)
DATA abiEntries<>+144(SB)/8, $·gcmGhashNI(SB)
DATA abiEntries<>+152(SB)/8, $·gcmSealNI(SB)
DATA abiEntries<>+160(SB)/8, $·gcmOpenNI(SB)
DATA abiEntries<>+168(SB)/8, $·gcmSealV256(SB)
DATA abiEntries<>+176(SB)/8, $·gcmOpenV256(SB)
DATA abiEntries<>+184(SB)/8, $·gcmGhash1V256(SB)
DATA abiEntries<>+192(SB)/8, $·blockAVX2(SB)
DATA abiEntries<>+200(SB)/8, $·blockSHANI(SB)
DATA abiEntries<>+208(SB)/8, $·sha512BlockAVX2(SB)
DATA abiEntries<>+216(SB)/8, $·sha512BlockAVX2Lanes(SB)
DATA abiEntries<>+224(SB)/8, $·ecbEncV256(SB)
DATA abiEntries<>+232(SB)/8, $·ecbDecV256(SB)
DATA abiEntries<>+240(SB)/8, $·cbcDecV256(SB)
DATA abiEntries<>+248(SB)/8, $·ctrV256(SB)
DATA abiEntries<>+256(SB)/8, $·gcmSealV512(SB)
DATA abiEntries<>+264(SB)/8, $·gcmOpenV512(SB)
DATA abiEntries<>+272(SB)/8, $·montMulADX(SB)
DATA abiEntries<>+280(SB)/8, $·montSqrADX(SB)
DATA abiEntries<>+288(SB)/8, $·montMul16ADX(SB)
DATA abiEntries<>+296(SB)/8, $·montMul24ADX(SB)
DATA abiEntries<>+304(SB)/8, $·montMul32ADX(SB)
DATA abiEntries<>+312(SB)/8, $·montSqr16ADX(SB)
DATA abiEntries<>+320(SB)/8, $·montSqr24ADX(SB)
DATA abiEntries<>+328(SB)/8, $·montSqr32ADX(SB)
DATA abiEntries<>+336(SB)/8, $·montIFMA52(SB)
GLOBL abiEntries<>(SB), RODATA, $344

// func abiEntryTable() unsafe.Pointer
TEXT ·abiEntryTable(SB), NOSPLIT, $0-8
	MOVQ	$abiEntries<>(SB), AX
	MOVQ	AX, ret+0(FP)
	RET
