//go:build gc

#include "textflag.h"

// AES-GCM with AES-NI and PCLMULQDQ (aes-gcm/aesni). Tuning and the key
// table layout are declared in gcm_aesni_amd64.go.
//
// GHASH representation. A GCM block is byte-reversed (PSHUFB) into an XMM
// register, so bit k of the register is the coefficient of y^k, y = x^-1:
// the register of a field element e is y^127*e. A 128x128 carry-less
// product of two registers (four PCLMULQDQ, schoolbook) is then a 256-bit
// polynomial in y, and it is reduced by two Montgomery steps of 64 bits
// modulo Q(y) = y^128 + y^127 + y^126 + y^121 + 1 (the reciprocal of GCM's
// x^128 + x^7 + x^2 + x + 1), which divide by y^128. Q = 1 mod y^64, so each
// step's multiplier is just the low 64 bits m, and m*Q/y^64 = m*y^64 +
// m*(y^63 + y^62 + y^57): a qword swap and one PCLMULQDQ by 0xc2<<56. The
// division by y^128 is paid for in advance: the key table holds every power
// H^i as the register of H^i*y (H shifted left by one bit, reduced), so
// reduce(X * table(H^i)) is the register of X*H^i.
//
// Products are aggregated: n blocks are multiplied by H^n..H^1, their low,
// high and middle 128-bit parts summed in X9, X10, X11, and reduced once.
// The stitched kernels and the 8-block GHASH loop use Karatsuba (three
// PCLMULQDQ per block, the middle one on the XORed halves of block and
// power; the table holds those XORs too): PCLMULQDQ issues about once per
// two cycles on the CPUs measured and competes with AESENC, so its count
// sets the speed. Init keeps the schoolbook form (four products).
//
// The table (see gcmKey in gcm_aesni_amd64.go) holds H^16..H^1 and, 256
// bytes further, the XOR of each power's two qwords in both qwords; the
// kernels here get a pointer to H^8, so block j of a group of 8 uses the
// power at 16*j and its Karatsuba key at KOFF+16*j.

DATA gcmBswap<>+0(SB)/8, $0x08090a0b0c0d0e0f
DATA gcmBswap<>+8(SB)/8, $0x0001020304050607
GLOBL gcmBswap<>(SB), RODATA|NOPTR, $16

// The Montgomery step constant y^63 + y^62 + y^57 in the low qword.
DATA gcmPoly<>+0(SB)/8, $0xc200000000000000
DATA gcmPoly<>+8(SB)/8, $0
GLOBL gcmPoly<>(SB), RODATA|NOPTR, $16

#define KOFF 256

// GMUL_FIRST: X9 (low), X10 (high), X11 (middle) = D * H. D is clobbered.
#define GMUL_FIRST(D, H) \
	MOVO D, X9; PCLMULQDQ $0x00, H, X9; \
	MOVO D, X10; PCLMULQDQ $0x11, H, X10; \
	MOVO D, X11; PCLMULQDQ $0x01, H, X11; \
	PCLMULQDQ $0x10, H, D; PXOR D, X11

// GMUL_NEXT: X9, X10, X11 += D * H. D and T are clobbered.
#define GMUL_NEXT(D, H, T) \
	MOVO D, T; PCLMULQDQ $0x00, H, T; PXOR T, X9; \
	MOVO D, T; PCLMULQDQ $0x11, H, T; PXOR T, X10; \
	MOVO D, T; PCLMULQDQ $0x01, H, T; PXOR T, X11; \
	PCLMULQDQ $0x10, H, D; PXOR D, X11

// GREDUCE: X9 = the reduced sum of X9, X10, X11 (K = gcmPoly). X10, X11,
// T and U are clobbered. The middle part straddles the two halves; then
// two Montgomery steps fold the low 128 bits into the high ones. The first
// step's product needs only the lowest qword, which the middle part does
// not touch, so it starts before the middle part is added (latency).
#define GREDUCE(K, T, U) \
	MOVO X9, U; PCLMULQDQ $0x00, K, U; \
	GREDUCE_REST(K, T, U)
