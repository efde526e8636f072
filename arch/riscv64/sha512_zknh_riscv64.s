//go:build gc

#include "textflag.h"

// SHA-512 block function for RV64 with Zknh (RISC-V scalar cryptography
// 1.0.1, the RV64 forms: sha512sum0/sum1 are FIPS 180-4's Σ0/Σ1 and
// sha512sig0/sig1 its σ0/σ1 on 64-bit words). Everything else is base
// RV64I. Message words are assembled from bytes (MOVBU), so p may have any
// alignment and no Zbb/Zbkb rev8 is needed.
//
// Registers: X10 h, X11 p, X12 end of p, X13 the K table, X28 the K cursor
// of the current 16 rounds, X29 the pass count; X14..X21 the working
// variables (a..h at round 0; the round macro renames them instead of
// moving them, so every 8 rounds they are back in place); X22 the round's
// W, X5-X7 and X23 scratch. W[0..15] is a ring in the frame: slot j at
// 8+8*j(X2) (0(X2) holds the saved LR).

// The Zknh instructions name fixed registers, so Σ0 and Σ1 have one
// macro per working register (result in X6).
#define S0_X14 \
	WORD $0x10471313 // sha512sum0 x6, x14

#define S1_X14 \
	WORD $0x10571313 // sha512sum1 x6, x14

#define S0_X15 \
	WORD $0x10479313 // sha512sum0 x6, x15

#define S1_X15 \
	WORD $0x10579313 // sha512sum1 x6, x15

#define S0_X16 \
	WORD $0x10481313 // sha512sum0 x6, x16

#define S1_X16 \
	WORD $0x10581313 // sha512sum1 x6, x16

#define S0_X17 \
	WORD $0x10489313 // sha512sum0 x6, x17

#define S1_X17 \
	WORD $0x10589313 // sha512sum1 x6, x17

#define S0_X18 \
	WORD $0x10491313 // sha512sum0 x6, x18

#define S1_X18 \
	WORD $0x10591313 // sha512sum1 x6, x18

#define S0_X19 \
	WORD $0x10499313 // sha512sum0 x6, x19

#define S1_X19 \
	WORD $0x10599313 // sha512sum1 x6, x19

#define S0_X20 \
	WORD $0x104a1313 // sha512sum0 x6, x20

#define S1_X20 \
	WORD $0x105a1313 // sha512sum1 x6, x20

#define S0_X21 \
	WORD $0x104a9313 // sha512sum0 x6, x21

#define S1_X21 \
	WORD $0x105a9313 // sha512sum1 x6, x21

// σ0(X23) -> X23 and σ1(X6) -> X6, for the message schedule.
#define SIG0 \
	WORD $0x106b9b93 // sha512sig0 x23, x23

#define SIG1 \
	WORD $0x10731313 // sha512sig1 x6, x6

// LOADW(off, slot): W = the big-endian word at off(X11), into X22 and slot(X2).
#define LOADW(off, slot) \
	MOVBU off(X11), X22; \
	MOVBU off+1(X11), X5; \
	SLL $8, X22; \
	OR X5, X22; \
	MOVBU off+2(X11), X5; \
	SLL $8, X22; \
	OR X5, X22; \
	MOVBU off+3(X11), X5; \
	SLL $8, X22; \
	OR X5, X22; \
	MOVBU off+4(X11), X5; \
	SLL $8, X22; \
	OR X5, X22; \
	MOVBU off+5(X11), X5; \
	SLL $8, X22; \
	OR X5, X22; \
	MOVBU off+6(X11), X5; \
	SLL $8, X22; \
	OR X5, X22; \
	MOVBU off+7(X11), X5; \
	SLL $8, X22; \
	OR X5, X22; \
	MOV X22, slot(X2)

