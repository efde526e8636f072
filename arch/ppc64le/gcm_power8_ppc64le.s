//go:build gc

#include "textflag.h"

// AES-GCM with the POWER8 (ISA 2.07) vector crypto instructions: VCIPHER
// for CTR, VPMSUMD for GHASH.
//
// Byte order. Data, the counter and the GHASH state go through LXVD2X and
// one VPERM (PERM, its own inverse), which leaves register byte i (the
// ISA's big-endian numbering) = memory byte i; round keys are stored
// pre-permuted by the Go side (p8Schedule, shared with aes/power8). So a
// 16-byte GCM string sits in a register as one big-endian 128-bit number:
// doubleword 0 holds bytes 0-7, as VPMSUMD reads it.
//
// GHASH. Read as a number, a GCM element is its polynomial with the bits
// reflected (byte 0's top bit is x^0). Reflection maps GF(2)[x]/(g) onto
// GF(2)[x]/(g*), g = x^128+x^7+x^2+x+1 and g* = x^128+x^127+x^126+x^121+1,
// with numbers multiplying as carry-less products, except that the product
// of two reflected elements comes out multiplied by x^127. So the tables
// hold K = x*H^p (reflected, "twisted", computed in Go), and each batch's
// 256-bit sum of products P is Montgomery-reduced: R = P * x^-128 mod g*,
// which is the plain reflected product, below x^128 without a final step.
//
// Products. With doublewords hi:lo, A*K = A.hi*K.hi x^128 +
// (A.hi*K.lo + A.lo*K.hi) x^64 + A.lo*K.lo. VPMSUMD XORs the products of
// both doubleword pairs, so the table keeps each key three ways: KL =
// (0 : K.lo), KH = (K.hi : 0), KS = (K.lo : K.hi), and a block costs three
// VPMSUMD (low, high and middle). The three sums are accumulated over the
// batch apart and combined once.
//
// Reduction (Montgomery, 64 bits at a time). Write P as doublewords
// P3:P2:P1:P0. g* = 1 + x^64 * c + x^128 with c = x^63+x^62+x^57
// (0xc200000000000000), so adding P0*g* clears P0: it adds P0*c at
// doublewords 2:1 and P0 at doubleword 2. Dividing by x^64, with
// L = P1:P0 and H = P3:P2:
//   X = swap(L) ^ clmul(L.lo, c)    (the new P2^..., P1^... pair)
//   X = swap(X) ^ clmul(X.lo, c)    (the same step once more)
//   R = H ^ X
// clmul(V.lo, c) is one VPMSUMD with POLY = (0 : c); swap is VSLDOI $8.
//
// Counter. inc32: VADDUWM of (0,0,0,1) adds one to word 3 (bytes 12-15,
// the big-endian low 32 bits) mod 2^32 and leaves words 0-2 alone.
//
// Clobbers V0-V31, R3-R10, R14-R28, CR0. Keeps R1, R2, R13, R30, R31.

// PERM: reverses the bytes of each doubleword (LXVD2X order <-> memory
// order). ONE: words 0,0,0,1. POLY: doubleword 0 zero, doubleword 1 c.
DATA ·gcmP8Consts<>+0(SB)/8, $0x0706050403020100
DATA ·gcmP8Consts<>+8(SB)/8, $0x0f0e0d0c0b0a0908
DATA ·gcmP8Consts<>+16(SB)/8, $0
DATA ·gcmP8Consts<>+24(SB)/8, $1
DATA ·gcmP8Consts<>+32(SB)/8, $0
DATA ·gcmP8Consts<>+40(SB)/8, $0xc200000000000000
GLOBL ·gcmP8Consts<>(SB), RODATA|NOPTR, $48

// GPRs.
#define SCHED R3
#define ROUNDS R4
#define DST R5
#define SRC R6
#define N R7
#define CTRP R8
#define O16 R9
#define O32 R10
#define O48 R14
#define O64 R15
#define O80 R16
#define O96 R17
#define O112 R18
#define TMP R19
#define SCHED8 R20
#define TAB R21
#define TAB1 R22
#define TAB2 R23
#define YP R24
#define G R25
#define KP R26
#define O128 R27
#define O256 R28

