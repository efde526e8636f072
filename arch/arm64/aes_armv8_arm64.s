//go:build gc

#include "textflag.h"

// AES with the ARMv8 Crypto Extension.
//
// AESE k, s computes s = ShiftRows(SubBytes(s ^ k)) and AESMC applies
// MixColumns, so round keys 0..Nr-1 go to AESE and key Nr is a final EOR.
// AESD/AESIMC mirror that for the equivalent inverse cipher: the Dec
// schedule (FIPS-197 5.3.5, already in order of use) has the same shape.
//
// Registers, in every function:
//   R0 rounds, R1 round keys, R2 dst, R3 src, R4 blocks left, R5 iv/ctr
//   V0-V7    blocks in flight
//   V8-V15   source copies (CBC ciphertexts, CTR input)
//   V16-V30  round keys, aligned to the end: the last key is always V30,
//            the 10 before it V20-V29; AES-192 adds V18-V19 in front and
//            AES-256 V16-V19, so the inner rounds never depend on the size.
//   V31      CBC chaining value

// LOADKEYS loads Nr+1 round keys from R1 into V16-V30 (see above).
#define LOADKEYS(l192, l128) \
	CMP	$12, R0 \
	BLT	l128 \
	BEQ	l192 \
	VLD1.P	32(R1), [V16.B16, V17.B16] \
l192: \
	VLD1.P	32(R1), [V18.B16, V19.B16] \
l128: \
	VLD1.P	64(R1), [V20.B16, V21.B16, V22.B16, V23.B16] \
	VLD1.P	64(R1), [V24.B16, V25.B16, V26.B16, V27.B16] \
	VLD1	(R1), [V28.B16, V29.B16, V30.B16]

// One round on one block. AESE/AESMC on the same register stay adjacent so
// cores that fuse the pair can.
#define ER(k, b) \
	AESE	k.B16, b.B16 \
	AESMC	b.B16, b.B16

#define DR(k, b) \
	AESD	k.B16, b.B16 \
	AESIMC	b.B16, b.B16

// The last round: no (Inv)MixColumns, then the last key.
#define ELAST(b) \
	AESE	V29.B16, b.B16 \
	VEOR	V30.B16, b.B16, b.B16

#define DLAST(b) \
	AESD	V29.B16, b.B16 \
	VEOR	V30.B16, b.B16, b.B16

#define ER8(k) \
	ER(k, V0) \
	ER(k, V1) \
	ER(k, V2) \
	ER(k, V3) \
	ER(k, V4) \
	ER(k, V5) \
	ER(k, V6) \
	ER(k, V7)

#define ER4(k) \
	ER(k, V0) \
	ER(k, V1) \
	ER(k, V2) \
	ER(k, V3)

#define ER2(k) \
	ER(k, V0) \
	ER(k, V1)

#define DR2(k) \
	DR(k, V0) \
	DR(k, V1)

#define DR8(k) \
	DR(k, V0) \
	DR(k, V1) \
	DR(k, V2) \
	DR(k, V3) \
	DR(k, V4) \
	DR(k, V5) \
	DR(k, V6) \
	DR(k, V7)

#define DR4(k) \
	DR(k, V0) \
	DR(k, V1) \
	DR(k, V2) \
	DR(k, V3)

// Full ciphers on V0-V7, V0-V3 or V0. The size test is a compare and two
// branches per group; the rounds after the labels are shared by all sizes.
#define ENC8(l192, l128) \
	CMP	$12, R0 \
	BLT	l128 \
	BEQ	l192 \
	ER8(V16) \
	ER8(V17) \
l192: \
	ER8(V18) \
	ER8(V19) \
l128: \
	ER8(V20) \
	ER8(V21) \
	ER8(V22) \
	ER8(V23) \
	ER8(V24) \
	ER8(V25) \
	ER8(V26) \
	ER8(V27) \
	ER8(V28) \
	ELAST(V0) \
	ELAST(V1) \
	ELAST(V2) \
	ELAST(V3) \
	ELAST(V4) \
	ELAST(V5) \
	ELAST(V6) \
	ELAST(V7)

#define ENC4(l192, l128) \
	CMP	$12, R0 \
	BLT	l128 \
	BEQ	l192 \
	ER4(V16) \
	ER4(V17) \
l192: \
	ER4(V18) \
	ER4(V19) \
l128: \
	ER4(V20) \
	ER4(V21) \
	ER4(V22) \
	ER4(V23) \
	ER4(V24) \
	ER4(V25) \
	ER4(V26) \
	ER4(V27) \
	ER4(V28) \
	ELAST(V0) \
	ELAST(V1) \
	ELAST(V2) \
	ELAST(V3)

