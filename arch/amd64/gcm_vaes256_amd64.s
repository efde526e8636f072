//go:build gc

#include "textflag.h"

// AES-GCM with VAES and VPCLMULQDQ on YMM (aes-gcm/vaes256). Tuning and
// the key table are declared in gcm_vaes256_amd64.go; the GHASH
// representation (byte-reversed blocks, powers of H stored as H^i * x^-1,
// two Montgomery steps by 0xc2<<56) is that of gcm_aesni_amd64.s, two
// blocks per register: lane 0 holds the even block of a pair, lane 1 the
// odd one. Products are Karatsuba (three VPCLMULQDQ per pair): on this
// class of CPU VPCLMULQDQ issues about once per two cycles and competes
// with VAESENC, so its count sets the speed.
//
// A call runs its first `wide` blocks (a multiple of 16, maybe 0) on the
// wide path: stitched groups of 16 blocks, AES of group i interleaved with
// GHASH of group i-1 (Seal) or of group i itself (Open), one reduction per
// group. The rest (and all of a short call) takes the narrow path: pieces
// of up to 16 blocks, AES of 1, 2, 4 or 8 registers (whatever covers the
// piece), then GHASH of its pairs with H^r..H^1 and one reduction. A call
// of one block, and a GHASH of one block (the lengths block), take short
// XMM paths built for latency.
//
// Registers: AX = rk, BX = nr, DX = the last broadcast round key (wide),
// SI = src, DI = dst, CX = blocks left, R8 = the table (H^16 first, so the
// 32 bytes at 32*j are the powers of blocks 2j and 2j+1 of a group; the
// Karatsuba keys at VKAR_OFF), R9 = the 32-bit counter of the next wide
// group to prepare (narrow: the power pointer), R10 = the 32-byte aligned
// scratch, R11 = the piece length (narrow), R12 = bytes 12..15 of round
// key 0 (narrow: the keystream pointer), R13 = y.
// Y0-Y7 = 16 AES blocks, Y8 = the next counter pair, byte-reversed (the
// counter is dword 0 of each lane, so VPADDD is inc32 mod 2^32), Y9/Y10/
// Y11 = the low/high/middle GHASH sums, Y12/Y13 = GHASH operands, Y14 =
// the byte-reversal mask, X15 = y between groups and pieces (upper lane
// zero).
//
// Scratch at R10: 0..255 = Seal's previous wide group of ciphertext,
// byte-reversed, y folded into block 0, or a narrow piece's keystream;
// 256..511 = the next wide group's 16 counter blocks XORed with round key
// 0 (only bytes 12..15, the big-endian counter, are rewritten per group,
// from R9 in GPRs, one group ahead of their loads, which keeps them off the
// vector units); 512.. = the round keys broadcast to both lanes.

DATA gcmBswap256<>+0(SB)/8, $0x08090a0b0c0d0e0f
DATA gcmBswap256<>+8(SB)/8, $0x0001020304050607
DATA gcmBswap256<>+16(SB)/8, $0x08090a0b0c0d0e0f
DATA gcmBswap256<>+24(SB)/8, $0x0001020304050607
GLOBL gcmBswap256<>(SB), RODATA|NOPTR, $32

DATA gcmPolyV<>+0(SB)/8, $0xc200000000000000
DATA gcmPolyV<>+8(SB)/8, $0
GLOBL gcmPolyV<>(SB), RODATA|NOPTR, $16

// Counter increments: {2j, 2j} in the counter dwords of the two lanes, for
// register j of a group, then {16, 16}.
#define INCS(j, v) DATA gcmIncs<>+(32*j)(SB)/8, $v; DATA gcmIncs<>+(32*j+8)(SB)/8, $0; DATA gcmIncs<>+(32*j+16)(SB)/8, $v; DATA gcmIncs<>+(32*j+24)(SB)/8, $0
INCS(0, 0)
INCS(1, 2)
INCS(2, 4)
INCS(3, 6)
INCS(4, 8)
INCS(5, 10)
INCS(6, 12)
INCS(7, 14)
INCS(8, 16)
GLOBL gcmIncs<>(SB), RODATA|NOPTR, $288

