//go:build gc

#include "textflag.h"

// AES with the POWER8 (ISA 2.07) vector crypto instructions.
//
// Byte order. The AES instructions see the state as the 16 bytes of a
// vector register in the ISA's big-endian byte numbering, which is FIPS-197
// input order. On little-endian, LXVD2X/STXVD2X move each 8-byte half
// byte-reversed, so data goes through one VPERM (PERM, its own inverse) on
// the way in and out. Round keys skip it: the Go side stores them
// pre-permuted (see p8Schedule).
//
// Schedule. 15 slots of 16 bytes: slot 0 is the first round key, slot 14
// the last, the middle keys are packed against slot 13 (AES-128 uses slots
// 5-13, AES-192 3-13, AES-256 1-13). All 15 load unconditionally, and a key
// size only decides where the round sequence starts. The decryption
// schedule holds Enc's keys in reverse order: vncipher does InvShiftRows,
// InvSubBytes, AddRoundKey, InvMixColumns - the straight inverse cipher
// (FIPS-197 5.3), not the equivalent one that AESKey.Dec is made for.

// VPERM mask that reverses the bytes of each doubleword. As LXVD2X gives
// memory bytes 7..0, 15..8, the register must read 7,6,..,0,15,..,8, which
// is memory bytes 0..15 in order.
DATA ·p8aesPerm<>+0(SB)/8, $0x0706050403020100
DATA ·p8aesPerm<>+8(SB)/8, $0x0f0e0d0c0b0a0908
GLOBL ·p8aesPerm<>(SB), RODATA|NOPTR, $16

#define SCHED R3
#define ROUNDS R4
#define DST R5
#define SRC R6
#define N R7
#define IVP R8
#define O16 R9
#define O32 R10
#define O48 R14
#define O64 R15
#define O80 R16
#define O96 R17
#define O112 R18
#define TMP R19

// V0 first round key, V1-V13 middle slots, V14 last round key.
#define K0 V0
#define KL V14
#define S0 V15
#define S1 V16
#define S2 V17
#define S3 V18
#define S4 V19
#define S5 V20
#define S6 V21
#define S7 V22
#define PERM V23
#define T0 V24
#define T1 V25
#define CTR V26
#define ONE V27
#define X0 V28
#define X1 V29

// VSX names of the same registers, for LXVD2X/STXVD2X.
#define VS_S0 VS47
#define VS_S1 VS48
#define VS_S2 VS49
#define VS_S3 VS50
#define VS_S4 VS51
#define VS_S5 VS52
#define VS_S6 VS53
#define VS_S7 VS54
#define VS_PERM VS55
#define VS_T0 VS56
#define VS_T1 VS57
#define VS_CTR VS58
#define VS_X1 VS61

// Load the 15 schedule slots into V0-V14 and the permute mask.
#define LOAD_KEYS \
	MOVD   SCHED, TMP;              \
	LXVD2X (TMP)(R0), VS32;         \
	ADD    $16, TMP;                \
	LXVD2X (TMP)(R0), VS33;         \
	ADD    $16, TMP;                \
	LXVD2X (TMP)(R0), VS34;         \
	ADD    $16, TMP;                \
	LXVD2X (TMP)(R0), VS35;         \
	ADD    $16, TMP;                \
	LXVD2X (TMP)(R0), VS36;         \
	ADD    $16, TMP;                \
	LXVD2X (TMP)(R0), VS37;         \
	ADD    $16, TMP;                \
	LXVD2X (TMP)(R0), VS38;         \
	ADD    $16, TMP;                \
	LXVD2X (TMP)(R0), VS39;         \
	ADD    $16, TMP;                \
	LXVD2X (TMP)(R0), VS40;         \
	ADD    $16, TMP;                \
	LXVD2X (TMP)(R0), VS41;         \
	ADD    $16, TMP;                \
	LXVD2X (TMP)(R0), VS42;         \
	ADD    $16, TMP;                \
	LXVD2X (TMP)(R0), VS43;         \
	ADD    $16, TMP;                \
	LXVD2X (TMP)(R0), VS44;         \
	ADD    $16, TMP;                \
	LXVD2X (TMP)(R0), VS45;         \
	ADD    $16, TMP;                \
	LXVD2X (TMP)(R0), VS46;         \
	MOVD   $·p8aesPerm<>(SB), TMP;  \
	LXVD2X (TMP)(R0), VS_PERM