#define GREDUCE_REST(K, T, U) \
	MOVO X11, T; PSLLO $8, T; PXOR T, X9; PSRLO $8, X11; PXOR X11, X10; \
	PSHUFD $0x4e, X9, X9; PXOR U, X9; \
	MOVO X9, U; PCLMULQDQ $0x00, K, U; PSHUFD $0x4e, X9, X9; PXOR U, X9; \
	PXOR X10, X9
// GKREDUCE: the same for Karatsuba sums, whose middle part still includes
// the low and high products.
#define GKREDUCE(K, T, U) \
	MOVO X9, U; PCLMULQDQ $0x00, K, U; PXOR X9, X11; PXOR X10, X11; \
	GREDUCE_REST(K, T, U)

// GK_FIRST: X9, X10, X11 = D times the power at off(B) (Karatsuba, key at
// KOFF+off(B)). GK: += the same. D, T and U are clobbered.
#define GK_FIRST(D, off, B, U) \
	PSHUFD $0x4e, D, X11; PXOR D, X11; MOVOU (KOFF+off)(B), U; PCLMULQDQ $0x00, U, X11; \
	MOVOU off(B), U; MOVO D, X10; PCLMULQDQ $0x11, U, X10; \
	MOVO D, X9; PCLMULQDQ $0x00, U, X9
#define GK(D, off, B, T, U) \
	PSHUFD $0x4e, D, T; PXOR D, T; MOVOU (KOFF+off)(B), U; PCLMULQDQ $0x00, U, T; PXOR T, X11; \
	MOVOU off(B), U; MOVO D, T; PCLMULQDQ $0x11, U, T; PXOR T, X10; \
	PCLMULQDQ $0x00, U, D; PXOR D, X9

// GTAIL folds CX (1..7) blocks at SI into X0 (y): block j times H^(CX-j),
// read from the table at R8 (8 powers) starting at slot 8-CX. R11, SI and
// CX are clobbered; the result is reduced into X0. X15 = gcmBswap,
// X14 = gcmPoly.
#define GTAIL(l_loop, l_reduce) \
	MOVQ  $8, R11; SUBQ CX, R11; SHLQ $4, R11; ADDQ R8, R11; \
	MOVOU (SI), X1; PSHUFB X15, X1; PXOR X0, X1; MOVOU (R11), X2; \
	GMUL_FIRST(X1, X2); \
	ADDQ  $16, SI; ADDQ $16, R11; DECQ CX; \
l_loop: \
	JEQ   l_reduce; \
	MOVOU (SI), X1; PSHUFB X15, X1; MOVOU (R11), X2; \
	GMUL_NEXT(X1, X2, X3); \
	ADDQ  $16, SI; ADDQ $16, R11; DECQ CX; JMP l_loop; \
l_reduce: \
	GREDUCE(X14, X3, X4); MOVO X9, X0

// One block of the 8-block GHASH loop: block j of SI times table slot j.
#define GBLK(j) MOVOU (16*j)(SI), X1; PSHUFB X15, X1; GK(X1, 16*j, R8, X2, X3)

// ---- Stitched CTR + GHASH ------------------------------------------------
//
// Registers: AX = rk, BX = nr, DX = &rk[16*nr], SI = src, DI = dst, CX =
// blocks left, R8 = the 8-power table, R9 = the 32-bit counter of the next
// group to prepare, R10 = the 16-byte aligned scratch in the frame, R12 =
// bytes 12..15 of round key 0, R13 = y. X0-X7 = the AES group, X8 = the
// round key, X9-X11 = GHASH sums (X9 also the running y between groups),
// X12-X14 = GHASH operands, X15 = gcmBswap.
//
// Scratch at R10: 0..127 = 8 blocks (Seal: the previous group's ciphertext,
// byte-reversed, with y folded into the first; tails: keystream), 128..255
// = the next group's counter blocks already XORed with round key 0. Only
// bytes 12..15 of each (the big-endian 32-bit counter, inc32) change, so
// they are written from R9 in GPRs, one group ahead of their loads.

#define SCR 0
#define CTRS 128
#define TPL 256
#define YS 272

// CTRSET writes the counters R9+0..R9+7 into the counter blocks; then R9 += 8.
#define CTR1(k) LEAL k(R9), R11; BSWAPL R11; XORL R12, R11; MOVL R11, (CTRS+16*k+12)(R10)
#define CTRSET \
	CTR1(0); CTR1(1); CTR1(2); CTR1(3); CTR1(4); CTR1(5); CTR1(6); CTR1(7); \
	ADDL $8, R9