// Vector registers (VS32+n is Vn for LXVD2X/STXVD2X).
#define S0 V0
#define S1 V1
#define S2 V2
#define S3 V3
#define S4 V4
#define S5 V5
#define S6 V6
#define S7 V7
#define PERM V8
#define CTR V9
#define ONE V10
#define Y V11
#define ACCL V12
#define ACCM V13
#define ACCH V14
#define D V15
#define KL V16
#define KH V17
#define KS V18
#define TL V19
#define TM V20
#define TH V21
#define POLY V22
#define ZERO V23
#define K0 V24
#define KLAST V25
#define RK V26
#define RKB V27
#define T0 V28
#define T1 V29
#define YX V30

#define VS_S0 VS32
#define VS_S1 VS33
#define VS_S2 VS34
#define VS_S3 VS35
#define VS_S4 VS36
#define VS_S5 VS37
#define VS_S6 VS38
#define VS_S7 VS39
#define VS_PERM VS40
#define VS_CTR VS41
#define VS_ONE VS42
#define VS_Y VS43
#define VS_D VS47
#define VS_KL VS48
#define VS_KH VS49
#define VS_KS VS50
#define VS_POLY VS54
#define VS_K0 VS56
#define VS_KLAST VS57
#define VS_RK VS58
#define VS_RKB VS59
#define VS_T0 VS60
#define VS_T1 VS61

#define OFFSETS \
	MOVD $16, O16;  \
	MOVD $32, O32;  \
	MOVD $48, O48;  \
	MOVD $64, O64;  \
	MOVD $80, O80;  \
	MOVD $96, O96;  \
	MOVD $112, O112

// PERM, ONE, POLY and ZERO (needs OFFSETS).
#define CONSTS \
	MOVD   $·gcmP8Consts<>(SB), TMP; \
	LXVD2X (TMP)(R0), VS_PERM;       \
	LXVD2X (TMP)(O16), VS_ONE;       \
	LXVD2X (TMP)(O32), VS_POLY;      \
	VXOR   ZERO, ZERO, ZERO

// Round keys: slot s of the schedule is at SCHED+16s (slots 0-7) or
// SCHED8+16(s-8) (slots 8-14). K0 (slot 0) and KLAST (slot 14) stay in
// registers; the others are loaded for each round of a batch.
#define SCHED_SETUP \
	MOVD   SCHED, SCHED8;           \
	ADD    $128, SCHED8;            \
	LXVD2X (SCHED)(R0), VS_K0;      \
	LXVD2X (SCHED8)(O96), VS_KLAST

#define ALL8(op, k) \
	op S0, k, S0; \
	op S1, k, S1; \
	op S2, k, S2; \
	op S3, k, S3; \
	op S4, k, S4; \
	op S5, k, S5; \
	op S6, k, S6; \
	op S7, k, S7

// Eight counter blocks, first AddRoundKey done.
#define COUNTERS8 \
	VXOR    CTR, K0, S0;  \
	VADDUWM CTR, ONE, CTR; \
	VXOR    CTR, K0, S1;  \
	VADDUWM CTR, ONE, CTR; \
	VXOR    CTR, K0, S2;  \
	VADDUWM CTR, ONE, CTR; \
	VXOR    CTR, K0, S3;  \
	VADDUWM CTR, ONE, CTR; \
	VXOR    CTR, K0, S4;  \
	VADDUWM CTR, ONE, CTR; \
	VXOR    CTR, K0, S5;  \
	VADDUWM CTR, ONE, CTR; \
	VXOR    CTR, K0, S6;  \
	VADDUWM CTR, ONE, CTR; \
	VXOR    CTR, K0, S7;  \
	VADDUWM CTR, ONE, CTR

// One round with the key in slot (base)(off), loaded into k.
#define ROUND8(base, off, k, vsk) \
	LXVD2X (base)(off), vsk; \
	ALL8(VCIPHER, k)

// The rounds before slot 5: AES-256 uses slots 1-4, AES-192 slots 3-4,
// AES-128 none.
#define EXTRA8(l12, l10) \
	CMP ROUNDS, $12;          \
	BLT l10;                  \
	BEQ l12;                  \
	ROUND8(SCHED, O16, RK, VS_RK);   \
	ROUND8(SCHED, O32, RKB, VS_RKB);  \
l12:                          \
	ROUND8(SCHED, O48, RK, VS_RK);   \
	ROUND8(SCHED, O64, RKB, VS_RKB);  \
