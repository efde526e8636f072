//go:build gc

#include "textflag.h"

// Montgomery multiplication for RV64: CIOS with 64-bit limbs, MUL/MULHU
// (M extension) for the 128-bit products and SLTU for the carries (RISC-V
// has no carry flag: after s = a + b, the carry out is s < b).
//
// Outer step i (one per limb of y) makes, in a single pass over j,
//     t' = (t + x*y[i] + q*m) / 2^64,   q = (t[0] + x[0]*y[i]) * k0 mod 2^64,
// so t' is stored one word below where t was read: the word shifted out is
// zero by the choice of q and lands in the scratch word at index 0. The two
// products are two rows, each with its own carry word (C1 for x*y[i], C2
// for q*m) running from limb to limb. One limb of a row is
//     (hi, lo) = a*f;  t += lo; hi += carry;  t += C; C = hi + carry
// and never overflows: a*f + t + C <= (2^64-1)^2 + 2(2^64-1) = 2^128 - 1,
// so each partial high word is the exact high word of a partial sum.
//
// After a pass the top word is t[n] + C1 + C2; t' < 2m keeps t'[n] at 0 or
// 1, held in a register. At the end z = t - m runs as a borrow chain and a
// mask (all ones when t[n] = 1 or the chain did not borrow) picks t - m or
// t limb by limb. No branch depends on the data; every loop count depends
// on n alone.
//
// Registers (X1-X4, X27 and X31 are not used):
//   X11 &y[i]   X13 &t[0] (scratch word 1)   X16 outer count   X25 t[n]
//   X17 y[i]    X18 q       X19 C1      X20 C2
//   X21 &x[j]   X22 &m[j]   X23 &t[j]   X24 inner count
//   X5-X8    t[j..j+3]
//   X9, X10, X12, X14   operand limbs, then their low products, then carries
//   X15, X26, X28, X29  high products
//   X30 scratch

// PROD4 multiplies the operand limbs in X9/X10/X12/X14 by f: high halves
// into X15/X26/X28/X29, low halves over the operands (MULHU before MUL with
// the same sources, the order that lets a core fuse the pair).
#define PROD4(f) \
	MULHU f, X9, X15;  \
	MUL   f, X9, X9;   \
	MULHU f, X10, X26; \
	MUL   f, X10, X10; \
	MULHU f, X12, X28; \
	MUL   f, X12, X12; \
	MULHU f, X14, X29; \
	MUL   f, X14, X14

// ADDLO adds the low product lo to the t limb tk and its carry to hi; lo
// is left free.
#define ADDLO(tk, lo, hi) \
	ADD  lo, tk, tk; \
	SLTU lo, tk, lo; \
	ADD  lo, hi, hi

// ADDC adds the row's carry word c to tk; c becomes hi plus the carry out
// (lo is a temporary).
#define ADDC(tk, lo, hi, c) \
	ADD  c, tk, tk; \
	SLTU c, tk, lo; \
	ADD  lo, hi, c

// ROW4 adds the four operand limbs (loaded in X9/X10/X12/X14) times f,
// plus the carry word c, to t[j..j+3] in X5-X8 and leaves the new carry
// word in c.
#define ROW4(f, c) \
	PROD4(f);             \
	ADDLO(X5, X9, X15);   \
	ADDLO(X6, X10, X26);  \
	ADDLO(X7, X12, X28);  \
	ADDLO(X8, X14, X29);  \
	ADDC(X5, X9, X15, c); \
	ADDC(X6, X10, X26, c); \
	ADDC(X7, X12, X28, c); \
	ADDC(X8, X14, X29, c)

// ROW1 adds the operand limb in X9 times f, plus c, to t[j] in X5.
#define ROW1(f, c) \
	MULHU f, X9, X15; \
	MUL   f, X9, X9;  \
	ADDLO(X5, X9, X15); \
	ADDC(X5, X9, X15, c)

