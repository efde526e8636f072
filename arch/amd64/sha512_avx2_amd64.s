//go:build gc

#include "textflag.h"

// SHA-512 block function with AVX2 and BMI2, one 128-byte block per pass.
// The Go side uses it for fewer than three blocks (a short message's last
// block); longer runs go to sha512_avx2lanes_amd64.s, same rounds, a schedule
// that shares vectors between consecutive blocks.
//
// Message schedule: four 64-bit words per YMM, Y0-Y3 = W[t-16..t-1]. A step
// makes W[t..t+3] and stores W+K to the stack. Step j is spread over rounds
// 4j..4j+3 (a quarter before each round) and so is 16 rounds ahead of its
// first use; the out-of-order core runs it beside the scalar rounds. All 80
// rounds are unrolled, so every W+K and K offset is a constant.
//
// Rounds: scalar, RORX for the rotations (non-destructive, so the Sigmas need
// no copies). On the target (AMD EPYC; measured about 4 integer ALU operations
// per cycle, 2 of them rotations) the rounds are bound by integer ALU throughput and the a/e
// dependency chains together, so the round is built for the fewest ALU
// operations (22 per round, and 2 register copies the renamer eliminates);
// a variant with 4-cycle chains but 25 operations ran slower:
//   T1 = h + (W+K) + Ch(e,f,g) + Sigma1(e), Ch = ((f^g)&e)^g
//   Maj(a,b,c) = ((a^b)&(b^c))^b, where a^b is kept for the next round as its
//   b^c (the two registers R14/R15 swap roles each round)
//   d += T1 (new e); h = T1 + (Sigma0(a) + Maj) (new a)
// The order inside the round was chosen by measurement (other orders of the
// same operations ran up to 25% slower).
//
// Registers: a..h rotate through AX BX CX DX R8 R9 R10 R11 (the macro
// arguments rename them each round), R12/R13 scratch, R14/R15 b^c and a^b,
// SI = input, BP = &K. Y0-Y3 schedule, Y8 byte-swap mask, Y9 rotate-by-8
// mask, Y10-Y14 scratch.
//
// Stack: W[t]+K[t] at 8*t(SP) for t < 80, the input end pointer at 640(SP).

// VPSHUFB mask: byte-reverse each 64-bit lane (big-endian message words)
DATA bswap64<>+0(SB)/8, $0x0001020304050607
DATA bswap64<>+8(SB)/8, $0x08090a0b0c0d0e0f
GLOBL bswap64<>(SB), RODATA|NOPTR, $16

// VPSHUFB mask: rotate each 64-bit lane right by 8 bits (sigma0's ror 8)
DATA ror8q<>+0(SB)/8, $0x0007060504030201
DATA ror8q<>+8(SB)/8, $0x080f0e0d0c0b0a09
GLOBL ror8q<>(SB), RODATA|NOPTR, $16

// out = sigma1(x) = ror19 ^ ror61 ^ shr6 (AVX2 has no 64-bit rotate: each
// rotation is two shifts); x itself is kept
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

// One schedule step in four parts: m0 := W[t..t+3] from m0..m3 = W[t-16..t-1].
// Part A: Y10 = sigma0(W[t-15..t-12]) (VPERM2I128+VPALIGNR shift the window
// by one word across the 128-bit lanes), Y11 = W[t-7..t-4].
#define SCHEDA(m0, m1, m2, m3) \
	VPERM2I128 $0x21, m1, m0, Y10 \
	VPALIGNR   $8, m0, Y10, Y10 \
	VPERM2I128 $0x21, m3, m2, Y11 \
	VPALIGNR   $8, m2, Y11, Y11 \
	VPSRLQ     $1, Y10, Y12 \
	VPSLLQ     $63, Y10, Y13 \
	VPXOR      Y13, Y12, Y12 \
	VPSRLQ     $7, Y10, Y13 \
	VPSHUFB    Y9, Y10, Y14 \
	VPXOR      Y14, Y13, Y13 \
	VPXOR      Y13, Y12, Y10

// Part B: add sigma0 and W[t-7..t-4], then sigma1 of W[t-2..t-1] moved to
// the low lane (high lane zero, sigma1(0) = 0): W[t], W[t+1] are final.
#define SCHEDB(m0, m1, m2, m3) \
	VPADDQ     Y10, m0, m0 \
	VPADDQ     Y11, m0, m0 \
	VPERM2I128 $0x81, m3, m3, Y10 \
	SIGMA1(Y10, Y12) \
	VPADDQ     Y12, m0, m0