#define ENC2(l192, l128) \
	CMP	$12, R0 \
	BLT	l128 \
	BEQ	l192 \
	ER2(V16) \
	ER2(V17) \
l192: \
	ER2(V18) \
	ER2(V19) \
l128: \
	ER2(V20) \
	ER2(V21) \
	ER2(V22) \
	ER2(V23) \
	ER2(V24) \
	ER2(V25) \
	ER2(V26) \
	ER2(V27) \
	ER2(V28) \
	ELAST(V0) \
	ELAST(V1)

#define ENC1(l192, l128) \
	CMP	$12, R0 \
	BLT	l128 \
	BEQ	l192 \
	ER(V16, V0) \
	ER(V17, V0) \
l192: \
	ER(V18, V0) \
	ER(V19, V0) \
l128: \
	ER(V20, V0) \
	ER(V21, V0) \
	ER(V22, V0) \
	ER(V23, V0) \
	ER(V24, V0) \
	ER(V25, V0) \
	ER(V26, V0) \
	ER(V27, V0) \
	ER(V28, V0) \
	ELAST(V0)

#define DEC8(l192, l128) \
	CMP	$12, R0 \
	BLT	l128 \
	BEQ	l192 \
	DR8(V16) \
	DR8(V17) \
l192: \
	DR8(V18) \
	DR8(V19) \
l128: \
	DR8(V20) \
	DR8(V21) \
	DR8(V22) \
	DR8(V23) \
	DR8(V24) \
	DR8(V25) \
	DR8(V26) \
	DR8(V27) \
	DR8(V28) \
	DLAST(V0) \
	DLAST(V1) \
	DLAST(V2) \
	DLAST(V3) \
	DLAST(V4) \
	DLAST(V5) \
	DLAST(V6) \
	DLAST(V7)

#define DEC4(l192, l128) \
	CMP	$12, R0 \
	BLT	l128 \
	BEQ	l192 \
	DR4(V16) \
	DR4(V17) \
l192: \
	DR4(V18) \
	DR4(V19) \
l128: \
	DR4(V20) \
	DR4(V21) \
	DR4(V22) \
	DR4(V23) \
	DR4(V24) \
	DR4(V25) \
	DR4(V26) \
	DR4(V27) \
	DR4(V28) \
	DLAST(V0) \
	DLAST(V1) \
	DLAST(V2) \
	DLAST(V3)

#define DEC2(l192, l128) \
	CMP	$12, R0 \
	BLT	l128 \
	BEQ	l192 \
	DR2(V16) \
	DR2(V17) \
l192: \
	DR2(V18) \
	DR2(V19) \
l128: \
	DR2(V20) \
	DR2(V21) \
	DR2(V22) \
	DR2(V23) \
	DR2(V24) \
	DR2(V25) \
	DR2(V26) \
	DR2(V27) \
	DR2(V28) \
	DLAST(V0) \
	DLAST(V1)

#define DEC1(l192, l128) \
	CMP	$12, R0 \
	BLT	l128 \
	BEQ	l192 \
	DR(V16, V0) \
	DR(V17, V0) \
l192: \
	DR(V18, V0) \
	DR(V19, V0) \
l128: \
	DR(V20, V0) \
	DR(V21, V0) \
	DR(V22, V0) \
	DR(V23, V0) \
	DR(V24, V0) \
	DR(V25, V0) \
	DR(V26, V0) \
	DR(V27, V0) \
	DR(V28, V0) \
	DLAST(V0)

// func ecbEncARMv8(nr int, xk *byte, dst, src *byte, n int)
TEXT ·ecbEncARMv8(SB), NOSPLIT, $0-40
	MOVD	nr+0(FP), R0
	MOVD	xk+8(FP), R1
	MOVD	dst+16(FP), R2
	MOVD	src+24(FP), R3
	MOVD	n+32(FP), R4
	CBZ	R4, done
	LOADKEYS(k192, k128)

loop8:
	CMP	$8, R4
	BLT	tail4
	VLD1.P	64(R3), [V0.B16, V1.B16, V2.B16, V3.B16]
	VLD1.P	64(R3), [V4.B16, V5.B16, V6.B16, V7.B16]
	ENC8(e8_192, e8_128)
	VST1.P	[V0.B16, V1.B16, V2.B16, V3.B16], 64(R2)
	VST1.P	[V4.B16, V5.B16, V6.B16, V7.B16], 64(R2)
	SUB	$8, R4
	B	loop8