#define CTRLOAD8 \
	MOVO (CTRS+0)(R10), X0; MOVO (CTRS+16)(R10), X1; MOVO (CTRS+32)(R10), X2; \
	MOVO (CTRS+48)(R10), X3; MOVO (CTRS+64)(R10), X4; MOVO (CTRS+80)(R10), X5; \
	MOVO (CTRS+96)(R10), X6; MOVO (CTRS+112)(R10), X7

// CTRGEN(x): the counter block of R11 in registers, then R11++ (mod
// 2^32), for the first group and the tail (the scratch's counter blocks
// are written one group ahead; right after the setup they could not be
// forwarded to 16-byte loads yet): the 32-bit counter into dword 0 of the
// byte-reversed template (whose dword 0 is zero), reversed back, XORed
// with round key 0 (X14).
#define CTRGEN(x) MOVQ R11, x; INCL R11; PXOR (TPL)(R10), x; PSHUFB X15, x; PXOR X14, x
#define CTRGEN4 CTRGEN(X0); CTRGEN(X1); CTRGEN(X2); CTRGEN(X3)
#define CTRGEN8 CTRGEN4; CTRGEN(X4); CTRGEN(X5); CTRGEN(X6); CTRGEN(X7)

// SETUP: registers, the aligned scratch, the counter template, y into X9,
// R9 = the first counter. The counter block is read as bytes 0-7 and 8-11
// (and 12-15 in R9): the caller has just written it whole and then its
// last four bytes, and a 16-byte load spanning both stores would wait for
// them to reach the cache.
#define SETUP \
	MOVQ  rk+0(FP), AX; MOVQ nr+8(FP), BX; MOVQ BX, DX; SHLQ $4, DX; ADDQ AX, DX; \
	MOVQ  tab+16(FP), R8; MOVQ ctr+24(FP), R11; MOVQ y+32(FP), R13; \
	MOVQ  dst+40(FP), DI; MOVQ src+48(FP), SI; MOVQ n+56(FP), CX; \
	LEAQ  15(SP), R10; ANDQ $-16, R10; \
	MOVOU gcmBswap<>(SB), X15; \
	MOVQ  (R11), X0; MOVL 8(R11), R12; MOVQ R12, X1; PUNPCKLQDQ X1, X0; \
	MOVO  X0, X1; PSHUFB X15, X1; MOVO X1, (TPL)(R10); \
	MOVL  12(R11), R9; BSWAPL R9; \
	MOVOU (R13), X9; PSHUFB X15, X9

// SETUP_LOOP: for calls of two groups or more, the scratch's counter
// blocks (template XOR round key 0, X0 = the template from SETUP) with the
// second group's counters; R12 = bytes 12..15 of round key 0.
#define SETUP_LOOP \
	MOVOU (AX), X8; PXOR X8, X0; \
	MOVO  X0, (CTRS+0)(R10); MOVO X0, (CTRS+16)(R10); MOVO X0, (CTRS+32)(R10); MOVO X0, (CTRS+48)(R10); \
	MOVO  X0, (CTRS+64)(R10); MOVO X0, (CTRS+80)(R10); MOVO X0, (CTRS+96)(R10); MOVO X0, (CTRS+112)(R10); \
	MOVL  12(AX), R12; ADDL $8, R9; CTRSET

#define RND8(off) \
	MOVOU off(AX), X8; \
	AESENC X8, X0; AESENC X8, X1; AESENC X8, X2; AESENC X8, X3; \
	AESENC X8, X4; AESENC X8, X5; AESENC X8, X6; AESENC X8, X7
#define RND4(off) \
	MOVOU off(AX), X8; AESENC X8, X0; AESENC X8, X1; AESENC X8, X2; AESENC X8, X3
#define LAST8 \
	MOVOU (DX), X8; \
	AESENCLAST X8, X0; AESENCLAST X8, X1; AESENCLAST X8, X2; AESENCLAST X8, X3; \
	AESENCLAST X8, X4; AESENCLAST X8, X5; AESENCLAST X8, X6; AESENCLAST X8, X7
