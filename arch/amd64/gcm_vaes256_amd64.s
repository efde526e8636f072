//go:build amd64 && gc

#include "textflag.h"

// AES-GCM with VAES and VPCLMULQDQ on YMM (aes-gcm/vaes256): the wide path
// for whole groups of 16 blocks. Tuning and the key table are declared in
// gcm_vaes256_amd64.go; the GHASH representation (byte-reversed blocks,
// powers of H stored as H^i * x^-1, two Montgomery steps by 0xc2<<56) is
// that of gcm_aesni_amd64.s, two blocks per register: lane 0 holds the
// even block of a pair, lane 1 the odd one.
//
// Registers: AX = rk, BX = nr, DX = &rk[16*nr], SI = src, DI = dst, CX =
// blocks left (a multiple of 16), R8 = the 16-power table (H^16 first, so
// the 32 bytes at 32*j are the powers of blocks 2j and 2j+1 of a group),
// R9 = the 32-bit counter of the next group to prepare, R10 = the 32-byte
// aligned scratch, R12 = bytes 12..15 of round key 0, R13 = y.
// Y0-Y7 = the 16 AES blocks, Y8 = the round key (broadcast to both lanes),
// Y9/Y10/Y11 = the low/high/middle GHASH sums, Y12/Y13 = GHASH operands,
// Y14 = the byte-reversal mask, X15 = y between groups (upper lane zero).
//
// Scratch at R10: 0..255 = Seal's previous group of ciphertext,
// byte-reversed, y folded into block 0; 256..511 = the next group's 16
// counter blocks XORed with round key 0 (only bytes 12..15, the 32-bit
// big-endian counter, are rewritten per group, from R9 in GPRs, one group
// ahead of their loads, so the vector units only load them).

DATA gcmBswap256<>+0(SB)/8, $0x08090a0b0c0d0e0f
DATA gcmBswap256<>+8(SB)/8, $0x0001020304050607
DATA gcmBswap256<>+16(SB)/8, $0x08090a0b0c0d0e0f
DATA gcmBswap256<>+24(SB)/8, $0x0001020304050607
GLOBL gcmBswap256<>(SB), RODATA|NOPTR, $32

DATA gcmPolyV<>+0(SB)/8, $0xc200000000000000
DATA gcmPolyV<>+8(SB)/8, $0
GLOBL gcmPolyV<>(SB), RODATA|NOPTR, $16

#define VSCR 0
#define VCTRS 256

#define VCTR1(k) LEAL k(R9), R11; BSWAPL R11; XORL R12, R11; MOVL R11, (VCTRS+16*k+12)(R10)
#define VCTRSET \
	VCTR1(0); VCTR1(1); VCTR1(2); VCTR1(3); VCTR1(4); VCTR1(5); VCTR1(6); VCTR1(7); \
	VCTR1(8); VCTR1(9); VCTR1(10); VCTR1(11); VCTR1(12); VCTR1(13); VCTR1(14); VCTR1(15); \
	ADDL $16, R9

#define VCTRLOAD \
	VMOVDQA (VCTRS+0)(R10), Y0; VMOVDQA (VCTRS+32)(R10), Y1; VMOVDQA (VCTRS+64)(R10), Y2; \
	VMOVDQA (VCTRS+96)(R10), Y3; VMOVDQA (VCTRS+128)(R10), Y4; VMOVDQA (VCTRS+160)(R10), Y5; \
	VMOVDQA (VCTRS+192)(R10), Y6; VMOVDQA (VCTRS+224)(R10), Y7

