//go:build gc && xarch_planted

#include "textflag.h"

// func memProbePlantedWrongEncoding(p unsafe.Pointer): claims LDP (R0),
// (R1, R2) but the word is ld1 {v0.16b-v3.16b}, [x0] (0x4c402000).
TEXT ·memProbePlantedWrongEncoding(SB), NOSPLIT, $0-8
	MOVD p+0(FP), R0
	WORD $0x4c402000
	RET
