//go:build gc

#include "textflag.h"

// SHA-512 block function with AVX2 and BMI2 for runs of blocks (the Go side
// sends three or more here, fewer to sha512BlockAVX2). The rounds are those of
// sha512_avx2_amd64.s; the message schedule differs: two blocks share each
// vector, two 64-bit words per 128-bit lane, which needs half the vector
// operations of four words of one block (there, the two sigma1 halves each
// fill only half a vector).
//
// Lane 0 holds the block whose rounds run, lane 1 the next block, a step
// behind: while block i runs its rounds, a step makes W[48+2s..49+2s] of
// block i (lane 0) and W[16+2s..17+2s] of block i+1 (lane 1), s = 0..15, one
// step over every four of rounds 0-63. In rounds 64-79 the words 0-15 of
// block i+2 are loaded into lane 0, which block i no longer needs; at the end
// of the block the two lanes of Y0-Y7 swap, and block i+1 (lane 0 now) has
// words 32-47 in Y0-Y7, block i+2 (lane 1) its words 0-15. A prologue
// schedules words 16-47 of block 0 and loads block 1. Past the end of the
// input the loads read block i again (harmless, never out of bounds).
//
// The lanes need different round constants, K[48+2s..] and K[16+2s..]: kl
// (sha512KLanes, built in Go from arch.SHA512K) pairs them.
//
// Registers: a..h rotate through AX BX CX DX R8 R9 R10 R11, R12/R13 scratch
// (free between rounds, so the schedule also uses them for pointers),
// R14/R15 b^c and a^b, SI = input, BP = kl, DI = W+K of the running block.
// Y0-Y7 schedule, Y8 byte-swap mask, Y9 rotate-by-8 mask, Y10-Y14 scratch.
//
// Stack: two W+K arrays of 80 words at 0 and 640 (block i and block i+1 use
// them in turn), 1280 end of input, 1288 W+K array of the next block, 1296
// the block two ahead (or the current one at the end), 1304 &K.

// VPSHUFB mask: byte-reverse each 64-bit lane (big-endian message words)
DATA rbswap64<>+0(SB)/8, $0x0001020304050607
DATA rbswap64<>+8(SB)/8, $0x08090a0b0c0d0e0f
GLOBL rbswap64<>(SB), RODATA|NOPTR, $16

// VPSHUFB mask: rotate each 64-bit lane right by 8 bits (sigma0's ror 8)
DATA rror8q<>+0(SB)/8, $0x0007060504030201
DATA rror8q<>+8(SB)/8, $0x080f0e0d0c0b0a09
GLOBL rror8q<>(SB), RODATA|NOPTR, $16

// out = sigma1(x) = ror19 ^ ror61 ^ shr6
#define SIGMA1(x, out) \
	VPSRLQ $19, x, out \
	VPSLLQ $45, x, Y13 \
	VPXOR  Y13, out, out \
	VPSRLQ $61, x, Y13 \
	VPSLLQ $3, x, Y14 \
	VPXOR  Y14, Y13, Y13 \
	VPSRLQ $6, x, Y14 \
	VPXOR  Y14, out, out \
	VPXOR  Y13, out, out

// A step makes w0 := W[t..t+1] (per lane) from w0..w7 = W[t-16..t-1], in
// parts. Part A: Y10 = sigma0(W[t-15..t-14]), Y11 = W[t-7..t-6].
#define SCHEDA(w0, w1, w4, w5) \
	VPALIGNR $8, w0, w1, Y10 \
	VPALIGNR $8, w4, w5, Y11 \
	VPSRLQ   $1, Y10, Y12 \
	VPSLLQ   $63, Y10, Y13 \
	VPXOR    Y13, Y12, Y12 \
	VPSRLQ   $7, Y10, Y13 \
	VPSHUFB  Y9, Y10, Y14 \
	VPXOR    Y14, Y13, Y13 \
	VPXOR    Y13, Y12, Y10

// Part B: w0 += sigma0 + W[t-7..t-6] + sigma1(W[t-2..t-1]).
#define SCHEDB(w0, w7) \
	VPADDQ Y10, w0, w0 \
	VPADDQ Y11, w0, w0 \
	SIGMA1(w7, Y12) \
	VPADDQ Y12, w0, w0

// Part C: W+K, both lanes' constants at kl+koff.
#define SCHEDC(w0, koff) \
	VPADDQ koff(BP), w0, Y10