#define VSETUP \
	MOVQ  rk+0(FP), AX; MOVQ nr+8(FP), BX; MOVQ BX, DX; SHLQ $4, DX; ADDQ AX, DX; \
	MOVQ  tab+16(FP), R8; MOVQ ctr+24(FP), R11; MOVQ y+32(FP), R13; \
	MOVQ  dst+40(FP), DI; MOVQ src+48(FP), SI; MOVQ n+56(FP), CX; \
	LEAQ  31(SP), R10; ANDQ $-32, R10; \
	VMOVDQU gcmBswap256<>(SB), Y14; \
	VMOVDQU (R11), X0; VPXOR (AX), X0, X0; VINSERTI128 $1, X0, Y0, Y0; \
	VMOVDQA Y0, (VCTRS+0)(R10); VMOVDQA Y0, (VCTRS+32)(R10); VMOVDQA Y0, (VCTRS+64)(R10); \
	VMOVDQA Y0, (VCTRS+96)(R10); VMOVDQA Y0, (VCTRS+128)(R10); VMOVDQA Y0, (VCTRS+160)(R10); \
	VMOVDQA Y0, (VCTRS+192)(R10); VMOVDQA Y0, (VCTRS+224)(R10); \
	MOVL  12(AX), R12; MOVL 12(R11), R9; BSWAPL R9; \
	VCTRSET; \
	VMOVDQU (R13), X15; VPSHUFB X14, X15, X15

#define VRND(off) \
	VBROADCASTI128 off(AX), Y8; \
	VAESENC Y8, Y0, Y0; VAESENC Y8, Y1, Y1; VAESENC Y8, Y2, Y2; VAESENC Y8, Y3, Y3; \
	VAESENC Y8, Y4, Y4; VAESENC Y8, Y5, Y5; VAESENC Y8, Y6, Y6; VAESENC Y8, Y7, Y7
#define VLAST \
	VBROADCASTI128 (DX), Y8; \
	VAESENCLAST Y8, Y0, Y0; VAESENCLAST Y8, Y1, Y1; VAESENCLAST Y8, Y2, Y2; VAESENCLAST Y8, Y3, Y3; \
	VAESENCLAST Y8, Y4, Y4; VAESENCLAST Y8, Y5, Y5; VAESENCLAST Y8, Y6, Y6; VAESENCLAST Y8, Y7, Y7

// Rounds 10-13 of 192- and 256-bit keys after CMPQ BX, $12.
#define VMORE(l_last) \
	JB l_last; VRND(160); VRND(176); JEQ l_last; VRND(192); VRND(208); \
l_last:

// GHASH multiply-accumulate of the pair in D by the powers at 32*j(R8).
#define VMUL_FIRST(D) \
	VPCLMULQDQ $0x00, (R8), D, Y9; VPCLMULQDQ $0x11, (R8), D, Y10; \
	VPCLMULQDQ $0x01, (R8), D, Y11; VPCLMULQDQ $0x10, (R8), D, Y13; VPXOR Y13, Y11, Y11
#define VMUL(j, D) \
	VPCLMULQDQ $0x00, (32*j)(R8), D, Y13; VPXOR Y13, Y9, Y9; \
	VPCLMULQDQ $0x11, (32*j)(R8), D, Y13; VPXOR Y13, Y10, Y10; \
	VPCLMULQDQ $0x01, (32*j)(R8), D, Y13; VPXOR Y13, Y11, Y11; \
	VPCLMULQDQ $0x10, (32*j)(R8), D, Y13; VPXOR Y13, Y11, Y11

// Seal: the previous group from the scratch (y already folded in).
#define VGSCR_FIRST VMOVDQA (VSCR)(R10), Y12; VMUL_FIRST(Y12)
#define VGSCR(j) VMOVDQA (VSCR+32*j)(R10), Y12; VMUL(j, Y12)

// Open: the current group's ciphertext from src, y folded into block 0.
#define VGSRC_FIRST VMOVDQU (SI), Y12; VPSHUFB Y14, Y12, Y12; VPXOR Y15, Y12, Y12; VMUL_FIRST(Y12)
#define VGSRC(j) VMOVDQU (32*j)(SI), Y12; VPSHUFB Y14, Y12, Y12; VMUL(j, Y12)

// VREDUCE: X15 = the reduced sum of Y9, Y10, Y11: the lanes are added,
// the middle part split over the halves, then the two Montgomery steps.
#define VREDUCE \
	VEXTRACTI128 $1, Y9, X12; VPXOR X12, X9, X9; \
	VEXTRACTI128 $1, Y10, X12; VPXOR X12, X10, X10; \
	VEXTRACTI128 $1, Y11, X12; VPXOR X12, X11, X11; \
	VPSLLDQ $8, X11, X12; VPXOR X12, X9, X9; VPSRLDQ $8, X11, X11; VPXOR X11, X10, X10; \
	VPCLMULQDQ $0x00, gcmPolyV<>(SB), X9, X12; VPSHUFD $0x4e, X9, X9; VPXOR X12, X9, X9; \
	VPCLMULQDQ $0x00, gcmPolyV<>(SB), X9, X12; VPSHUFD $0x4e, X9, X9; VPXOR X12, X9, X9; \
	VPXOR X10, X9, X15

