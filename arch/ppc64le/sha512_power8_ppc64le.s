//go:build gc

#include "textflag.h"

// SHA-512 with the POWER8 (ISA 2.07) vector unit. Each working variable a..h
// lives in doubleword element 0 of its own vector register; element 1
// carries harmless junk because every operation is element-wise. Message
// words are kept two to a vector (eight vectors hold W[t-16..t-1]), so the
// schedule makes two words per step with VSHASIGMAD. Element numbers below
// are the ISA's big-endian ones: LXVD2X/STXVD2X put a native uint64 array's
// element 0 in doubleword 0 on little-endian, and accept any alignment.
//
// Registers: only R3-R12 and R14-R17 are written; R0 (kept zero by Go) only
// ever appears as an index; R1, R2, R13, R30 and R31 are left alone.

// VPERM mask that reverses the bytes of each doubleword: LXVD2X loads the
// message little-endian, SHA-512 wants it big-endian. Loaded with LXVD2X,
// doubleword 0 holds byte indices 7..0 (big-endian order) and 1 holds 15..8.
DATA ·sha512p8Swap<>+0(SB)/8, $0x0706050403020100
DATA ·sha512p8Swap<>+8(SB)/8, $0x0f0e0d0c0b0a0908
GLOBL ·sha512p8Swap<>(SB), RODATA|NOPTR, $16

#define HP R3
#define INP R4
#define NBLK R5
#define KBASE R6
#define KP R7
#define O16 R8
#define O32 R9
#define O48 R10
#define O64 R11
#define O80 R12
#define O96 R14
#define O112 R15
#define CNT R16
#define TMP R17

// V0-V7 working variables, V8-V15 state at block start, V16-V23 W.
#define KW V24 // VS56
#define KT V25
#define TCH V26
#define TS1 V27
#define TX V28
#define TS0 V29
#define BSWAP V30 // VS62
#define X1 V31

// One round; kw holds K[t]+W[t] in doubleword 0. Afterwards h is the new a
// and d the new e, so the caller rotates the names.
// VSEL x, y, m, d computes d = m ? y : x bitwise: Ch(e,f,g) = e ? f : g,
// Maj(a,b,c) = (a^b) ? c : b.
// VSHASIGMAD $six, x, $st, d: st=1 gives Σ, st=0 σ; six=15 picks the "1"
// function in both doublewords, six=0 the "0" function.
#define ROUND(a, b, c, d, e, f, g, h, kw) \
	VADDUDM    kw, h, h;          \
	VSEL       g, f, e, TCH;      \
	VSHASIGMAD $15, e, $1, TS1;   \
	VXOR       a, b, TX;          \
	VSHASIGMAD $0, a, $1, TS0;    \
	VADDUDM    TCH, h, h;         \
	VSEL       b, c, TX, TX;      \
	VADDUDM    TS1, h, h;         \
	VADDUDM    TS0, TX, TS0;      \
	VADDUDM    h, d, d;           \
	VADDUDM    TS0, h, h

// Rounds t and t+1: KW = K[t..t+1] + w, with KP pointing at K[t - t%16]
// and off = 8*(t%16); KT has K[t+1]+W[t+1] moved into doubleword 0.
#define ROUND2(a, b, c, d, e, f, g, h, off, w) \
	LXVD2X     (KP)(off), VS56;           \
	VADDUDM    w, KW, KW;                 \
	VSLDOI     $8, KW, KW, KT;            \
	ROUND(a, b, c, d, e, f, g, h, KW);    \
	ROUND(h, a, b, c, d, e, f, g, KT)

// w0 = W[t-16..t-15], w1 = W[t-14..t-13], w4 = W[t-8..t-7],
// w5 = W[t-6..t-5], w7 = W[t-2..t-1]; replaces w0 with W[t..t+1]. The two
// new words depend only on older ones, so σ1 covers both at once.
// KT is free here: ROUND2 sets it afresh.
#define SCHED(w0, w1, w4, w5, w7) \
	VSLDOI     $8, w0, w1, X1;   \
	VSLDOI     $8, w4, w5, KT;   \
	VSHASIGMAD $0, X1, $0, X1;   \
	VADDUDM    KT, w0, w0;       \
	VSHASIGMAD $15, w7, $0, KT;  \
	VADDUDM    X1, w0, w0;       \
	VADDUDM    KT, w0, w0

// func block512Power8(h *[8]uint64, p *byte, n int, k *[80]uint64)
TEXT ·block512Power8(SB), NOSPLIT, $0-32
	MOVD h+0(FP), HP
	MOVD p+8(FP), INP
	MOVD n+16(FP), NBLK
	MOVD k+24(FP), KBASE
	CMP  NBLK, $0
	BLE  done

	MOVD   $16, O16
	MOVD   $32, O32
	MOVD   $48, O48
	MOVD   $64, O64
	MOVD   $80, O80
	MOVD   $96, O96
	MOVD   $112, O112
	MOVD   $·sha512p8Swap<>(SB), TMP
	LXVD2X (TMP)(R0), VS62 // BSWAP

	// Spread the state: one variable per register, in doubleword 0.
	LXVD2X (HP)(R0), VS32  // V0 = a b
	LXVD2X (HP)(O16), VS34 // V2 = c d
	LXVD2X (HP)(O32), VS36 // V4 = e f
	LXVD2X (HP)(O48), VS38 // V6 = g h
	VSLDOI $8, V0, V0, V1
	VSLDOI $8, V2, V2, V3
	VSLDOI $8, V4, V4, V5
	VSLDOI $8, V6, V6, V7

