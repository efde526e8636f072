//go:build gc

#include "textflag.h"
#include "mont_adx_tri_amd64.h"
#include "mont_adx_exp_amd64.h"

// Montgomery multiplication with MULX and two carry chains (mont/adx).
//
// Every "row" adds a multiple d*a of an n-limb vector a to a running sum
// t in memory: MULX gives lo_j and hi_j of a_j*d, ADCX adds lo_j into t_j
// (the carry-flag chain) and ADOX adds hi_{j-1} into the same t_j (the
// overflow-flag chain), so each t_j is read, gets both additions and is
// written once, and the two chains advance side by side. Nothing inside a
// row may touch CF or OF: loops count with LEAQ and leave with JCXZQ
// (JRCXZ), and zero lives in R10.
//
// Measured on the Zen 5 host: MULX with a base+index memory operand
// issues at half the rate of base+displacement, so the rows walk two
// pointers (R8 over a, R9 over t) with constant displacements. A row runs
// at about 1.4 cycles per limb; the limb that decides the next multiplier
// (t_0) is passed between rows in R13 rather than through memory, which
// takes the store-to-load latency off the chain from one row to the next.

// ROW4 adds d * a[j..j+3] to the sum with both chains: a's limbs at
// AOFF(R8), the sum's at TOFF(R9), the new sum stored at SOFF(R9) (SOFF =
// TOFF - 8 when the row also divides by 2^64); then R8 and R9 step past
// them. The pending hi word comes in and goes out in R11.
#define ROW4(AOFF, TOFF, SOFF) \
	MULXQ (AOFF+0)(R8), AX, R12;  \
	ADCXQ (TOFF+0)(R9), AX;       \
	ADOXQ R11, AX;                \
	MOVQ  AX, (SOFF+0)(R9);       \
	MULXQ (AOFF+8)(R8), AX, R11;  \
	ADCXQ (TOFF+8)(R9), AX;       \
	ADOXQ R12, AX;                \
	MOVQ  AX, (SOFF+8)(R9);       \
	MULXQ (AOFF+16)(R8), AX, R12; \
	ADCXQ (TOFF+16)(R9), AX;      \
	ADOXQ R11, AX;                \
	MOVQ  AX, (SOFF+16)(R9);      \
	MULXQ (AOFF+24)(R8), AX, R11; \
	ADCXQ (TOFF+24)(R9), AX;      \
	ADOXQ R12, AX;                \
	MOVQ  AX, (SOFF+24)(R9);      \
	LEAQ  32(R8), R8;             \
	LEAQ  32(R9), R9

// ROW1 is one limb of ROW4.
#define ROW1(AOFF, TOFF, SOFF) \
	MULXQ (AOFF)(R8), AX, R12; \
	ADCXQ (TOFF)(R9), AX;      \
	ADOXQ R11, AX;             \
	MOVQ  AX, (SOFF)(R9);      \
	MOVQ  R12, R11;            \
	LEAQ  8(R8), R8;           \
	LEAQ  8(R9), R9

// ROWLOOP runs ROW1 ones times, then ROW4 fours times (counts read from
// the frame: MOVQ leaves the flags alone), keeping both chains alive.
// l1..l6 are its labels (the assembler has no local labels in macros).
#define ROWLOOP(AOFF, TOFF, SOFF, ones, fours, l1, l2, l3, l4, l5, l6) \
	MOVQ  ones, CX;            \
	JMP   l2;                  \
l1:                            \
	ROW1(AOFF, TOFF, SOFF);    \
	LEAQ  -1(CX), CX;          \
l2:                            \
	JCXZQ l3;                  \
	JMP   l1;                  \
l3:                            \
	MOVQ  fours, CX;           \
	JMP   l5;                  \
l4:                            \
	ROW4(AOFF, TOFF, SOFF);    \
	LEAQ  -1(CX), CX;          \
l5:                            \
	JCXZQ l6;                  \
	JMP   l4;                  \
l6:

// FINALSUB: z = t - m if t >= m, else t, for t in n+1 limbs at BX (limb n
// is 0 or 1), m at DI, z at R9, n in CX; clobbers AX, CX, DX, R8, R11,
// R12. The difference goes to z first, then every limb of z is replaced
// under a mask: no branch or address depends on the data.
#define FINALSUB(l1, l2, l3, l4) \
	MOVQ  CX, R12;            \
	MOVQ  BX, R8;             \
	XORQ  R11, R11;           \
	JMP   l2;                 \
l1:                           \
	MOVQ  (R8), AX;           \
	SBBQ  (DI), AX;           \
	MOVQ  AX, (R9);           \
	LEAQ  8(R8), R8;          \
	LEAQ  8(DI), DI;          \
	LEAQ  8(R9), R9;          \
	LEAQ  -1(CX), CX;         \
l2:                           \
	JCXZQ l3;                 \
	JMP   l1;                 \
l3:                           \
	MOVQ  (R8), AX;           \
	SBBQ  $0, AX;             \
	SARQ  $63, AX;            \
	NEGQ  R12;                \
l4:                           \
	MOVQ  (R9)(R12*8), DX;    \
	MOVQ  (R8)(R12*8), R11;   \
	XORQ  DX, R11;            \
	ANDQ  AX, R11;            \
	XORQ  R11, DX;            \
	MOVQ  DX, (R9)(R12*8);    \
	INCQ  R12;                \
	JNZ   l4

// Frame of montMulADX: t (n+2 <= 130 limbs) at 0(SP), then counts.
#define cntA1 1040(SP)
#define cntA4 1048(SP)
#define cntB1 1056(SP)
#define cntB4 1064(SP)
#define cntN1 1072(SP)
#define cntI 1080(SP)

// Frame of montSqrADX: S (2n+1 <= 257 limbs) at 0(SP), then counts.
#define sqCnt1 2064(SP)
#define sqCnt4 2072(SP)
#define sqRows 2080(SP)
#define sqN1 2088(SP)

// SQRZERO zeroes S (2n+1 limbs at BX, n in CX).
#define SQRZERO \
	XORQ R10, R10;        \
	MOVQ BX, R8;          \
	LEAQ 1(CX)(CX*1), CX; \
sqzero:                   \
	MOVQ R10, (R8);       \
	ADDQ $8, R8;          \
	DECQ CX;              \
	JNZ  sqzero

// SQRTRI adds the products x_i * x_j, i < j (x at SI), to S (at BX): row
// i adds x_i * x[i+1..n-1] at limb 2i+1. Its top limb i+n is still zero
// and takes the last hi word and both carries without overflow (the
// partial sum is below 2^(64(n+i+1))). Uses the frame slots sqN1 (n-1,
// set by the caller), sqRows, sqCnt1, sqCnt4. The unrolled forms for
// fixed n are TRIn in mont_adx_tri_amd64.h.
#define SQRTRI \
	MOVQ  sqN1, AX;       \
	MOVQ  AX, sqRows;     \
	MOVQ  SI, R15;        \
	LEAQ  8(BX), R13;     \
sqrow:                    \
	MOVQ  sqRows, AX;     \
	TESTQ AX, AX;         \
	JZ    sqrowsdone;     \
	MOVQ  AX, CX;         \
	ANDQ  $3, CX;         \
	MOVQ  CX, sqCnt1;     \
	SHRQ  $2, AX;         \
	MOVQ  AX, sqCnt4;     \
	MOVQ  (R15), DX;      \
	LEAQ  8(R15), R8;     \
	MOVQ  R13, R9;        \
	XORQ  R11, R11;       \
	ROWLOOP(0, 0, 0, sqCnt1, sqCnt4, so1, so2, so3, so4, so5, so6); \
	MOVQ  R10, AX;        \
	ADCXQ R10, AX;        \
	ADOXQ R11, AX;        \
	MOVQ  AX, (R9);       \
	ADDQ  $8, R15;        \
	ADDQ  $16, R13;       \
	DECQ  sqRows;         \
	JMP   sqrow;          \
sqrowsdone:

// SQRDIAG sets S = 2*S + sum x_i^2 * 2^(128 i) (x at SI, S at BX, n in
// CX): the doubling in the carry chain, the squares in the overflow
// chain. S < 2^(128n): nothing leaves the top limb.
#define SQRDIAG \
	MOVQ  SI, R8;         \
	MOVQ  BX, R9;         \
	XORQ  AX, AX;         \