// {0, 1}: lane 1 counts one block ahead of lane 0.
DATA gcmLane1<>+0(SB)/8, $0
DATA gcmLane1<>+8(SB)/8, $0
DATA gcmLane1<>+16(SB)/8, $1
DATA gcmLane1<>+24(SB)/8, $0
GLOBL gcmLane1<>(SB), RODATA|NOPTR, $32

#define VSCR 0

// Where the Karatsuba keys (the XOR of the two halves of each power, in both
// qwords) follow the 16 powers in the table.
#define VKAR_OFF 256
#define VCTRS 256
#define VKEYS 512

#define VCTR1(k) LEAL k(R9), R11; BSWAPL R11; XORL R12, R11; MOVL R11, (VCTRS+16*k+12)(R10)
#define VCTRSET \
	VCTR1(0); VCTR1(1); VCTR1(2); VCTR1(3); VCTR1(4); VCTR1(5); VCTR1(6); VCTR1(7); \
	VCTR1(8); VCTR1(9); VCTR1(10); VCTR1(11); VCTR1(12); VCTR1(13); VCTR1(14); VCTR1(15); \
	ADDL $16, R9

#define VCTRLOAD \
	VMOVDQA (VCTRS+0)(R10), Y0; VMOVDQA (VCTRS+32)(R10), Y1; VMOVDQA (VCTRS+64)(R10), Y2; \
	VMOVDQA (VCTRS+96)(R10), Y3; VMOVDQA (VCTRS+128)(R10), Y4; VMOVDQA (VCTRS+160)(R10), Y5; \
	VMOVDQA (VCTRS+192)(R10), Y6; VMOVDQA (VCTRS+224)(R10), Y7

// LOADCTR: the counter block at R11 in three loads (bytes 0-7, 8-11,
// 12-15): the caller has just written it whole and then its last four
// bytes (inc32), and a 16-byte load spanning both stores could not be
// forwarded from them; it would wait for them to reach the cache.
#define LOADCTR(x) VMOVQ (R11), x; VPINSRD $2, 8(R11), x, x; VPINSRD $3, 12(R11), x, x

// VSETUP: arguments, the aligned scratch, the mask, y.
#define VSETUP \
	MOVQ  rk+0(FP), AX; MOVQ nr+8(FP), BX; \
	MOVQ  tab+16(FP), R8; MOVQ ctr+24(FP), R11; MOVQ y+32(FP), R13; \
	MOVQ  dst+40(FP), DI; MOVQ src+48(FP), SI; \
	LEAQ  31(SP), R10; ANDQ $-32, R10; \
	VMOVDQU gcmBswap256<>(SB), Y14; \
	VMOVDQU (R13), X15; VPSHUFB X14, X15, X15

// VSETUPCTR: Y8 = the first counter pair.
#define VSETUPCTR \
	LOADCTR(X8); VPSHUFB X14, X8, X8; VINSERTI128 $1, X8, Y8, Y8; VPADDD gcmLane1<>(SB), Y8, Y8

// VSETUPW: the wide path's broadcast round keys (DX = the last), its
// counter blocks for the second group (R11 still = ctr), and CX = wide.
#define VSETUPW(l_keys) \
	MOVQ  AX, R12; LEAQ VKEYS(R10), DX; MOVQ BX, R9; \
l_keys: \
	VBROADCASTI128 (R12), Y0; VMOVDQA Y0, (DX); ADDQ $16, R12; ADDQ $32, DX; DECQ R9; JNS l_keys; \
	SUBQ  $32, DX; \
	LOADCTR(X0); VPXOR (AX), X0, X0; VINSERTI128 $1, X0, Y0, Y0; \
	VMOVDQA Y0, (VCTRS+0)(R10); VMOVDQA Y0, (VCTRS+32)(R10); VMOVDQA Y0, (VCTRS+64)(R10); \
	VMOVDQA Y0, (VCTRS+96)(R10); VMOVDQA Y0, (VCTRS+128)(R10); VMOVDQA Y0, (VCTRS+160)(R10); \
	VMOVDQA Y0, (VCTRS+192)(R10); VMOVDQA Y0, (VCTRS+224)(R10); \
	MOVL  12(AX), R12; MOVL 12(R11), R9; BSWAPL R9; ADDL $16, R9; \
	VCTRSET; \
	MOVQ  wide+64(FP), CX