#define VCIPHER(l_last) \
	VRND(16); VRND(32); VRND(48); VRND(64); VRND(80); VRND(96); VRND(112); VRND(128); VRND(144); \
	CMPQ BX, $12; VMORE(l_last); VLAST

// One stitched group: GHASH steps between rounds 1-8, the reduction
// after round 9.
#define VSTITCH(FIRST, G, l_last) \
	VRND(16); FIRST; VRND(32); G(1); VRND(48); G(2); VRND(64); G(3); \
	VRND(80); G(4); VRND(96); G(5); VRND(112); G(6); VRND(128); G(7); \
	VRND(144); VREDUCE; \
	CMPQ BX, $12; VMORE(l_last); VLAST

#define VXORST(j, x) VPXOR (32*j)(SI), x, x; VMOVDQU x, (32*j)(DI)
#define VOUT \
	VXORST(0, Y0); VXORST(1, Y1); VXORST(2, Y2); VXORST(3, Y3); \
	VXORST(4, Y4); VXORST(5, Y5); VXORST(6, Y6); VXORST(7, Y7)

// Seal: the group's ciphertext, byte-reversed, y folded in, to the scratch.
#define VSEAL_SCR \
	VPSHUFB Y14, Y0, Y0; VPXOR Y15, Y0, Y0; VMOVDQA Y0, (VSCR)(R10); \
	VPSHUFB Y14, Y1, Y1; VMOVDQA Y1, (VSCR+32)(R10); VPSHUFB Y14, Y2, Y2; VMOVDQA Y2, (VSCR+64)(R10); \
	VPSHUFB Y14, Y3, Y3; VMOVDQA Y3, (VSCR+96)(R10); VPSHUFB Y14, Y4, Y4; VMOVDQA Y4, (VSCR+128)(R10); \
	VPSHUFB Y14, Y5, Y5; VMOVDQA Y5, (VSCR+160)(R10); VPSHUFB Y14, Y6, Y6; VMOVDQA Y6, (VSCR+192)(R10); \
	VPSHUFB Y14, Y7, Y7; VMOVDQA Y7, (VSCR+224)(R10)

#define VADV ADDQ $256, SI; ADDQ $256, DI; SUBQ $16, CX

#define VDONE \
	VPSHUFB X14, X15, X15; VMOVDQU X15, (R13); VZEROUPPER; RET

// func gcmSealV256(rk *byte, nr int, tab *byte, ctr, y *[16]byte, dst, src *byte, n int)
// n is a positive multiple of 16. GHASH lags one group behind the cipher.
TEXT ·gcmSealV256(SB), NOSPLIT, $544-64
	VSETUP
	VCTRLOAD
	VCTRSET
	VCIPHER(vsfirst)
	VOUT
	VSEAL_SCR
	VADV

vsloop:
	CMPQ CX, $16
	JB   vsdrain
	VCTRLOAD
	VCTRSET
	VSTITCH(VGSCR_FIRST, VGSCR, vsloopLast)
	VOUT
	VSEAL_SCR
	VADV
	JMP  vsloop

vsdrain:
	VGSCR_FIRST
	VGSCR(1)
	VGSCR(2)
	VGSCR(3)
	VGSCR(4)
	VGSCR(5)
	VGSCR(6)
	VGSCR(7)
	VREDUCE
	VDONE

// func gcmOpenV256(rk *byte, nr int, tab *byte, ctr, y *[16]byte, dst, src *byte, n int)
// n is a positive multiple of 16; each group is hashed while it is
// deciphered, its loads before its stores (in place).
TEXT ·gcmOpenV256(SB), NOSPLIT, $544-64
	VSETUP

voloop:
	CMPQ CX, $16
	JB   vodone
	VCTRLOAD
	VCTRSET
	VSTITCH(VGSRC_FIRST, VGSRC, voloopLast)
	VOUT
	VADV
	JMP  voloop

vodone:
	VDONE