// Part D: lane 0 to this block's array at lo(DI), lane 1 to the next
// block's array at hi.
#define SCHEDD(lo, hi) \
	VMOVDQU      X10, lo(DI) \
	MOVQ         1288(SP), R13 \
	VEXTRACTI128 $1, Y10, hi(R13)

// prologue step, lane 0 only: K at koff(R12) (R12 = &K)
#define SCHEDP(w0, w1, w4, w5, w7, x0, koff) \
	SCHEDA(w0, w1, w4, w5) \
	SCHEDB(w0, w7) \
	VPADDQ  koff(R12), x0, X10 \
	VMOVDQU X10, koff(DI)

// Load words 2i, 2i+1 of the block two ahead into lane 0 of w; their W+K
// to the running block's array, whose words 0-15 are spent (it becomes
// that block's array).
#define LOADNEXT(w, i) \
	MOVQ     1296(SP), R12 \
	MOVQ     1304(SP), R13 \
	VMOVDQU  16*i(R12), X11 \
	VPSHUFB  X8, X11, X11 \
	VPBLENDD $0x0f, Y11, w, w \
	VPADDQ   16*i(R13), X11, X11 \
	VMOVDQU  X11, 16*i(DI)

// One round, as in sha512_avx2_amd64.s, with W+K at wk(DI).
#define ROUND(a, b, c, d, e, f, g, h, bc, ab, wk) \
	ADDQ  wk(DI), h \
	RORXQ $14, e, R12 \
	RORXQ $18, e, R13 \
	XORQ  R13, R12 \
	RORXQ $41, e, R13 \
	XORQ  R13, R12 \
	MOVQ  f, R13 \
	XORQ  g, R13 \
	ANDQ  e, R13 \
	XORQ  g, R13 \
	ADDQ  R13, h \
	ADDQ  R12, h \
	RORXQ $28, a, R12 \
	RORXQ $34, a, R13 \
	XORQ  R13, R12 \
	RORXQ $39, a, R13 \
	XORQ  R13, R12 \
	MOVQ  a, ab \
	XORQ  b, ab \
	ANDQ  ab, bc \
	XORQ  b, bc \
	ADDQ  h, d \
	ADDQ  R12, bc \
	ADDQ  bc, h

// add the working variable x into state word off(R12) and keep the sum in x
#define FOLD(x, off) \
	ADDQ off(R12), x \
	MOVQ x, off(R12)

