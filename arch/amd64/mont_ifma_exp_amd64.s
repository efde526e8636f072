//go:build gc

#include "textflag.h"

// The almost-Montgomery products and the table read of mont/ifma's Exp
// and Exp2 (mont_ifma_exp_amd64.go), in 52-bit digits on 256-bit
// registers. Their Go model, step for step, is ammIFMA52Model in
// mont_ifma_exp_model_amd64_test.go: keep the two in step. Only Y16-Y31 are
// used (EVEX encodings; YMM0-15 stay clean, no VZEROUPPER).
//
// A product runs, per digit b of y, a = (a + x*b + m*q) / 2^52 with the
// carries kept in the lanes (as montIFMA52 in mont_ifma_amd64.s), then
// propagates them 52 bits at a time into z's l digits. One change takes
// latency off the chain from one digit to the next:
//
//   - limb 0 lives in a scalar s (a frame slot) instead of the vector
//     lanes: with t0 = s + lo52(x_0 b), q = t0 k0 mod 2^52 and
//     c = (t0 + lo52(m_0 q)) / 2^52, the next s is
//     a_1 + lo52(x_1 b) + hi52(x_0 b) + lo52(m_1 q) + (m_0 q + t0) / 2^52
//     (the last term is hi52(m_0 q) + c exactly, as t0 + lo52(m_0 q) is a
//     multiple of 2^52), computed in scalar registers while the vectors
//     run; a_1 is read before this digit's stores. The vector lane 0 then
//     lacks the c's: it is only ever shifted out, and s replaces it at
//     the end.
//
// The accumulator a (4v+4 lanes) is zeroed first, so z may alias x or y.
// Each digit adds at most 4(2^52-1) to a lane (s: that and c < 2^12), so
// after l <= 158 digits no lane reaches 2^62. Inputs below 2m give a
// result below 2m (mont_ifma_exp_amd64.go proves it), which fits l
// digits: no carry leaves digit l-1.

DATA ifmaMask52<>+0(SB)/8, $0x000fffffffffffff
GLOBL ifmaMask52<>(SB), RODATA|NOPTR, $8

#define MASK52 ifmaMask52<>(SB)

// AMMSTEP(y, x, m, a, k0, s, B, Q) is the scalar part of one digit: b =
// *y, q as above, broadcast to B and Q, and s updated to the next digit's
// limb 0. Clobbers AX, BX, CX, DX, R14, R15.
#define AMMSTEP(y, x, m, a, k0, s, B, Q) \
	MOVQ         (y), BX;       \
	MOVQ         (x), AX;       \
	IMULQ        BX, AX;        \
	ANDQ         MASK52, AX;    \
	ADDQ         s, AX;         \
	MOVQ         AX, CX;        \
	IMULQ        k0, CX;        \
	ANDQ         MASK52, CX;    \
	VPBROADCASTQ BX, B;         \
	VPBROADCASTQ CX, Q;         \
	MOVQ         8(a), R14;     \
	MOVQ         8(x), R15;     \
	IMULQ        BX, R15;       \
	ANDQ         MASK52, R15;   \
	ADDQ         R15, R14;      \
	MOVQ         (x), DX;       \
	MULXQ        BX, R15, DX;   \
	SHRQ         $52, DX, R15;  \
	ADDQ         R15, R14;      \
	MOVQ         8(m), R15;     \
	IMULQ        CX, R15;       \
	ANDQ         MASK52, R15;   \
	ADDQ         R15, R14;      \
	MOVQ         (m), DX;       \
	MULXQ        CX, R15, DX;   \
	ADDQ         AX, R15;       \
	ADCQ         $0, DX;        \
	SHRQ         $52, DX, R15;  \
	ADDQ         R15, R14;      \
	MOVQ         R14, s

// AMMLANE(a, x, m, B, Q, P, N, T) is one register of the vector part at
// byte offset AX: T = lanes 1..4 of P:N (a shifted down one digit) +
// lo52(x[+1] b) + hi52(x b) + lo52(m[+1] q) + hi52(m q), stored over a's
// register; N (the next register, loaded here) becomes P. Eight
// instructions a register: the loop is bound by their number more than by
// the chain through a (summing x*b and m*q apart, 12, was no faster).
#define AMMLANE(a, x, m, B, Q, P, N, T) \
	VMOVDQU64   32(a)(AX*1), N;   \
	VALIGNQ     $1, P, N, T;      \
	VPMADD52LUQ 8(x)(AX*1), B, T; \
	VPMADD52HUQ (x)(AX*1), B, T;  \
	VPMADD52LUQ 8(m)(AX*1), Q, T; \
	VPMADD52HUQ (m)(AX*1), Q, T;  \
	VMOVDQU64   T, (a)(AX*1);     \
	VMOVDQA64   N, P

// AMMNORM(a, z, l, lbl) writes the l digits of the accumulator at a to
// z, carries propagated. Clobbers AX, BX, CX, R14.
#define AMMNORM(a, z, l, lbl) \
	XORQ CX, CX;            \
	XORQ AX, AX;            \
lbl:                        \
	MOVQ (a)(AX*8), R14;    \
	ADDQ CX, R14;           \
	MOVQ R14, CX;           \
	SHRQ $52, CX;           \
	ANDQ MASK52, R14;       \
	MOVQ R14, (z)(AX*8);    \
	INCQ AX;                \
	CMPQ AX, l;             \
	JNE  lbl

