//go:build gc

#include "textflag.h"

// SHA-256 with the SHA extensions. SHA256RNDS2 does two rounds on a state
// split as ABEF / CDGH (A in the top dword) with W+K in the low qword of X0;
// its output is the new ABEF, and the old ABEF becomes the new CDGH, so the
// two state registers swap roles after every call.
//
// Speed: the 32 SHA256RNDS2 of a block form one dependency chain. Measured
// on the Sapphire Rapids-class host (2026-05): latency 4 cycles, so a block
// cannot take less than 128 cycles plus the 1-cycle feed-forward add; this
// loop runs at about 130. Everything else (loads, schedule, W+K) is kept
// off that chain: the schedule group for rounds 4s+4.. is finished while
// rounds 4s.. run (one group of lead, which covers PALIGNR+PADDD+MSG2,
// about 8 cycles), and SHA256MSG1 runs three groups ahead.
//
// Registers: X1 = ABEF, X2 = CDGH, X3-X6 = message groups G(s-3)..G(s)
// rotating (group s, words 4s..4s+3, lives in X(3+s%4)), X7 = scratch,
// X8 = byte-swap mask, X9/X10 = state at block start, X0 = W+K (implicit).

// byte order within each dword reversed: message words are big-endian
DATA bswapMask<>+0(SB)/8, $0x0405060700010203
DATA bswapMask<>+8(SB)/8, $0x0c0d0e0f08090a0b
GLOBL bswapMask<>(SB), RODATA|NOPTR, $16

// Rounds 4s..4s+3 on group g, round constants at koff(AX).
#define ROUNDS(g, koff) \
	MOVOU koff(AX), X0 \
	PADDD g, X0 \
	SHA256RNDS2 X0, X1, X2 \
	PSHUFD $0x0e, X0, X0 \
	SHA256RNDS2 X0, X2, X1

// The same rounds, and between the two RNDS2 finish the next group:
// G(s+1) = MSG2(MSG1(G(s-3), G(s-2)) + G(s)G(s-1)>>32, G(s)). g3 holds
// MSG1(G(s-3), G(s-2)) on entry and G(s+1) on exit; the PALIGNR term is
// words 4s-3..4s (W[t-7] for t = 4s+4..4s+7).
#define ROUNDS_NEXT(g, g1, g3, koff) \
	MOVOU koff(AX), X0 \
	PADDD g, X0 \
	SHA256RNDS2 X0, X1, X2 \
	MOVO g, X7 \
	PALIGNR $4, g1, X7 \
	PADDD X7, g3 \
	SHA256MSG2 g, g3 \
	PSHUFD $0x0e, X0, X0 \
	SHA256RNDS2 X0, X2, X1

// After group s is used: g1 = MSG1(G(s-1), G(s)), the sigma0 half of
// G(s+3).
#define MSG1(g, g1) \
	SHA256MSG1 g, g1

#define LOADW(off, m) \
	MOVOU off(SI), m \
	PSHUFB X8, m

// func blockSHANI(h *[8]uint32, p []byte, k *[64]uint32)
TEXT ·blockSHANI(SB), NOSPLIT, $0-40
	MOVQ h+0(FP), DI
	MOVQ p_base+8(FP), SI
	MOVQ p_len+16(FP), DX
	MOVQ k+32(FP), AX
	SHRQ $6, DX
	JZ   done
	SHLQ $6, DX
	ADDQ SI, DX // DX = end of the last whole block

	// h[0..3] = a b c d, h[4..7] = e f g h (low dword first). One SHUFPS
	// per register (two dwords from each source) instead of a
	// PSHUFD+PUNPCK pair: short messages pay this on their chain.
	MOVOU  0(DI), X11
	MOVOU  16(DI), X2
	MOVO   X2, X1
	SHUFPS $0x11, X11, X1 // f e b a = ABEF
	SHUFPS $0xbb, X11, X2 // h g d c = CDGH
	MOVOU  bswapMask<>(SB), X8

loop:
	MOVO X1, X9
	MOVO X2, X10
	LOADW(0, X3)
	LOADW(16, X4)
	LOADW(32, X5)
	LOADW(48, X6)

	ROUNDS(X3, 0)
	ROUNDS(X4, 16)
	MSG1(X4, X3)
	ROUNDS(X5, 32)
	MSG1(X5, X4)
	ROUNDS_NEXT(X6, X5, X3, 48) // G4
	MSG1(X6, X5)
	ROUNDS_NEXT(X3, X6, X4, 64) // G5
	MSG1(X3, X6)
	ROUNDS_NEXT(X4, X3, X5, 80)
	MSG1(X4, X3)
	ROUNDS_NEXT(X5, X4, X6, 96)
	MSG1(X5, X4)
	ROUNDS_NEXT(X6, X5, X3, 112)
	MSG1(X6, X5)
	ROUNDS_NEXT(X3, X6, X4, 128)
	MSG1(X3, X6)
	ROUNDS_NEXT(X4, X3, X5, 144)
	MSG1(X4, X3)
	ROUNDS_NEXT(X5, X4, X6, 160)
	MSG1(X5, X4)
	ROUNDS_NEXT(X6, X5, X3, 176)
	MSG1(X6, X5)
	ROUNDS_NEXT(X3, X6, X4, 192) // G13
	MSG1(X3, X6)                 // last MSG1: for G15
	ROUNDS_NEXT(X4, X3, X5, 208) // G14
	ROUNDS_NEXT(X5, X4, X6, 224) // G15
	ROUNDS(X6, 240)

	PADDD X9, X1
	PADDD X10, X2
	ADDQ  $64, SI
	CMPQ  SI, DX
	JB    loop

	// back to a b c d / e f g h
	MOVO   X1, X11
	SHUFPS $0xbb, X2, X11 // a b c d
	SHUFPS $0x11, X2, X1  // e f g h
	MOVOU  X11, 0(DI)
	MOVOU  X1, 16(DI)

done:
	RET
