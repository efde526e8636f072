//go:build gc

#include "textflag.h"

// SHA-256 with AVX2 and BMI2. The message schedule of two blocks runs in the
// two 128-bit lanes of Y0-Y3 (lane 0 = first block, lane 1 = second); all
// 64 W+K words of both blocks go to the stack, then the scalar rounds (RORX
// for the rotations) read lane 0 for the first block and lane 1 for the
// second. A lone last block is broadcast to both lanes and lane 1 ignored.
//
// Stack: group g (rounds 4g..4g+3) at 32*g(SP): 16 bytes lane 0, 16 lane 1.
// The round loop runs while R12 < 512: 8 passes from offset 0 (lane 0)
// or from 16 (lane 1, ending at 528).
//
// Scalar registers: a..h = AX BX CX DX R8 R9 R10 R11, SI = input,
// DI = blocks left, R12 = stack offset of the current rounds, R13/R14 scratch.
// Vector: Y0-Y3 W[t-16..t-1], Y4-Y7 scratch, Y8 byte-swap mask, Y9 K.

DATA bswapMask<>+0(SB)/8, $0x0405060700010203
DATA bswapMask<>+8(SB)/8, $0x0c0d0e0f08090a0b
GLOBL bswapMask<>(SB), RODATA|NOPTR, $16

// out = sigma0(x) = ror7 ^ ror18 ^ shr3, rotations made of two shifts (no VPRORD in AVX2)
#define SIGMA0(x, out, tmp) \
	VPSRLD $7, x, out \
	VPSLLD $25, x, tmp \
	VPXOR  tmp, out, out \
	VPSRLD $18, x, tmp \
	VPXOR  tmp, out, out \
	VPSLLD $14, x, tmp \
	VPXOR  tmp, out, out \
	VPSRLD $3, x, tmp \
	VPXOR  tmp, out, out

// out = sigma1(x) = ror17 ^ ror19 ^ shr10; sigma1(0) = 0, which SCHED relies on
#define SIGMA1(x, out, tmp) \
	VPSRLD $17, x, out \
	VPSLLD $15, x, tmp \
	VPXOR  tmp, out, out \
	VPSRLD $19, x, tmp \
	VPXOR  tmp, out, out \
	VPSLLD $13, x, tmp \
	VPXOR  tmp, out, out \
	VPSRLD $10, x, tmp \
	VPXOR  tmp, out, out

// Store W+K of one group: W in w, K at koff(R13) broadcast to both lanes.
#define STOREWK(w, koff, woff) \
	VBROADCASTI128 koff(R13), Y9 \
	VPADDD w, Y9, Y9 \
	VMOVDQU Y9, woff(SP)

// m0 := W[t..t+3] from m0..m3 = W[t-16..t-1], then store its W+K.
// W[t+2], W[t+3] need sigma1 of W[t], W[t+1], so sigma1 is added in two
// halves: first from W[t-2..t-1] moved to the low dwords (high ones zero),
// then from the fresh W[t..t+1] moved to the high dwords.
#define SCHED(m0, m1, m2, m3, koff, woff) \
	VPALIGNR $4, m0, m1, Y4 \
	SIGMA0(Y4, Y5, Y6) \
	VPADDD   Y5, m0, m0 \
	VPALIGNR $4, m2, m3, Y4 \
	VPADDD   Y4, m0, m0 \
	VPSRLDQ  $8, m3, Y4 \
	SIGMA1(Y4, Y5, Y6) \
	VPADDD   Y5, m0, m0 \
	VPSLLDQ  $8, m0, Y4 \
	SIGMA1(Y4, Y5, Y6) \
	VPADDD   Y5, m0, m0 \
	STOREWK(m0, koff, woff)

// One round; W+K at off(SP)(R12*1). h becomes the new a, d the new e.
// Ch = ((f^g)&e)^g and Maj = ((a|c)&b)|(a&c) avoid ANDN (BMI1).
#define ROUND(a, b, c, d, e, f, g, h, off) \
	RORXL $6, e, R13 \
	RORXL $11, e, R14 \
	XORL  R14, R13 \
	RORXL $25, e, R14 \
	XORL  R14, R13 \
	ADDL  off(SP)(R12*1), h \
	ADDL  R13, h \
	MOVL  f, R14 \
	XORL  g, R14 \
	ANDL  e, R14 \
	XORL  g, R14 \
	ADDL  R14, h \
	ADDL  h, d \
	RORXL $2, a, R13 \
	RORXL $13, a, R14 \
	XORL  R14, R13 \
	RORXL $22, a, R14 \
	XORL  R14, R13 \
	ADDL  R13, h \
	MOVL  a, R13 \
	ORL   c, R13 \
	ANDL  b, R13 \
	MOVL  a, R14 \
	ANDL  c, R14 \
	ORL   R14, R13 \
	ADDL  R13, h