// func ammIFMA52(z, a, x, y, m *uint64, v, l int, k0 uint64)
//
// z = x*y*2^(-52l) + (0 or m) in l digits; x, m: 4v+4 digits (zero above
// l-1), y: l digits, a: 4v+4 lanes of scratch, k0 = -m^-1 mod 2^52.
// Locals: the digits left, s.
TEXT ·ammIFMA52(SB), NOSPLIT, $16-64
	MOVQ a+8(FP), SI
	MOVQ x+16(FP), DI
	MOVQ y+24(FP), R12
	MOVQ m+32(FP), R8
	MOVQ l+48(FP), AX
	MOVQ AX, cnt-8(SP)
	MOVQ $0, s-16(SP)

	VPXORQ Y16, Y16, Y16
	MOVQ   v+40(FP), DX
	INCQ   DX
	XORQ   AX, AX

zero1:
	VMOVDQU64 Y16, (SI)(AX*1)
	ADDQ      $32, AX
	DECQ      DX
	JNZ       zero1

step1:
	AMMSTEP(R12, DI, R8, SI, k0+56(FP), s-16(SP), Y16, Y17)
	XORQ      AX, AX
	MOVQ      v+40(FP), DX
	VMOVDQU64 (SI), Y19

lanes1:
	AMMLANE(SI, DI, R8, Y16, Y17, Y19, Y20, Y21)
	ADDQ $32, AX
	DECQ DX
	JNZ  lanes1

	ADDQ $8, R12
	DECQ cnt-8(SP)
	JNZ  step1

	MOVQ s-16(SP), AX
	MOVQ AX, (SI)
	MOVQ z+0(FP), DI
	MOVQ l+48(FP), DX
	AMMNORM(SI, DI, DX, norm1)
	RET

// func ammIFMA52x2(z1, a1, x1, y1, m1, z2, a2, x2, y2, m2 *uint64, v, l int, k01, k02 uint64)
//
// Two independent ammIFMA52 products of the same size in one loop: the
// scalar chain of one (q and s from limb 0) runs beside the vectors of
// the other. Locals: the digits left, s1, s2.
TEXT ·ammIFMA52x2(SB), NOSPLIT, $24-112
	MOVQ a1+8(FP), SI
	MOVQ x1+16(FP), DI
	MOVQ y1+24(FP), R12
	MOVQ m1+32(FP), R8
	MOVQ a2+48(FP), R9
	MOVQ x2+56(FP), R10
	MOVQ y2+64(FP), R13
	MOVQ m2+72(FP), R11
	MOVQ l+88(FP), AX
	MOVQ AX, cnt-8(SP)
	MOVQ $0, s1-16(SP)
	MOVQ $0, s2-24(SP)

	VPXORQ Y16, Y16, Y16
	MOVQ   v+80(FP), DX
	INCQ   DX
	XORQ   AX, AX

zero2:
	VMOVDQU64 Y16, (SI)(AX*1)
	VMOVDQU64 Y16, (R9)(AX*1)
	ADDQ      $32, AX
	DECQ      DX
	JNZ       zero2

step2:
	AMMSTEP(R12, DI, R8, SI, k01+96(FP), s1-16(SP), Y16, Y17)
	AMMSTEP(R13, R10, R11, R9, k02+104(FP), s2-24(SP), Y24, Y25)
	XORQ      AX, AX
	MOVQ      v+80(FP), DX
	VMOVDQU64 (SI), Y19
	VMOVDQU64 (R9), Y27

lanes2:
	AMMLANE(SI, DI, R8, Y16, Y17, Y19, Y20, Y21)
	AMMLANE(R9, R10, R11, Y24, Y25, Y27, Y28, Y29)
	ADDQ $32, AX
	DECQ DX
	JNZ  lanes2

	ADDQ $8, R12
	ADDQ $8, R13
	DECQ cnt-8(SP)
	JNZ  step2

	MOVQ s1-16(SP), AX
	MOVQ AX, (SI)
	MOVQ s2-24(SP), AX
	MOVQ AX, (R9)
	MOVQ z1+0(FP), DI
	MOVQ l+88(FP), DX
	AMMNORM(SI, DI, DX, norm2a)
	MOVQ z2+40(FP), DI
	AMMNORM(R9, DI, DX, norm2b)
	RET

// func gatherIFMA52(out, tab *uint64, w, idx int)
//
// out (w words, w a multiple of 4) = entry idx of the 32-entry table at
// tab, entries w words apart. Every entry is read; a compare of the entry
// counter with idx gives the mask under which it is ORed in, so the
// addresses touched do not depend on idx.
TEXT ·gatherIFMA52(SB), NOSPLIT, $0-32
	MOVQ         out+0(FP), DI
	MOVQ         tab+8(FP), SI
	MOVQ         w+16(FP), CX
	MOVQ         idx+24(FP), AX
	VPBROADCASTQ AX, Y16
	MOVQ         $1, AX
	VPBROADCASTQ AX, Y17
	MOVQ         CX, R9
	SHRQ         $2, R9 // registers per entry
	SHLQ         $3, CX // bytes per entry
	XORQ         R8, R8

gchunk:
	VPXORQ Y18, Y18, Y18
	VPXORQ Y19, Y19, Y19
	LEAQ   (SI)(R8*1), BX
	MOVQ   $32, DX

gentry:
	VPCMPEQQ  Y16, Y19, K1
	VMOVDQU64 (BX), Y20
	VPORQ     Y20, Y18, K1, Y18
	VPADDQ    Y17, Y19, Y19
	ADDQ      CX, BX
	DECQ      DX
	JNZ       gentry

	VMOVDQU64 Y18, (DI)(R8*1)
	ADDQ      $32, R8
	DECQ      R9
	JNZ       gchunk
	RET