sqd:                      \
	MOVQ  (R8), DX;       \
	MULXQ DX, AX, R11;    \
	MOVQ  (R9), R12;      \
	ADCXQ R12, R12;       \
	ADOXQ AX, R12;        \
	MOVQ  R12, (R9);      \
	MOVQ  8(R9), R12;     \
	ADCXQ R12, R12;       \
	ADOXQ R11, R12;       \
	MOVQ  R12, 8(R9);     \
	LEAQ  8(R8), R8;      \
	LEAQ  16(R9), R9;     \
	LEAQ  -1(CX), CX;     \
	JCXZQ sqdone;         \
	JMP   sqd;            \
sqdone:

// func montMulADX(z, x, y, m *uint64, n int, k0 uint64)
//
// Word-serial (CIOS) Montgomery product for any 1 <= n <= 128. For each
// limb y_i: row A adds x*y_i to t (n+2 limbs), then row B adds q*m with
// q = t_0*k0 and drops the zero low limb. t < 2m after each pair, so
// t_{n+1} is 0 or 1 after row A and t_n is 0 or 1 after row B. t_0 lives
// in R13, not in memory, until the end. z is written only by the final
// subtraction, after x and y are read.
TEXT ·montMulADX(SB), 0, $1088-48
	MOVQ x+8(FP), SI
	MOVQ y+16(FP), R15
	MOVQ m+24(FP), DI
	MOVQ n+32(FP), CX
	MOVQ k0+40(FP), R14
	LEAQ 0(SP), BX

	// Row A covers limbs 1..n-1 after its peeled limb 0, row B limbs
	// 2..n-1 after its peeled limbs 0 and 1.
	MOVQ CX, cntI
	LEAQ -1(CX), AX
	MOVQ AX, cntN1
	MOVQ AX, DX
	ANDQ $3, AX
	MOVQ AX, cntA1
	SHRQ $2, DX
	MOVQ DX, cntA4
	XORQ AX, AX
	XORQ DX, DX
	CMPQ CX, $2
	JLT  counted
	LEAQ -2(CX), AX
	MOVQ AX, DX
	ANDQ $3, AX
	SHRQ $2, DX

counted:
	MOVQ AX, cntB1
	MOVQ DX, cntB4

	// t = 0 (n+2 limbs), t_0 in R13.
	XORQ R10, R10
	XORQ R13, R13
	MOVQ BX, R8
	ADDQ $2, CX

zero:
	MOVQ R10, (R8)
	ADDQ $8, R8
	DECQ CX
	JNZ  zero

outer:
	// Row A: t += x * y_i.
	MOVQ  (R15), DX
	XORQ  AX, AX              // clears CF and OF
	MOVQ  SI, R8
	MOVQ  BX, R9
	MULXQ (R8), AX, R11
	ADCXQ R13, AX
	MOVQ  AX, R13             // t_0 (memory's copy is stale)
	ROWLOOP(8, 8, 8, cntA1, cntA4, ra1, ra2, ra3, ra4, ra5, ra6)
	MOVQ  8(R9), AX
	ADCXQ R10, AX
	ADOXQ R11, AX
	MOVQ  AX, 8(R9)           // t_n
	MOVQ  R10, AX
	ADCXQ R10, AX
	ADOXQ R10, AX
	MOVQ  AX, 16(R9)          // t_{n+1}: 0 or 1

	// Row B: t = (t + q*m) / 2^64.
	MOVQ  R13, DX
	IMULQ R14, DX             // q = t_0 * k0 mod 2^64
	XORQ  AX, AX              // clears CF and OF
	MOVQ  DI, R8
	MOVQ  BX, R9
	MULXQ (R8), AX, R11
	ADCXQ R13, AX             // 0 by the choice of q; keeps the carry
	MOVQ  cntN1, CX
	JCXZQ rbtop1
	JMP   rbone

rbtop1:
	// Not a bare JMP: the assembler would retarget JCXZQ (8-bit reach)
	// past this trampoline.
	LEAQ 0(R9), R9
	JMP  rbtop