// The first wide group's counters, from Y8 (no store-to-load forwarding
// to wait for); Y8 then advances by 16 per group.
#define VCTR1V(j, x) VPADDD gcmIncs<>+(32*j)(SB), Y8, x; VPSHUFB Y14, x, x; VPXOR (VKEYS)(R10), x, x
#define VCTRGEN \
	VCTR1V(0, Y0); VCTR1V(1, Y1); VCTR1V(2, Y2); VCTR1V(3, Y3); \
	VCTR1V(4, Y4); VCTR1V(5, Y5); VCTR1V(6, Y6); VCTR1V(7, Y7)
#define VCTRADV VPADDD gcmIncs<>+256(SB), Y8, Y8

#define VRND(off) \
	VAESENC (VKEYS+2*off)(R10), Y0, Y0; VAESENC (VKEYS+2*off)(R10), Y1, Y1; \
	VAESENC (VKEYS+2*off)(R10), Y2, Y2; VAESENC (VKEYS+2*off)(R10), Y3, Y3; \
	VAESENC (VKEYS+2*off)(R10), Y4, Y4; VAESENC (VKEYS+2*off)(R10), Y5, Y5; \
	VAESENC (VKEYS+2*off)(R10), Y6, Y6; VAESENC (VKEYS+2*off)(R10), Y7, Y7
#define VLAST \
	VAESENCLAST (DX), Y0, Y0; VAESENCLAST (DX), Y1, Y1; VAESENCLAST (DX), Y2, Y2; VAESENCLAST (DX), Y3, Y3; \
	VAESENCLAST (DX), Y4, Y4; VAESENCLAST (DX), Y5, Y5; VAESENCLAST (DX), Y6, Y6; VAESENCLAST (DX), Y7, Y7

// Rounds 10-13 of 192- and 256-bit keys after CMPQ BX, $12.
#define VMORE(l_last) \
	JB l_last; VRND(160); VRND(176); JEQ l_last; VRND(192); VRND(208); \
l_last:

// GHASH multiply-accumulate of the pair in Y12 (Karatsuba: three products
// per pair, VPCLMULQDQ being the bottleneck here) by the powers at
// 32*j(R8) and the XORs of their halves at 256+32*j(R8). Y12 and Y13 are
// clobbered; the middle sum still includes the low and high products,
// which VREDUCE takes out.
#define VKAR_FIRST(j) \
	VPSHUFD $0x4e, Y12, Y13; VPXOR Y12, Y13, Y13; \
	VPCLMULQDQ $0x00, (VKAR_OFF+32*j)(R8), Y13, Y11; \
	VPCLMULQDQ $0x11, (32*j)(R8), Y12, Y10; \
	VPCLMULQDQ $0x00, (32*j)(R8), Y12, Y9
#define VKAR(j) \
	VPSHUFD $0x4e, Y12, Y13; VPXOR Y12, Y13, Y13; \
	VPCLMULQDQ $0x00, (VKAR_OFF+32*j)(R8), Y13, Y13; VPXOR Y13, Y11, Y11; \
	VPCLMULQDQ $0x11, (32*j)(R8), Y12, Y13; VPXOR Y13, Y10, Y10; \
	VPCLMULQDQ $0x00, (32*j)(R8), Y12, Y12; VPXOR Y12, Y9, Y9

// The pairs are hashed in the order 1, 2, ..., 7, 0: pair 0 carries y, the
// result of the previous reduction, so the work that waits for it comes
// last and the chain from one reduction to the next is hidden behind the
// independent products.
//
// Seal: the previous group from the scratch (y already folded in).
#define VGSCR_FIRST VMOVDQA (VSCR+32)(R10), Y12; VKAR_FIRST(1)
#define VGSCR(j) VMOVDQA (VSCR+32*j)(R10), Y12; VKAR(j)
#define VGSCR_LAST VMOVDQA (VSCR)(R10), Y12; VKAR(0)