tail4:
	TBZ	$2, R4, tail2
	VLD1.P	64(R3), [V0.B16, V1.B16, V2.B16, V3.B16]
	ENC4(e4_192, e4_128)
	VST1.P	[V0.B16, V1.B16, V2.B16, V3.B16], 64(R2)

tail2:
	TBZ	$1, R4, tail1
	VLD1.P	32(R3), [V0.B16, V1.B16]
	ENC2(e2_192, e2_128)
	VST1.P	[V0.B16, V1.B16], 32(R2)

tail1:
	TBZ	$0, R4, done
	VLD1	(R3), [V0.B16]
	ENC1(e1_192, e1_128)
	VST1	[V0.B16], (R2)

done:
	RET

// func ecbDecARMv8(nr int, xk *byte, dst, src *byte, n int)
TEXT ·ecbDecARMv8(SB), NOSPLIT, $0-40
	MOVD	nr+0(FP), R0
	MOVD	xk+8(FP), R1
	MOVD	dst+16(FP), R2
	MOVD	src+24(FP), R3
	MOVD	n+32(FP), R4
	CBZ	R4, done
	LOADKEYS(k192, k128)

loop8:
	CMP	$8, R4
	BLT	tail4
	VLD1.P	64(R3), [V0.B16, V1.B16, V2.B16, V3.B16]
	VLD1.P	64(R3), [V4.B16, V5.B16, V6.B16, V7.B16]
	DEC8(d8_192, d8_128)
	VST1.P	[V0.B16, V1.B16, V2.B16, V3.B16], 64(R2)
	VST1.P	[V4.B16, V5.B16, V6.B16, V7.B16], 64(R2)
	SUB	$8, R4
	B	loop8

tail4:
	TBZ	$2, R4, tail2
	VLD1.P	64(R3), [V0.B16, V1.B16, V2.B16, V3.B16]
	DEC4(d4_192, d4_128)
	VST1.P	[V0.B16, V1.B16, V2.B16, V3.B16], 64(R2)

tail2:
	TBZ	$1, R4, tail1
	VLD1.P	32(R3), [V0.B16, V1.B16]
	DEC2(d2_192, d2_128)
	VST1.P	[V0.B16, V1.B16], 32(R2)

tail1:
	TBZ	$0, R4, done
	VLD1	(R3), [V0.B16]
	DEC1(d1_192, d1_128)
	VST1	[V0.B16], (R2)

done:
	RET

// CBC encryption is serial: each block needs the previous ciphertext, so a
// block costs the latency of its rounds plus whatever else sits on that
// chain. Nothing else does here. AESE XORs its key into the state first,
// so with t[i] the state before the final key XOR (C[i] = t[i] ^ klast)
// the next block's first round AESE(C[i] ^ P[i+1], kfirst) is
// AESE(t[i], klast ^ kfirst ^ P[i+1]): the ciphertext XOR, the plaintext
// XOR and the final key XOR all ride in a round key computed off the
// chain (V2), which is AESE and AESMC only; C[i] is t[i] ^ klast beside
// it. V0 carries t, starting from iv ^ klast; V14 = klast ^ kfirst.
//
// func cbcEncARMv8(nr int, xk *byte, iv *[16]byte, dst, src *byte, n int)
TEXT ·cbcEncARMv8(SB), NOSPLIT, $0-48
	MOVD	nr+0(FP), R0
	MOVD	xk+8(FP), R1
	MOVD	iv+16(FP), R5
	MOVD	dst+24(FP), R2
	MOVD	src+32(FP), R3
	MOVD	n+40(FP), R4
	CBZ	R4, done
	LOADKEYS(k192, k128)
	CMP	$12, R0
	BLT	f128
	BEQ	f192
	VEOR	V30.B16, V16.B16, V14.B16
	B	fdone

f192:
	VEOR	V30.B16, V18.B16, V14.B16
	B	fdone

f128:
	VEOR	V30.B16, V20.B16, V14.B16

fdone:
	VLD1	(R5), [V0.B16]
	VEOR	V30.B16, V0.B16, V0.B16

loop:
	VLD1.P	16(R3), [V1.B16]
	VEOR	V14.B16, V1.B16, V2.B16
	ER(V2, V0)
	CMP	$12, R0
	BLT	r128
	BEQ	r192
	ER(V17, V0)
	ER(V18, V0)

r192:
	ER(V19, V0)
	ER(V20, V0)

r128:
	ER(V21, V0)
	ER(V22, V0)
	ER(V23, V0)
	ER(V24, V0)
	ER(V25, V0)
	ER(V26, V0)
	ER(V27, V0)
	ER(V28, V0)
	AESE	V29.B16, V0.B16
	VEOR	V30.B16, V0.B16, V3.B16
	VST1.P	[V3.B16], 16(R2)
	SUBS	$1, R4
	BNE	loop

	VST1	[V3.B16], (R5)

