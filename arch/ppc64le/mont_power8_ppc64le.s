//go:build gc

#include "textflag.h"

// Montgomery multiplication for POWER8 and later: CIOS with 64-bit limbs,
// MULLD/MULHDU for the 128-bit products and ADDC/ADDE/ADDZE carry chains
// on XER[CA].
//
// Outer step i (one per limb of y) makes, in a single pass over j,
//     t' = (t + x*y[i] + q*m) / 2^64,   q = (t[0] + x[0]*y[i]) * k0 mod 2^64,
// so t' is stored one word below where t was read: the word shifted out is
// zero by the choice of q and lands in the scratch word at index 0. The
// two products are two rows with a carry word each (C1 for x*y[i], C2 for
// q*m) that runs from one group of limbs to the next. In a group of four
// limbs each row is two ADDC/ADDE chains over t[j..j+3]: first the four
// low halves, then the carry word and the low three high halves one limb
// up; ADDZE folds each chain's carry-out into the fourth high half, which
// becomes the row's carry word. It cannot overflow: over four limbs
// t + x*y[i] + C < 2^256 + (2^64-1)(2^256-1) + 2^64 < 2^320.
// XER[CA] is only one bit, so the chains of a group run one after the
// other; loads, stores, multiplies, ADD immediate and BDNZ leave it alone.
//
// The top word after a pass is t[n] + C1 + C2 (below 2^65, and t' < 2m
// keeps its high part 0 or 1), so t[n] lives in a register as a bit and is
// returned; montFinalSub (below, shared with mont/power9) then reduces
// t[n]*2^(64n) + t into z. No branch depends on the data; every loop
// count depends on n alone.
//
// Registers: R0 (zero in Go code) is only read; R1, R2, R13, R30 and R31
// are not used.
//   R3  &x[j]   R4  &m[j]   R5  &t[j]    R6  &y[i]   R7  y[i]   R8  q
//   R9  C1      R10 C2      R11 t[n]     R12 k0      R14 outer count
//   R15-R18  t[j..j+3]
//   R19-R22  x[j..j+3] then their high products; then the same for m
//   R23-R26  low products
//   R27 n, then n%4   R28 n/4 (groups)
// The scratch t (n+1 words) is indexed from 1 so that t[j-1] for j = 0 is
// its word 0; R5 points at logical t[0] = scratch word 1.

// ROW4 adds the four operand limbs in R19-R22 times f, plus the carry word
// c, to t[j..j+3] in R15-R18 and leaves the new carry word in c.
#define ROW4(f, c) \
	MULLD  R19, f, R23; \
	MULLD  R20, f, R24; \
	MULLD  R21, f, R25; \
	MULLD  R22, f, R26; \
	MULHDU R19, f, R19; \
	MULHDU R20, f, R20; \
	MULHDU R21, f, R21; \
	MULHDU R22, f, R22; \
	ADDC   R23, R15;    \
	ADDE   R24, R16;    \
	ADDE   R25, R17;    \
	ADDE   R26, R18;    \
	ADDZE  R22, R22;    \
	ADDC   c, R15;      \
	ADDE   R19, R16;    \
	ADDE   R20, R17;    \
	ADDE   R21, R18;    \
	ADDZE  R22, c

// ROW1 adds the operand limb in R19 times f, plus c, to t[j] in R15.
#define ROW1(f, c) \
	MULLD  R19, f, R23; \
	MULHDU R19, f, R19; \
	ADDC   R23, R15;    \
	ADDZE  R19, R19;    \
	ADDC   c, R15;      \
	ADDZE  R19, c

// func montMulPower8(x, y, m *uint64, k0 uint64, n int, t *montScratch)
TEXT ·montMulPower8(SB), NOSPLIT, $0-48
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
	MOVD  0(R3), R19
	MOVD  0(R5), R15
	MULLD R19, R7, R23
	ADD   R15, R23
	MULLD R23, R12, R8
	MOVD  $0, R9
	MOVD  $0, R10

	MOVD n+32(FP), R27
	SRD  $2, R27, R28
	CMP  R28, $0
	BEQ  rest
	MOVD R28, CTR

group:
	MOVD 0(R5), R15
	MOVD 8(R5), R16
	MOVD 16(R5), R17
	MOVD 24(R5), R18
	MOVD 0(R3), R19
	MOVD 8(R3), R20
	MOVD 16(R3), R21
	MOVD 24(R3), R22
	ROW4(R7, R9)
	MOVD 0(R4), R19
	MOVD 8(R4), R20
	MOVD 16(R4), R21
	MOVD 24(R4), R22
	ROW4(R8, R10)
	MOVD R15, -8(R5)
	MOVD R16, 0(R5)
	MOVD R17, 8(R5)
	MOVD R18, 16(R5)
	ADD  $32, R3
	ADD  $32, R4
	ADD  $32, R5
	BDNZ group

rest:
	ANDCC $3, R27, R27
	BEQ   top
	MOVD  R27, CTR

single:
	MOVD 0(R5), R15
	MOVD 0(R3), R19
	ROW1(R7, R9)
	MOVD 0(R4), R19
	ROW1(R8, R10)
	MOVD R15, -8(R5)
	ADD  $8, R3
	ADD  $8, R4
	ADD  $8, R5
	BDNZ single

top:
	// t[n-1], t[n] = t[n] + C1 + C2
	ADDC  R9, R10
	ADDZE R0, R9
	ADDC  R11, R10
	ADDZE R9, R11
	MOVD  R10, -8(R5)

	ADD $-1, R14
	CMP R14, $0
	BNE outer
	MOVD t+40(FP), R3
	MOVD R11, 0(R3) // t[0]: the top bit (the ABI trampoline copies no results back)
	RET

// func montFinalSub(z, t, m *uint64, n int, tn uint64)
// z = t - m if t >= m, else t, for t = tn*2^(64n) + t[0..n-1] < 2m (tn is
// 0 or 1): first z = t - m by a SUBE chain, then z is replaced by t under
// a mask when the chain borrowed and tn = 0. No branch depends on the
// data. z may be anything but t or m.
TEXT ·montFinalSub(SB), NOSPLIT, $0-40
	MOVD z+0(FP), R3
	MOVD t+8(FP), R5
	MOVD m+16(FP), R4
	MOVD n+24(FP), R27
	MOVD tn+32(FP), R11
	MOVD R27, CTR
	SUBC R0, R0, R15 // 0 - 0 sets CA: no borrow into the first limb

sub:
	MOVD 0(R5), R15
	MOVD 0(R4), R16
	SUBE R16, R15, R16
	MOVD R16, 0(R3)
	ADD  $8, R3
	ADD  $8, R4
	ADD  $8, R5
	BDNZ sub

	// R17 = all ones when t < m (a borrow and tn = 0): keep t.
	SUBE R17, R17, R17 // CA - 1
	ADD  $-1, R11
	AND  R11, R17

	MOVD z+0(FP), R3
	MOVD t+8(FP), R5
	MOVD R27, CTR

sel:
	MOVD 0(R3), R15
	MOVD 0(R5), R16
	XOR  R15, R16
	AND  R17, R16
	XOR  R16, R15
	MOVD R15, 0(R3)
	ADD  $8, R3
	ADD  $8, R5
	BDNZ sel
	RET