// func sha512BlockAVX2Lanes(h *[8]uint64, p []byte, k *[80]uint64, kl *[64]uint64)
// len(p) >= 256
TEXT ·sha512BlockAVX2Lanes(SB), 0, $1312-48
	MOVQ p_base+8(FP), SI
	MOVQ p_len+16(FP), DI
	SHRQ $7, DI
	SHLQ $7, DI
	ADDQ SI, DI
	MOVQ DI, 1280(SP)
	MOVQ k+32(FP), R12
	MOVQ R12, 1304(SP)
	MOVQ kl+40(FP), BP
	VBROADCASTI128 rbswap64<>(SB), Y8
	VBROADCASTI128 rror8q<>(SB), Y9
	MOVQ SP, DI
	LEAQ 640(SP), R13
	MOVQ R13, 1288(SP)

	// prologue: block 0 into lane 0, its words 16-47; block 1 into lane 1

	VMOVDQU 0(SI), X0
	VPSHUFB X8, X0, X0
	VPADDQ  0(R12), X0, X10
	VMOVDQU X10, 0(DI)
	VMOVDQU 16(SI), X1
	VPSHUFB X8, X1, X1
	VPADDQ  16(R12), X1, X10
	VMOVDQU X10, 16(DI)
	VMOVDQU 32(SI), X2
	VPSHUFB X8, X2, X2
	VPADDQ  32(R12), X2, X10
	VMOVDQU X10, 32(DI)
	VMOVDQU 48(SI), X3
	VPSHUFB X8, X3, X3
	VPADDQ  48(R12), X3, X10
	VMOVDQU X10, 48(DI)
	VMOVDQU 64(SI), X4
	VPSHUFB X8, X4, X4
	VPADDQ  64(R12), X4, X10
	VMOVDQU X10, 64(DI)
	VMOVDQU 80(SI), X5
	VPSHUFB X8, X5, X5
	VPADDQ  80(R12), X5, X10
	VMOVDQU X10, 80(DI)
	VMOVDQU 96(SI), X6
	VPSHUFB X8, X6, X6
	VPADDQ  96(R12), X6, X10
	VMOVDQU X10, 96(DI)
	VMOVDQU 112(SI), X7
	VPSHUFB X8, X7, X7
	VPADDQ  112(R12), X7, X10
	VMOVDQU X10, 112(DI)
	SCHEDP(Y0, Y1, Y4, Y5, Y7, X0, 128)
	SCHEDP(Y1, Y2, Y5, Y6, Y0, X1, 144)
	SCHEDP(Y2, Y3, Y6, Y7, Y1, X2, 160)
	SCHEDP(Y3, Y4, Y7, Y0, Y2, X3, 176)
	SCHEDP(Y4, Y5, Y0, Y1, Y3, X4, 192)
	SCHEDP(Y5, Y6, Y1, Y2, Y4, X5, 208)
	SCHEDP(Y6, Y7, Y2, Y3, Y5, X6, 224)
	SCHEDP(Y7, Y0, Y3, Y4, Y6, X7, 240)
	SCHEDP(Y0, Y1, Y4, Y5, Y7, X0, 256)
	SCHEDP(Y1, Y2, Y5, Y6, Y0, X1, 272)
	SCHEDP(Y2, Y3, Y6, Y7, Y1, X2, 288)
	SCHEDP(Y3, Y4, Y7, Y0, Y2, X3, 304)
	SCHEDP(Y4, Y5, Y0, Y1, Y3, X4, 320)
	SCHEDP(Y5, Y6, Y1, Y2, Y4, X5, 336)
	SCHEDP(Y6, Y7, Y2, Y3, Y5, X6, 352)
	SCHEDP(Y7, Y0, Y3, Y4, Y6, X7, 368)
	VMOVDQU     128(SI), X11
	VPSHUFB     X8, X11, X11
	VINSERTI128 $1, X11, Y0, Y0
	VPADDQ      0(R12), X11, X11
	VMOVDQU     X11, 0(R13)
	VMOVDQU     144(SI), X11
	VPSHUFB     X8, X11, X11
	VINSERTI128 $1, X11, Y1, Y1
	VPADDQ      16(R12), X11, X11
	VMOVDQU     X11, 16(R13)
	VMOVDQU     160(SI), X11
	VPSHUFB     X8, X11, X11
	VINSERTI128 $1, X11, Y2, Y2
	VPADDQ      32(R12), X11, X11
	VMOVDQU     X11, 32(R13)
	VMOVDQU     176(SI), X11
	VPSHUFB     X8, X11, X11
	VINSERTI128 $1, X11, Y3, Y3
	VPADDQ      48(R12), X11, X11
	VMOVDQU     X11, 48(R13)
	VMOVDQU     192(SI), X11
	VPSHUFB     X8, X11, X11
	VINSERTI128 $1, X11, Y4, Y4
	VPADDQ      64(R12), X11, X11
	VMOVDQU     X11, 64(R13)
	VMOVDQU     208(SI), X11
	VPSHUFB     X8, X11, X11
	VINSERTI128 $1, X11, Y5, Y5
	VPADDQ      80(R12), X11, X11
	VMOVDQU     X11, 80(R13)
	VMOVDQU     224(SI), X11
	VPSHUFB     X8, X11, X11
	VINSERTI128 $1, X11, Y6, Y6
	VPADDQ      96(R12), X11, X11
	VMOVDQU     X11, 96(R13)
	VMOVDQU     240(SI), X11
	VPSHUFB     X8, X11, X11
	VINSERTI128 $1, X11, Y7, Y7
	VPADDQ      112(R12), X11, X11
	VMOVDQU     X11, 112(R13)

	MOVQ h+0(FP), R12
	MOVQ 0(R12), AX
	MOVQ 8(R12), BX
	MOVQ 16(R12), CX
	MOVQ 24(R12), DX
	MOVQ 32(R12), R8
	MOVQ 40(R12), R9
	MOVQ 48(R12), R10
	MOVQ 56(R12), R11