#define OFFSETS \
	MOVD $16, O16;  \
	MOVD $32, O32;  \
	MOVD $48, O48;  \
	MOVD $64, O64;  \
	MOVD $80, O80;  \
	MOVD $96, O96;  \
	MOVD $112, O112

// op applied to the eight states with round key k.
#define ALL8(op, k) \
	op S0, k, S0; \
	op S1, k, S1; \
	op S2, k, S2; \
	op S3, k, S3; \
	op S4, k, S4; \
	op S5, k, S5; \
	op S6, k, S6; \
	op S7, k, S7

#define ALL4(op, k) \
	op S0, k, S0; \
	op S1, k, S1; \
	op S2, k, S2; \
	op S3, k, S3

#define ALL2(op, k) \
	op S0, k, S0; \
	op S1, k, S1

#define PERM4 \
	VPERM S0, S0, PERM, S0; \
	VPERM S1, S1, PERM, S1; \
	VPERM S2, S2, PERM, S2; \
	VPERM S3, S3, PERM, S3

#define PERM2 \
	VPERM S0, S0, PERM, S0; \
	VPERM S1, S1, PERM, S1

#define LOAD4 \
	LXVD2X (SRC)(R0), VS_S0;   \
	LXVD2X (SRC)(O16), VS_S1;  \
	LXVD2X (SRC)(O32), VS_S2;  \
	LXVD2X (SRC)(O48), VS_S3

#define LOAD2 \
	LXVD2X (SRC)(R0), VS_S0;   \
	LXVD2X (SRC)(O16), VS_S1

#define STORE4 \
	STXVD2X VS_S0, (DST)(R0);   \
	STXVD2X VS_S1, (DST)(O16);  \
	STXVD2X VS_S2, (DST)(O32);  \
	STXVD2X VS_S3, (DST)(O48)

#define STORE2 \
	STXVD2X VS_S0, (DST)(R0);   \
	STXVD2X VS_S1, (DST)(O16)

#define PERM8 \
	VPERM S0, S0, PERM, S0; \
	VPERM S1, S1, PERM, S1; \
	VPERM S2, S2, PERM, S2; \
	VPERM S3, S3, PERM, S3; \
	VPERM S4, S4, PERM, S4; \
	VPERM S5, S5, PERM, S5; \
	VPERM S6, S6, PERM, S6; \
	VPERM S7, S7, PERM, S7

#define LOAD8 \
	LXVD2X (SRC)(R0), VS_S0;   \
	LXVD2X (SRC)(O16), VS_S1;  \
	LXVD2X (SRC)(O32), VS_S2;  \
	LXVD2X (SRC)(O48), VS_S3;  \
	LXVD2X (SRC)(O64), VS_S4;  \
	LXVD2X (SRC)(O80), VS_S5;  \
	LXVD2X (SRC)(O96), VS_S6;  \
	LXVD2X (SRC)(O112), VS_S7

#define STORE8 \
	STXVD2X VS_S0, (DST)(R0);   \
	STXVD2X VS_S1, (DST)(O16);  \
	STXVD2X VS_S2, (DST)(O32);  \
	STXVD2X VS_S3, (DST)(O48);  \
	STXVD2X VS_S4, (DST)(O64);  \
	STXVD2X VS_S5, (DST)(O80);  \
	STXVD2X VS_S6, (DST)(O96);  \
	STXVD2X VS_S7, (DST)(O112)