l10:

// Keystream of the eight states XORed into src, stored at dst.
#define XORSTORE8 \
	ALL8(VCIPHERLAST, KLAST);  \
	VPERM   S0, S0, PERM, S0;  \
	VPERM   S1, S1, PERM, S1;  \
	VPERM   S2, S2, PERM, S2;  \
	VPERM   S3, S3, PERM, S3;  \
	VPERM   S4, S4, PERM, S4;  \
	VPERM   S5, S5, PERM, S5;  \
	VPERM   S6, S6, PERM, S6;  \
	VPERM   S7, S7, PERM, S7;  \
	LXVD2X  (SRC)(R0), VS_T0;   \
	LXVD2X  (SRC)(O16), VS_T1;  \
	VXOR    S0, T0, S0;         \
	VXOR    S1, T1, S1;         \
	STXVD2X VS_S0, (DST)(R0);   \
	STXVD2X VS_S1, (DST)(O16);  \
	LXVD2X  (SRC)(O32), VS_T0;  \
	LXVD2X  (SRC)(O48), VS_T1;  \
	VXOR    S2, T0, S2;         \
	VXOR    S3, T1, S3;         \
	STXVD2X VS_S2, (DST)(O32);  \
	STXVD2X VS_S3, (DST)(O48);  \
	LXVD2X  (SRC)(O64), VS_T0;  \
	LXVD2X  (SRC)(O80), VS_T1;  \
	VXOR    S4, T0, S4;         \
	VXOR    S5, T1, S5;         \
	STXVD2X VS_S4, (DST)(O64);  \
	STXVD2X VS_S5, (DST)(O80);  \
	LXVD2X  (SRC)(O96), VS_T0;  \
	LXVD2X  (SRC)(O112), VS_T1; \
	VXOR    S6, T0, S6;         \
	VXOR    S7, T1, S7;         \
	STXVD2X VS_S6, (DST)(O96);  \
	STXVD2X VS_S7, (DST)(O112)

// GHASH of block j of a batch at G: data at G+off, key parts at
// TAB/TAB1/TAB2+off (off = 16j, R0 for j = 0). GH_FIRST also folds in Y
// and starts the three sums; GH_NEXT adds to them.
#define GH_LOAD(off) \
	LXVD2X (G)(off), VS_D;     \
	LXVD2X (TAB)(off), VS_KL;  \
	LXVD2X (TAB1)(off), VS_KH; \
	LXVD2X (TAB2)(off), VS_KS; \
	VPERM  D, D, PERM, D

#define GH_FIRST(off) \
	GH_LOAD(off);           \
	VXOR    D, Y, D;        \
	VPMSUMD D, KL, ACCL;    \
	VPMSUMD D, KH, ACCH;    \
	VPMSUMD D, KS, ACCM

#define GH_NEXT(off) \
	GH_LOAD(off);           \
	VPMSUMD D, KL, TL;      \
	VPMSUMD D, KH, TH;      \
	VPMSUMD D, KS, TM;      \
	VXOR    ACCL, TL, ACCL; \
	VXOR    ACCH, TH, ACCH; \
	VXOR    ACCM, TM, ACCM

// Y = (ACCH x^128 + ACCM x^64 + ACCL) x^-128 mod g* (see the top).
#define GH_REDUCE \
	VSLDOI  $8, ACCM, ZERO, TL;   \
	VSLDOI  $8, ZERO, ACCM, TH;   \
	VXOR    ACCL, TL, ACCL;       \
	VXOR    ACCH, TH, ACCH;       \
	VPMSUMD ACCL, POLY, TL;       \
	VSLDOI  $8, ACCL, ACCL, ACCL; \
	VXOR    ACCL, TL, ACCL;       \
	VPMSUMD ACCL, POLY, TL;       \
	VSLDOI  $8, ACCL, ACCL, ACCL; \
	VXOR    ACCL, TL, ACCL;       \
	VXOR    ACCH, ACCL, Y

#define LOAD_Y \
	LXVD2X (YP)(R0), VS_Y; \
	VPERM  Y, Y, PERM, Y

#define STORE_Y \
	VPERM   Y, Y, PERM, Y; \
	STXVD2X VS_Y, (YP)(R0)

#define LOAD_CTR \
	LXVD2X (CTRP)(R0), VS_CTR; \
	VPERM  CTR, CTR, PERM, CTR

