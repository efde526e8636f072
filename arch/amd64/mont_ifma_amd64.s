//go:build gc

#include "textflag.h"

// The 52-bit-limb Montgomery loop of mont/ifma (AVX512-IFMA on 256-bit
// registers). Its Go model, instruction for instruction, is
// montIFMA52Model in mont_ifma_model_amd64_test.go: keep the two in step.
//
// Only Y16-Y21 are used, so every vector instruction is EVEX-encoded
// (AVX512F/VL/IFMA; none needs AVX2) and the upper halves of YMM0-15 stay
// clean (no VZEROUPPER needed).

// func montIFMA52(a, x, m, y *uint64, v, l int, k0 uint64)
//
// a holds the accumulator, 4(v+1) lanes of 64 bits, zero on entry; lane
// j weighs 2^(52j), and lanes may exceed 52 bits (the carries are kept in
// them, not propagated). x and m hold the operand and the modulus in
// 52-bit limbs, 4v+4 limbs each, zero above the l-th; y holds l 52-bit
// digits; k0 = -m^-1 mod 2^52. For each digit b = y_i (l steps):
//
//	t0 = a_0 + lo52(x_0 b)        q = t0 * k0 mod 2^52
//	c  = (t0 + lo52(m_0 q)) >> 52 (the low 52 bits are zero by choice of q)
//	a_j = a_{j+1} + lo52(x_{j+1} b) + lo52(m_{j+1} q)
//	      + hi52(x_j b) + hi52(m_j q) (+ c for j = 0)
//
// which is a = (a + x*b + m*q) / 2^52 with the limbs shifted down in
// registers by VALIGNQ (so every vector load of a meets a store of the
// same 32 bytes from the step before). Each step adds at most 4(2^52-1)+c
// to a lane, so after l <= 158 steps every lane is below 2^62: no lane
// overflows. The caller normalizes the lanes.
TEXT ·montIFMA52(SB), NOSPLIT, $0-56
	MOVQ a+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ m+16(FP), R8
	MOVQ y+24(FP), R9
	MOVQ v+32(FP), R10
	MOVQ l+40(FP), R11
	MOVQ k0+48(FP), R12
	MOVQ $0x000fffffffffffff, R13 // 2^52 - 1

step:
	// Scalar part: the digit q that clears limb 0, and limb 0's carry.
	MOVQ  (R9), BX            // b = y_i
	MOVQ  (SI), AX
	IMULQ BX, AX
	ANDQ  R13, AX             // lo52(x_0 b)
	ADDQ  (DI), AX            // t0 = a_0 + lo52(x_0 b)
	MOVQ  AX, CX
	IMULQ R12, CX
	ANDQ  R13, CX             // q = t0 k0 mod 2^52
	MOVQ  (R8), DX
	IMULQ CX, DX
	ANDQ  R13, DX             // lo52(m_0 q)
	ADDQ  AX, DX
	SHRQ  $52, DX             // c
	VPBROADCASTQ BX, Y16      // b in every lane
	VPBROADCASTQ CX, Y17      // q in every lane
	VMOVQ DX, X18             // (c, 0, 0, 0)

	// Vector part: v registers of 4 lanes, a shifted down one lane.
	MOVQ      DI, AX          // &a[4j]
	MOVQ      SI, BX          // &x[4j]
	MOVQ      R8, CX          // &m[4j]
	MOVQ      R10, DX
	VMOVDQU64 (AX), Y19       // a[4j..4j+3]

lanes:
	VMOVDQU64   32(AX), Y20   // a[4j+4..4j+7]
	VALIGNQ     $1, Y19, Y20, Y21 // a[4j+1..4j+4]
	VPMADD52LUQ 8(BX), Y16, Y21   // + lo52(x[4j+1..4j+4] b)
	VPMADD52LUQ 8(CX), Y17, Y21   // + lo52(m[4j+1..4j+4] q)
	VPMADD52HUQ (BX), Y16, Y21    // + hi52(x[4j..4j+3] b)
	VPMADD52HUQ (CX), Y17, Y21    // + hi52(m[4j..4j+3] q)
	VPADDQ      Y18, Y21, Y21     // + c into lane 0 (first register only)
	VPXORQ      Y18, Y18, Y18
	VMOVDQU64   Y21, (AX)
	VMOVDQA64   Y20, Y19
	ADDQ        $32, AX
	ADDQ        $32, BX
	ADDQ        $32, CX
	DECQ        DX
	JNZ         lanes

	ADDQ $8, R9
	DECQ R11
	JNZ  step
	RET

// func probeIFMA52(out *[8]uint64, acc, a, b *[4]uint64)
// out[0:4] = acc + lo52(a*b) lane by lane (VPMADD52LUQ), out[4:8] = acc +
// hi52(a*b) (VPMADD52HUQ), on YMM registers.
TEXT ·probeIFMA52(SB), NOSPLIT, $0-32
	MOVQ        out+0(FP), DI
	MOVQ        acc+8(FP), SI
	MOVQ        a+16(FP), AX
	MOVQ        b+24(FP), BX
	VMOVDQU64   (SI), Y16
	VMOVDQU64   (SI), Y17
	VMOVDQU64   (AX), Y18
	VPMADD52LUQ (BX), Y18, Y16
	VPMADD52HUQ (BX), Y18, Y17
	VMOVDQU64   Y16, (DI)
	VMOVDQU64   Y17, 32(DI)
	RET