// The rounds after the first AddRoundKey, on the states ALL (ALL8, ALL4,
// ALL2) covers or on one state s. AES-256 enters at slot 1, AES-192 at l12
// (slot 3), AES-128 at l10 (slot 5). Labels are per function: a function
// using a macro twice passes each use its own names.
#define ROUNDSN(ALL, op, oplast, l12, l10) \
	CMP  ROUNDS, $12; \
	BLT  l10;         \
	BEQ  l12;         \
	ALL(op, V1);      \
	ALL(op, V2);      \
l12:                  \
	ALL(op, V3);      \
	ALL(op, V4);      \
l10:                  \
	ALL(op, V5);      \
	ALL(op, V6);      \
	ALL(op, V7);      \
	ALL(op, V8);      \
	ALL(op, V9);      \
	ALL(op, V10);     \
	ALL(op, V11);     \
	ALL(op, V12);     \
	ALL(op, V13);     \
	ALL(oplast, KL)

#define ROUNDS8(op, oplast, l12, l10) ROUNDSN(ALL8, op, oplast, l12, l10)
#define ROUNDS4(op, oplast, l12, l10) ROUNDSN(ALL4, op, oplast, l12, l10)
#define ROUNDS2(op, oplast, l12, l10) ROUNDSN(ALL2, op, oplast, l12, l10)

// MID1: the rounds between the whitening and the last one, on state s.
#define MID1(op, s, l12, l10) \
	CMP  ROUNDS, $12; \
	BLT  l10;         \
	BEQ  l12;         \
	op   s, V1, s;    \
	op   s, V2, s;    \
l12:                  \
	op   s, V3, s;    \
	op   s, V4, s;    \
l10:                  \
	op   s, V5, s;    \
	op   s, V6, s;    \
	op   s, V7, s;    \
	op   s, V8, s;    \
	op   s, V9, s;    \
	op   s, V10, s;   \
	op   s, V11, s;   \
	op   s, V12, s;   \
	op   s, V13, s

#define ROUNDS1(op, oplast, s, l12, l10) \
	MID1(op, s, l12, l10); \
	oplast s, KL, s

// ECB over n blocks: groups of eight, then the 0..7 left in one pass per
// bit of their count (4, 2, 1 blocks): a pass costs one latency chain of
// the rounds, so 7 blocks take three, not seven. In place works because a
// group or pass is loaded whole before it is stored.
#define ECB(op, oplast) \
	MOVD sched+0(FP), SCHED;           \
	MOVD rounds+8(FP), ROUNDS;         \
	MOVD dst+16(FP), DST;              \
	MOVD src+24(FP), SRC;              \
	MOVD n+32(FP), N;                  \
	LOAD_KEYS;                         \
	OFFSETS;                           \
	CMP  N, $8;                        \
	BLT  tail4;                        \
loop8:                                 \
	LOAD8;                             \
	PERM8;                             \
	ALL8(VXOR, K0);                    \
	ROUNDS8(op, oplast, r12x8, r10x8); \
	PERM8;                             \
	STORE8;                            \
	ADD  $128, SRC;                    \
	ADD  $128, DST;                    \
	ADD  $-8, N;                       \
	CMP  N, $8;                        \
	BGE  loop8;                        \
tail4:                                 \
	ANDCC $4, N, TMP;                  \
	BEQ  tail2;                        \
	LOAD4;                             \
	PERM4;                             \
	ALL4(VXOR, K0);                    \
	ROUNDS4(op, oplast, r12x4, r10x4); \
	PERM4;                             \
	STORE4;                            \
	ADD  $64, SRC;                     \
	ADD  $64, DST;                     \
tail2:                                 \
	ANDCC $2, N, TMP;                  \
	BEQ  tail1;                        \
	LOAD2;                             \
	PERM2;                             \
	ALL2(VXOR, K0);                    \
	ROUNDS2(op, oplast, r12x2, r10x2); \
	PERM2;                             \
	STORE2;                            \
	ADD  $32, SRC;                     \
	ADD  $32, DST;                     \