#define LAST4 \
	MOVOU (DX), X8; AESENCLAST X8, X0; AESENCLAST X8, X1; AESENCLAST X8, X2; AESENCLAST X8, X3

// Rounds 10-13 of 192- and 256-bit keys; the caller has done CMPQ BX, $12
// (no flag-setting instruction in between).
#define MORE(R, l_last) \
	JB l_last; R(160); R(176); JEQ l_last; R(192); R(208); \
l_last:

// The whole cipher on a group (no GHASH): rounds 1-9, the rest, last.
#define CIPHER8(l_last) \
	RND8(16); RND8(32); RND8(48); RND8(64); RND8(80); RND8(96); RND8(112); RND8(128); RND8(144); \
	CMPQ BX, $12; MORE(RND8, l_last); LAST8
#define CIPHER4(l_last) \
	RND4(16); RND4(32); RND4(48); RND4(64); RND4(80); RND4(96); RND4(112); RND4(128); RND4(144); \
	CMPQ BX, $12; MORE(RND4, l_last); LAST4

// GHASH of a group inside the stitched loop, block 0 last: it carries y,
// the previous reduction's result, so the products of blocks 1-7 do not
// wait for that chain. X12 = the block, X13/X14 temporaries.
//
// Seal: the previous group from the scratch (byte-reversed, y folded in).
#define GSCR_FIRST MOVO (SCR+16)(R10), X12; GK_FIRST(X12, 16, R8, X14)
#define GSCR(j) MOVO (SCR+16*j)(R10), X12; GK(X12, 16*j, R8, X13, X14)
#define GSCR_LAST MOVO (SCR)(R10), X12; GK(X12, 0, R8, X13, X14)

// Open: the current group's ciphertext at SI; y waits in the scratch.
#define GSRC_FIRST MOVOU 16(SI), X12; PSHUFB X15, X12; GK_FIRST(X12, 16, R8, X14)
#define GSRC(j) MOVOU (16*j)(SI), X12; PSHUFB X15, X12; GK(X12, 16*j, R8, X13, X14)
#define GSRC_LAST MOVOU (SI), X12; PSHUFB X15, X12; PXOR (YS)(R10), X12; GK(X12, 0, R8, X13, X14)

#define REDUCE_Y MOVOU gcmPoly<>(SB), X13; GKREDUCE(X13, X14, X12)

// One stitched group: the cipher of X0-X7 with the GHASH steps between
// rounds 1-8 and the reduction after round 9.
#define STITCH8(FIRST, G, LAST, l_last) \
	RND8(16); FIRST; RND8(32); G(2); RND8(48); G(3); RND8(64); G(4); \
	RND8(80); G(5); RND8(96); G(6); RND8(112); G(7); RND8(128); LAST; \
	RND8(144); REDUCE_Y; \
	CMPQ BX, $12; MORE(RND8, l_last); LAST8

// XOR block j of the group with src and store it to dst.
#define XORST(j, x) MOVOU (16*j)(SI), X12; PXOR X12, x; MOVOU x, (16*j)(DI)

// Seal's end of a group: ciphertext to dst, then byte-reversed to the
// scratch with y (X9) folded into the first block.
#define SEAL_OUT8 \
	XORST(0, X0); XORST(1, X1); XORST(2, X2); XORST(3, X3); \
	XORST(4, X4); XORST(5, X5); XORST(6, X6); XORST(7, X7); \
	PSHUFB X15, X0; PXOR X9, X0; MOVO X0, (SCR)(R10); \
	PSHUFB X15, X1; MOVO X1, (SCR+16)(R10); PSHUFB X15, X2; MOVO X2, (SCR+32)(R10); \
	PSHUFB X15, X3; MOVO X3, (SCR+48)(R10); PSHUFB X15, X4; MOVO X4, (SCR+64)(R10); \
	PSHUFB X15, X5; MOVO X5, (SCR+80)(R10); PSHUFB X15, X6; MOVO X6, (SCR+96)(R10); \
	PSHUFB X15, X7; MOVO X7, (SCR+112)(R10)

