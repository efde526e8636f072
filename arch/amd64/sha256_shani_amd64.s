//go:build amd64 && gc

#include "textflag.h"

// SHA-256 with the SHA extensions. SHA256RNDS2 does two rounds on a state
// split as ABEF / CDGH (A in the top dword) with W+K in the low qword of X0;
// its output is the new ABEF, and the old ABEF becomes the new CDGH, so the
// two state registers swap roles after every call.
//
// Registers: X1 = ABEF, X2 = CDGH, X3-X6 = message words W[t-16..t-1] in
// four groups of four (lowest index in the low dword), X8 = byte-swap mask,
// X9/X10 = state at block start, X11 = scratch, X0 = W+K (implicit operand).

// byte order within each dword reversed: message words are big-endian
DATA bswapMask<>+0(SB)/8, $0x0405060700010203
DATA bswapMask<>+8(SB)/8, $0x0c0d0e0f08090a0b
GLOBL bswapMask<>(SB), RODATA|NOPTR, $16

// Four rounds on group W in m, round constants at koff(AX).
#define RNDS4(m, koff) \
	MOVOU koff(AX), X0 \
	PADDD m, X0 \
	SHA256RNDS2 X0, X1, X2 \
	PSHUFD $0x0e, X0, X0 \
	SHA256RNDS2 X0, X2, X1

// m0 := next four schedule words from m0..m3 (W[t-16..t-1]).
// MSG1 adds sigma0(W[t-15..t-12]) to W[t-16..t-13]; W[t-7..t-4] is the
// m3:m2 pair shifted by one dword; MSG2 adds the sigma1 terms.
#define SCHED4(m0, m1, m2, m3) \
	SHA256MSG1 m1, m0 \
	MOVO m3, X11 \
	PALIGNR $4, m2, X11 \
	PADDD X11, m0 \
	SHA256MSG2 m3, m0

// Sixteen rounds: schedule the next group, then its four rounds, four times.
#define SCHED16(koff) \
	SCHED4(X3, X4, X5, X6) \
	RNDS4(X3, koff) \
	SCHED4(X4, X5, X6, X3) \
	RNDS4(X4, koff+16) \
	SCHED4(X5, X6, X3, X4) \
	RNDS4(X5, koff+32) \
	SCHED4(X6, X3, X4, X5) \
	RNDS4(X6, koff+48)

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

	// h[0..3] = a b c d, h[4..7] = e f g h (low dword first)
	MOVOU  0(DI), X1
	MOVOU  16(DI), X2
	PSHUFD $0x1b, X1, X1  // d c b a
	PSHUFD $0x1b, X2, X2  // h g f e
	MOVO   X2, X11
	PUNPCKHQDQ X1, X2     // f e b a = ABEF
	PUNPCKLQDQ X1, X11    // h g d c = CDGH
	MOVO   X2, X1
	MOVO   X11, X2
	MOVOU  bswapMask<>(SB), X8

loop:
	MOVO X1, X9
	MOVO X2, X10

	LOADW(0, X3)
	LOADW(16, X4)
	LOADW(32, X5)
	LOADW(48, X6)
	RNDS4(X3, 0)
	RNDS4(X4, 16)
	RNDS4(X5, 32)
	RNDS4(X6, 48)
	SCHED16(64)
	SCHED16(128)
	SCHED16(192)

	PADDD X9, X1
	PADDD X10, X2
	ADDQ  $64, SI
	CMPQ  SI, DX
	JB    loop

	// back to a b c d / e f g h
	MOVO   X1, X11
	PUNPCKHQDQ X2, X1     // b a d c
	PUNPCKLQDQ X2, X11    // f e h g
	PSHUFD $0xb1, X1, X1   // a b c d
	PSHUFD $0xb1, X11, X11 // e f g h
	MOVOU  X1, 0(DI)
	MOVOU  X11, 16(DI)

done:
	RET
