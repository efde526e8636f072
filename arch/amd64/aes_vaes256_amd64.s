//go:build gc

#include "textflag.h"

// AES with VEX-encoded VAES on 256-bit registers (aes/vaes256): AVX2 and
// VAES, no AVX-512. Tuning is declared in aes_vaes256_amd64.go; calls
// shorter than its wide_min_bytes never get here (the wrappers hand them to
// the aes/aesni kernels).
//
// One YMM holds two blocks and one VAESENC/VAESDEC does a round on both.
// The schedule rk (nr+1 keys, FIPS-197 byte order: arch.AESKey.Enc for
// VAESENC, .Dec for VAESDEC, as aes/aesni) is not kept in registers: 16 YMM
// hold 8 of state, and up to 15 keys would not fit beside them. Nor can
// the rounds read the keys as memory operands: a 256-bit operand needs
// each 16-byte key twice, a second copy of the schedule. Each round
// broadcasts its key into Y8 instead (VBROADCASTI128 is one load, no ALU
// work, for 8 VAESENC) and the rounds take it as a register operand.
//
// A call runs groups of 16 blocks (8 YMM), then what is left (0..15 blocks)
// in at most four passes, one per bit of the count: 8 blocks (4 YMM), 4
// (2 YMM), 2 (1 YMM), 1 (XMM, VEX.128). Each pass costs one AES latency
// chain, so a 15-block tail takes four, not eight.
//
// Registers: AX = rk, BX = nr, DX = &rk[16*nr] (the last key), SI = src,
// DI = dst, CX = blocks left; Y0-Y7 blocks in flight, Y8 the round key.
// CTR: Y12 the next counter pair, Y13 the byte-reversal mask. CBC
// decryption: Y9 the previous ciphertext register (its upper lane is the
// block before the next pass), Y10 the chaining pair of Y0.

// Reverse the bytes of each 128-bit lane: CTR counters are stepped as
// little-endian 128-bit integers and encrypted as big-endian blocks.
DATA v256Bswap<>+0(SB)/8, $0x08090a0b0c0d0e0f
DATA v256Bswap<>+8(SB)/8, $0x0001020304050607
DATA v256Bswap<>+16(SB)/8, $0x08090a0b0c0d0e0f
DATA v256Bswap<>+24(SB)/8, $0x0001020304050607
GLOBL v256Bswap<>(SB), RODATA|NOPTR, $32

// v256Incs+32*j: {2j, 0 | 2j, 0}, added to the pair (c, c+1) for register
// j of a pass (j = 1..8; 4 and 8 also step Y12 past 8- and 16-block
// passes, 1 past a 2-block one). Only the low qword of each lane moves: the
// wrapper splits calls where it would wrap.
#define INC(j, v) DATA v256Incs<>+(32*j)(SB)/8, $v; DATA v256Incs<>+(32*j+8)(SB)/8, $0; DATA v256Incs<>+(32*j+16)(SB)/8, $v; DATA v256Incs<>+(32*j+24)(SB)/8, $0
INC(0, 0)
INC(1, 2)
INC(2, 4)
INC(3, 6)
INC(4, 8)
INC(5, 10)
INC(6, 12)
INC(7, 14)
INC(8, 16)
GLOBL v256Incs<>(SB), RODATA|NOPTR, $288

// {0 | 1}: the upper lane counts one block ahead of the lower.
DATA v256Lane1<>+0(SB)/8, $0
DATA v256Lane1<>+8(SB)/8, $0
DATA v256Lane1<>+16(SB)/8, $1
DATA v256Lane1<>+24(SB)/8, $0
GLOBL v256Lane1<>(SB), RODATA|NOPTR, $32

// One round step on each register of a pass; K is Y8 (X8 for the XMM pass).
#define RND8(op, K) op K, Y0, Y0; op K, Y1, Y1; op K, Y2, Y2; op K, Y3, Y3; op K, Y4, Y4; op K, Y5, Y5; op K, Y6, Y6; op K, Y7, Y7
#define RND4(op, K) op K, Y0, Y0; op K, Y1, Y1; op K, Y2, Y2; op K, Y3, Y3
#define RND2(op, K) op K, Y0, Y0; op K, Y1, Y1
#define RND1(op, K) op K, Y0, Y0
#define RNDX(op, K) op K, X0, X0

