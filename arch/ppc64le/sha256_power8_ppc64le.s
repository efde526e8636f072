//go:build gc

#include "textflag.h"

// SHA-256 with the POWER8 (ISA 2.07) vector unit. Each working variable a..h
// lives in word element 0 of its own vector register; the other elements
// carry harmless junk because every operation is element-wise. Message words
// are kept four to a vector, so the schedule runs four words per step with
// VSHASIGMAW. Element numbers below are the ISA's big-endian ones, which is
// what LXVW4X/STXVW4X give for native uint32 arrays on little-endian.

// VPERM mask that reverses the bytes of each word: LXVW4X loads message
// words little-endian, SHA-256 wants them big-endian.
DATA ·p8bswapMask<>+0(SB)/4, $0x03020100
DATA ·p8bswapMask<>+4(SB)/4, $0x07060504
DATA ·p8bswapMask<>+8(SB)/4, $0x0b0a0908
DATA ·p8bswapMask<>+12(SB)/4, $0x0f0e0d0c
GLOBL ·p8bswapMask<>(SB), RODATA|NOPTR, $16

#define HP R3
#define INP R4
#define NBLK R5
#define KBASE R6
#define KP R7
#define O16 R8
#define O32 R9
#define O48 R10
#define CNT R14
#define TMP R15

// V0-V7 working variables, V8-V15 state at block start, V16-V19 W.
#define KW V20
#define KT V21
#define TCH V22
#define TS1 V23
#define TX V24
#define TMAJ V25
#define TS0 V26
#define BSWAP V27
#define X1 V28
#define X2 V29
#define ZERO V30

// One round; kw holds K[t]+W[t] in element 0. Afterwards h is the new a
// and d the new e, so the caller rotates the names.
// VSEL x, y, m, d computes d = m ? y : x bitwise: Ch(e,f,g) = e ? f : g,
// Maj(a,b,c) = (a^b) ? c : b.
// VSHASIGMAW $six, x, $st, d: st=1 gives Σ, st=0 σ; six=15 picks the
// "1" function in every element, six=0 the "0" function.
#define ROUND(a, b, c, d, e, f, g, h, kw) \
	VADDUWM    kw, h, h;          \
	VSEL       g, f, e, TCH;      \
	VSHASIGMAW $15, e, $1, TS1;   \
	VXOR       a, b, TX;          \
	VSHASIGMAW $0, a, $1, TS0;    \
	VADDUWM    TCH, h, h;         \
	VSEL       b, c, TX, TMAJ;    \
	VADDUWM    TS1, h, h;         \
	VADDUWM    TS0, TMAJ, TS0;    \
	VADDUWM    h, d, d;           \
	VADDUWM    TS0, h, h

// Four rounds taking K+W from elements 0..3 of KW (rotated into element 0).
#define ROUND4(a, b, c, d, e, f, g, h) \
	ROUND(a, b, c, d, e, f, g, h, KW); \
	VSLDOI $4, KW, KW, KT;             \
	ROUND(h, a, b, c, d, e, f, g, KT); \
	VSLDOI $8, KW, KW, KT;             \
	ROUND(g, h, a, b, c, d, e, f, KT); \
	VSLDOI $12, KW, KW, KT;            \
	ROUND(f, g, h, a, b, c, d, e, KT)

// w0 = W[t-16..t-13], w1..w3 the next twelve words; replaces w0 with
// W[t..t+3]. W[t+2], W[t+3] need σ1 of W[t], W[t+1] from this same step,
// so σ1 is applied in two halves with the other half zeroed (σ1(0) = 0).
#define SCHED(w0, w1, w2, w3) \
	VSLDOI     $4, w0, w1, X1;   \
	VSHASIGMAW $0, X1, $0, X1;   \
	VADDUWM    X1, w0, w0;       \
	VSLDOI     $4, w2, w3, X2;   \
	VADDUWM    X2, w0, w0;       \
	VSLDOI     $8, w3, ZERO, X1; \
	VSHASIGMAW $15, X1, $0, X1;  \
	VADDUWM    X1, w0, w0;       \
	VSHASIGMAW $15, w0, $0, X2;  \
	VSLDOI     $8, ZERO, X2, X2; \
	VADDUWM    X2, w0, w0

// KW = K[t..t+3] + w; KP points at K[t - t%16].
#define ADDK(off, w) \
	LXVW4X  (KP)(off), VS52; \
	VADDUWM w, KW, KW

// func blockPower8(h *[8]uint32, p *byte, n int, k *[64]uint32)
TEXT ·blockPower8(SB), NOSPLIT, $0-32
	MOVD h+0(FP), HP
	MOVD p+8(FP), INP
	MOVD n+16(FP), NBLK
	MOVD k+24(FP), KBASE
	CMP  NBLK, $0
	BLE  done

	MOVD   $16, O16
	MOVD   $32, O32
	MOVD   $48, O48
	MOVD   $·p8bswapMask<>(SB), TMP
	LXVW4X (TMP)(R0), VS59 // BSWAP
	VXOR   ZERO, ZERO, ZERO

	// Spread the state: one variable per register, in element 0.
	LXVW4X (HP)(R0), VS32  // V0 = a b c d
	LXVW4X (HP)(O16), VS36 // V4 = e f g h
	VSLDOI $4, V0, V0, V1
	VSLDOI $8, V0, V0, V2
	VSLDOI $12, V0, V0, V3
	VSLDOI $4, V4, V4, V5
	VSLDOI $8, V4, V4, V6
	VSLDOI $12, V4, V4, V7

