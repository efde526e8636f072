//go:build gc && xarch_planted

#include "textflag.h"

// func memProbePlantedWrongEncoding(p unsafe.Pointer): claims VPBROADCASTQ
// (AX), Y0 but the bytes are VMOVDQU (AX), Y0 (c5 fe 6f 00).
TEXT ·memProbePlantedWrongEncoding(SB), NOSPLIT, $0-8
	MOVQ p+0(FP), AX
	BYTE $0xc5; BYTE $0xfe; BYTE $0x6f; BYTE $0x00
	VZEROUPPER
	RET
