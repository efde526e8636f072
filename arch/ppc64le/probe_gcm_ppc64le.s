//go:build gc

#include "textflag.h"

// func pmsumdProbe(a, b *[2]uint64, out *[4][2]uint64)
// Known-answer probe of VPMSUMD alone. a and b are {doubleword 0,
// doubleword 1} as LXVD2X loads them on little-endian, and STXVD2X stores
// results the same way, so no other instruction touches the values.
// out[0] has a distinct destination, out[1] dest == a, out[2] dest == b,
// out[3] dest == a == b (a squared), the aliasing forms an emulator can
// get wrong.
TEXT ·pmsumdProbe(SB), NOSPLIT, $0-24
	MOVD    a+0(FP), R3
	MOVD    b+8(FP), R4
	MOVD    out+16(FP), R5
	LXVD2X  (R3)(R0), VS32 // V0 = a
	LXVD2X  (R4)(R0), VS33 // V1 = b
	VOR     V0, V0, V3
	VOR     V1, V1, V4
	VOR     V0, V0, V5
	VPMSUMD V0, V1, V2
	VPMSUMD V3, V1, V3
	VPMSUMD V0, V4, V4
	VPMSUMD V5, V5, V5
	MOVD    $16, R6
	MOVD    $32, R7
	MOVD    $48, R8
	STXVD2X VS34, (R5)(R0)
	STXVD2X VS35, (R5)(R6)
	STXVD2X VS36, (R5)(R7)
	STXVD2X VS37, (R5)(R8)
	RET