// func montMulRV64(z, x, y, m *uint64, k0 uint64, n int, t *montScratch)
TEXT ·montMulRV64(SB), NOSPLIT, $0-56
	MOV y+16(FP), X11
	MOV t+48(FP), X13
	ADD $8, X13         // &t[0]; the word below takes the shifted-out zero
	MOV n+40(FP), X16
	MOV X0, X25

outer:
	MOV 0(X11), X17
	ADD $8, X11
	MOV x+8(FP), X21
	MOV m+24(FP), X22
	MOV X13, X23

	// q = (t[0] + x[0]*y[i]) * k0 mod 2^64
	MOV 0(X21), X9
	MOV 0(X23), X5
	MUL X17, X9, X9
	ADD X9, X5, X9
	MOV k0+32(FP), X18
	MUL X18, X9, X18
	MOV X0, X19
	MOV X0, X20

	MOV n+40(FP), X24
	SRL $2, X24, X24
	BEQZ X24, tail

group:
	// 4 limbs: 12 loads, 16 MUL/MULHU, 48 ADD/SLTU, 4 stores
	MOV 0(X21), X9
	MOV 8(X21), X10
	MOV 16(X21), X12
	MOV 24(X21), X14
	MOV 0(X23), X5
	MOV 8(X23), X6
	MOV 16(X23), X7
	MOV 24(X23), X8
	ROW4(X17, X19)
	MOV 0(X22), X9
	MOV 8(X22), X10
	MOV 16(X22), X12
	MOV 24(X22), X14
	ROW4(X18, X20)
	// one word down: t[j-1..j+2]
	MOV X5, -8(X23)
	MOV X6, 0(X23)
	MOV X7, 8(X23)
	MOV X8, 16(X23)
	ADD $32, X21
	ADD $32, X22
	ADD $32, X23
	ADD $-1, X24
	BNEZ X24, group

tail:
	MOV n+40(FP), X24
	AND $3, X24, X24
	BEQZ X24, top

single:
	MOV 0(X21), X9
	MOV 0(X23), X5
	ROW1(X17, X19)
	MOV 0(X22), X9
	ROW1(X18, X20)
	MOV X5, -8(X23)
	ADD $8, X21
	ADD $8, X22
	ADD $8, X23
	ADD $-1, X24
	BNEZ X24, single

top:
	// t[n-1], t[n] = t[n] + C1 + C2 (X23 is at t[n])
	ADD  X19, X20, X9
	SLTU X19, X9, X10
	ADD  X25, X9, X9
	SLTU X25, X9, X12
	ADD  X12, X10, X25
	MOV  X9, -8(X23)
	ADD  $-1, X16
	BNEZ X16, outer

	// z = t - m, the borrow (0 or 1) in X10 from limb to limb:
	// d = t - m[j]; b1 = t < m[j]; z[j] = d - b; b = b1 | (d < b).
	MOV z+0(FP), X21
	MOV m+24(FP), X22
	MOV X13, X23
	MOV n+40(FP), X24
	MOV X0, X10

sub:
	MOV  0(X23), X5
	MOV  0(X22), X6
	SUB  X6, X5, X7
	SLTU X6, X5, X8
	SUB  X10, X7, X9
	SLTU X10, X7, X10
	OR   X8, X10, X10
	MOV  X9, 0(X21)
	ADD  $8, X21
	ADD  $8, X22
	ADD  $8, X23
	ADD  $-1, X24
	BNEZ X24, sub

	// t >= m when t[n] is set or the chain did not borrow: then keep
	// z = t - m, else z = t. X10 = -(t[n] | (1 - b)), a mask, no branch.
	XOR $1, X10, X10
	OR  X25, X10, X10
	SUB X10, X0, X10
	MOV z+0(FP), X21
	MOV X13, X23
	MOV n+40(FP), X24

sel:
	MOV  0(X21), X5
	MOV  0(X23), X6
	XOR  X6, X5, X5
	AND  X10, X5, X5
	XOR  X6, X5, X5
	MOV  X5, 0(X21)
	ADD  $8, X21
	ADD  $8, X23
	ADD  $-1, X24
	BNEZ X24, sel
	RET
