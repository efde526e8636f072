//go:build gc

#include "textflag.h"

// SHA-256 block function for RV64 with Zknh (RISC-V scalar cryptography
// 1.0.1: sha256sum0/sum1 are FIPS 180-4's Σ0/Σ1, sha256sig0/sig1 its σ0/σ1,
// each on the low 32 bits of rs1, result sign-extended). Everything else
// is base RV64I: the words live in 64-bit registers and only their low 32
// bits are meaningful (a 64-bit ADD has the right low half, logic ops are
// bitwise, the Zknh ops read bits 31..0), so no ADDW is needed; the state
// is stored with MOVW. Message words are assembled from bytes (MOVBU), so
// p may have any alignment and no Zbb/Zbkb rev8 is needed.
//
// Registers: X10 h, X11 p, X12 end of p, X13 the K table, X28 the K cursor
// of the current 16 rounds, X29 the pass count; X14..X21 the working
// variables (a..h at round 0; the round macro renames them instead of
// moving them, so every 8 rounds they are back in place); X22 the round's
// W, X5-X7 and X23 scratch. W[0..15] is a ring in the frame: slot j at
// 8+4*j(X2) (0(X2) holds the saved LR).

// The Zknh instructions name fixed registers, so Σ0 and Σ1 have one
// macro per working register (result in X6).
#define S0_X14 \
	WORD $0x10071313 // sha256sum0 x6, x14

#define S1_X14 \
	WORD $0x10171313 // sha256sum1 x6, x14

#define S0_X15 \
	WORD $0x10079313 // sha256sum0 x6, x15

#define S1_X15 \
	WORD $0x10179313 // sha256sum1 x6, x15

#define S0_X16 \
	WORD $0x10081313 // sha256sum0 x6, x16

#define S1_X16 \
	WORD $0x10181313 // sha256sum1 x6, x16

#define S0_X17 \
	WORD $0x10089313 // sha256sum0 x6, x17

#define S1_X17 \
	WORD $0x10189313 // sha256sum1 x6, x17

#define S0_X18 \
	WORD $0x10091313 // sha256sum0 x6, x18

#define S1_X18 \
	WORD $0x10191313 // sha256sum1 x6, x18

#define S0_X19 \
	WORD $0x10099313 // sha256sum0 x6, x19

#define S1_X19 \
	WORD $0x10199313 // sha256sum1 x6, x19

#define S0_X20 \
	WORD $0x100a1313 // sha256sum0 x6, x20

#define S1_X20 \
	WORD $0x101a1313 // sha256sum1 x6, x20

#define S0_X21 \
	WORD $0x100a9313 // sha256sum0 x6, x21

#define S1_X21 \
	WORD $0x101a9313 // sha256sum1 x6, x21

// σ0(X23) -> X23 and σ1(X6) -> X6, for the message schedule.
#define SIG0 \
	WORD $0x102b9b93 // sha256sig0 x23, x23

#define SIG1 \
	WORD $0x10331313 // sha256sig1 x6, x6

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
	MOVW X22, slot(X2)

// SCHED(j, j1, j9, j14): W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16]
// in the ring (slot j holds W[t-16], j1 W[t-15], j9 W[t-7], j14 W[t-2]),
// into X22 and slot j.
#define SCHED(j, j1, j9, j14) \
	MOVWU j14(X2), X6; \
	SIG1; \
	MOVWU j1(X2), X23; \
	SIG0; \
	MOVWU j(X2), X22; \
	ADD X6, X22; \
	ADD X23, X22; \
	MOVWU j9(X2), X6; \
	ADD X6, X22; \
	MOVW X22, j(X2)

// ROUND: one round with W in X22 and K at koff(X28):
// T1 = h + Σ1(e) + Ch(e,f,g) + K + W, d += T1, h = T1 + Σ0(a) + Maj(a,b,c),
// Ch = ((f^g)&e)^g, Maj = ((a^b)&(b^c))^b. S0 and S1 are a's and e's macros.
#define ROUND(a, b, c, d, e, f, g, h, koff, S0, S1) \
	MOVWU koff(X28), X5; \
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

// func blockSHA256Zknh(h *[8]uint32, p []byte, k *[64]uint32)
// consumes len(p)/64 blocks of p into h; k is the round constant table.
TEXT ·blockSHA256Zknh(SB), NOSPLIT, $64-40
	MOV h+0(FP), X10
	MOV p_base+8(FP), X11
	MOV p_len+16(FP), X12
	MOV k+32(FP), X13
	SRL $6, X12
	BEQZ X12, done
	SLL $6, X12
	ADD X11, X12
	MOVWU 0(X10), X14
	MOVWU 4(X10), X15
	MOVWU 8(X10), X16
	MOVWU 12(X10), X17
	MOVWU 16(X10), X18
	MOVWU 20(X10), X19
	MOVWU 24(X10), X20
	MOVWU 28(X10), X21

