//go:build gc

#include "textflag.h"

// func pclmulqdqProbe(a, b *[4]uint64, out *[8]uint64)
// PCLMULQDQ with each selector on X0 (a) and X1 (b); Go's operand order is
// imm, src (b), dst (a): bit 0 of imm picks the qword of a, bit 4 of b.
TEXT ·pclmulqdqProbe(SB), NOSPLIT, $0-24
	MOVQ  a+0(FP), AX
	MOVQ  b+8(FP), BX
	MOVQ  out+16(FP), CX
	MOVOU (AX), X0
	MOVOU (BX), X1
	MOVO  X0, X2
	PCLMULQDQ $0x00, X1, X2
	MOVOU X2, 0(CX)
	MOVO  X0, X2
	PCLMULQDQ $0x01, X1, X2
	MOVOU X2, 16(CX)
	MOVO  X0, X2
	PCLMULQDQ $0x10, X1, X2
	MOVOU X2, 32(CX)
	MOVO  X0, X2
	PCLMULQDQ $0x11, X1, X2
	MOVOU X2, 48(CX)
	RET

// func vpclmulqdqProbe(a, b *[4]uint64, out *[16]uint64)
// VPCLMULQDQ imm, b, a, dst on YMM: both lanes at once; the results are
// stored lane by lane (lane 0's four products, then lane 1's).
TEXT ·vpclmulqdqProbe(SB), NOSPLIT, $0-24
	MOVQ    a+0(FP), AX
	MOVQ    b+8(FP), BX
	MOVQ    out+16(FP), CX
	VMOVDQU (AX), Y0
	VMOVDQU (BX), Y1
	VPCLMULQDQ $0x00, Y1, Y0, Y2
	VPCLMULQDQ $0x01, Y1, Y0, Y3
	VPCLMULQDQ $0x10, Y1, Y0, Y4
	VPCLMULQDQ $0x11, Y1, Y0, Y5
	VMOVDQU X2, 0(CX)
	VMOVDQU X3, 16(CX)
	VMOVDQU X4, 32(CX)
	VMOVDQU X5, 48(CX)
	VEXTRACTI128 $1, Y2, 64(CX)
	VEXTRACTI128 $1, Y3, 80(CX)
	VEXTRACTI128 $1, Y4, 96(CX)
	VEXTRACTI128 $1, Y5, 112(CX)
	VZEROUPPER
	RET
