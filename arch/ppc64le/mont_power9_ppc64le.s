//go:build gc

#include "textflag.h"

// Montgomery multiplication for POWER9 and later (Power ISA 3.0): the same
// fused CIOS pass as mont/power8 (see mont_power8_ppc64le.s for the outer
// step, the scratch layout and why the carry words cannot overflow), with
// MADDLD/MADDHDU, which give the low and high halves of a*b + c, folding
// one addend into each multiply:
//   row 1: s[j] = x[j]*y[i] + t[j]   (128 bits, below 2^128)
//          s[j..j+3] + (C1, hi[j..j+2]) one ADDC/ADDE chain, ADDZE into
//          hi[j+3] -> C1
//   row 2: u[j] = m[j]*q + s[j], then the same chain with C2
// so a group of four limbs needs two add chains where POWER8 needs four.
//
// Registers: as in mont/power8 (R0 only read; R1, R2, R13, R30, R31 unused):
//   R3  &x[j]   R4  &m[j]   R5  &t[j]    R6  &y[i]   R7  y[i]   R8  q
//   R9  C1      R10 C2      R11 t[n]     R12 k0      R14 outer count
//   R15-R18  t[j..j+3], then row 2's low halves (the new t)
//   R19-R22  x[j..j+3] then row 1's high halves; m[j..j+3] then row 2's
//   R23-R26  row 1's low halves (the sums s)
//   R27 n, then n%4   R28 n/4 (groups)

// func montMulPower9(x, y, m *uint64, k0 uint64, n int, t *montScratch)
TEXT ·montMulPower9(SB), NOSPLIT, $0-48
	MOVD y+8(FP), R6
	MOVD k0+24(FP), R12
	MOVD n+32(FP), R14
	MOVD $0, R11

outer:
	MOVD x+0(FP), R3
	MOVD m+16(FP), R4
	MOVD t+40(FP), R5
	ADD  $8, R5
	MOVD 0(R6), R7
	ADD  $8, R6

	// q = (t[0] + x[0]*y[i]) * k0 mod 2^64
	MOVD   0(R3), R19
	MOVD   0(R5), R15
	MADDLD R19, R7, R15, R23
	MULLD  R23, R12, R8
	MOVD   $0, R9
	MOVD   $0, R10

	MOVD n+32(FP), R27
	SRD  $2, R27, R28
	CMP  R28, $0
	BEQ  rest
	MOVD R28, CTR

group:
	MOVD    0(R5), R15
	MOVD    8(R5), R16
	MOVD    16(R5), R17
	MOVD    24(R5), R18
	MOVD    0(R3), R19
	MOVD    8(R3), R20
	MOVD    16(R3), R21
	MOVD    24(R3), R22
	MADDLD  R19, R7, R15, R23
	MADDLD  R20, R7, R16, R24
	MADDLD  R21, R7, R17, R25
	MADDLD  R22, R7, R18, R26
	MADDHDU R19, R7, R15, R19
	MADDHDU R20, R7, R16, R20
	MADDHDU R21, R7, R17, R21
	MADDHDU R22, R7, R18, R22
	ADDC    R9, R23
	ADDE    R19, R24
	ADDE    R20, R25
	ADDE    R21, R26
	ADDZE   R22, R9
	MOVD    0(R4), R19
	MOVD    8(R4), R20
	MOVD    16(R4), R21
	MOVD    24(R4), R22
	MADDLD  R19, R8, R23, R15
	MADDLD  R20, R8, R24, R16
	MADDLD  R21, R8, R25, R17
	MADDLD  R22, R8, R26, R18
	MADDHDU R19, R8, R23, R19
	MADDHDU R20, R8, R24, R20
	MADDHDU R21, R8, R25, R21
	MADDHDU R22, R8, R26, R22
	ADDC    R10, R15
	ADDE    R19, R16
	ADDE    R20, R17
	ADDE    R21, R18
	ADDZE   R22, R10
	MOVD    R15, -8(R5)
	MOVD    R16, 0(R5)
	MOVD    R17, 8(R5)
	MOVD    R18, 16(R5)
	ADD     $32, R3
	ADD     $32, R4
	ADD     $32, R5
	BDNZ    group

rest:
	ANDCC $3, R27, R27
	BEQ   top
	MOVD  R27, CTR

single:
	MOVD    0(R5), R15
	MOVD    0(R3), R19
	MADDLD  R19, R7, R15, R23
	MADDHDU R19, R7, R15, R19
	ADDC    R9, R23
	ADDZE   R19, R9
	MOVD    0(R4), R20
	MADDLD  R20, R8, R23, R15
	MADDHDU R20, R8, R23, R20
	ADDC    R10, R15
	ADDZE   R20, R10
	MOVD    R15, -8(R5)
	ADD     $8, R3
	ADD     $8, R4
	ADD     $8, R5
	BDNZ    single

top:
	// t[n-1], t[n] = t[n] + C1 + C2
	ADDC  R9, R10
	ADDZE R0, R9
	ADDC  R11, R10
	ADDZE R9, R11
	MOVD  R10, -8(R5)

	ADD  $-1, R14
	CMP  R14, $0
	BNE  outer
	MOVD t+40(FP), R3
	MOVD R11, 0(R3) // t[0]: the top bit (the ABI trampoline copies no results back)
	RET