rbone:
	MULXQ 8(R8), AX, R12
	ADCXQ 8(R9), AX
	ADOXQ R11, AX
	MOVQ  AX, R13             // the next t_0
	MOVQ  R12, R11
	LEAQ  8(R8), R8
	LEAQ  8(R9), R9
	ROWLOOP(8, 8, 0, cntB1, cntB4, rb1, rb2, rb3, rb4, rb5, rb6)

rbtop:
	MOVQ  8(R9), AX
	ADCXQ R10, AX
	ADOXQ R11, AX
	MOVQ  AX, (R9)            // t_{n-1}
	MOVQ  AX, R12
	MOVQ  16(R9), AX
	ADCXQ R10, AX
	ADOXQ R10, AX
	MOVQ  AX, 8(R9)           // t_n: 0 or 1
	CMPQ  R9, BX              // n = 1: t_{n-1} is the next t_0
	CMOVQEQ R12, R13

	ADDQ $8, R15
	DECQ cntI
	JNZ  outer

	MOVQ R13, (BX)
	MOVQ z+0(FP), R9
	MOVQ n+32(FP), CX
	FINALSUB(mf1, mf2, mf3, mf4)
	RET

// func montSqrADX(z, x, m *uint64, n int, k0 uint64)
//
// Montgomery square for any 1 <= n <= 128: the 2n-limb square S = x^2
// first (each x_i*x_j, i < j, once, then doubled, plus the squares
// x_i^2: n(n+1)/2 MULX instead of n^2), then the word-serial reduction
// (n rows of q*m at limb i, q = S_i*k0) in place. The carry out of each
// reduction row's top limb is kept in R15 and added to the next row's top
// limb. z is written only by the final subtraction.
TEXT ·montSqrADX(SB), 0, $2096-40
	MOVQ x+8(FP), SI
	MOVQ m+16(FP), DI
	MOVQ n+24(FP), CX
	MOVQ k0+32(FP), R14
	LEAQ 0(SP), BX
	LEAQ -1(CX), AX
	MOVQ AX, sqN1
	SQRZERO
	SQRTRI
	MOVQ n+24(FP), CX
	SQRDIAG

sqred:
	// Reduction: row i adds q*m at limb i (S_i becomes 0), q = S_i*k0
	// with S_i in R13 (row i-1 left it there); the row's top limb i+n
	// also takes R15, the carries left by row i-1, and R15 becomes this
	// row's carries (0..2).
	MOVQ n+24(FP), AX
	MOVQ AX, sqRows
	XORQ CX, CX
	XORQ DX, DX
	CMPQ AX, $2
	JLT  sqcounted
	LEAQ -2(AX), CX
	MOVQ CX, DX
	ANDQ $3, CX
	SHRQ $2, DX

sqcounted:
	MOVQ CX, sqCnt1
	MOVQ DX, sqCnt4
	MOVQ BX, SI               // &S[i]
	MOVQ (BX), R13
	XORQ R15, R15

sqredrow:
	MOVQ  R13, DX
	IMULQ R14, DX             // q
	XORQ  AX, AX              // clears CF and OF
	MOVQ  DI, R8
	MOVQ  SI, R9
	MULXQ (R8), AX, R11
	ADCXQ R13, AX             // 0; keeps the carry
	MOVQ  sqN1, CX
	JCXZQ sqtop1
	JMP   sqone

sqtop1:
	LEAQ 0(R9), R9 // see rbtop1
	JMP  sqtop

sqone:
	MULXQ 8(R8), AX, R12
	ADCXQ 8(R9), AX
	ADOXQ R11, AX
	MOVQ  AX, 8(R9)
	MOVQ  AX, R13             // S_{i+1}: the next row's q
	MOVQ  R12, R11
	LEAQ  8(R8), R8
	LEAQ  8(R9), R9
	ROWLOOP(8, 8, 8, sqCnt1, sqCnt4, sr1, sr2, sr3, sr4, sr5, sr6)

