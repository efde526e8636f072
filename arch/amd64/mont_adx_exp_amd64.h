// The gather and window-loop macros of mont/adx's Exp (mont_adx_amd64.s,
// which defines the product macros they expand).

// GSETUP puts the digit (DX, secret) in every dword of X0 and 1 in every
// dword of X2 for the GATHER loops.
#define GSETUP \
	MOVQ   DX, X0;     \
	PSHUFD $0, X0, X0; \
	MOVL   $1, AX;     \
	MOVQ   AX, X2;     \
	PSHUFD $0, X2, X2

// GROW16 ORs the 16 bytes at off(R9), masked by X3, into acc.
#define GROW16(off, tmp, acc) \
	MOVOU off(R9), tmp; \
	PAND  X3, tmp;      \
	POR   tmp, acc

// GATHER8 sets 8*CX limbs at DI (CX >= 1) to entry X0 of the 32-entry
// table at SI, rows R8 bytes apart. Every row is read: it is ANDed with a
// mask that is all ones only where the row counter X1 equals the digit
// (PCMPEQL) and ORed in, so the addresses touched do not depend on the
// digit. Clobbers CX, SI, DI, R9, R10, X1, X3-X11.
#define GATHER8(lc, lr) \
lc:                          \
	PXOR    X8, X8;          \
	PXOR    X9, X9;          \
	PXOR    X10, X10;        \
	PXOR    X11, X11;        \
	PXOR    X1, X1;          \
	MOVQ    SI, R9;          \
	MOVQ    $32, R10;        \
lr:                          \
	MOVO    X1, X3;          \
	PCMPEQL X0, X3;          \
	GROW16(0, X4, X8);       \
	GROW16(16, X5, X9);      \
	GROW16(32, X6, X10);     \
	GROW16(48, X7, X11);     \
	PADDL   X2, X1;          \
	ADDQ    R8, R9;          \
	DECQ    R10;             \
	JNZ     lr;              \
	MOVOU   X8, 0(DI);       \
	MOVOU   X9, 16(DI);      \
	MOVOU   X10, 32(DI);     \
	MOVOU   X11, 48(DI);     \
	ADDQ    $64, SI;         \
	ADDQ    $64, DI;         \
	DECQ    CX;              \
	JNZ     lc

// Frame of the window loops: montSqrADX's (S at 0(SP), its counts, which
// SQRTRI uses at 32 limbs), then the loop's own slots.
#define expWin 2096(SP)
#define expSq 2104(SP)
#define expDst 2112(SP)

// The squares' S (x at SI, S at BX; R10 = 0 after) for the window loops,
// as montSqrNADX computes it. An unrolled triangle at 32 limbs (TRI32) was
// tried here: rsa4096 sign did not move outside the host's noise, so the
// loop (SQRTRI) stays.
#define SQ16 XORQ R10, R10; MOVQ R10, (BX); MOVQ R10, 248(BX); TRI16; DIAG16
#define SQ24 XORQ R10, R10; MOVQ R10, (BX); MOVQ R10, 376(BX); TRI24; DIAG24
#define SQ32 MOVQ $31, sqN1; MOVQ $32, CX; SQRZERO; SQRTRI; DIAG32

// EXPLOOP is the window loop for N limbs: acc = table entry dig[0]; then
// per further digit five squarings of acc and one product of acc and the
// entry the digit selects (gathered into t). Every block is the unrolled
// kernel of montMulNADX or montSqrNADX, with acc in place (those write z
// only in their final subtraction); the branches depend only on nwin.
#define EXPLOOP(N, PAIRS, SQUARE) \
	MOVQ  acc+0(FP), AX;         \
	MOVQ  AX, expDst;            \
	MOVQ  $0, expWin;            \
expgather:                       \
	MOVQ  dig+24(FP), AX;        \
	MOVQ  expWin, CX;            \
	MOVBQZX (AX)(CX*1), DX;      \
	GSETUP;                      \
	MOVQ  expDst, DI;            \
	MOVQ  tab+8(FP), SI;         \
	MOVQ  $(8*N), R8;            \
	MOVQ  $(N/8), CX;            \
	GATHER8(egc, egr);           \
	MOVQ  expWin, AX;            \
	TESTQ AX, AX;                \
	JZ    expnext;               \
	MOVQ  acc+0(FP), SI;         \
	MOVQ  t+16(FP), R15;         \
	MOVQ  m+40(FP), DI;          \
	MOVQ  k0+48(FP), R14;        \
	LEAQ  0(SP), BX;             \
	MULFIXED(N, PAIRS);          \
	MOVQ  acc+0(FP), R9;         \
	MOVQ  $N, CX;                \
	FINALSUB(em1, em2, em3, em4); \
expnext:                         \
	MOVQ  expWin, AX;            \
	INCQ  AX;                    \
	MOVQ  AX, expWin;            \
	CMPQ  AX, nwin+32(FP);       \
	JGE   expdone;               \
	MOVQ  $5, expSq;             \
expsq:                           \
	MOVQ  acc+0(FP), SI;         \
	MOVQ  m+40(FP), DI;          \
	MOVQ  k0+48(FP), R14;        \
	LEAQ  0(SP), BX;             \
	SQUARE;                      \
	REDFIXED(N, PAIRS);          \
	MOVQ  acc+0(FP), R9;         \
	MOVQ  $N, CX;                \
	FINALSUB(es1, es2, es3, es4); \
	DECQ  expSq;                 \
	JNZ   expsq;                 \
	MOVQ  t+16(FP), AX;          \
	MOVQ  AX, expDst;            \
	JMP   expgather;             \
expdone:                         \
	RET