done:
	RET

// CBC decryption: every group is loaded twice, once to decrypt and once
// (V8-V15) as the chaining values, before anything is stored, so dst may
// equal src. Groups of 8, then the 0..7 left in one pass per bit of their
// count (4, 2, 1 blocks), like ECB.
//
// func cbcDecARMv8(nr int, xk *byte, iv *[16]byte, dst, src *byte, n int)
TEXT ·cbcDecARMv8(SB), NOSPLIT, $0-48
	MOVD	nr+0(FP), R0
	MOVD	xk+8(FP), R1
	MOVD	iv+16(FP), R5
	MOVD	dst+24(FP), R2
	MOVD	src+32(FP), R3
	MOVD	n+40(FP), R4
	CBZ	R4, done
	LOADKEYS(k192, k128)
	VLD1	(R5), [V31.B16]

loop8:
	CMP	$8, R4
	BLT	tail4
	VLD1	(R3), [V0.B16, V1.B16, V2.B16, V3.B16]
	VLD1.P	64(R3), [V8.B16, V9.B16, V10.B16, V11.B16]
	VLD1	(R3), [V4.B16, V5.B16, V6.B16, V7.B16]
	VLD1.P	64(R3), [V12.B16, V13.B16, V14.B16, V15.B16]
	DEC8(d8_192, d8_128)
	VEOR	V31.B16, V0.B16, V0.B16
	VEOR	V8.B16, V1.B16, V1.B16
	VEOR	V9.B16, V2.B16, V2.B16
	VEOR	V10.B16, V3.B16, V3.B16
	VEOR	V11.B16, V4.B16, V4.B16
	VEOR	V12.B16, V5.B16, V5.B16
	VEOR	V13.B16, V6.B16, V6.B16
	VEOR	V14.B16, V7.B16, V7.B16
	VMOV	V15.B16, V31.B16
	VST1.P	[V0.B16, V1.B16, V2.B16, V3.B16], 64(R2)
	VST1.P	[V4.B16, V5.B16, V6.B16, V7.B16], 64(R2)
	SUB	$8, R4
	B	loop8

tail4:
	TBZ	$2, R4, tail2
	VLD1	(R3), [V0.B16, V1.B16, V2.B16, V3.B16]
	VLD1.P	64(R3), [V8.B16, V9.B16, V10.B16, V11.B16]
	DEC4(d4_192, d4_128)
	VEOR	V31.B16, V0.B16, V0.B16
	VEOR	V8.B16, V1.B16, V1.B16
	VEOR	V9.B16, V2.B16, V2.B16
	VEOR	V10.B16, V3.B16, V3.B16
	VMOV	V11.B16, V31.B16
	VST1.P	[V0.B16, V1.B16, V2.B16, V3.B16], 64(R2)

tail2:
	TBZ	$1, R4, tail1
	VLD1	(R3), [V0.B16, V1.B16]
	VLD1.P	32(R3), [V8.B16, V9.B16]
	DEC2(d2_192, d2_128)
	VEOR	V31.B16, V0.B16, V0.B16
	VEOR	V8.B16, V1.B16, V1.B16
	VMOV	V9.B16, V31.B16
	VST1.P	[V0.B16, V1.B16], 32(R2)

tail1:
	TBZ	$0, R4, out
	VLD1	(R3), [V0.B16]
	VMOV	V0.B16, V8.B16
	DEC1(d1_192, d1_128)
	VEOR	V31.B16, V0.B16, V0.B16
	VMOV	V8.B16, V31.B16
	VST1	[V0.B16], (R2)

out:
	VST1	[V31.B16], (R5)

done:
	RET

// CTR counters live in V31 as two 64-bit integers, the high half in lane 0
// and the low half in lane 1; VREV64 (bytes reversed within each lane)
// turns that into the big-endian counter block. CTRONE sets V8 = {0, 1}
// (R6 = 1), CTRNEXT writes the next block into v and steps the low half.
// The wrapper splits calls where the low 64 bits would wrap
// (arch.CTRRun), so the lane add never has to carry. Two vector
// instructions per block, none of them a move
// from a general register. The counter is read with two 8-byte loads:
// the wrapper stored it as two halves, and a 16-byte load of them would
// wait for the stores to retire on cores that do not forward two stores
// into one load.
#define CTRONE \
	VEOR	V8.B16, V8.B16, V8.B16 \
	VMOV	R6, V8.D[1]