block:
	VOR V0, V0, V8
	VOR V1, V1, V9
	VOR V2, V2, V10
	VOR V3, V3, V11
	VOR V4, V4, V12
	VOR V5, V5, V13
	VOR V6, V6, V14
	VOR V7, V7, V15

	LXVW4X (INP)(R0), VS48
	LXVW4X (INP)(O16), VS49
	LXVW4X (INP)(O32), VS50
	LXVW4X (INP)(O48), VS51
	VPERM  V16, V16, BSWAP, V16
	VPERM  V17, V17, BSWAP, V17
	VPERM  V18, V18, BSWAP, V18
	VPERM  V19, V19, BSWAP, V19
	MOVD   KBASE, KP

	// Rounds 0-15 use the message words as loaded.
	ADDK(R0, V16)
	ROUND4(V0, V1, V2, V3, V4, V5, V6, V7)
	ADDK(O16, V17)
	ROUND4(V4, V5, V6, V7, V0, V1, V2, V3)
	ADDK(O32, V18)
	ROUND4(V0, V1, V2, V3, V4, V5, V6, V7)
	ADDK(O48, V19)
	ROUND4(V4, V5, V6, V7, V0, V1, V2, V3)
	ADD    $64, KP

	// Rounds 16-63: sixteen per pass, so names and W registers line up again.
	MOVD $3, CNT

sched:
	SCHED(V16, V17, V18, V19)
	ADDK(R0, V16)
	ROUND4(V0, V1, V2, V3, V4, V5, V6, V7)
	SCHED(V17, V18, V19, V16)
	ADDK(O16, V17)
	ROUND4(V4, V5, V6, V7, V0, V1, V2, V3)
	SCHED(V18, V19, V16, V17)
	ADDK(O32, V18)
	ROUND4(V0, V1, V2, V3, V4, V5, V6, V7)
	SCHED(V19, V16, V17, V18)
	ADDK(O48, V19)
	ROUND4(V4, V5, V6, V7, V0, V1, V2, V3)
	ADD    $64, KP
	ADD    $-1, CNT
	CMP    CNT, $0
	BNE    sched

	VADDUWM V8, V0, V0
	VADDUWM V9, V1, V1
	VADDUWM V10, V2, V2
	VADDUWM V11, V3, V3
	VADDUWM V12, V4, V4
	VADDUWM V13, V5, V5
	VADDUWM V14, V6, V6
	VADDUWM V15, V7, V7

	ADD $64, INP
	ADD $-1, NBLK
	CMP NBLK, $0
	BNE block

	// Gather element 0 of each variable back into two vectors:
	// VMRGEW gives (x0, y0, x2, y2), XXPERMDI $0 joins the two left halves.
	VMRGEW   V0, V1, X1
	VMRGEW   V2, V3, X2
	XXPERMDI VS60, VS61, $0, VS60
	STXVW4X  VS60, (HP)(R0)
	VMRGEW   V4, V5, X1
	VMRGEW   V6, V7, X2
	XXPERMDI VS60, VS61, $0, VS60
	STXVW4X  VS60, (HP)(O16)

done:
	RET

// func sigmaProbe(in *[4]uint32, out *[6][4]uint32)
// Known-answer probe of VSHASIGMAW alone: σ0, σ1, Σ0, Σ1 of in, a mixed
// six=0b0101 Σ, and Σ1 with destination == source.
TEXT ·sigmaProbe(SB), NOSPLIT, $0-16
	MOVD       in+0(FP), R3
	MOVD       out+8(FP), R4
	LXVW4X     (R3)(R0), VS32
	VSHASIGMAW $0, V0, $0, V1
	VSHASIGMAW $15, V0, $0, V2
	VSHASIGMAW $0, V0, $1, V3
	VSHASIGMAW $15, V0, $1, V4
	VSHASIGMAW $5, V0, $1, V5
	VOR        V0, V0, V6
	VSHASIGMAW $15, V6, $1, V6
	MOVD       $16, R5
	STXVW4X    VS33, (R4)(R0)
	ADD        R5, R4
	STXVW4X    VS34, (R4)(R0)
	ADD        R5, R4
	STXVW4X    VS35, (R4)(R0)
	ADD        R5, R4
	STXVW4X    VS36, (R4)(R0)
	ADD        R5, R4
	STXVW4X    VS37, (R4)(R0)
	ADD        R5, R4
	STXVW4X    VS38, (R4)(R0)
	RET