// add the working variable x into state word off(R13) and keep the sum in x
#define FOLD(x, off) \
	ADDL off(R13), x \
	MOVL x, off(R13)

// func blockAVX2(h *[8]uint32, p []byte, k *[64]uint32)
TEXT ·blockAVX2(SB), 0, $512-40
	MOVQ p_base+8(FP), SI
	MOVQ p_len+16(FP), DI
	SHRQ $6, DI
	JZ   done

	MOVQ h+0(FP), R13
	MOVL 0(R13), AX
	MOVL 4(R13), BX
	MOVL 8(R13), CX
	MOVL 12(R13), DX
	MOVL 16(R13), R8
	MOVL 20(R13), R9
	MOVL 24(R13), R10
	MOVL 28(R13), R11
	VBROADCASTI128 bswapMask<>(SB), Y8

loop:
	CMPQ DI, $2
	JB   single
	VMOVDQU     0(SI), X0
	VINSERTI128 $1, 64(SI), Y0, Y0
	VMOVDQU     16(SI), X1
	VINSERTI128 $1, 80(SI), Y1, Y1
	VMOVDQU     32(SI), X2
	VINSERTI128 $1, 96(SI), Y2, Y2
	VMOVDQU     48(SI), X3
	VINSERTI128 $1, 112(SI), Y3, Y3
	JMP  sched

single:
	VBROADCASTI128 0(SI), Y0
	VBROADCASTI128 16(SI), Y1
	VBROADCASTI128 32(SI), Y2
	VBROADCASTI128 48(SI), Y3

sched:
	VPSHUFB Y8, Y0, Y0
	VPSHUFB Y8, Y1, Y1
	VPSHUFB Y8, Y2, Y2
	VPSHUFB Y8, Y3, Y3
	MOVQ    k+32(FP), R13
	STOREWK(Y0, 0, 0)
	STOREWK(Y1, 16, 32)
	STOREWK(Y2, 32, 64)
	STOREWK(Y3, 48, 96)
	SCHED(Y0, Y1, Y2, Y3, 64, 128)
	SCHED(Y1, Y2, Y3, Y0, 80, 160)
	SCHED(Y2, Y3, Y0, Y1, 96, 192)
	SCHED(Y3, Y0, Y1, Y2, 112, 224)
	SCHED(Y0, Y1, Y2, Y3, 128, 256)
	SCHED(Y1, Y2, Y3, Y0, 144, 288)
	SCHED(Y2, Y3, Y0, Y1, 160, 320)
	SCHED(Y3, Y0, Y1, Y2, 176, 352)
	SCHED(Y0, Y1, Y2, Y3, 192, 384)
	SCHED(Y1, Y2, Y3, Y0, 208, 416)
	SCHED(Y2, Y3, Y0, Y1, 224, 448)
	SCHED(Y3, Y0, Y1, Y2, 240, 480)

	XORQ R12, R12

rounds: // eight rounds (two groups) per pass
	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, 0)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, 4)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, 8)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, 12)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, 32)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, 36)
	ROUND(CX, DX, R8, R9, R10, R11, AX, BX, 40)
	ROUND(BX, CX, DX, R8, R9, R10, R11, AX, 44)
	ADDQ $64, R12
	CMPQ R12, $512
	JB   rounds

	MOVQ h+0(FP), R13
	FOLD(AX, 0)
	FOLD(BX, 4)
	FOLD(CX, 8)
	FOLD(DX, 12)
	FOLD(R8, 16)
	FOLD(R9, 20)
	FOLD(R10, 24)
	FOLD(R11, 28)

	ADDQ $64, SI
	DECQ DI
	JZ   done
	CMPQ R12, $512
	JNE  loop // lane 1 done: next pair
	// lane 0 done and blocks remain, so lane 1 holds the next block
	MOVQ $16, R12
	JMP  rounds

done:
	VZEROUPPER
	RET