sqtop:
	MOVQ  8(R9), AX
	ADCXQ R15, AX
	ADOXQ R11, AX
	MOVQ  AX, 8(R9)           // S[i+n]
	MOVQ  AX, R12
	MOVQ  R10, R15
	ADCXQ R10, R15
	ADOXQ R10, R15
	CMPQ  R9, SI              // n = 1: S[i+n] is the next S_i
	CMOVQEQ R12, R13
	ADDQ  $8, SI
	DECQ  sqRows
	JNZ   sqredrow

	// t = S[n..2n-1] with R15 (0 or 1) as its limb n.
	MOVQ n+24(FP), CX
	MOVQ R15, (SI)(CX*8)
	MOVQ SI, BX
	MOVQ z+0(FP), R9
	FINALSUB(sf1, sf2, sf3, sf4)
	RET

// Fully unrolled rows for the RSA CRT sizes (16, 24 and 32 limbs: the
// halves of 2048-, 3072- and 4096-bit keys). The loop kernels above spend
// about a quarter of their time on loop control and pointer steps there;
// these rows use constant displacements from fixed bases instead.
//
// MA: limb at byte offset off of a row A (x at SI, t at BX): hi word to
// H, pending hi word P. MB: the same for a row B (m at DI), storing one
// limb lower. MR: a reduction row of the square (m at DI, S at R9), in
// place. The pair forms take the pending hi word in R12 and leave it in
// R12.
#define MA(off, H, P) \
	MULXQ (off)(SI), AX, H; \
	ADCXQ (off)(BX), AX;    \
	ADOXQ P, AX;            \
	MOVQ  AX, (off)(BX)

#define MA2(off) MA(off, R11, R12); MA(off+8, R12, R11)

#define MB(off, H, P) \
	MULXQ (off)(DI), AX, H; \
	ADCXQ (off)(BX), AX;    \
	ADOXQ P, AX;            \
	MOVQ  AX, (off-8)(BX)

#define MB2(off) MB(off, R11, R12); MB(off+8, R12, R11)

#define MR(off, H, P) \
	MULXQ (off)(DI), AX, H; \
	ADCXQ (off)(R9), AX;    \
	ADOXQ P, AX;            \
	MOVQ  AX, (off)(R9)

#define MR2(off) MR(off, R11, R12); MR(off+8, R12, R11)

// PAIRSn applies a pair macro to limbs 2..n-1.
#define PAIRS16(P) P(16); P(32); P(48); P(64); P(80); P(96); P(112)
#define PAIRS24(P) PAIRS16(P); P(128); P(144); P(160); P(176)
#define PAIRS32(P) PAIRS24(P); P(192); P(208); P(224); P(240)

// MULFIXED is montMulADX's loop for n = N limbs (x at SI, y at R15, m at
// DI, k0 in R14, t at BX), leaving t (N+1 limbs) at BX. CX counts the
// limbs of y.
#define MULFIXED(N, PAIRS) \
	XORQ  R10, R10;            \
	XORQ  R13, R13;            \
	MOVQ  $(N+2), CX;          \
	MOVQ  BX, R8;              \
fzero:                         \
	MOVQ  R10, (R8);           \
	ADDQ  $8, R8;              \
	DECQ  CX;                  \
	JNZ   fzero;               \
	MOVQ  $N, CX;              \
fouter:                        \
	MOVQ  (R15), DX;           \
	XORQ  AX, AX;              \
	MULXQ (SI), AX, R11;       \
	ADCXQ R13, AX;             \
	MOVQ  AX, R13;             \
	MA(8, R12, R11);           \
	PAIRS(MA2);                \
	MOVQ  (8*N)(BX), AX;       \
	ADCXQ R10, AX;             \
	ADOXQ R12, AX;             \
	MOVQ  AX, (8*N)(BX);       \
	MOVQ  R10, AX;             \
	ADCXQ R10, AX;             \
	ADOXQ R10, AX;             \
	MOVQ  AX, (8*N+8)(BX);     \
	MOVQ  R13, DX;             \
	IMULQ R14, DX;             \
	XORQ  AX, AX;              \
	MULXQ (DI), AX, R11;       \
	ADCXQ R13, AX;             \
	MULXQ 8(DI), AX, R12;      \
	ADCXQ 8(BX), AX;           \
	ADOXQ R11, AX;             \
	MOVQ  AX, R13;             \
	PAIRS(MB2);                \
	MOVQ  (8*N)(BX), AX;       \
	ADCXQ R10, AX;             \
	ADOXQ R12, AX;             \
	MOVQ  AX, (8*N-8)(BX);     \
	MOVQ  (8*N+8)(BX), AX;     \
	ADCXQ R10, AX;             \
	ADOXQ R10, AX;             \
	MOVQ  AX, (8*N)(BX);       \
	ADDQ  $8, R15;             \
	DECQ  CX;                  \
	JNZ   fouter;              \
	MOVQ  R13, (BX)