#define OPEN_OUT8 \
	XORST(0, X0); XORST(1, X1); XORST(2, X2); XORST(3, X3); \
	XORST(4, X4); XORST(5, X5); XORST(6, X6); XORST(7, X7)

#define ADV8 ADDQ $128, SI; ADDQ $128, DI; SUBQ $8, CX

// The tail: CX = 1..7 blocks from counter R11 (zero-extended). The keystream of 4 or 8
// counters goes to the scratch; then block by block: XOR, store, GHASH
// with H^CX..H^1 (slot 8-CX on), one reduction (schoolbook: the tail is
// short and latency-bound).
#define TAIL_KS(l_four, l_ks, l_last8, l_last4) \
	MOVOU (AX), X14; \
	CMPQ CX, $4; JBE l_four; \
	CTRGEN8; CIPHER8(l_last8); \
	MOVO X4, (SCR+64)(R10); MOVO X5, (SCR+80)(R10); MOVO X6, (SCR+96)(R10); MOVO X7, (SCR+112)(R10); \
	JMP l_ks; \
l_four: \
	CTRGEN4; CIPHER4(l_last4); \
l_ks: \
	MOVO X0, (SCR)(R10); MOVO X1, (SCR+16)(R10); MOVO X2, (SCR+32)(R10); MOVO X3, (SCR+48)(R10)

// One tail block at SI/DI with its keystream at R11 (the power is at BX,
// nr is no longer needed): X13 = its ciphertext, byte-reversed. Open loads
// the ciphertext before it stores the plaintext (in place).
#define TAIL_SEAL_BLK \
	MOVOU (SI), X13; PXOR (R11), X13; MOVOU X13, (DI); PSHUFB X15, X13
#define TAIL_OPEN_BLK \
	MOVOU (SI), X12; MOVO (R11), X13; PXOR X12, X13; MOVOU X13, (DI); MOVO X12, X13; PSHUFB X15, X13

#define TAIL_GHASH(BLK, l_loop, l_reduce) \
	MOVQ $8, BX; SUBQ CX, BX; SHLQ $4, BX; ADDQ R8, BX; \
	LEAQ (SCR)(R10), R11; \
	BLK; PXOR X9, X13; MOVOU (BX), X12; GMUL_FIRST(X13, X12); \
	ADDQ $16, SI; ADDQ $16, DI; ADDQ $16, R11; ADDQ $16, BX; DECQ CX; \
l_loop: \
	JEQ l_reduce; \
	BLK; MOVOU (BX), X12; GMUL_NEXT(X13, X12, X14); \
	ADDQ $16, SI; ADDQ $16, DI; ADDQ $16, R11; ADDQ $16, BX; DECQ CX; JMP l_loop; \
l_reduce: \
	MOVOU gcmPoly<>(SB), X13; GREDUCE(X13, X14, X12)

// func gcmInitNI(tab *byte, n int)
// tab holds n powers, H^n first; the caller has stored H^1 (as H*y) in the
// last slot. Fills H^2..H^n by repeated multiplication.
TEXT ·gcmInitNI(SB), NOSPLIT, $0-16
	MOVQ  tab+0(FP), DI
	MOVQ  n+8(FP), CX
	MOVOU gcmPoly<>(SB), X15
	MOVQ  CX, AX
	DECQ  AX
	SHLQ  $4, AX
	ADDQ  AX, DI
	MOVOU (DI), X1
	MOVO  X1, X0
	DECQ  CX

initloop:
	TESTQ CX, CX
	JEQ   initdone
	MOVO  X0, X2
	GMUL_FIRST(X2, X1)
	GREDUCE(X15, X12, X13)
	MOVO  X9, X0
	SUBQ  $16, DI
	MOVOU X0, (DI)
	DECQ  CX
	JMP   initloop

initdone:
	RET

// func gcmGhashNI(tab *byte, y *[16]byte, p *byte, n int)
// Folds n blocks of p into y: groups of 8 with H^8..H^1 and one reduction
// each, then the last 1-7 blocks with H^r..H^1 and one reduction.
TEXT ·gcmGhashNI(SB), NOSPLIT, $0-32
	MOVQ  tab+0(FP), R8
	MOVQ  y+8(FP), R9
	MOVQ  p+16(FP), SI
	MOVQ  n+24(FP), CX
	MOVOU gcmBswap<>(SB), X15
	MOVOU gcmPoly<>(SB), X14
	MOVOU (R9), X0
	PSHUFB X15, X0