#define STORE_CTR \
	VPERM   CTR, CTR, PERM, CTR; \
	STXVD2X VS_CTR, (CTRP)(R0)

#define TAB_SETUP \
	MOVD TAB, TAB1;  \
	ADD  $128, TAB1; \
	MOVD TAB, TAB2;  \
	ADD  $256, TAB2

// func ghashP8(tab *[3][8][2]uint64, y *[16]byte, p *byte, n int)
// Batches of 8 blocks with H^8..H^1, then the m < 8 left with H^m..H^1
// (table rows 8-m..7), each batch reduced once.
TEXT ·ghashP8(SB), NOSPLIT, $0-32
	MOVD tab+0(FP), TAB
	MOVD y+8(FP), YP
	MOVD p+16(FP), G
	MOVD n+24(FP), N
	OFFSETS
	CONSTS
	TAB_SETUP
	LOAD_Y
	CMP  N, $8
	BLT  tail

loop8:
	GH_FIRST(R0)
	GH_NEXT(O16)
	GH_NEXT(O32)
	GH_NEXT(O48)
	GH_NEXT(O64)
	GH_NEXT(O80)
	GH_NEXT(O96)
	GH_NEXT(O112)
	GH_REDUCE
	ADD $128, G
	ADD $-8, N
	CMP N, $8
	BGE loop8

tail:
	CMP  N, $0
	BEQ  done
	MOVD $128, O128
	MOVD $256, O256
	// KP = TAB + 16*(8-N)
	MOVD $8, TMP
	SUB  N, TMP
	SLD  $4, TMP
	ADD  TAB, TMP, KP
	VXOR ACCL, ACCL, ACCL
	VXOR ACCM, ACCM, ACCM
	VXOR ACCH, ACCH, ACCH
	VOR  Y, Y, YX

loop1:
	LXVD2X  (G)(R0), VS_D
	LXVD2X  (KP)(R0), VS_KL
	LXVD2X  (KP)(O128), VS_KH
	LXVD2X  (KP)(O256), VS_KS
	VPERM   D, D, PERM, D
	VXOR    D, YX, D
	VXOR    YX, YX, YX
	VPMSUMD D, KL, TL
	VPMSUMD D, KH, TH
	VPMSUMD D, KS, TM
	VXOR    ACCL, TL, ACCL
	VXOR    ACCH, TH, ACCH
	VXOR    ACCM, TM, ACCM
	ADD     $16, G
	ADD     $16, KP
	ADD     $-1, N
	CMP     N, $0
	BNE     loop1
	GH_REDUCE

done:
	STORE_Y
	RET

// func ctr32P8(sched *byte, rounds int, ctr *[16]byte, dst, src *byte, n int)
// CTR with inc32 counters: eight blocks at a time, then one at a time.
TEXT ·ctr32P8(SB), NOSPLIT, $0-48
	MOVD sched+0(FP), SCHED
	MOVD rounds+8(FP), ROUNDS
	MOVD ctr+16(FP), CTRP
	MOVD dst+24(FP), DST
	MOVD src+32(FP), SRC
	MOVD n+40(FP), N
	OFFSETS
	CONSTS
	SCHED_SETUP
	LOAD_CTR
	CMP  N, $8
	BLT  tail

loop8:
	COUNTERS8
	EXTRA8(r12x8, r10x8)
	ROUND8(SCHED, O80, RK, VS_RK)
	ROUND8(SCHED, O96, RKB, VS_RKB)
	ROUND8(SCHED, O112, RK, VS_RK)
	ROUND8(SCHED8, R0, RKB, VS_RKB)
	ROUND8(SCHED8, O16, RK, VS_RK)
	ROUND8(SCHED8, O32, RKB, VS_RKB)
	ROUND8(SCHED8, O48, RK, VS_RK)
	ROUND8(SCHED8, O64, RKB, VS_RKB)
	ROUND8(SCHED8, O80, RK, VS_RK)
	XORSTORE8
	ADD $128, SRC
	ADD $128, DST
	ADD $-8, N
	CMP N, $8
	BGE loop8

tail:
	CMP N, $0
	BEQ done