block:
	VOR V0, V0, V8
	VOR V1, V1, V9
	VOR V2, V2, V10
	VOR V3, V3, V11
	VOR V4, V4, V12
	VOR V5, V5, V13
	VOR V6, V6, V14
	VOR V7, V7, V15

	LXVD2X (INP)(R0), VS48
	LXVD2X (INP)(O16), VS49
	LXVD2X (INP)(O32), VS50
	LXVD2X (INP)(O48), VS51
	LXVD2X (INP)(O64), VS52
	LXVD2X (INP)(O80), VS53
	LXVD2X (INP)(O96), VS54
	LXVD2X (INP)(O112), VS55
	VPERM  V16, V16, BSWAP, V16
	VPERM  V17, V17, BSWAP, V17
	VPERM  V18, V18, BSWAP, V18
	VPERM  V19, V19, BSWAP, V19
	VPERM  V20, V20, BSWAP, V20
	VPERM  V21, V21, BSWAP, V21
	VPERM  V22, V22, BSWAP, V22
	VPERM  V23, V23, BSWAP, V23
	MOVD   KBASE, KP

	// Rounds 0-15 use the message words as loaded.
	ROUND2(V0, V1, V2, V3, V4, V5, V6, V7, R0, V16)
	ROUND2(V6, V7, V0, V1, V2, V3, V4, V5, O16, V17)
	ROUND2(V4, V5, V6, V7, V0, V1, V2, V3, O32, V18)
	ROUND2(V2, V3, V4, V5, V6, V7, V0, V1, O48, V19)
	ROUND2(V0, V1, V2, V3, V4, V5, V6, V7, O64, V20)
	ROUND2(V6, V7, V0, V1, V2, V3, V4, V5, O80, V21)
	ROUND2(V4, V5, V6, V7, V0, V1, V2, V3, O96, V22)
	ROUND2(V2, V3, V4, V5, V6, V7, V0, V1, O112, V23)
	ADD    $128, KP

	// Rounds 16-79: sixteen per pass, so names and W registers line up again.
	MOVD $4, CNT

sched:
	SCHED(V16, V17, V20, V21, V23)
	ROUND2(V0, V1, V2, V3, V4, V5, V6, V7, R0, V16)
	SCHED(V17, V18, V21, V22, V16)
	ROUND2(V6, V7, V0, V1, V2, V3, V4, V5, O16, V17)
	SCHED(V18, V19, V22, V23, V17)
	ROUND2(V4, V5, V6, V7, V0, V1, V2, V3, O32, V18)
	SCHED(V19, V20, V23, V16, V18)
	ROUND2(V2, V3, V4, V5, V6, V7, V0, V1, O48, V19)
	SCHED(V20, V21, V16, V17, V19)
	ROUND2(V0, V1, V2, V3, V4, V5, V6, V7, O64, V20)
	SCHED(V21, V22, V17, V18, V20)
	ROUND2(V6, V7, V0, V1, V2, V3, V4, V5, O80, V21)
	SCHED(V22, V23, V18, V19, V21)
	ROUND2(V4, V5, V6, V7, V0, V1, V2, V3, O96, V22)
	SCHED(V23, V16, V19, V20, V22)
	ROUND2(V2, V3, V4, V5, V6, V7, V0, V1, O112, V23)
	ADD    $128, KP
	ADD    $-1, CNT
	CMP    CNT, $0
	BNE    sched

	VADDUDM V8, V0, V0
	VADDUDM V9, V1, V1
	VADDUDM V10, V2, V2
	VADDUDM V11, V3, V3
	VADDUDM V12, V4, V4
	VADDUDM V13, V5, V5
	VADDUDM V14, V6, V6
	VADDUDM V15, V7, V7

	ADD $128, INP
	ADD $-1, NBLK
	CMP NBLK, $0
	BNE block

	// Gather doubleword 0 of each variable back into four vectors:
	// XXPERMDI $0 joins the two left halves.
	XXPERMDI VS32, VS33, $0, VS56
	STXVD2X  VS56, (HP)(R0)
	XXPERMDI VS34, VS35, $0, VS56
	STXVD2X  VS56, (HP)(O16)
	XXPERMDI VS36, VS37, $0, VS56
	STXVD2X  VS56, (HP)(O32)
	XXPERMDI VS38, VS39, $0, VS56
	STXVD2X  VS56, (HP)(O48)

done:
	RET