loop:
	// the block two ahead, or this one again past the end
	LEAQ    256(SI), R12
	CMPQ    R12, 1280(SP)
	CMOVQCC SI, R12
	MOVQ    R12, 1296(SP)
	MOVQ    BX, R14
	XORQ    CX, R14

	// rounds 0-3; step 0: W[48..49] of this block, W[16..17] of the next
	SCHEDA(Y0, Y1, Y4, Y5)
	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, R14, R15, 0)
	SCHEDB(Y0, Y7)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, R15, R14, 8)
	SCHEDC(Y0, 0)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, R14, R15, 16)
	SCHEDD(384, 128)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, R15, R14, 24)

	// rounds 4-7; step 1: W[50..51] of this block, W[18..19] of the next
	SCHEDA(Y1, Y2, Y5, Y6)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, R14, R15, 32)
	SCHEDB(Y1, Y0)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, R15, R14, 40)
	SCHEDC(Y1, 32)
	ROUND(CX, DX, R8, R9, R10, R11, AX, BX, R14, R15, 48)
	SCHEDD(400, 144)
	ROUND(BX, CX, DX, R8, R9, R10, R11, AX, R15, R14, 56)

	// rounds 8-11; step 2: W[52..53] of this block, W[20..21] of the next
	SCHEDA(Y2, Y3, Y6, Y7)
	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, R14, R15, 64)
	SCHEDB(Y2, Y1)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, R15, R14, 72)
	SCHEDC(Y2, 64)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, R14, R15, 80)
	SCHEDD(416, 160)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, R15, R14, 88)

	// rounds 12-15; step 3: W[54..55] of this block, W[22..23] of the next
	SCHEDA(Y3, Y4, Y7, Y0)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, R14, R15, 96)
	SCHEDB(Y3, Y2)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, R15, R14, 104)
	SCHEDC(Y3, 96)
	ROUND(CX, DX, R8, R9, R10, R11, AX, BX, R14, R15, 112)
	SCHEDD(432, 176)
	ROUND(BX, CX, DX, R8, R9, R10, R11, AX, R15, R14, 120)

	// rounds 16-19; step 4: W[56..57] of this block, W[24..25] of the next
	SCHEDA(Y4, Y5, Y0, Y1)
	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, R14, R15, 128)
	SCHEDB(Y4, Y3)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, R15, R14, 136)
	SCHEDC(Y4, 128)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, R14, R15, 144)
	SCHEDD(448, 192)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, R15, R14, 152)

	// rounds 20-23; step 5: W[58..59] of this block, W[26..27] of the next
	SCHEDA(Y5, Y6, Y1, Y2)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, R14, R15, 160)
	SCHEDB(Y5, Y4)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, R15, R14, 168)
	SCHEDC(Y5, 160)
	ROUND(CX, DX, R8, R9, R10, R11, AX, BX, R14, R15, 176)
	SCHEDD(464, 208)
	ROUND(BX, CX, DX, R8, R9, R10, R11, AX, R15, R14, 184)

	// rounds 24-27; step 6: W[60..61] of this block, W[28..29] of the next
	SCHEDA(Y6, Y7, Y2, Y3)
	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, R14, R15, 192)
	SCHEDB(Y6, Y5)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, R15, R14, 200)
	SCHEDC(Y6, 192)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, R14, R15, 208)
	SCHEDD(480, 224)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, R15, R14, 216)

	// rounds 28-31; step 7: W[62..63] of this block, W[30..31] of the next
	SCHEDA(Y7, Y0, Y3, Y4)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, R14, R15, 224)
	SCHEDB(Y7, Y6)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, R15, R14, 232)
	SCHEDC(Y7, 224)
	ROUND(CX, DX, R8, R9, R10, R11, AX, BX, R14, R15, 240)
	SCHEDD(496, 240)
	ROUND(BX, CX, DX, R8, R9, R10, R11, AX, R15, R14, 248)

	// rounds 32-35; step 8: W[64..65] of this block, W[32..33] of the next
	SCHEDA(Y0, Y1, Y4, Y5)
	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, R14, R15, 256)
	SCHEDB(Y0, Y7)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, R15, R14, 264)
	SCHEDC(Y0, 256)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, R14, R15, 272)
	SCHEDD(512, 256)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, R15, R14, 280)

	// rounds 36-39; step 9: W[66..67] of this block, W[34..35] of the next
	SCHEDA(Y1, Y2, Y5, Y6)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, R14, R15, 288)
	SCHEDB(Y1, Y0)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, R15, R14, 296)
	SCHEDC(Y1, 288)
	ROUND(CX, DX, R8, R9, R10, R11, AX, BX, R14, R15, 304)
	SCHEDD(528, 272)
	ROUND(BX, CX, DX, R8, R9, R10, R11, AX, R15, R14, 312)

	// rounds 40-43; step 10: W[68..69] of this block, W[36..37] of the next
	SCHEDA(Y2, Y3, Y6, Y7)
	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, R14, R15, 320)
	SCHEDB(Y2, Y1)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, R15, R14, 328)
	SCHEDC(Y2, 320)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, R14, R15, 336)
	SCHEDD(544, 288)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, R15, R14, 344)

	// rounds 44-47; step 11: W[70..71] of this block, W[38..39] of the next
	SCHEDA(Y3, Y4, Y7, Y0)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, R14, R15, 352)
	SCHEDB(Y3, Y2)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, R15, R14, 360)
	SCHEDC(Y3, 352)
	ROUND(CX, DX, R8, R9, R10, R11, AX, BX, R14, R15, 368)
	SCHEDD(560, 304)
	ROUND(BX, CX, DX, R8, R9, R10, R11, AX, R15, R14, 376)

	// rounds 48-51; step 12: W[72..73] of this block, W[40..41] of the next
	SCHEDA(Y4, Y5, Y0, Y1)
	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, R14, R15, 384)
	SCHEDB(Y4, Y3)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, R15, R14, 392)
	SCHEDC(Y4, 384)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, R14, R15, 400)
	SCHEDD(576, 320)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, R15, R14, 408)

	// rounds 52-55; step 13: W[74..75] of this block, W[42..43] of the next
	SCHEDA(Y5, Y6, Y1, Y2)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, R14, R15, 416)
	SCHEDB(Y5, Y4)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, R15, R14, 424)
	SCHEDC(Y5, 416)
	ROUND(CX, DX, R8, R9, R10, R11, AX, BX, R14, R15, 432)
	SCHEDD(592, 336)
	ROUND(BX, CX, DX, R8, R9, R10, R11, AX, R15, R14, 440)

	// rounds 56-59; step 14: W[76..77] of this block, W[44..45] of the next
	SCHEDA(Y6, Y7, Y2, Y3)
	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, R14, R15, 448)
	SCHEDB(Y6, Y5)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, R15, R14, 456)
	SCHEDC(Y6, 448)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, R14, R15, 464)
	SCHEDD(608, 352)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, R15, R14, 472)

	// rounds 60-63; step 15: W[78..79] of this block, W[46..47] of the next
	SCHEDA(Y7, Y0, Y3, Y4)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, R14, R15, 480)
	SCHEDB(Y7, Y6)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, R15, R14, 488)
	SCHEDC(Y7, 480)
	ROUND(CX, DX, R8, R9, R10, R11, AX, BX, R14, R15, 496)
	SCHEDD(624, 368)
	ROUND(BX, CX, DX, R8, R9, R10, R11, AX, R15, R14, 504)

	// rounds 64-79; words 0-15 of the block two ahead
	LOADNEXT(Y0, 0)
	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, R14, R15, 512)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, R15, R14, 520)
	LOADNEXT(Y1, 1)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, R14, R15, 528)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, R15, R14, 536)
	LOADNEXT(Y2, 2)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, R14, R15, 544)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, R15, R14, 552)
	LOADNEXT(Y3, 3)
	ROUND(CX, DX, R8, R9, R10, R11, AX, BX, R14, R15, 560)
	ROUND(BX, CX, DX, R8, R9, R10, R11, AX, R15, R14, 568)
	LOADNEXT(Y4, 4)
	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, R14, R15, 576)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, R15, R14, 584)
	LOADNEXT(Y5, 5)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, R14, R15, 592)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, R15, R14, 600)
	LOADNEXT(Y6, 6)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, R14, R15, 608)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, R15, R14, 616)
	LOADNEXT(Y7, 7)
	ROUND(CX, DX, R8, R9, R10, R11, AX, BX, R14, R15, 624)
	ROUND(BX, CX, DX, R8, R9, R10, R11, AX, R15, R14, 632)

	MOVQ h+0(FP), R12
	FOLD(AX, 0)
	FOLD(BX, 8)
	FOLD(CX, 16)
	FOLD(DX, 24)
	FOLD(R8, 32)
	FOLD(R9, 40)
	FOLD(R10, 48)
	FOLD(R11, 56)

	// swap the lanes (the next block to lane 0) and the W+K arrays
	VPERM2I128 $0x01, Y0, Y0, Y0
	VPERM2I128 $0x01, Y1, Y1, Y1
	VPERM2I128 $0x01, Y2, Y2, Y2
	VPERM2I128 $0x01, Y3, Y3, Y3
	VPERM2I128 $0x01, Y4, Y4, Y4
	VPERM2I128 $0x01, Y5, Y5, Y5
	VPERM2I128 $0x01, Y6, Y6, Y6
	VPERM2I128 $0x01, Y7, Y7, Y7
	MOVQ 1288(SP), R12
	MOVQ DI, 1288(SP)
	MOVQ R12, DI

	ADDQ $128, SI
	CMPQ SI, 1280(SP)
	JB   loop

	VZEROUPPER
	RET