// SCHED(j, j1, j9, j14): W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16]
// in the ring (slot j holds W[t-16], j1 W[t-15], j9 W[t-7], j14 W[t-2]),
// into X22 and slot j.
#define SCHED(j, j1, j9, j14) \
	MOV j14(X2), X6; \
	SIG1; \
	MOV j1(X2), X23; \
	SIG0; \
	MOV j(X2), X22; \
	ADD X6, X22; \
	ADD X23, X22; \
	MOV j9(X2), X6; \
	ADD X6, X22; \
	MOV X22, j(X2)

// ROUND: one round with W in X22 and K at koff(X28):
// T1 = h + Σ1(e) + Ch(e,f,g) + K + W, d += T1, h = T1 + Σ0(a) + Maj(a,b,c),
// Ch = ((f^g)&e)^g, Maj = ((a^b)&(b^c))^b. S0 and S1 are a's and e's macros.
#define ROUND(a, b, c, d, e, f, g, h, koff, S0, S1) \
	MOV koff(X28), X5; \
	ADD X22, X5; \
	ADD X5, h; \
	S1; \
	ADD X6, h; \
	XOR g, f, X7; \
	AND e, X7; \
	XOR g, X7; \
	ADD X7, h; \
	ADD h, d; \
	S0; \
	ADD X6, h; \
	XOR b, a, X7; \
	XOR c, b, X5; \
	AND X5, X7; \
	XOR b, X7; \
	ADD X7, h

// func blockSHA512Zknh(h *[8]uint64, p []byte, k *[80]uint64)
// consumes len(p)/128 blocks of p into h; k is the round constant table.
TEXT ·blockSHA512Zknh(SB), NOSPLIT, $128-40
	MOV h+0(FP), X10
	MOV p_base+8(FP), X11
	MOV p_len+16(FP), X12
	MOV k+32(FP), X13
	SRL $7, X12
	BEQZ X12, done
	SLL $7, X12
	ADD X11, X12
	MOV 0(X10), X14
	MOV 8(X10), X15
	MOV 16(X10), X16
	MOV 24(X10), X17
	MOV 32(X10), X18
	MOV 40(X10), X19
	MOV 48(X10), X20
	MOV 56(X10), X21

block:
	MOV X13, X28
	// Rounds 0-15 take W from the block.
	LOADW(0, 8)
	ROUND(X14, X15, X16, X17, X18, X19, X20, X21, 0, S0_X14, S1_X18)
	LOADW(8, 16)
	ROUND(X21, X14, X15, X16, X17, X18, X19, X20, 8, S0_X21, S1_X17)
	LOADW(16, 24)
	ROUND(X20, X21, X14, X15, X16, X17, X18, X19, 16, S0_X20, S1_X16)
	LOADW(24, 32)
	ROUND(X19, X20, X21, X14, X15, X16, X17, X18, 24, S0_X19, S1_X15)
	LOADW(32, 40)
	ROUND(X18, X19, X20, X21, X14, X15, X16, X17, 32, S0_X18, S1_X14)
	LOADW(40, 48)
	ROUND(X17, X18, X19, X20, X21, X14, X15, X16, 40, S0_X17, S1_X21)
	LOADW(48, 56)
	ROUND(X16, X17, X18, X19, X20, X21, X14, X15, 48, S0_X16, S1_X20)
	LOADW(56, 64)
	ROUND(X15, X16, X17, X18, X19, X20, X21, X14, 56, S0_X15, S1_X19)
	LOADW(64, 72)
	ROUND(X14, X15, X16, X17, X18, X19, X20, X21, 64, S0_X14, S1_X18)
	LOADW(72, 80)
	ROUND(X21, X14, X15, X16, X17, X18, X19, X20, 72, S0_X21, S1_X17)
	LOADW(80, 88)
	ROUND(X20, X21, X14, X15, X16, X17, X18, X19, 80, S0_X20, S1_X16)
	LOADW(88, 96)
	ROUND(X19, X20, X21, X14, X15, X16, X17, X18, 88, S0_X19, S1_X15)
	LOADW(96, 104)
	ROUND(X18, X19, X20, X21, X14, X15, X16, X17, 96, S0_X18, S1_X14)
	LOADW(104, 112)
	ROUND(X17, X18, X19, X20, X21, X14, X15, X16, 104, S0_X17, S1_X21)
	LOADW(112, 120)
	ROUND(X16, X17, X18, X19, X20, X21, X14, X15, 112, S0_X16, S1_X20)
	LOADW(120, 128)
	ROUND(X15, X16, X17, X18, X19, X20, X21, X14, 120, S0_X15, S1_X19)

	// Rounds 16-79: 4 passes of 16 rounds, W from the schedule.
	MOV $4, X29