// Open: the current group's ciphertext from src, y folded into block 0.
#define VGSRC_FIRST VMOVDQU 32(SI), Y12; VPSHUFB Y14, Y12, Y12; VKAR_FIRST(1)
#define VGSRC(j) VMOVDQU (32*j)(SI), Y12; VPSHUFB Y14, Y12, Y12; VKAR(j)
#define VGSRC_LAST VMOVDQU (SI), Y12; VPSHUFB Y14, Y12, Y12; VPXOR Y15, Y12, Y12; VKAR(0)

// VREDUCE: X15 = the reduced sum of Y9, Y10, Y11: the lanes are added,
// the middle part completed (Karatsuba) and split over the halves, then
// the two Montgomery steps.
#define VFOLD \
	VEXTRACTI128 $1, Y9, X12; VPXOR X12, X9, X9; \
	VEXTRACTI128 $1, Y10, X12; VPXOR X12, X10, X10; \
	VEXTRACTI128 $1, Y11, X12; VPXOR X12, X11, X11
// The reductions start with the first Montgomery product, which needs
// only the lowest qword of the low part (untouched by the middle part), so
// it overlaps the middle part's additions. X12 and X13 are clobbered.
#define VRED_START VPCLMULQDQ $0x00, gcmPolyV<>(SB), X9, X13
#define VRED_END \
	VPSLLDQ $8, X11, X12; VPXOR X12, X9, X9; VPSRLDQ $8, X11, X11; VPXOR X11, X10, X10; \
	VPSHUFD $0x4e, X9, X9; VPXOR X13, X9, X9; \
	VPCLMULQDQ $0x00, gcmPolyV<>(SB), X9, X12; VPSHUFD $0x4e, X9, X9; VPXOR X12, X9, X9; \
	VPXOR X10, X9, X15
#define VRED128 VRED_START; VPXOR X9, X11, X11; VPXOR X10, X11, X11; VRED_END
// VRED4: the reduction of a schoolbook (four-product) sum.
#define VRED4 VRED_START; VRED_END
#define VREDUCE VFOLD; VRED128

#define VCIPHER(l_last) \
	VRND(16); VRND(32); VRND(48); VRND(64); VRND(80); VRND(96); VRND(112); VRND(128); VRND(144); \
	CMPQ BX, $12; VMORE(l_last); VLAST

// One stitched group: GHASH steps between rounds 1-8, the reduction
// after round 9.
#define VSTITCH(FIRST, G, LAST, l_last) \
	VRND(16); FIRST; VRND(32); G(2); VRND(48); G(3); VRND(64); G(4); \
	VRND(80); G(5); VRND(96); G(6); VRND(112); G(7); VRND(128); LAST; \
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

#define VADV ADDQ $256, SI; ADDQ $256, DI; SUBQ $16, CX; VCTRADV

// ---- The narrow path --------------------------------------------------

// NCTR(j, x): counter pair j from Y8, XORed with round key 0 (in Y13).
#define NCTR(j, x) VPADDD gcmIncs<>+(32*j)(SB), Y8, x; VPSHUFB Y14, x, x; VPXOR Y13, x, x
// NRND(R, off): one round on the registers R covers, key broadcast to Y13.
#define NRND(R, off) VBROADCASTI128 off(AX), Y13; R(VAESENC)
#define NR1(op) op Y13, Y0, Y0
#define NR2(op) op Y13, Y0, Y0; op Y13, Y1, Y1
#define NR4(op) op Y13, Y0, Y0; op Y13, Y1, Y1; op Y13, Y2, Y2; op Y13, Y3, Y3
#define NR8(op) op Y13, Y0, Y0; op Y13, Y1, Y1; op Y13, Y2, Y2; op Y13, Y3, Y3; op Y13, Y4, Y4; op Y13, Y5, Y5; op Y13, Y6, Y6; op Y13, Y7, Y7
#define NCIPHER(R, l_last) \
	NRND(R, 16); NRND(R, 32); NRND(R, 48); NRND(R, 64); NRND(R, 80); \
	NRND(R, 96); NRND(R, 112); NRND(R, 128); NRND(R, 144); \
	CMPQ BX, $12; JB l_last; NRND(R, 160); NRND(R, 176); JEQ l_last; NRND(R, 192); NRND(R, 208); \
