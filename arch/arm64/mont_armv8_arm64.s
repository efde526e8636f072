//go:build gc

#include "textflag.h"

// Montgomery multiplication, CIOS, 64-bit limbs, base ARMv8.0.
//
// Each outer step i computes, in one pass over the limbs j,
//     t + x*y[i] + q*m,   q = (t[0] + x[0]*y[i]) * k0 mod 2^64,
// and stores it one word down (the low word is zero by the choice of q).
// Row 1 (x*y[i]) and row 2 (q*m) are added to the same registers of t,
// each row with its own carry word (C1, C2) between passes: within a pass
// a row is two ADDS/ADCS chains, the low product halves into t[j..j+3],
// then the carry word and the high halves into t[j..j+3] one limb up, and
// an ADC folds the chains' carries into the top high half, which becomes
// the row's next carry word. That word cannot overflow: t + x*y[i] + C over
// 4 limbs is below 2^320.
//
// Registers (R18, R27, R28 and R29 are not used):
//   R0 x       R1 y (advances)  R2 m        R3 &t[0]
//   R4 t[n]    R5 outer count   R6 y[i]     R7 q
//   R8 C1      R9 C2            R10 x[j]    R11 m[j]    R12 &t[j]
//   R13 inner count
//   R14-R17  t[j..j+3]
//   R19-R22  x[j..j+3], then their high products; then m[j..j+3], ...
//   R23-R26  low products

// ROW adds op[j..j+3]*f and the carry word c to t[j..j+3] (R14-R17), with
// op already loaded into R19-R22; c is left as the row's carry word.
#define ROW(f, c) \
	MUL	f, R19, R23 \
	MUL	f, R20, R24 \
	MUL	f, R21, R25 \
	MUL	f, R22, R26 \
	UMULH	f, R19, R19 \
	UMULH	f, R20, R20 \
	UMULH	f, R21, R21 \
	UMULH	f, R22, R22 \
	ADDS	R23, R14, R14 \
	ADCS	R24, R15, R15 \
	ADCS	R25, R16, R16 \
	ADCS	R26, R17, R17 \
	ADC	ZR, R22, R22 \
	ADDS	c, R14, R14 \
	ADCS	R19, R15, R15 \
	ADCS	R20, R16, R16 \
	ADCS	R21, R17, R17 \
	ADC	ZR, R22, c

// ROW1 adds op*f + c to one limb t (R14), op in R19 (clobbered).
#define ROW1(f, c) \
	MUL	f, R19, R23 \
	UMULH	f, R19, R19 \
	ADDS	R23, R14, R14 \
	ADC	ZR, R19, R19 \
	ADDS	c, R14, R14 \
	ADC	ZR, R19, c

// func montMulARMv8(z, x, y, m *uint64, k0 uint64, n, groups, rem int, t *montScratch)
TEXT ·montMulARMv8(SB), NOSPLIT, $0-72
	MOVD	x+8(FP), R0
	MOVD	y+16(FP), R1
	MOVD	m+24(FP), R2
	MOVD	t+64(FP), R3
	ADD	$8, R3          // &t[0]; the word below takes the shifted-out zero
	MOVD	n+40(FP), R5

	// t = 0
	MOVD	R3, R12
	MOVD	R5, R13

zero:
	MOVD.P	ZR, 8(R12)
	SUB	$1, R13
	CBNZ	R13, zero
	MOVD	ZR, R4

outer:
	// q = (t[0] + x[0]*y[i]) * k0
	MOVD.P	8(R1), R6
	MOVD	(R0), R19
	MOVD	(R3), R14
	MOVD	k0+32(FP), R7
	MUL	R6, R19, R23
	ADD	R23, R14, R23
	MUL	R7, R23, R7
	MOVD	R0, R10
	MOVD	R2, R11
	MOVD	R3, R12
	MOVD	ZR, R8
	MOVD	ZR, R9
	MOVD	groups+48(FP), R13
	CBZ	R13, tail

group:
	// 4 limbs: 6 LDP, 16 MUL/UMULH, 20 ADDS/ADCS/ADC, 2 STP, 2 loop
	LDP	16(R10), (R21, R22)
	LDP.P	32(R10), (R19, R20)
	LDP	16(R12), (R16, R17)
	LDP.P	32(R12), (R14, R15)
	ROW(R6, R8)
	LDP	16(R11), (R21, R22)
	LDP.P	32(R11), (R19, R20)
	ROW(R7, R9)
	// one word down: t[j-1..j+2]; R12 is already at t[j+4]
	STP	(R14, R15), -40(R12)
	STP	(R16, R17), -24(R12)
	SUB	$1, R13
	CBNZ	R13, group

tail:
	MOVD	rem+56(FP), R13
	CBZ	R13, top

single:
	MOVD.P	8(R12), R14
	MOVD.P	8(R10), R19
	ROW1(R6, R8)
	MOVD.P	8(R11), R19
	ROW1(R7, R9)
	MOVD	R14, -16(R12)
	SUB	$1, R13
	CBNZ	R13, single

top:
	// t[n-1], t[n] = t[n] + C1 + C2 (below 2m, so t[n] is 0 or 1)
	ADDS	R8, R9, R8
	ADC	ZR, ZR, R9
	ADDS	R4, R8, R8
	ADC	ZR, R9, R4
	MOVD	R8, -8(R12)
	SUB	$1, R5
	CBNZ	R5, outer

	// z = t - m, with the borrow chained through the loop (SUB and CBNZ
	// leave the flags alone).
	MOVD	z+0(FP), R10
	MOVD	R2, R11
	MOVD	R3, R12
	MOVD	n+40(FP), R13
	CMP	$0, R13         // carry set: no borrow in

sub:
	MOVD.P	8(R12), R14
	MOVD.P	8(R11), R15
	SBCS	R15, R14, R14
	MOVD.P	R14, 8(R10)
	SUB	$1, R13
	CBNZ	R13, sub

	// t >= m when t[n] is set or the subtraction did not borrow; then
	// keep z = t - m, else z = t. A mask, no branch.
	ADC	ZR, ZR, R15
	ORR	R4, R15, R15
	NEG	R15, R15
	MOVD	z+0(FP), R10
	MOVD	R3, R12
	MOVD	n+40(FP), R13

sel:
	MOVD	(R10), R14
	MOVD.P	8(R12), R16
	AND	R15, R14, R14
	BIC	R15, R16, R16
	ORR	R16, R14, R14
	MOVD.P	R14, 8(R10)
	SUB	$1, R13
	CBNZ	R13, sel
	RET