loop1:
	VXOR    CTR, K0, S0
	VADDUWM CTR, ONE, CTR
	CMP     ROUNDS, $12
	BLT     r10x1
	BEQ     r12x1
	LXVD2X  (SCHED)(O16), VS_RK
	VCIPHER S0, RK, S0
	LXVD2X  (SCHED)(O32), VS_RK
	VCIPHER S0, RK, S0

r12x1:
	LXVD2X  (SCHED)(O48), VS_RK
	VCIPHER S0, RK, S0
	LXVD2X  (SCHED)(O64), VS_RK
	VCIPHER S0, RK, S0

r10x1:
	LXVD2X      (SCHED)(O80), VS_RK
	VCIPHER     S0, RK, S0
	LXVD2X      (SCHED)(O96), VS_RK
	VCIPHER     S0, RK, S0
	LXVD2X      (SCHED)(O112), VS_RK
	VCIPHER     S0, RK, S0
	LXVD2X      (SCHED8)(R0), VS_RK
	VCIPHER     S0, RK, S0
	LXVD2X      (SCHED8)(O16), VS_RK
	VCIPHER     S0, RK, S0
	LXVD2X      (SCHED8)(O32), VS_RK
	VCIPHER     S0, RK, S0
	LXVD2X      (SCHED8)(O48), VS_RK
	VCIPHER     S0, RK, S0
	LXVD2X      (SCHED8)(O64), VS_RK
	VCIPHER     S0, RK, S0
	LXVD2X      (SCHED8)(O80), VS_RK
	VCIPHER     S0, RK, S0
	VCIPHERLAST S0, KLAST, S0
	VPERM       S0, S0, PERM, S0
	LXVD2X      (SRC)(R0), VS_T0
	VXOR        S0, T0, S0
	STXVD2X     VS_S0, (DST)(R0)
	ADD         $16, SRC
	ADD         $16, DST
	ADD         $-1, N
	CMP         N, $0
	BNE         loop1

done:
	STORE_CTR
	RET

// func gcmStitchP8(sched *byte, rounds int, tab *[3][8][2]uint64, ctr, y *[16]byte, dst, src *byte, nb int, open int)
// nb passes of: eight counter blocks through AES, and between their rounds
// the GHASH of eight ciphertext blocks at G, one block per round of slots
// 5-12 and the reduction beside slot 13 (the rounds every key size has).
// G is src for open (the batch being decrypted, read before its plaintext
// is stored, so in place works) and dst-128 for seal (the batch encrypted
// on the previous pass, or by the caller before the first).
TEXT ·gcmStitchP8(SB), NOSPLIT, $0-72
	MOVD sched+0(FP), SCHED
	MOVD rounds+8(FP), ROUNDS
	MOVD tab+16(FP), TAB
	MOVD ctr+24(FP), CTRP
	MOVD y+32(FP), YP
	MOVD dst+40(FP), DST
	MOVD src+48(FP), SRC
	MOVD nb+56(FP), N
	MOVD open+64(FP), TMP
	MOVD SRC, G
	CMP  TMP, $0
	BNE  gset
	MOVD DST, G
	ADD  $-128, G

gset:
	OFFSETS
	CONSTS
	SCHED_SETUP
	TAB_SETUP
	LOAD_CTR
	LOAD_Y

loop:
	COUNTERS8
	EXTRA8(r12, r10)
	ROUND8(SCHED, O80, RK, VS_RK)
	GH_FIRST(R0)
	ROUND8(SCHED, O96, RKB, VS_RKB)
	GH_NEXT(O16)
	ROUND8(SCHED, O112, RK, VS_RK)
	GH_NEXT(O32)
	ROUND8(SCHED8, R0, RKB, VS_RKB)
	GH_NEXT(O48)
	ROUND8(SCHED8, O16, RK, VS_RK)
	GH_NEXT(O64)
	ROUND8(SCHED8, O32, RKB, VS_RKB)
	GH_NEXT(O80)
	ROUND8(SCHED8, O48, RK, VS_RK)
	GH_NEXT(O96)
	ROUND8(SCHED8, O64, RKB, VS_RKB)
	GH_NEXT(O112)
	ROUND8(SCHED8, O80, RK, VS_RK)
	GH_REDUCE
	XORSTORE8
	ADD $128, SRC
	ADD $128, DST
	ADD $128, G
	ADD $-1, N
	CMP N, $0
	BNE loop

	STORE_CTR
	STORE_Y
	RET