// CIPHER runs the whole cipher on the registers R covers: WHITEN, then
// ROUNDS: the nine rounds every key size has, two more for 192-bit keys,
// four more for 256-bit ones, then the last round. LD/K: VBROADCASTI128
// into Y8 for the YMM passes, VMOVDQU into X8 for the XMM one. The flags
// of the one CMPQ survive the vector instructions up to the JEQ.
#define WHITEN(R, LD, K) LD (AX), K; R(VPXOR, K)
#define ROUNDS(R, LD, K, op, oplast, l_last) \
	LD 16(AX), K; R(op, K); \
	LD 32(AX), K; R(op, K); \
	LD 48(AX), K; R(op, K); \
	LD 64(AX), K; R(op, K); \
	LD 80(AX), K; R(op, K); \
	LD 96(AX), K; R(op, K); \
	LD 112(AX), K; R(op, K); \
	LD 128(AX), K; R(op, K); \
	LD 144(AX), K; R(op, K); \
	CMPQ BX, $12; JB l_last; \
	LD 160(AX), K; R(op, K); \
	LD 176(AX), K; R(op, K); \
	JEQ l_last; \
	LD 192(AX), K; R(op, K); \
	LD 208(AX), K; R(op, K); \
l_last: \
	LD (DX), K; R(oplast, K)
#define CIPHER(R, LD, K, op, oplast, l_last) WHITEN(R, LD, K); ROUNDS(R, LD, K, op, oplast, l_last)

#define C8(op, oplast, l) CIPHER(RND8, VBROADCASTI128, Y8, op, oplast, l)
#define C4(op, oplast, l) CIPHER(RND4, VBROADCASTI128, Y8, op, oplast, l)
#define C2(op, oplast, l) CIPHER(RND2, VBROADCASTI128, Y8, op, oplast, l)
#define C1(op, oplast, l) CIPHER(RND1, VBROADCASTI128, Y8, op, oplast, l)
#define CXMM(op, oplast, l) CIPHER(RNDX, VMOVDQU, X8, op, oplast, l)

#define LOAD8(p) \
	VMOVDQU 0(p), Y0; VMOVDQU 32(p), Y1; VMOVDQU 64(p), Y2; VMOVDQU 96(p), Y3; \
	VMOVDQU 128(p), Y4; VMOVDQU 160(p), Y5; VMOVDQU 192(p), Y6; VMOVDQU 224(p), Y7
#define LOAD4(p) VMOVDQU 0(p), Y0; VMOVDQU 32(p), Y1; VMOVDQU 64(p), Y2; VMOVDQU 96(p), Y3
#define LOAD2(p) VMOVDQU 0(p), Y0; VMOVDQU 32(p), Y1
#define LOAD8A(p) \
	VMOVDQA 0(p), Y0; VMOVDQA 32(p), Y1; VMOVDQA 64(p), Y2; VMOVDQA 96(p), Y3; \
	VMOVDQA 128(p), Y4; VMOVDQA 160(p), Y5; VMOVDQA 192(p), Y6; VMOVDQA 224(p), Y7
#define STORE8(p) \
	VMOVDQU Y0, 0(p); VMOVDQU Y1, 32(p); VMOVDQU Y2, 64(p); VMOVDQU Y3, 96(p); \
	VMOVDQU Y4, 128(p); VMOVDQU Y5, 160(p); VMOVDQU Y6, 192(p); VMOVDQU Y7, 224(p)
#define STORE4(p) VMOVDQU Y0, 0(p); VMOVDQU Y1, 32(p); VMOVDQU Y2, 64(p); VMOVDQU Y3, 96(p)
#define STORE2(p) VMOVDQU Y0, 0(p); VMOVDQU Y1, 32(p)

#define ADVANCE(bytes) ADDQ $bytes, SI; ADDQ $bytes, DI

// ECB over n blocks: groups of 16, then the 8/4/2/1 passes.
#define ECB(op, oplast) \
loop16: \
	CMPQ CX, $16; JB tail8; \
	LOAD8(SI); C8(op, oplast, last16); STORE8(DI); \
	ADVANCE(256); SUBQ $16, CX; JMP loop16; \
