//go:build gc

#include "textflag.h"

// func shaniProbe(in *[6][4]uint32, out *[3][4]uint32)
// in: CDGH, ABEF, W+K (X0), then message groups ma, mb, mc. out:
// SHA256RNDS2 (new ABEF), SHA256MSG1(ma, mb), SHA256MSG2 of that with mc.
// Each instruction runs once.
TEXT ·shaniProbe(SB), NOSPLIT, $0-16
	MOVQ        in+0(FP), AX
	MOVQ        out+8(FP), BX
	MOVOU       0(AX), X2
	MOVOU       16(AX), X1
	MOVOU       32(AX), X0
	SHA256RNDS2 X0, X1, X2
	MOVOU       X2, 0(BX)
	MOVOU       48(AX), X3
	MOVOU       64(AX), X4
	MOVOU       80(AX), X5
	SHA256MSG1  X4, X3
	MOVOU       X3, 16(BX)
	SHA256MSG2  X5, X3
	MOVOU       X3, 32(BX)
	RET