l_last: \
	MOVQ BX, R12; SHLQ $4, R12; VBROADCASTI128 (AX)(R12*1), Y13; R(VAESENCLAST)

// NKS: the keystream of a piece of R11 (1..16) blocks into the scratch:
// 1, 2, 4 or 8 registers; then CX -= R11 and Y8 += 16 (only the last piece
// can be shorter, and the counter is not needed after it).
#define NKS(l2, l4, l8, l1last, l2last, l4last, l8last, l_done) \
	VBROADCASTI128 (AX), Y13; \
	CMPQ R11, $2; JA l2; \
	NCTR(0, Y0); NCIPHER(NR1, l1last); VMOVDQA Y0, (VSCR)(R10); JMP l_done; \
l2: \
	CMPQ R11, $4; JA l4; \
	NCTR(0, Y0); NCTR(1, Y1); NCIPHER(NR2, l2last); \
	VMOVDQA Y0, (VSCR)(R10); VMOVDQA Y1, (VSCR+32)(R10); JMP l_done; \
l4: \
	CMPQ R11, $8; JA l8; \
	NCTR(0, Y0); NCTR(1, Y1); NCTR(2, Y2); NCTR(3, Y3); NCIPHER(NR4, l4last); \
	VMOVDQA Y0, (VSCR)(R10); VMOVDQA Y1, (VSCR+32)(R10); VMOVDQA Y2, (VSCR+64)(R10); VMOVDQA Y3, (VSCR+96)(R10); \
	JMP l_done; \
l8: \
	NCTR(0, Y0); NCTR(1, Y1); NCTR(2, Y2); NCTR(3, Y3); NCTR(4, Y4); NCTR(5, Y5); NCTR(6, Y6); NCTR(7, Y7); \
	NCIPHER(NR8, l8last); \
	VMOVDQA Y0, (VSCR)(R10); VMOVDQA Y1, (VSCR+32)(R10); VMOVDQA Y2, (VSCR+64)(R10); VMOVDQA Y3, (VSCR+96)(R10); \
	VMOVDQA Y4, (VSCR+128)(R10); VMOVDQA Y5, (VSCR+160)(R10); VMOVDQA Y6, (VSCR+192)(R10); VMOVDQA Y7, (VSCR+224)(R10); \
l_done: \
	SUBQ R11, CX; VCTRADV

// NKAR(Y): Karatsuba multiply-accumulate of Y12 by the powers at R9 (Y or
// X: a whole pair or the last single block). Y12, Y13 clobbered.
#define NKAR(R12_, R13_, R9_, R10_, R11_) \
	VPSHUFD $0x4e, R12_, R13_; VPXOR R12_, R13_, R13_; \
	VPCLMULQDQ $0x00, VKAR_OFF(R9), R13_, R13_; VPXOR R13_, R11_, R11_; \
	VPCLMULQDQ $0x11, (R9), R12_, R13_; VPXOR R13_, R10_, R10_; \
	VPCLMULQDQ $0x00, (R9), R12_, R12_; VPXOR R12_, R9_, R9_

// The ciphertext of one pair (Y) or block (X) at SI/DI/R12 into Y12 (X12),
// byte-reversed, with y folded in (X15 is cleared after the first use).
#define NSEAL_CT(R12_, R13_, R14_, R15_, len) \
	VMOVDQU (SI), R12_; VPXOR (R12), R12_, R12_; VMOVDQU R12_, (DI); \
	VPSHUFB R14_, R12_, R12_; VPXOR R15_, R12_, R12_; VPXOR Y15, Y15, Y15