tail1:                                 \
	ANDCC $1, N, TMP;                  \
	BEQ  done;                         \
	LXVD2X (SRC)(R0), VS_S0;           \
	VPERM  S0, S0, PERM, S0;           \
	VXOR   S0, K0, S0;                 \
	ROUNDS1(op, oplast, S0, r12x1, r10x1); \
	VPERM  S0, S0, PERM, S0;           \
	STXVD2X VS_S0, (DST)(R0);          \
done:                                  \
	RET

// func ecbEncP8(sched *byte, rounds int, dst, src *byte, n int)
TEXT ·ecbEncP8(SB), NOSPLIT, $0-40
	ECB(VCIPHER, VCIPHERLAST)

// func ecbDecP8(sched *byte, rounds int, dst, src *byte, n int)
TEXT ·ecbDecP8(SB), NOSPLIT, $0-40
	ECB(VNCIPHER, VNCIPHERLAST)

// func cbcEncP8(sched *byte, rounds int, iv *[16]byte, dst, src *byte, n int)
// Serial: each block needs the previous ciphertext, so a block costs the
// latency of its rounds plus whatever else sits on that chain. Nothing
// else does here. With s[i] = C[i-1] ^ P[i] ^ K0 (the state after the
// whitening) and t the state before the last round, C[i] =
// vcipherlast(t, KL), so s[i+1] = vcipherlast(t, KL ^ K0 ^ P[i+1]): the
// next block's XORs ride in the last round key (X0), computed off the
// chain, and C[i] = s[i+1] ^ (K0 ^ P[i+1]) (X1) is recovered beside it.
// The last block ends with the plain vcipherlast. S0 carries s; T0 the
// chaining value in register (big-endian) order for iv.
TEXT ·cbcEncP8(SB), NOSPLIT, $0-48
	MOVD sched+0(FP), SCHED
	MOVD rounds+8(FP), ROUNDS
	MOVD iv+16(FP), IVP
	MOVD dst+24(FP), DST
	MOVD src+32(FP), SRC
	MOVD n+40(FP), N
	LOAD_KEYS
	LXVD2X (IVP)(R0), VS_T0
	VPERM  T0, T0, PERM, T0
	CMP    N, $0
	BEQ    done
	LXVD2X (SRC)(R0), VS_S0
	VPERM  S0, S0, PERM, S0
	VXOR   S0, K0, S0
	VXOR   S0, T0, S0
	ADD    $-1, N
	CMP    N, $0
	BEQ    last

loop:
	ADD         $16, SRC
	LXVD2X      (SRC)(R0), VS_X1
	VPERM       X1, X1, PERM, X1
	VXOR        X1, K0, X1
	VXOR        X1, KL, X0
	MID1(VCIPHER, S0, r12, r10)
	VCIPHERLAST S0, X0, S0
	VXOR        S0, X1, T0
	VPERM       T0, T0, PERM, T1
	STXVD2X     VS_T1, (DST)(R0)
	ADD         $16, DST
	ADD         $-1, N
	CMP         N, $0
	BNE         loop

last:
	MID1(VCIPHER, S0, r12l, r10l)
	VCIPHERLAST S0, KL, T0
	VPERM       T0, T0, PERM, S0
	STXVD2X     VS_S0, (DST)(R0)

done:
	VPERM   T0, T0, PERM, T0
	STXVD2X VS_T0, (IVP)(R0)
	RET

// func cbcDecP8(sched *byte, rounds int, iv *[16]byte, dst, src *byte, n int)
// The chaining value stays in memory (LXVD2X) order, so the XOR happens
// after the output VPERM and the last ciphertext goes back to iv as is.
// T0 and T1 take turns as "previous ciphertext": block i's ciphertext is
// loaded again just before block i is stored, which keeps in place safe
// and leaves the eight state registers free of copies.
TEXT ·cbcDecP8(SB), NOSPLIT, $0-48
	MOVD sched+0(FP), SCHED
	MOVD rounds+8(FP), ROUNDS
	MOVD iv+16(FP), IVP
	MOVD dst+24(FP), DST
	MOVD src+32(FP), SRC
	MOVD n+40(FP), N
	LOAD_KEYS
	OFFSETS
	LXVD2X (IVP)(R0), VS_T0
	CMP    N, $8
	BLT    tail4