tail8: \
	TESTQ $8, CX; JEQ tail4; \
	LOAD4(SI); C4(op, oplast, last8); STORE4(DI); ADVANCE(128); \
tail4: \
	TESTQ $4, CX; JEQ tail2; \
	LOAD2(SI); C2(op, oplast, last4); STORE2(DI); ADVANCE(64); \
tail2: \
	TESTQ $2, CX; JEQ tail1; \
	VMOVDQU (SI), Y0; C1(op, oplast, last2); VMOVDQU Y0, (DI); ADVANCE(32); \
tail1: \
	TESTQ $1, CX; JEQ done; \
	VMOVDQU (SI), X0; CXMM(op, oplast, last1); VMOVDQU X0, (DI); \
done: \
	VZEROUPPER; \
	RET

#define SETUP \
	MOVQ rk+0(FP), AX; MOVQ nr+8(FP), BX; \
	MOVQ BX, DX; SHLQ $4, DX; ADDQ AX, DX

// func ecbEncV256(rk *byte, nr int, dst, src *byte, n int)
TEXT ·ecbEncV256(SB), NOSPLIT, $0-40
	SETUP
	MOVQ dst+16(FP), DI
	MOVQ src+24(FP), SI
	MOVQ n+32(FP), CX
	ECB(VAESENC, VAESENCLAST)

// func ecbDecV256(rk *byte, nr int, dst, src *byte, n int)
TEXT ·ecbDecV256(SB), NOSPLIT, $0-40
	SETUP
	MOVQ dst+16(FP), DI
	MOVQ src+24(FP), SI
	MOVQ n+32(FP), CX
	ECB(VAESDEC, VAESDECLAST)

// CBC decryption: P[i] = D(C[i]) xor C[i-1], C[-1] = iv. For register j of
// a pass (blocks 2j, 2j+1) the chaining pair is the 32 bytes at
// src + 32j - 16, read as a memory operand; for j = 0 it is built from the
// upper lane of Y9 (the block before the pass; iv at first) and the lower
// lane of Y0 (VPERM2I128). Every ciphertext a pass needs is read before it
// stores, so dst == src works. The wrapper stores the new iv.
#define CBCPAIR(last) VPERM2I128 $0x21, Y0, Y9, Y10; VMOVDQA last, Y9

// func cbcDecV256(rk *byte, nr int, iv *[16]byte, dst, src *byte, n int)
TEXT ·cbcDecV256(SB), NOSPLIT, $0-48
	SETUP
	MOVQ           iv+16(FP), R8
	MOVQ           dst+24(FP), DI
	MOVQ           src+32(FP), SI
	MOVQ           n+40(FP), CX
	VBROADCASTI128 (R8), Y9

loop16:
	CMPQ  CX, $16
	JB    tail8
	LOAD8(SI)
	CBCPAIR(Y7)
	C8(VAESDEC, VAESDECLAST, last16)
	VPXOR Y10, Y0, Y0
	VPXOR 16(SI), Y1, Y1
	VPXOR 48(SI), Y2, Y2
	VPXOR 80(SI), Y3, Y3
	VPXOR 112(SI), Y4, Y4
	VPXOR 144(SI), Y5, Y5
	VPXOR 176(SI), Y6, Y6
	VPXOR 208(SI), Y7, Y7
	STORE8(DI)
	ADVANCE(256)
	SUBQ  $16, CX
	JMP   loop16

tail8:
	TESTQ $8, CX
	JEQ   tail4
	LOAD4(SI)
	CBCPAIR(Y3)
	C4(VAESDEC, VAESDECLAST, last8)
	VPXOR Y10, Y0, Y0
	VPXOR 16(SI), Y1, Y1
	VPXOR 48(SI), Y2, Y2
	VPXOR 80(SI), Y3, Y3
	STORE4(DI)
	ADVANCE(128)