// Part C: W[t+2], W[t+3] need sigma1 of the new W[t], W[t+1], moved to the
// high lane (low lane zero).
#define SCHEDC(m0) \
	VPERM2I128 $0x08, m0, m0, Y10 \
	SIGMA1(Y10, Y12) \
	VPADDQ     Y12, m0, m0

// Part D: store W+K.
#define SCHEDD(m0, off) \
	VPADDQ  off(BP), m0, Y10 \
	VMOVDQU Y10, off(SP)

// load W[off/8..off/8+3] big-endian into y and store its W+K
#define LOAD(y, off) \
	VMOVDQU off(SI), y \
	VPSHUFB Y8, y, y \
	VPADDQ  off(BP), y, Y10 \
	VMOVDQU Y10, off(SP)

// One round with W+K at wk(SP); bc holds b^c on entry, ab receives a^b.
// h becomes the new a, d the new e.
#define ROUND(a, b, c, d, e, f, g, h, bc, ab, wk) \
	ADDQ  wk(SP), h \
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

// func sha512BlockAVX2(h *[8]uint64, p []byte, k *[80]uint64)
TEXT ·sha512BlockAVX2(SB), 0, $648-40
	MOVQ p_len+16(FP), DI
	SHRQ $7, DI
	JZ   done
	SHLQ $7, DI
	MOVQ p_base+8(FP), SI
	ADDQ SI, DI
	MOVQ DI, 640(SP)
	MOVQ k+32(FP), BP
	VBROADCASTI128 bswap64<>(SB), Y8
	VBROADCASTI128 ror8q<>(SB), Y9

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
	LOAD(Y0, 0)
	LOAD(Y1, 32)
	LOAD(Y2, 64)
	LOAD(Y3, 96)
	MOVQ BX, R14
	XORQ CX, R14


	// rounds 0-3, schedule of W[16..19]
	SCHEDA(Y0, Y1, Y2, Y3)
	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, R14, R15, 0)
	SCHEDB(Y0, Y1, Y2, Y3)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, R15, R14, 8)
	SCHEDC(Y0)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, R14, R15, 16)
	SCHEDD(Y0, 128)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, R15, R14, 24)

	// rounds 4-7, schedule of W[20..23]
	SCHEDA(Y1, Y2, Y3, Y0)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, R14, R15, 32)
	SCHEDB(Y1, Y2, Y3, Y0)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, R15, R14, 40)
	SCHEDC(Y1)
	ROUND(CX, DX, R8, R9, R10, R11, AX, BX, R14, R15, 48)
	SCHEDD(Y1, 160)
	ROUND(BX, CX, DX, R8, R9, R10, R11, AX, R15, R14, 56)

	// rounds 8-11, schedule of W[24..27]
	SCHEDA(Y2, Y3, Y0, Y1)
	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, R14, R15, 64)
	SCHEDB(Y2, Y3, Y0, Y1)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, R15, R14, 72)
	SCHEDC(Y2)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, R14, R15, 80)
	SCHEDD(Y2, 192)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, R15, R14, 88)

	// rounds 12-15, schedule of W[28..31]
	SCHEDA(Y3, Y0, Y1, Y2)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, R14, R15, 96)
	SCHEDB(Y3, Y0, Y1, Y2)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, R15, R14, 104)
	SCHEDC(Y3)
	ROUND(CX, DX, R8, R9, R10, R11, AX, BX, R14, R15, 112)
	SCHEDD(Y3, 224)
	ROUND(BX, CX, DX, R8, R9, R10, R11, AX, R15, R14, 120)

	// rounds 16-19, schedule of W[32..35]
	SCHEDA(Y0, Y1, Y2, Y3)
	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, R14, R15, 128)
	SCHEDB(Y0, Y1, Y2, Y3)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, R15, R14, 136)
	SCHEDC(Y0)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, R14, R15, 144)
	SCHEDD(Y0, 256)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, R15, R14, 152)

	// rounds 20-23, schedule of W[36..39]
	SCHEDA(Y1, Y2, Y3, Y0)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, R14, R15, 160)
	SCHEDB(Y1, Y2, Y3, Y0)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, R15, R14, 168)
	SCHEDC(Y1)
	ROUND(CX, DX, R8, R9, R10, R11, AX, BX, R14, R15, 176)
	SCHEDD(Y1, 288)
	ROUND(BX, CX, DX, R8, R9, R10, R11, AX, R15, R14, 184)

	// rounds 24-27, schedule of W[40..43]
	SCHEDA(Y2, Y3, Y0, Y1)
	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, R14, R15, 192)
	SCHEDB(Y2, Y3, Y0, Y1)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, R15, R14, 200)
	SCHEDC(Y2)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, R14, R15, 208)
	SCHEDD(Y2, 320)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, R15, R14, 216)

	// rounds 28-31, schedule of W[44..47]
	SCHEDA(Y3, Y0, Y1, Y2)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, R14, R15, 224)
	SCHEDB(Y3, Y0, Y1, Y2)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, R15, R14, 232)
	SCHEDC(Y3)
	ROUND(CX, DX, R8, R9, R10, R11, AX, BX, R14, R15, 240)
	SCHEDD(Y3, 352)
	ROUND(BX, CX, DX, R8, R9, R10, R11, AX, R15, R14, 248)

	// rounds 32-35, schedule of W[48..51]
	SCHEDA(Y0, Y1, Y2, Y3)
	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, R14, R15, 256)
	SCHEDB(Y0, Y1, Y2, Y3)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, R15, R14, 264)
	SCHEDC(Y0)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, R14, R15, 272)
	SCHEDD(Y0, 384)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, R15, R14, 280)

	// rounds 36-39, schedule of W[52..55]
	SCHEDA(Y1, Y2, Y3, Y0)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, R14, R15, 288)
	SCHEDB(Y1, Y2, Y3, Y0)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, R15, R14, 296)
	SCHEDC(Y1)
	ROUND(CX, DX, R8, R9, R10, R11, AX, BX, R14, R15, 304)
	SCHEDD(Y1, 416)
	ROUND(BX, CX, DX, R8, R9, R10, R11, AX, R15, R14, 312)

	// rounds 40-43, schedule of W[56..59]
	SCHEDA(Y2, Y3, Y0, Y1)
	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, R14, R15, 320)
	SCHEDB(Y2, Y3, Y0, Y1)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, R15, R14, 328)
	SCHEDC(Y2)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, R14, R15, 336)
	SCHEDD(Y2, 448)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, R15, R14, 344)

	// rounds 44-47, schedule of W[60..63]
	SCHEDA(Y3, Y0, Y1, Y2)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, R14, R15, 352)
	SCHEDB(Y3, Y0, Y1, Y2)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, R15, R14, 360)
	SCHEDC(Y3)
	ROUND(CX, DX, R8, R9, R10, R11, AX, BX, R14, R15, 368)
	SCHEDD(Y3, 480)
	ROUND(BX, CX, DX, R8, R9, R10, R11, AX, R15, R14, 376)

	// rounds 48-51, schedule of W[64..67]
	SCHEDA(Y0, Y1, Y2, Y3)
	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, R14, R15, 384)
	SCHEDB(Y0, Y1, Y2, Y3)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, R15, R14, 392)
	SCHEDC(Y0)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, R14, R15, 400)
	SCHEDD(Y0, 512)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, R15, R14, 408)

	// rounds 52-55, schedule of W[68..71]
	SCHEDA(Y1, Y2, Y3, Y0)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, R14, R15, 416)
	SCHEDB(Y1, Y2, Y3, Y0)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, R15, R14, 424)
	SCHEDC(Y1)
	ROUND(CX, DX, R8, R9, R10, R11, AX, BX, R14, R15, 432)
	SCHEDD(Y1, 544)
	ROUND(BX, CX, DX, R8, R9, R10, R11, AX, R15, R14, 440)

	// rounds 56-59, schedule of W[72..75]
	SCHEDA(Y2, Y3, Y0, Y1)
	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, R14, R15, 448)
	SCHEDB(Y2, Y3, Y0, Y1)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, R15, R14, 456)
	SCHEDC(Y2)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, R14, R15, 464)
	SCHEDD(Y2, 576)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, R15, R14, 472)

	// rounds 60-63, schedule of W[76..79]
	SCHEDA(Y3, Y0, Y1, Y2)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, R14, R15, 480)
	SCHEDB(Y3, Y0, Y1, Y2)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, R15, R14, 488)
	SCHEDC(Y3)
	ROUND(CX, DX, R8, R9, R10, R11, AX, BX, R14, R15, 496)
	SCHEDD(Y3, 608)
	ROUND(BX, CX, DX, R8, R9, R10, R11, AX, R15, R14, 504)

	// rounds 64-79
	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, R14, R15, 512)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, R15, R14, 520)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, R14, R15, 528)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, R15, R14, 536)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, R14, R15, 544)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, R15, R14, 552)
	ROUND(CX, DX, R8, R9, R10, R11, AX, BX, R14, R15, 560)
	ROUND(BX, CX, DX, R8, R9, R10, R11, AX, R15, R14, 568)
	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, R14, R15, 576)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, R15, R14, 584)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, R14, R15, 592)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, R15, R14, 600)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, R14, R15, 608)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, R15, R14, 616)
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

	ADDQ $128, SI
	CMPQ SI, 640(SP)
	JB   loop

done:
	VZEROUPPER
	RET