// REDFIXED is montSqrADX's reduction for n = N limbs (S at BX, m at DI,
// k0 in R14), leaving t (N+1 limbs) at BX + 8N.
#define REDFIXED(N, PAIRS) \
	MOVQ  BX, R9;              \
	MOVQ  (BX), R13;           \
	XORQ  R15, R15;            \
	MOVQ  $N, CX;              \
fred:                          \
	MOVQ  R13, DX;             \
	IMULQ R14, DX;             \
	XORQ  AX, AX;              \
	MULXQ (DI), AX, R11;       \
	ADCXQ R13, AX;             \
	MULXQ 8(DI), AX, R12;      \
	ADCXQ 8(R9), AX;           \
	ADOXQ R11, AX;             \
	MOVQ  AX, 8(R9);           \
	MOVQ  AX, R13;             \
	PAIRS(MR2);                \
	MOVQ  (8*N)(R9), AX;       \
	ADCXQ R15, AX;             \
	ADOXQ R12, AX;             \
	MOVQ  AX, (8*N)(R9);       \
	MOVQ  R10, R15;            \
	ADCXQ R10, R15;            \
	ADOXQ R10, R15;            \
	ADDQ  $8, R9;              \
	DECQ  CX;                  \
	JNZ   fred;                \
	MOVQ  R15, (8*N)(R9);      \
	MOVQ  R9, BX

// func montMul16ADX(z, x, y, m *uint64, k0 uint64)
TEXT ·montMul16ADX(SB), 0, $272-40
	MOVQ x+8(FP), SI
	MOVQ y+16(FP), R15
	MOVQ m+24(FP), DI
	MOVQ k0+32(FP), R14
	LEAQ 0(SP), BX
	MULFIXED(16, PAIRS16)
	MOVQ z+0(FP), R9
	MOVQ $16, CX
	FINALSUB(f1, f2, f3, f4)
	RET

// func montMul24ADX(z, x, y, m *uint64, k0 uint64)
TEXT ·montMul24ADX(SB), 0, $272-40
	MOVQ x+8(FP), SI
	MOVQ y+16(FP), R15
	MOVQ m+24(FP), DI
	MOVQ k0+32(FP), R14
	LEAQ 0(SP), BX
	MULFIXED(24, PAIRS24)
	MOVQ z+0(FP), R9
	MOVQ $24, CX
	FINALSUB(f1, f2, f3, f4)
	RET

// func montMul32ADX(z, x, y, m *uint64, k0 uint64)
TEXT ·montMul32ADX(SB), 0, $272-40
	MOVQ x+8(FP), SI
	MOVQ y+16(FP), R15
	MOVQ m+24(FP), DI
	MOVQ k0+32(FP), R14
	LEAQ 0(SP), BX
	MULFIXED(32, PAIRS32)
	MOVQ z+0(FP), R9
	MOVQ $32, CX
	FINALSUB(f1, f2, f3, f4)
	RET

// func montSqr16ADX(z, x, m *uint64, k0 uint64)
TEXT ·montSqr16ADX(SB), 0, $2096-32
	MOVQ x+8(FP), SI
	MOVQ m+16(FP), DI
	MOVQ k0+24(FP), R14
	LEAQ 0(SP), BX
	XORQ R10, R10
	MOVQ R10, (BX)
	MOVQ R10, 248(BX)
	TRI16
	DIAG16
	REDFIXED(16, PAIRS16)
	MOVQ z+0(FP), R9
	MOVQ $16, CX
	FINALSUB(f1, f2, f3, f4)
	RET