loop8:
	LOAD8
	PERM8
	ALL8(VXOR, K0)
	ROUNDS8(VNCIPHER, VNCIPHERLAST, r12x8, r10x8)
	PERM8
	LXVD2X  (SRC)(R0), VS_T1
	VXOR    S0, T0, S0
	STXVD2X VS_S0, (DST)(R0)
	LXVD2X  (SRC)(O16), VS_T0
	VXOR    S1, T1, S1
	STXVD2X VS_S1, (DST)(O16)
	LXVD2X  (SRC)(O32), VS_T1
	VXOR    S2, T0, S2
	STXVD2X VS_S2, (DST)(O32)
	LXVD2X  (SRC)(O48), VS_T0
	VXOR    S3, T1, S3
	STXVD2X VS_S3, (DST)(O48)
	LXVD2X  (SRC)(O64), VS_T1
	VXOR    S4, T0, S4
	STXVD2X VS_S4, (DST)(O64)
	LXVD2X  (SRC)(O80), VS_T0
	VXOR    S5, T1, S5
	STXVD2X VS_S5, (DST)(O80)
	LXVD2X  (SRC)(O96), VS_T1
	VXOR    S6, T0, S6
	STXVD2X VS_S6, (DST)(O96)
	LXVD2X  (SRC)(O112), VS_T0
	VXOR    S7, T1, S7
	STXVD2X VS_S7, (DST)(O112)
	ADD     $128, SRC
	ADD     $128, DST
	ADD     $-8, N
	CMP     N, $8
	BGE     loop8

tail4:
	ANDCC   $4, N, TMP
	BEQ     tail2
	LOAD4
	PERM4
	ALL4(VXOR, K0)
	ROUNDS4(VNCIPHER, VNCIPHERLAST, r12x4, r10x4)
	PERM4
	LXVD2X  (SRC)(R0), VS_T1
	VXOR    S0, T0, S0
	STXVD2X VS_S0, (DST)(R0)
	LXVD2X  (SRC)(O16), VS_T0
	VXOR    S1, T1, S1
	STXVD2X VS_S1, (DST)(O16)
	LXVD2X  (SRC)(O32), VS_T1
	VXOR    S2, T0, S2
	STXVD2X VS_S2, (DST)(O32)
	LXVD2X  (SRC)(O48), VS_T0
	VXOR    S3, T1, S3
	STXVD2X VS_S3, (DST)(O48)
	ADD     $64, SRC
	ADD     $64, DST

tail2:
	ANDCC   $2, N, TMP
	BEQ     tail1
	LOAD2
	PERM2
	ALL2(VXOR, K0)
	ROUNDS2(VNCIPHER, VNCIPHERLAST, r12x2, r10x2)
	PERM2
	LXVD2X  (SRC)(R0), VS_T1
	VXOR    S0, T0, S0
	STXVD2X VS_S0, (DST)(R0)
	LXVD2X  (SRC)(O16), VS_T0
	VXOR    S1, T1, S1
	STXVD2X VS_S1, (DST)(O16)
	ADD     $32, SRC
	ADD     $32, DST

tail1:
	ANDCC   $1, N, TMP
	BEQ     done
	LXVD2X  (SRC)(R0), VS_T1
	VPERM   T1, T1, PERM, S0
	VXOR    S0, K0, S0
	ROUNDS1(VNCIPHER, VNCIPHERLAST, S0, r12x1, r10x1)
	VPERM   S0, S0, PERM, S0
	VXOR    S0, T0, S0
	STXVD2X VS_S0, (DST)(R0)
	VOR     T1, T1, T0

done:
	STXVD2X VS_T0, (IVP)(R0)
	RET