#define CTRNEXT(v) \
	VREV64	V31.B16, v.B16 \
	VADD	V8.D2, V31.D2, V31.D2

// func ctrARMv8(nr int, xk *byte, ctr *[16]byte, dst, src *byte, n int)
// Groups of 8, then the 0..7 left in one pass per bit of their count, like
// ECB. ctr is advanced by n; the low 64 bits may run out only at the very
// end (the wrapper splits calls there), and then the high half (R7) takes
// the carry.
TEXT ·ctrARMv8(SB), NOSPLIT, $0-48
	MOVD	nr+0(FP), R0
	MOVD	xk+8(FP), R1
	MOVD	ctr+16(FP), R5
	MOVD	dst+24(FP), R2
	MOVD	src+32(FP), R3
	MOVD	n+40(FP), R4
	CBZ	R4, done
	LOADKEYS(k192, k128)
	MOVD	0(R5), R7
	MOVD	8(R5), R8
	REV	R7, R7
	REV	R8, R8
	VMOV	R7, V31.D[0]
	VMOV	R8, V31.D[1]
	MOVD	$1, R6

loop8:
	CMP	$8, R4
	BLT	tail4
	CTRONE
	CTRNEXT(V0)
	CTRNEXT(V1)
	CTRNEXT(V2)
	CTRNEXT(V3)
	CTRNEXT(V4)
	CTRNEXT(V5)
	CTRNEXT(V6)
	CTRNEXT(V7)
	ENC8(e8_192, e8_128)
	VLD1.P	64(R3), [V8.B16, V9.B16, V10.B16, V11.B16]
	VLD1.P	64(R3), [V12.B16, V13.B16, V14.B16, V15.B16]
	VEOR	V8.B16, V0.B16, V0.B16
	VEOR	V9.B16, V1.B16, V1.B16
	VEOR	V10.B16, V2.B16, V2.B16
	VEOR	V11.B16, V3.B16, V3.B16
	VEOR	V12.B16, V4.B16, V4.B16
	VEOR	V13.B16, V5.B16, V5.B16
	VEOR	V14.B16, V6.B16, V6.B16
	VEOR	V15.B16, V7.B16, V7.B16
	VST1.P	[V0.B16, V1.B16, V2.B16, V3.B16], 64(R2)
	VST1.P	[V4.B16, V5.B16, V6.B16, V7.B16], 64(R2)
	SUB	$8, R4
	B	loop8

tail4:
	TBZ	$2, R4, tail2
	CTRONE
	CTRNEXT(V0)
	CTRNEXT(V1)
	CTRNEXT(V2)
	CTRNEXT(V3)
	ENC4(e4_192, e4_128)
	VLD1.P	64(R3), [V8.B16, V9.B16, V10.B16, V11.B16]
	VEOR	V8.B16, V0.B16, V0.B16
	VEOR	V9.B16, V1.B16, V1.B16
	VEOR	V10.B16, V2.B16, V2.B16
	VEOR	V11.B16, V3.B16, V3.B16
	VST1.P	[V0.B16, V1.B16, V2.B16, V3.B16], 64(R2)

tail2:
	TBZ	$1, R4, tail1
	CTRONE
	CTRNEXT(V0)
	CTRNEXT(V1)
	ENC2(e2_192, e2_128)
	VLD1.P	32(R3), [V8.B16, V9.B16]
	VEOR	V8.B16, V0.B16, V0.B16
	VEOR	V9.B16, V1.B16, V1.B16
	VST1.P	[V0.B16, V1.B16], 32(R2)

tail1:
	TBZ	$0, R4, out
	CTRONE
	CTRNEXT(V0)
	ENC1(e1_192, e1_128)
	VLD1	(R3), [V8.B16]
	VEOR	V8.B16, V0.B16, V0.B16
	VST1	[V0.B16], (R2)

out:
	VMOV	V31.D[1], R8
	CBNZ	R8, storelo
	ADD	$1, R7, R7
	REV	R7, R7
	MOVD	R7, 0(R5)

storelo:
	REV	R8, R8
	MOVD	R8, 8(R5)

done:
	RET

// One AESE + AESMC for the feature probe.
//
// func aeseProbe(key, in, out *[16]byte)
TEXT ·aeseProbe(SB), NOSPLIT, $0-24
	MOVD	key+0(FP), R0
	MOVD	in+8(FP), R1
	MOVD	out+16(FP), R2
	VLD1	(R0), [V1.B16]
	VLD1	(R1), [V0.B16]
	AESE	V1.B16, V0.B16
	AESMC	V0.B16, V0.B16
	VST1	[V0.B16], (R2)
	RET