// func montSqr24ADX(z, x, m *uint64, k0 uint64)
TEXT ·montSqr24ADX(SB), 0, $2096-32
	MOVQ x+8(FP), SI
	MOVQ m+16(FP), DI
	MOVQ k0+24(FP), R14
	LEAQ 0(SP), BX
	XORQ R10, R10
	MOVQ R10, (BX)
	MOVQ R10, 376(BX)
	TRI24
	DIAG24
	REDFIXED(24, PAIRS24)
	MOVQ z+0(FP), R9
	MOVQ $24, CX
	FINALSUB(f1, f2, f3, f4)
	RET

// func montSqr32ADX(z, x, m *uint64, k0 uint64)
TEXT ·montSqr32ADX(SB), 0, $2096-32
	MOVQ x+8(FP), SI
	MOVQ m+16(FP), DI
	MOVQ k0+24(FP), R14
	LEAQ 0(SP), BX
	MOVQ $31, sqN1            // the triangle's rows loop at 32 limbs (see TRIn)
	MOVQ $32, CX
	SQRZERO
	SQRTRI
	DIAG32
	REDFIXED(32, PAIRS32)
	MOVQ z+0(FP), R9
	MOVQ $32, CX
	FINALSUB(f1, f2, f3, f4)
	RET

// Exponentiation (mont.Funcs.Exp of mont/adx; the macros are in
// mont_adx_exp_amd64.h, apart so that vet reads no macro body as a TEXT's).
// The Go side builds the table of x^0..x^31 in Montgomery form and the
// exponent's 5-bit digits (one byte each, top first); the window loop runs
// every product and table read of the exponentiation without returning to
// Go.

// func montGatherSSE2(out, tab *uint64, n, idx int)
//
// out (n limbs) = entry idx of the 32-entry table tab (n limbs each),
// reading all of it (GATHER8): 8 limbs at a time, then pairs, then one.
// SSE2 is in every amd64, so mont/adx needs no feature for it.
TEXT ·montGatherSSE2(SB), 0, $0-32
	MOVQ out+0(FP), DI
	MOVQ tab+8(FP), SI
	MOVQ n+16(FP), R11
	MOVQ idx+24(FP), DX
	GSETUP
	LEAQ 0(R11*8), R8
	MOVQ R11, CX
	SHRQ $3, CX
	JZ   gpairs
	GATHER8(gc8, gr8)

gpairs:
	MOVQ R11, CX
	ANDQ $7, CX
	SHRQ $1, CX
	JZ   gone

gc2:
	PXOR X8, X8
	PXOR X1, X1
	MOVQ SI, R9
	MOVQ $32, R10

gr2:
	MOVO    X1, X3
	PCMPEQL X0, X3
	GROW16(0, X4, X8)
	PADDL   X2, X1
	ADDQ    R8, R9
	DECQ    R10
	JNZ     gr2
	MOVOU   X8, (DI)
	ADDQ    $16, SI
	ADDQ    $16, DI
	DECQ    CX
	JNZ     gc2

gone:
	TESTQ $1, R11
	JZ    gdone
	PXOR  X8, X8
	PXOR  X1, X1
	MOVQ  SI, R9
	MOVQ  $32, R10

gr1:
	MOVO    X1, X3
	PCMPEQL X0, X3
	MOVQ    (R9), X4
	PAND    X3, X4
	POR     X4, X8
	PADDL   X2, X1
	ADDQ    R8, R9
	DECQ    R10
	JNZ     gr1
	MOVQ    X8, (DI)

gdone:
	RET

// func montExp16ADX(acc, tab, t *uint64, dig *byte, nwin int, m *uint64, k0 uint64)
//
// The window loop at 16 limbs (EXPLOOP): nwin >= 1 digits at dig, the
// table at tab (32 entries of 16 limbs), t a 16-limb scratch; acc gets
// the result in Montgomery form.
TEXT ·montExp16ADX(SB), 0, $2120-56
	EXPLOOP(16, PAIRS16, SQ16)

// func montExp24ADX(acc, tab, t *uint64, dig *byte, nwin int, m *uint64, k0 uint64)
TEXT ·montExp24ADX(SB), 0, $2120-56
	EXPLOOP(24, PAIRS24, SQ24)

// func montExp32ADX(acc, tab, t *uint64, dig *byte, nwin int, m *uint64, k0 uint64)
TEXT ·montExp32ADX(SB), 0, $2120-56
	EXPLOOP(32, PAIRS32, SQ32)