// func ctrP8(sched *byte, rounds int, ctr *[16]byte, dst, src *byte, n int)
// CTR is the counter in register order, so VADDUQM adds over all 128 bits
// with the carry the mode needs and wraps at 2^128. The keystream is
// permuted to memory order and XORed with src as loaded.
TEXT ·ctrP8(SB), NOSPLIT, $0-48
	MOVD sched+0(FP), SCHED
	MOVD rounds+8(FP), ROUNDS
	MOVD ctr+16(FP), IVP
	MOVD dst+24(FP), DST
	MOVD src+32(FP), SRC
	MOVD n+40(FP), N
	LOAD_KEYS
	OFFSETS
	LXVD2X   (IVP)(R0), VS_CTR
	VPERM    CTR, CTR, PERM, CTR
	VSPLTISB $1, X0
	VXOR     X1, X1, X1
	VSLDOI   $1, X1, X0, ONE // 15 zero bytes, then 1
	CMP      N, $8
	BLT      tail4

loop8:
	VXOR    CTR, K0, S0
	VADDUQM CTR, ONE, CTR
	VXOR    CTR, K0, S1
	VADDUQM CTR, ONE, CTR
	VXOR    CTR, K0, S2
	VADDUQM CTR, ONE, CTR
	VXOR    CTR, K0, S3
	VADDUQM CTR, ONE, CTR
	VXOR    CTR, K0, S4
	VADDUQM CTR, ONE, CTR
	VXOR    CTR, K0, S5
	VADDUQM CTR, ONE, CTR
	VXOR    CTR, K0, S6
	VADDUQM CTR, ONE, CTR
	VXOR    CTR, K0, S7
	VADDUQM CTR, ONE, CTR
	ROUNDS8(VCIPHER, VCIPHERLAST, r12x8, r10x8)
	PERM8
	LXVD2X  (SRC)(R0), VS_T0
	LXVD2X  (SRC)(O16), VS_T1
	VXOR    S0, T0, S0
	VXOR    S1, T1, S1
	STXVD2X VS_S0, (DST)(R0)
	STXVD2X VS_S1, (DST)(O16)
	LXVD2X  (SRC)(O32), VS_T0
	LXVD2X  (SRC)(O48), VS_T1
	VXOR    S2, T0, S2
	VXOR    S3, T1, S3
	STXVD2X VS_S2, (DST)(O32)
	STXVD2X VS_S3, (DST)(O48)
	LXVD2X  (SRC)(O64), VS_T0
	LXVD2X  (SRC)(O80), VS_T1
	VXOR    S4, T0, S4
	VXOR    S5, T1, S5
	STXVD2X VS_S4, (DST)(O64)
	STXVD2X VS_S5, (DST)(O80)
	LXVD2X  (SRC)(O96), VS_T0
	LXVD2X  (SRC)(O112), VS_T1
	VXOR    S6, T0, S6
	VXOR    S7, T1, S7
	STXVD2X VS_S6, (DST)(O96)
	STXVD2X VS_S7, (DST)(O112)
	ADD     $128, SRC
	ADD     $128, DST
	ADD     $-8, N
	CMP     N, $8
	BGE     loop8

tail4:
	ANDCC   $4, N, TMP
	BEQ     tail2
	VXOR    CTR, K0, S0
	VADDUQM CTR, ONE, CTR
	VXOR    CTR, K0, S1
	VADDUQM CTR, ONE, CTR
	VXOR    CTR, K0, S2
	VADDUQM CTR, ONE, CTR
	VXOR    CTR, K0, S3
	VADDUQM CTR, ONE, CTR
	ROUNDS4(VCIPHER, VCIPHERLAST, r12x4, r10x4)
	PERM4
	LXVD2X  (SRC)(R0), VS_T0
	LXVD2X  (SRC)(O16), VS_T1
	VXOR    S0, T0, S0
	VXOR    S1, T1, S1
	STXVD2X VS_S0, (DST)(R0)
	STXVD2X VS_S1, (DST)(O16)
	LXVD2X  (SRC)(O32), VS_T0
	LXVD2X  (SRC)(O48), VS_T1
	VXOR    S2, T0, S2
	VXOR    S3, T1, S3
	STXVD2X VS_S2, (DST)(O32)
	STXVD2X VS_S3, (DST)(O48)
	ADD     $64, SRC
	ADD     $64, DST