ghloop8:
	CMPQ  CX, $8
	JB    ghtail
	// Block 0 carries y, the previous reduction's result: it comes last,
	// so the products of blocks 1-7 do not wait for that chain.
	MOVOU 16(SI), X1
	PSHUFB X15, X1
	GK_FIRST(X1, 16, R8, X2)
	GBLK(2)
	GBLK(3)
	GBLK(4)
	GBLK(5)
	GBLK(6)
	GBLK(7)
	MOVOU (SI), X1
	PSHUFB X15, X1
	PXOR  X0, X1
	GK(X1, 0, R8, X2, X3)
	GKREDUCE(X14, X3, X4)
	MOVO  X9, X0
	ADDQ  $128, SI
	SUBQ  $8, CX
	JMP   ghloop8

ghtail:
	TESTQ CX, CX
	JEQ   ghdone
	GTAIL(ghtloop, ghtreduce)

ghdone:
	PSHUFB X15, X0
	MOVOU X0, (R9)
	RET

// func gcmSealNI(rk *byte, nr int, tab *byte, ctr, y *[16]byte, dst, src *byte, n int)
// n blocks; the counter in ctr[12:16] advances from its value (the wrapper
// stores the advanced counter). GHASH lags one group behind the cipher: the
// loop ciphers group i while it hashes group i-1 from the scratch.
TEXT ·gcmSealNI(SB), NOSPLIT, $304-64
	SETUP
	MOVQ R9, R11
	CMPQ CX, $8
	JB   sealtail

	// The first group: cipher only, counters in registers.
	SETUP_LOOP
	LEAL  -16(R9), R11
	MOVOU (AX), X14
	CTRGEN8
	CIPHER8(sfirstlast)
	SEAL_OUT8
	ADV8

sealloop:
	CMPQ CX, $8
	JB   sealdrain
	CTRLOAD8
	CTRSET
	STITCH8(GSCR_FIRST, GSCR, GSCR_LAST, sloopLast)
	SEAL_OUT8
	ADV8
	JMP  sealloop

sealdrain:
	// GHASH of the last whole group; the tail's first counter.
	GSCR_FIRST
	GSCR(2)
	GSCR(3)
	GSCR(4)
	GSCR(5)
	GSCR(6)
	GSCR(7)
	GSCR_LAST
	REDUCE_Y
	LEAL -8(R9), R11

sealtail:
	TESTQ CX, CX
	JEQ   sealdone
	TAIL_KS(stailfour, stailks, stail8last, stail4last)
	TAIL_GHASH(TAIL_SEAL_BLK, stloop, streduce)

sealdone:
	PSHUFB X15, X9
	MOVOU X9, (R13)
	RET

// func gcmOpenNI(rk *byte, nr int, tab *byte, ctr, y *[16]byte, dst, src *byte, n int)
// The ciphertext is the input, so each group is hashed while it is
// deciphered; its loads precede the stores of the same group (in place).
TEXT ·gcmOpenNI(SB), NOSPLIT, $304-64
	SETUP
	MOVQ R9, R11
	CMPQ CX, $8
	JB   opentail

	// The first group: counters in registers.
	MOVO  X9, (YS)(R10)
	SETUP_LOOP
	LEAL  -16(R9), R11
	MOVOU (AX), X14
	CTRGEN8
	JMP   ostitch

openloop:
	CMPQ CX, $8
	JB   openrest
	MOVO X9, (YS)(R10)
	CTRLOAD8
	CTRSET

ostitch:
	STITCH8(GSRC_FIRST, GSRC, GSRC_LAST, oloopLast)
	OPEN_OUT8
	ADV8
	JMP  openloop

openrest:
	LEAL -8(R9), R11

opentail:
	TESTQ CX, CX
	JEQ   opendone
	TAIL_KS(otailfour, otailks, otail8last, otail4last)
	TAIL_GHASH(TAIL_OPEN_BLK, otloop, otreduce)

opendone:
	PSHUFB X15, X9
	MOVOU X9, (R13)
	RET