tail4:
	TESTQ $4, CX
	JEQ   tail2
	LOAD2(SI)
	CBCPAIR(Y1)
	C2(VAESDEC, VAESDECLAST, last4)
	VPXOR Y10, Y0, Y0
	VPXOR 16(SI), Y1, Y1
	STORE2(DI)
	ADVANCE(64)

tail2:
	TESTQ   $2, CX
	JEQ     tail1
	VMOVDQU (SI), Y0
	CBCPAIR(Y0)
	C1(VAESDEC, VAESDECLAST, last2)
	VPXOR   Y10, Y0, Y0
	VMOVDQU Y0, (DI)
	ADVANCE(32)

tail1:
	TESTQ       $1, CX
	JEQ         done
	VMOVDQU     (SI), X0
	VEXTRACTI128 $1, Y9, X10
	CXMM(VAESDEC, VAESDECLAST, last1)
	VPXOR       X10, X0, X0
	VMOVDQU     X0, (DI)

done:
	VZEROUPPER
	RET

// CTRPASS(k): registers 0..k-1 get the counter pairs Y12 + {2j | 2j} in
// block order, Y12 moves past them.
#define CTR8 \
	VMOVDQA Y12, Y0; \
	VPADDQ v256Incs<>+32(SB), Y12, Y1; \
	VPADDQ v256Incs<>+64(SB), Y12, Y2; \
	VPADDQ v256Incs<>+96(SB), Y12, Y3; \
	VPADDQ v256Incs<>+128(SB), Y12, Y4; \
	VPADDQ v256Incs<>+160(SB), Y12, Y5; \
	VPADDQ v256Incs<>+192(SB), Y12, Y6; \
	VPADDQ v256Incs<>+224(SB), Y12, Y7; \
	VPADDQ v256Incs<>+256(SB), Y12, Y12; \
	RND8(VPSHUFB, Y13)
#define CTR4 \
	VMOVDQA Y12, Y0; \
	VPADDQ v256Incs<>+32(SB), Y12, Y1; \
	VPADDQ v256Incs<>+64(SB), Y12, Y2; \
	VPADDQ v256Incs<>+96(SB), Y12, Y3; \
	VPADDQ v256Incs<>+128(SB), Y12, Y12; \
	RND4(VPSHUFB, Y13)
#define CTR2 \
	VMOVDQA Y12, Y0; \
	VPADDQ v256Incs<>+32(SB), Y12, Y1; \
	VPADDQ v256Incs<>+64(SB), Y12, Y12; \
	RND2(VPSHUFB, Y13)

// PUTCTR(j): bytes 12..15 of counter block j of the group in the scratch
// at R10, XORed with round key 0: big-endian (R9 + j) xor R11 (bytes
// 12..15 of key 0). Integer work: it keeps the counters off the vector
// units, which the rounds keep busy.
#define PUTCTR(j) LEAL j(R9), R12; BSWAPL R12; XORL R11, R12; MOVL R12, (16*j+12)(R10)
#define PUTCTRS \
	PUTCTR(0); PUTCTR(1); PUTCTR(2); PUTCTR(3); PUTCTR(4); PUTCTR(5); PUTCTR(6); PUTCTR(7); \
	PUTCTR(8); PUTCTR(9); PUTCTR(10); PUTCTR(11); PUTCTR(12); PUTCTR(13); PUTCTR(14); PUTCTR(15)
#define ADATA8 \
	VPXOR 0(SI), Y0, Y0; VPXOR 32(SI), Y1, Y1; VPXOR 64(SI), Y2, Y2; VPXOR 96(SI), Y3, Y3; \
	VPXOR 128(SI), Y4, Y4; VPXOR 160(SI), Y5, Y5; VPXOR 192(SI), Y6, Y6; VPXOR 224(SI), Y7, Y7

