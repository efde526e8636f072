//go:build gc

#include "textflag.h"

// func maddProbe(in *[3]uint64, out *[3]uint64)
// Known-answer probe of the two ISA 3.0 instructions mont/power9 uses:
// out[0] = MADDLD (low half of a*b + c), out[1] = MADDHDU (high half),
// out[2] = MADDHDU again with the destination the first source, the form
// the kernel uses.
TEXT ·maddProbe(SB), NOSPLIT, $0-16
	MOVD    in+0(FP), R3
	MOVD    out+8(FP), R4
	MOVD    0(R3), R5
	MOVD    8(R3), R6
	MOVD    16(R3), R7
	MADDLD  R5, R6, R7, R8
	MADDHDU R5, R6, R7, R9
	MADDHDU R5, R6, R7, R5
	MOVD    R8, 0(R4)
	MOVD    R9, 8(R4)
	MOVD    R5, 16(R4)
	RET