pass:
	ADD $128, X28
	SCHED(8, 16, 80, 120)
	ROUND(X14, X15, X16, X17, X18, X19, X20, X21, 0, S0_X14, S1_X18)
	SCHED(16, 24, 88, 128)
	ROUND(X21, X14, X15, X16, X17, X18, X19, X20, 8, S0_X21, S1_X17)
	SCHED(24, 32, 96, 8)
	ROUND(X20, X21, X14, X15, X16, X17, X18, X19, 16, S0_X20, S1_X16)
	SCHED(32, 40, 104, 16)
	ROUND(X19, X20, X21, X14, X15, X16, X17, X18, 24, S0_X19, S1_X15)
	SCHED(40, 48, 112, 24)
	ROUND(X18, X19, X20, X21, X14, X15, X16, X17, 32, S0_X18, S1_X14)
	SCHED(48, 56, 120, 32)
	ROUND(X17, X18, X19, X20, X21, X14, X15, X16, 40, S0_X17, S1_X21)
	SCHED(56, 64, 128, 40)
	ROUND(X16, X17, X18, X19, X20, X21, X14, X15, 48, S0_X16, S1_X20)
	SCHED(64, 72, 8, 48)
	ROUND(X15, X16, X17, X18, X19, X20, X21, X14, 56, S0_X15, S1_X19)
	SCHED(72, 80, 16, 56)
	ROUND(X14, X15, X16, X17, X18, X19, X20, X21, 64, S0_X14, S1_X18)
	SCHED(80, 88, 24, 64)
	ROUND(X21, X14, X15, X16, X17, X18, X19, X20, 72, S0_X21, S1_X17)
	SCHED(88, 96, 32, 72)
	ROUND(X20, X21, X14, X15, X16, X17, X18, X19, 80, S0_X20, S1_X16)
	SCHED(96, 104, 40, 80)
	ROUND(X19, X20, X21, X14, X15, X16, X17, X18, 88, S0_X19, S1_X15)
	SCHED(104, 112, 48, 88)
	ROUND(X18, X19, X20, X21, X14, X15, X16, X17, 96, S0_X18, S1_X14)
	SCHED(112, 120, 56, 96)
	ROUND(X17, X18, X19, X20, X21, X14, X15, X16, 104, S0_X17, S1_X21)
	SCHED(120, 128, 64, 104)
	ROUND(X16, X17, X18, X19, X20, X21, X14, X15, 112, S0_X16, S1_X20)
	SCHED(128, 8, 72, 112)
	ROUND(X15, X16, X17, X18, X19, X20, X21, X14, 120, S0_X15, S1_X19)
	ADD $-1, X29
	BNEZ X29, pass

	// h += the working variables; they stay in X14..X21 as the next
	// block's start.
	MOV 0(X10), X5
	ADD X5, X14
	MOV X14, 0(X10)
	MOV 8(X10), X5
	ADD X5, X15
	MOV X15, 8(X10)
	MOV 16(X10), X5
	ADD X5, X16
	MOV X16, 16(X10)
	MOV 24(X10), X5
	ADD X5, X17
	MOV X17, 24(X10)
	MOV 32(X10), X5
	ADD X5, X18
	MOV X18, 32(X10)
	MOV 40(X10), X5
	ADD X5, X19
	MOV X19, 40(X10)
	MOV 48(X10), X5
	ADD X5, X20
	MOV X20, 48(X10)
	MOV 56(X10), X5
	ADD X5, X21
	MOV X21, 56(X10)
	ADD $128, X11
	BNE X11, X12, block

done:
	RET