// func ctrV256(rk *byte, nr int, hi, lo uint64, dst, src *byte, n int)
// hi:lo is the first counter block as a 128-bit integer (two integers, not
// the block: see ctrRunNI); the wrapper advances the counter and
// guarantees that its low 32 bits do not wrap within the n blocks.
//
// Calls of two groups or more take the wide path: a 32-byte aligned
// scratch on the stack holds the next group's 16 counter blocks already
// XORed with round key 0. Within a call only bytes 12..15 of a counter
// block change, so they are all that is rewritten per group, from R9 in
// general registers (PUTCTR), one group ahead of their loads: a VMOVDQA
// then replaces the add, byte reversal and whitening XOR the vector path
// spends per register. The first group, shorter calls and the tail passes
// build their counters in vector registers: Y12 (the next pair as
// little-endian 128-bit integers) is stepped with VPADDQ and byte-reversed
// (VPSHUFB Y13), and Y12 is kept in step through the wide groups. The
// keystream is XORed with src as a memory operand.
TEXT ·ctrV256(SB), $288-56
	SETUP
	MOVQ        hi+16(FP), R8
	MOVQ        lo+24(FP), R9
	MOVQ        dst+32(FP), DI
	MOVQ        src+40(FP), SI
	MOVQ        n+48(FP), CX
	VMOVDQU     v256Bswap<>(SB), Y13
	VMOVQ       R9, X12
	VPINSRQ     $1, R8, X12, X12
	VINSERTI128 $1, X12, Y12, Y12
	VPADDQ      v256Lane1<>(SB), Y12, Y12
	CMPQ        CX, $32
	JB          loop16

	LEAQ           31(SP), R10
	ANDQ           $-32, R10
	VPSHUFB        Y13, Y12, Y9
	VPERMQ         $0x44, Y9, Y9
	VBROADCASTI128 (AX), Y8
	VPXOR          Y8, Y9, Y9
	VMOVDQA        Y9, 0(R10)
	VMOVDQA        Y9, 32(R10)
	VMOVDQA        Y9, 64(R10)
	VMOVDQA        Y9, 96(R10)
	VMOVDQA        Y9, 128(R10)
	VMOVDQA        Y9, 160(R10)
	VMOVDQA        Y9, 192(R10)
	VMOVDQA        Y9, 224(R10)
	ADDL           $16, R9
	MOVL           12(AX), R11
	PUTCTRS
	CTR8
	C8(VAESENC, VAESENCLAST, lastfirst)
	ADATA8
	STORE8(DI)
	ADVANCE(256)
	SUBQ           $16, CX

wide:
	CMPQ   CX, $16
	JB     tail8
	LOAD8A(R10)
	ADDL   $16, R9
	PUTCTRS
	VPADDQ v256Incs<>+256(SB), Y12, Y12
	ROUNDS(RND8, VBROADCASTI128, Y8, VAESENC, VAESENCLAST, lastwide)
	ADATA8
	STORE8(DI)
	ADVANCE(256)
	SUBQ   $16, CX
	JMP    wide

loop16:
	CMPQ CX, $16
	JB   tail8
	CTR8
	C8(VAESENC, VAESENCLAST, last16)
	ADATA8
	STORE8(DI)
	ADVANCE(256)
	SUBQ $16, CX
	JMP  loop16

tail8:
	TESTQ $8, CX
	JEQ   tail4
	CTR4
	C4(VAESENC, VAESENCLAST, last8)
	VPXOR 0(SI), Y0, Y0
	VPXOR 32(SI), Y1, Y1
	VPXOR 64(SI), Y2, Y2
	VPXOR 96(SI), Y3, Y3
	STORE4(DI)
	ADVANCE(128)

tail4:
	TESTQ $4, CX
	JEQ   tail2
	CTR2
	C2(VAESENC, VAESENCLAST, last4)
	VPXOR 0(SI), Y0, Y0
	VPXOR 32(SI), Y1, Y1
	STORE2(DI)
	ADVANCE(64)

tail2:
	TESTQ   $2, CX
	JEQ     tail1
	VPSHUFB Y13, Y12, Y0
	VPADDQ  v256Incs<>+32(SB), Y12, Y12
	C1(VAESENC, VAESENCLAST, last2)
	VPXOR   (SI), Y0, Y0
	VMOVDQU Y0, (DI)
	ADVANCE(32)

tail1:
	TESTQ   $1, CX
	JEQ     done
	VPSHUFB X13, X12, X0
	CXMM(VAESENC, VAESENCLAST, last1)
	VPXOR   (SI), X0, X0
	VMOVDQU X0, (DI)

done:
	VZEROUPPER
	RET