tail2:
	ANDCC   $2, N, TMP
	BEQ     tail1
	VXOR    CTR, K0, S0
	VADDUQM CTR, ONE, CTR
	VXOR    CTR, K0, S1
	VADDUQM CTR, ONE, CTR
	ROUNDS2(VCIPHER, VCIPHERLAST, r12x2, r10x2)
	PERM2
	LXVD2X  (SRC)(R0), VS_T0
	LXVD2X  (SRC)(O16), VS_T1
	VXOR    S0, T0, S0
	VXOR    S1, T1, S1
	STXVD2X VS_S0, (DST)(R0)
	STXVD2X VS_S1, (DST)(O16)
	ADD     $32, SRC
	ADD     $32, DST

tail1:
	ANDCC   $1, N, TMP
	BEQ     done
	VXOR    CTR, K0, S0
	VADDUQM CTR, ONE, CTR
	ROUNDS1(VCIPHER, VCIPHERLAST, S0, r12x1, r10x1)
	VPERM   S0, S0, PERM, S0
	LXVD2X  (SRC)(R0), VS_T0
	VXOR    S0, T0, S0
	STXVD2X VS_S0, (DST)(R0)

done:
	VPERM   CTR, CTR, PERM, CTR
	STXVD2X VS_CTR, (IVP)(R0)
	RET

// func aesRoundP8(op int, s, k *[16]byte, out *[4][16]byte)
// One AES round instruction on fixed inputs, for the probe and tests.
// op: 0 vcipher, 1 vcipherlast, 2 vncipher, 3 vncipherlast. s and k are in
// LXVD2X memory order (the Go side permutes), so nothing but the
// instruction under test touches the values. out[0] has a distinct
// destination, out[1] dest == state, out[2] dest == key, out[3] dest ==
// state == key (the aliasing cases an emulator once got wrong).
TEXT ·aesRoundP8(SB), NOSPLIT, $0-32
	MOVD   op+0(FP), R3
	MOVD   s+8(FP), R4
	MOVD   k+16(FP), R5
	MOVD   out+24(FP), R6
	LXVD2X (R4)(R0), VS32 // V0 = state
	LXVD2X (R5)(R0), VS33 // V1 = key
	VOR    V0, V0, V3
	VOR    V1, V1, V4
	VOR    V0, V0, V5
	CMP    R3, $1
	BLT    opcipher
	BEQ    opcipherlast
	CMP    R3, $2
	BEQ    opncipher
	VNCIPHERLAST V0, V1, V2
	VNCIPHERLAST V3, V1, V3
	VNCIPHERLAST V0, V4, V4
	VNCIPHERLAST V5, V5, V5
	BR     store

opcipher:
	VCIPHER V0, V1, V2
	VCIPHER V3, V1, V3
	VCIPHER V0, V4, V4
	VCIPHER V5, V5, V5
	BR      store

opcipherlast:
	VCIPHERLAST V0, V1, V2
	VCIPHERLAST V3, V1, V3
	VCIPHERLAST V0, V4, V4
	VCIPHERLAST V5, V5, V5
	BR          store

opncipher:
	VNCIPHER V0, V1, V2
	VNCIPHER V3, V1, V3
	VNCIPHER V0, V4, V4
	VNCIPHER V5, V5, V5

store:
	MOVD    $16, R7
	MOVD    $32, R8
	MOVD    $48, R9
	STXVD2X VS34, (R6)(R0)
	STXVD2X VS35, (R6)(R7)
	STXVD2X VS36, (R6)(R8)
	STXVD2X VS37, (R6)(R9)
	RET