#define NOPEN_CT(R12_, R13_, R14_, R15_, len) \
	VMOVDQU (SI), R12_; VPXOR (R12), R12_, R13_; VMOVDQU R13_, (DI); \
	VPSHUFB R14_, R12_, R12_; VPXOR R15_, R12_, R12_; VPXOR Y15, Y15, Y15

// NGHASH: the piece's pairs, then its odd last block, then the reduction.
#define NGHASH(CT, l_pairs, l_odd, l_red) \
	MOVQ $16, R9; SUBQ R11, R9; SHLQ $4, R9; ADDQ R8, R9; LEAQ (VSCR)(R10), R12; \
	VPXOR Y9, Y9, Y9; VPXOR Y10, Y10, Y10; VPXOR Y11, Y11, Y11; \
l_pairs: \
	CMPQ R11, $2; JB l_odd; \
	CT(Y12, Y13, Y14, Y15, 32); NKAR(Y12, Y13, Y9, Y10, Y11); \
	ADDQ $32, SI; ADDQ $32, DI; ADDQ $32, R12; ADDQ $32, R9; SUBQ $2, R11; JMP l_pairs; \
l_odd: \
	VFOLD; \
	TESTQ R11, R11; JEQ l_red; \
	CT(X12, X13, X14, X15, 16); NKAR(X12, X13, X9, X10, X11); \
	ADDQ $16, SI; ADDQ $16, DI; \
l_red: \
	VRED128

// ONE: a call of one block, the latency case: the counter block is ctr
// itself, so the rounds start from it directly (XMM), and the product by
// H^1 is schoolbook (four independent VPCLMULQDQ, no Karatsuba setup on
// the critical path). PRE runs before the rounds, POST after them. Seal
// prepares byte-reversed plaintext XOR y (GHASH is linear, so only E(ctr)
// is left to add), Open hashes the ciphertext while the rounds run.
#define ONE(PRE, POST, l_last) \
	LOADCTR(X0); VPXOR (AX), X0, X0; \
	PRE; \
	VAESENC 16(AX), X0, X0; VAESENC 32(AX), X0, X0; VAESENC 48(AX), X0, X0; \
	VAESENC 64(AX), X0, X0; VAESENC 80(AX), X0, X0; VAESENC 96(AX), X0, X0; \
	VAESENC 112(AX), X0, X0; VAESENC 128(AX), X0, X0; VAESENC 144(AX), X0, X0; \
	CMPQ BX, $12; JB l_last; VAESENC 160(AX), X0, X0; VAESENC 176(AX), X0, X0; \
	JEQ l_last; VAESENC 192(AX), X0, X0; VAESENC 208(AX), X0, X0; \
l_last: \
	SHLQ $4, BX; VAESENCLAST (AX)(BX*1), X0, X0; \
	POST
// MUL1: X15 = (X12 times H^1 at 240(R8)), reduced.
#define MUL1 \
	VPCLMULQDQ $0x00, 240(R8), X12, X9; VPCLMULQDQ $0x11, 240(R8), X12, X10; \
	VPCLMULQDQ $0x01, 240(R8), X12, X11; VPCLMULQDQ $0x10, 240(R8), X12, X13; VPXOR X13, X11, X11; \
	VRED4
#define ONE_SEAL_PRE VMOVDQU (SI), X1; VPSHUFB X14, X1, X2; VPXOR X15, X2, X2
#define ONE_SEAL_POST \
	VPXOR X1, X0, X3; VMOVDQU X3, (DI); VPSHUFB X14, X0, X12; VPXOR X2, X12, X12; MUL1
#define ONE_OPEN_PRE VMOVDQU (SI), X1; VPSHUFB X14, X1, X12; VPXOR X15, X12, X12; MUL1
#define ONE_OPEN_POST VPXOR X1, X0, X0; VMOVDQU X0, (DI)

#define VDONE \
	VPSHUFB X14, X15, X15; VMOVDQU X15, (R13); VZEROUPPER; RET

// func gcmSealV256(rk *byte, nr int, tab *byte, ctr, y *[16]byte, dst, src *byte, n, wide int)
// n blocks, the first wide of them (a multiple of 16) on the wide path.
// GHASH lags one group behind the cipher there.
TEXT ·gcmSealV256(SB), $1056-72
	VSETUP
	CMPQ n+56(FP), $1
	JNE  vsmany
	ONE(ONE_SEAL_PRE, ONE_SEAL_POST, vsonelast)
	VDONE

