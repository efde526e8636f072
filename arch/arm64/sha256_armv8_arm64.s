//go:build gc

#include "textflag.h"

// Registers:
//   R0 h, R1 p, R2 bytes left (whole blocks), R3 round constants
//   V0, V1   state ABCD, EFGH between blocks (lane 0 = a, e)
//   V2, V3   working ABCD, EFGH
//   V4       ABCD before SHA256H: SHA256H2 needs the old value
//   V5-V8    message schedule, four words per register, rotating
//   V9       W+K for the current four rounds
//   V16-V31  K[0..63], four per register, loaded once per call

// Four rounds with constants kq and message words m.
#define QROUND(kq, m) \
	VADD	kq.S4, m.S4, V9.S4 \
	VMOV	V2.B16, V4.B16 \
	SHA256H	V9.S4, V3, V2 \
	SHA256H2	V9.S4, V4, V3

// Four rounds with m0 = W[t..t+3], then m0 <- W[t+16..t+19] from
// m0..m3 = W[t..t+15]; the schedule overlaps the hash instructions.
#define QROUNDSCHED(kq, m0, m1, m2, m3) \
	VADD	kq.S4, m0.S4, V9.S4 \
	SHA256SU0	m1.S4, m0.S4 \
	VMOV	V2.B16, V4.B16 \
	SHA256H	V9.S4, V3, V2 \
	SHA256SU1	m3.S4, m2.S4, m0.S4 \
	SHA256H2	V9.S4, V4, V3

// func blockSHA2(h *[8]uint32, p []byte, k *[64]uint32)
TEXT ·blockSHA2(SB), NOSPLIT, $0-40
	MOVD	h+0(FP), R0
	MOVD	p_base+8(FP), R1
	MOVD	p_len+16(FP), R2
	MOVD	k+32(FP), R3
	AND	$~63, R2
	CBZ	R2, done

	VLD1.P	64(R3), [V16.S4, V17.S4, V18.S4, V19.S4]
	VLD1.P	64(R3), [V20.S4, V21.S4, V22.S4, V23.S4]
	VLD1.P	64(R3), [V24.S4, V25.S4, V26.S4, V27.S4]
	VLD1	(R3), [V28.S4, V29.S4, V30.S4, V31.S4]
	VLD1	(R0), [V0.S4, V1.S4]

loop:
	// Message words are big-endian: byte-swap each 32-bit lane.
	VLD1.P	64(R1), [V5.B16, V6.B16, V7.B16, V8.B16]
	VREV32	V5.B16, V5.B16
	VREV32	V6.B16, V6.B16
	VREV32	V7.B16, V7.B16
	VREV32	V8.B16, V8.B16
	VMOV	V0.B16, V2.B16
	VMOV	V1.B16, V3.B16

	// Rounds 0-47 also expand W[16..63].
	QROUNDSCHED(V16, V5, V6, V7, V8)
	QROUNDSCHED(V17, V6, V7, V8, V5)
	QROUNDSCHED(V18, V7, V8, V5, V6)
	QROUNDSCHED(V19, V8, V5, V6, V7)
	QROUNDSCHED(V20, V5, V6, V7, V8)
	QROUNDSCHED(V21, V6, V7, V8, V5)
	QROUNDSCHED(V22, V7, V8, V5, V6)
	QROUNDSCHED(V23, V8, V5, V6, V7)
	QROUNDSCHED(V24, V5, V6, V7, V8)
	QROUNDSCHED(V25, V6, V7, V8, V5)
	QROUNDSCHED(V26, V7, V8, V5, V6)
	QROUNDSCHED(V27, V8, V5, V6, V7)
	// Rounds 48-63 use the last words already expanded.
	QROUND(V28, V5)
	QROUND(V29, V6)
	QROUND(V30, V7)
	QROUND(V31, V8)

	VADD	V2.S4, V0.S4, V0.S4
	VADD	V3.S4, V1.S4, V1.S4
	SUBS	$64, R2
	BNE	loop

	VST1	[V0.S4, V1.S4], (R0)

done:
	RET