block:
	MOV X13, X28
	// Rounds 0-15 take W from the block.
	LOADW(0, 8)
	ROUND(X14, X15, X16, X17, X18, X19, X20, X21, 0, S0_X14, S1_X18)
	LOADW(4, 12)
	ROUND(X21, X14, X15, X16, X17, X18, X19, X20, 4, S0_X21, S1_X17)
	LOADW(8, 16)
	ROUND(X20, X21, X14, X15, X16, X17, X18, X19, 8, S0_X20, S1_X16)
	LOADW(12, 20)
	ROUND(X19, X20, X21, X14, X15, X16, X17, X18, 12, S0_X19, S1_X15)
	LOADW(16, 24)
	ROUND(X18, X19, X20, X21, X14, X15, X16, X17, 16, S0_X18, S1_X14)
	LOADW(20, 28)
	ROUND(X17, X18, X19, X20, X21, X14, X15, X16, 20, S0_X17, S1_X21)
	LOADW(24, 32)
	ROUND(X16, X17, X18, X19, X20, X21, X14, X15, 24, S0_X16, S1_X20)
	LOADW(28, 36)
	ROUND(X15, X16, X17, X18, X19, X20, X21, X14, 28, S0_X15, S1_X19)
	LOADW(32, 40)
	ROUND(X14, X15, X16, X17, X18, X19, X20, X21, 32, S0_X14, S1_X18)
	LOADW(36, 44)
	ROUND(X21, X14, X15, X16, X17, X18, X19, X20, 36, S0_X21, S1_X17)
	LOADW(40, 48)
	ROUND(X20, X21, X14, X15, X16, X17, X18, X19, 40, S0_X20, S1_X16)
	LOADW(44, 52)
	ROUND(X19, X20, X21, X14, X15, X16, X17, X18, 44, S0_X19, S1_X15)
	LOADW(48, 56)
	ROUND(X18, X19, X20, X21, X14, X15, X16, X17, 48, S0_X18, S1_X14)
	LOADW(52, 60)
	ROUND(X17, X18, X19, X20, X21, X14, X15, X16, 52, S0_X17, S1_X21)
	LOADW(56, 64)
	ROUND(X16, X17, X18, X19, X20, X21, X14, X15, 56, S0_X16, S1_X20)
	LOADW(60, 68)
	ROUND(X15, X16, X17, X18, X19, X20, X21, X14, 60, S0_X15, S1_X19)

	// Rounds 16-63: 3 passes of 16 rounds, W from the schedule.
	MOV $3, X29

pass:
	ADD $64, X28
	SCHED(8, 12, 44, 64)
	ROUND(X14, X15, X16, X17, X18, X19, X20, X21, 0, S0_X14, S1_X18)
	SCHED(12, 16, 48, 68)
	ROUND(X21, X14, X15, X16, X17, X18, X19, X20, 4, S0_X21, S1_X17)
	SCHED(16, 20, 52, 8)
	ROUND(X20, X21, X14, X15, X16, X17, X18, X19, 8, S0_X20, S1_X16)
	SCHED(20, 24, 56, 12)
	ROUND(X19, X20, X21, X14, X15, X16, X17, X18, 12, S0_X19, S1_X15)
	SCHED(24, 28, 60, 16)
	ROUND(X18, X19, X20, X21, X14, X15, X16, X17, 16, S0_X18, S1_X14)
	SCHED(28, 32, 64, 20)
	ROUND(X17, X18, X19, X20, X21, X14, X15, X16, 20, S0_X17, S1_X21)
	SCHED(32, 36, 68, 24)
	ROUND(X16, X17, X18, X19, X20, X21, X14, X15, 24, S0_X16, S1_X20)
	SCHED(36, 40, 8, 28)
	ROUND(X15, X16, X17, X18, X19, X20, X21, X14, 28, S0_X15, S1_X19)
	SCHED(40, 44, 12, 32)
	ROUND(X14, X15, X16, X17, X18, X19, X20, X21, 32, S0_X14, S1_X18)
	SCHED(44, 48, 16, 36)
	ROUND(X21, X14, X15, X16, X17, X18, X19, X20, 36, S0_X21, S1_X17)
	SCHED(48, 52, 20, 40)
	ROUND(X20, X21, X14, X15, X16, X17, X18, X19, 40, S0_X20, S1_X16)
	SCHED(52, 56, 24, 44)
	ROUND(X19, X20, X21, X14, X15, X16, X17, X18, 44, S0_X19, S1_X15)
	SCHED(56, 60, 28, 48)
	ROUND(X18, X19, X20, X21, X14, X15, X16, X17, 48, S0_X18, S1_X14)
	SCHED(60, 64, 32, 52)
	ROUND(X17, X18, X19, X20, X21, X14, X15, X16, 52, S0_X17, S1_X21)
	SCHED(64, 68, 36, 56)
	ROUND(X16, X17, X18, X19, X20, X21, X14, X15, 56, S0_X16, S1_X20)
	SCHED(68, 8, 40, 60)
	ROUND(X15, X16, X17, X18, X19, X20, X21, X14, 60, S0_X15, S1_X19)
	ADD $-1, X29
	BNEZ X29, pass

	// h += the working variables; they stay in X14..X21 as the next
	// block's start.
	MOVWU 0(X10), X5
	ADD X5, X14
	MOVW X14, 0(X10)
	MOVWU 4(X10), X5
	ADD X5, X15
	MOVW X15, 4(X10)
	MOVWU 8(X10), X5
	ADD X5, X16
	MOVW X16, 8(X10)
	MOVWU 12(X10), X5
	ADD X5, X17
	MOVW X17, 12(X10)
	MOVWU 16(X10), X5
	ADD X5, X18
	MOVW X18, 16(X10)
	MOVWU 20(X10), X5
	ADD X5, X19
	MOVW X19, 20(X10)
	MOVWU 24(X10), X5
	ADD X5, X20
	MOVW X20, 24(X10)
	MOVWU 28(X10), X5
	ADD X5, X21
	MOVW X21, 28(X10)
	ADD $64, X11
	BNE X11, X12, block

done:
	RET