vsmany:
	VSETUPCTR
	MOVQ wide+64(FP), CX
	TESTQ CX, CX
	JEQ  vsnarrow
	VSETUPW(vskeys)
	VCTRGEN
	VCIPHER(vsfirst)
	VOUT
	VSEAL_SCR
	VADV

vsloop:
	CMPQ CX, $16
	JB   vsdrain
	VCTRLOAD
	VCTRSET
	VSTITCH(VGSCR_FIRST, VGSCR, VGSCR_LAST, vsloopLast)
	VOUT
	VSEAL_SCR
	VADV
	JMP  vsloop

vsdrain:
	VGSCR_FIRST
	VGSCR(2)
	VGSCR(3)
	VGSCR(4)
	VGSCR(5)
	VGSCR(6)
	VGSCR(7)
	VGSCR_LAST
	VREDUCE

vsnarrow:
	MOVQ n+56(FP), CX
	SUBQ wide+64(FP), CX

vsnloop:
	TESTQ CX, CX
	JEQ   vsdone
	MOVQ  CX, R11
	CMPQ  R11, $16
	JBE   vsnpiece
	MOVQ  $16, R11

vsnpiece:
	NKS(vsn2, vsn4, vsn8, vsn1l, vsn2l, vsn4l, vsn8l, vsnks)
	NGHASH(NSEAL_CT, vsnpairs, vsnodd, vsnred)
	JMP vsnloop

vsdone:
	VDONE

// func gcmOpenV256(rk *byte, nr int, tab *byte, ctr, y *[16]byte, dst, src *byte, n, wide int)
// Each wide group is hashed while it is deciphered, its loads before its
// stores (in place).
TEXT ·gcmOpenV256(SB), $1056-72
	VSETUP
	CMPQ n+56(FP), $1
	JNE  vomany
	ONE(ONE_OPEN_PRE, ONE_OPEN_POST, voonelast)
	VDONE

vomany:
	VSETUPCTR
	MOVQ wide+64(FP), CX
	TESTQ CX, CX
	JEQ  vonarrow
	VSETUPW(vokeys)
	VCTRGEN
	VSTITCH(VGSRC_FIRST, VGSRC, VGSRC_LAST, vofirstLast)
	VOUT
	VADV

voloop:
	CMPQ CX, $16
	JB   vonarrow
	VCTRLOAD
	VCTRSET
	VSTITCH(VGSRC_FIRST, VGSRC, VGSRC_LAST, voloopLast)
	VOUT
	VADV
	JMP  voloop

vonarrow:
	MOVQ n+56(FP), CX
	SUBQ wide+64(FP), CX

vonloop:
	TESTQ CX, CX
	JEQ   vodone
	MOVQ  CX, R11
	CMPQ  R11, $16
	JBE   vonpiece
	MOVQ  $16, R11

vonpiece:
	NKS(von2, von4, von8, von1l, von2l, von4l, von8l, vonks)
	NGHASH(NOPEN_CT, vonpairs, vonodd, vonred)
	JMP vonloop

vodone:
	VDONE

// func gcmGhash1V256(tab *byte, y *[16]byte, p *byte)
// GHASH of one block (the lengths block of every message): y = (y ^ p) *
// H, with H^1 at 240(tab). p is read as two qwords: the lengths block is
// written as two.
TEXT ·gcmGhash1V256(SB), NOSPLIT, $0-24
	MOVQ    tab+0(FP), R8
	MOVQ    y+8(FP), R13
	MOVQ    p+16(FP), SI
	VMOVDQU gcmBswap256<>(SB), X14
	VMOVQ   (SI), X12
	VPINSRQ $1, 8(SI), X12, X12
	VPSHUFB X14, X12, X12
	VMOVDQU (R13), X15
	VPSHUFB X14, X15, X15
	VPXOR   X15, X12, X12
	MUL1
	VDONE
