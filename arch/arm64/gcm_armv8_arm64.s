//go:build gc

#include "textflag.h"

// AES-GCM with the ARMv8 Crypto Extension: AESE/AESMC for CTR, PMULL/PMULL2
// (64x64 -> 128 carry-less multiply) for GHASH.
//
// Representation. GCM numbers the bits of a block from the top bit of byte
// 0 (the coefficient of x^0) down to the low bit of byte 15 (x^127). VRBIT
// on .B16 reverses the bits of every byte, after which a little-endian load
// has bit i = the coefficient of x^i: an ordinary polynomial, so PMULL
// multiplies it as it is and the field polynomial x^128 + x^7 + x^2 + x + 1
// reduces with x^128 = 0x87. Lane D0 holds x^0..x^63, D1 x^64..x^127.
// Every block going into GHASH pays one VRBIT, and y is converted on entry
// and exit.
//
// GHASH key (gcmKeyARMv8, built by gcmInitARMv8): eight 32-byte entries for
// H^8, H^7, ..., H^1, each the power and, in both lanes, the XOR of its
// halves (the Karatsuba middle operand), then 16 bytes of 0x87 in both
// lanes (the reduction constant). A group of g blocks starts at entry 8-g
// and walks forward, so after g entries the pointer lands on the constant.
//
// Aggregated reduction: a group of g blocks X1..Xg folds into
// y' = (y ^ X1) H^g ^ X2 H^(g-1) ^ ... ^ Xg H, three carry-less products per
// block (Karatsuba: lo = x0 h0, hi = x1 h1, mid = (x0^x1)(h0^h1)) summed
// into three accumulators, and one reduction per group.
//
// Registers, in every function:
//   R0 rounds, R1 round keys, R2 dst, R3 src, R4 blocks left, R5 ctr,
//   R6 y, R7 GHASH key, R8 counter (low 32 bits, native order), R9 scratch,
//   R10 GHASH data, R11 GHASH key entry, R12 wide threshold (bytes)
//   V0-V7    AES blocks in flight
//   V8       GHASH block; V9, V31 products and scratch
//   V10, V11 the entry of the power in use (H^i, its Karatsuba operand)
//   V12      y in natural order; during a group the lo accumulator
//   V13, V14 the hi and mid accumulators
//   V15      the counter block (its low 32 bits are replaced per block)
//   V16-V30  round keys, aligned to the end as in aes_armv8_arm64.s: the
//            last key is V30, AES-128 uses V20-V30, AES-192 V18-V30.

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

// One AES round on one block; the AESE/AESMC pair stays adjacent so cores
// that fuse it can.
#define ER(k, b) \
	AESE	k.B16, b.B16 \
	AESMC	b.B16, b.B16

// The last round: no MixColumns, then the last key.
#define ELAST(b) \
	AESE	V29.B16, b.B16 \
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

#define ELAST8 \
	ELAST(V0) \
	ELAST(V1) \
	ELAST(V2) \
	ELAST(V3) \
	ELAST(V4) \
	ELAST(V5) \
	ELAST(V6) \
	ELAST(V7)

#define ELAST4 \
	ELAST(V0) \
	ELAST(V1) \
	ELAST(V2) \
	ELAST(V3)

// The rounds only AES-192 and AES-256 have (keys V16-V19), with the size
// test; every round after l128 is shared by all key sizes, and that is
// where the GHASH work is interleaved.
#define HEAD8(l192, l128) \
	CMP	$12, R0 \
	BLT	l128 \
	BEQ	l192 \
	ER8(V16) \
	ER8(V17) \
l192: \
	ER8(V18) \
	ER8(V19) \
l128:

#define HEAD4(l192, l128) \
	CMP	$12, R0 \
	BLT	l128 \
	BEQ	l192 \
	ER4(V16) \
	ER4(V17) \
l192: \
	ER4(V18) \
	ER4(V19) \
l128:

#define HEAD1(l192, l128) \
	CMP	$12, R0 \
	BLT	l128 \
	BEQ	l192 \
	ER(V16, V0) \
	ER(V17, V0) \
l192: \
	ER(V18, V0) \
	ER(V19, V0) \
l128:

// Plain encryption of 8, 4 or 1 blocks (no GHASH work to hide).
#define ENC8(l192, l128) \
	HEAD8(l192, l128) \
	ER8(V20) \
	ER8(V21) \
	ER8(V22) \
	ER8(V23) \
	ER8(V24) \
	ER8(V25) \
	ER8(V26) \
	ER8(V27) \
	ER8(V28) \
	ELAST8

#define ENC4(l192, l128) \
	HEAD4(l192, l128) \
	ER4(V20) \
	ER4(V21) \
	ER4(V22) \
	ER4(V23) \
	ER4(V24) \
	ER4(V25) \
	ER4(V26) \
	ER4(V27) \
	ER4(V28) \
	ELAST4

#define ENC1(l192, l128) \
	HEAD1(l192, l128) \
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

// CTR puts the next counter block into v: the upper 96 bits from V15, the
// low 32 bits big-endian from R8, which then increments mod 2^32 (inc32:
// the 32-bit add never carries into the upper 96 bits).
#define CTR(v) \
	REVW	R8, R9 \
	VMOV	V15.B16, v.B16 \
	ADDW	$1, R8 \
	VMOV	R9, v.S[3]

#define CTR8 \
	CTR(V0) \
	CTR(V1) \
	CTR(V2) \
	CTR(V3) \
	CTR(V4) \
	CTR(V5) \
	CTR(V6) \
	CTR(V7)

#define CTR4 \
	CTR(V0) \
	CTR(V1) \
	CTR(V2) \
	CTR(V3)

// GHASH of one block from R10 with the key entry at R11 (both advance).
// GHFIRST starts a group: the block gets y added and the products start
// the accumulators V12 (lo), V13 (hi) and V14 (mid); GHNEXT adds to them.
// V9 becomes x0^x1 in both lanes, so the Karatsuba product can take lane 0.
#define GHFIRST \
	VLD1.P	16(R10), [V8.B16] \
	VLD1.P	32(R11), [V10.B16, V11.B16] \
	VRBIT	V8.B16, V8.B16 \
	VEOR	V12.B16, V8.B16, V8.B16 \
	VEXT	$8, V8.B16, V8.B16, V9.B16 \
	VEOR	V8.B16, V9.B16, V9.B16 \
	VPMULL	V10.D1, V8.D1, V12.Q1 \
	VPMULL2	V10.D2, V8.D2, V13.Q1 \
	VPMULL	V11.D1, V9.D1, V14.Q1

#define GHNEXT \
	VLD1.P	16(R10), [V8.B16] \
	VLD1.P	32(R11), [V10.B16, V11.B16] \
	VRBIT	V8.B16, V8.B16 \
	VEXT	$8, V8.B16, V8.B16, V9.B16 \
	VEOR	V8.B16, V9.B16, V9.B16 \
	VPMULL	V10.D1, V8.D1, V31.Q1 \
	VPMULL2	V10.D2, V8.D2, V8.Q1 \
	VPMULL	V11.D1, V9.D1, V9.Q1 \
	VEOR	V31.B16, V12.B16, V12.B16 \
	VEOR	V8.B16, V13.B16, V13.B16 \
	VEOR	V9.B16, V14.B16, V14.B16

// GHRED ends a group: y = (hi x^128 + mid' x^64 + lo) mod P into V12, where
// mid' = mid ^ lo ^ hi is the Karatsuba middle term. In 64-bit limbs of
// weight x^0, x^64, x^128, x^192 the product is
//   P0 = lo0, P1 = lo1 ^ mid'0, P2 = mid'1 ^ hi0, P3 = hi1.
// A = [P1, P2] is mid' ^ [lo1, hi0]. P3 x^192 = (P3 * 0x87) x^64 (71 bits),
// which adds to A. Then A1 x^128 = A1 * 0x87 adds at x^0, and the result is
// [P0, A0] ^ A1 * 0x87 (at most 71 bits, so no further carry). R11 points
// at the constant.
#define GHRED \
	VLD1	(R11), [V10.B16] \
	VEOR	V12.B16, V14.B16, V14.B16 \
	VEXT	$8, V13.B16, V12.B16, V9.B16 \
	VEOR	V13.B16, V14.B16, V14.B16 \
	VPMULL2	V10.D2, V13.D2, V31.Q1 \
	VEOR	V9.B16, V14.B16, V14.B16 \
	VEOR	V31.B16, V14.B16, V14.B16 \
	VPMULL2	V10.D2, V14.D2, V9.Q1 \
	VTRN1	V14.D2, V12.D2, V12.D2 \
	VEOR	V9.B16, V12.B16, V12.B16

#define GH8 \
	GHFIRST \
	GHNEXT \
	GHNEXT \
	GHNEXT \
	GHNEXT \
	GHNEXT \
	GHNEXT \
	GHNEXT \
	GHRED

#define GH4 \
	GHFIRST \
	GHNEXT \
	GHNEXT \
	GHNEXT \
	GHRED

// 8 blocks of AES with 8 blocks of GHASH (from R10, key entries from R11)
// between the rounds every key size runs.
#define ENC8GH8(l192, l128) \
	HEAD8(l192, l128) \
	ER8(V20) \
	GHFIRST \
	ER8(V21) \
	GHNEXT \
	ER8(V22) \
	GHNEXT \
	ER8(V23) \
	GHNEXT \
	ER8(V24) \
	GHNEXT \
	ER8(V25) \
	GHNEXT \
	ER8(V26) \
	GHNEXT \
	ER8(V27) \
	GHNEXT \
	ER8(V28) \
	GHRED \
	ELAST8

// 4 blocks of AES with 4 blocks of GHASH.
#define ENC4GH4(l192, l128) \
	HEAD4(l192, l128) \
	ER4(V20) \
	GHFIRST \
	ER4(V21) \
	ER4(V22) \
	GHNEXT \
	ER4(V23) \
	ER4(V24) \
	GHNEXT \
	ER4(V25) \
	ER4(V26) \
	GHNEXT \
	ER4(V27) \
	ER4(V28) \
	GHRED \
	ELAST4

// XOR 8 or 4 keystream blocks with the source (R3) and store them (R2).
// The source goes through V8-V11, free once a group's GHASH is reduced.
#define XOR8 \
	VLD1.P	64(R3), [V8.B16, V9.B16, V10.B16, V11.B16] \
	VEOR	V8.B16, V0.B16, V0.B16 \
	VEOR	V9.B16, V1.B16, V1.B16 \
	VEOR	V10.B16, V2.B16, V2.B16 \
	VEOR	V11.B16, V3.B16, V3.B16 \
	VLD1.P	64(R3), [V8.B16, V9.B16, V10.B16, V11.B16] \
	VEOR	V8.B16, V4.B16, V4.B16 \
	VEOR	V9.B16, V5.B16, V5.B16 \
	VEOR	V10.B16, V6.B16, V6.B16 \
	VEOR	V11.B16, V7.B16, V7.B16 \
	VST1.P	[V0.B16, V1.B16, V2.B16, V3.B16], 64(R2) \
	VST1.P	[V4.B16, V5.B16, V6.B16, V7.B16], 64(R2)

#define XOR4 \
	VLD1.P	64(R3), [V8.B16, V9.B16, V10.B16, V11.B16] \
	VEOR	V8.B16, V0.B16, V0.B16 \
	VEOR	V9.B16, V1.B16, V1.B16 \
	VEOR	V10.B16, V2.B16, V2.B16 \
	VEOR	V11.B16, V3.B16, V3.B16 \
	VST1.P	[V0.B16, V1.B16, V2.B16, V3.B16], 64(R2)

#define XOR1 \
	VLD1.P	16(R3), [V8.B16] \
	VEOR	V8.B16, V0.B16, V0.B16 \
	VST1.P	[V0.B16], 16(R2)

// Entry and exit of Seal and Open: arguments, round keys, the counter
// (V15 and R8) and y (V12, natural order).
#define KERNEL_ENTRY(l192, l128) \
	MOVD	nr+0(FP), R0 \
	MOVD	xk+8(FP), R1 \
	MOVD	hk+16(FP), R7 \
	MOVD	ctr+24(FP), R5 \
	MOVD	y+32(FP), R6 \
	MOVD	dst+40(FP), R2 \
	MOVD	src+48(FP), R3 \
	MOVD	n+56(FP), R4 \
	MOVD	wideMin+64(FP), R12 \
	CBZ	R4, done \
	LOADKEYS(l192, l128) \
	VLD1	(R5), [V15.B16] \
	MOVWU	12(R5), R8 \
	REVW	R8, R8 \
	VLD1	(R6), [V12.B16] \
	VRBIT	V12.B16, V12.B16

#define KERNEL_EXIT \
	VRBIT	V12.B16, V12.B16 \
	VST1	[V12.B16], (R6) \
	REVW	R8, R9 \
	MOVW	R9, 12(R5)

// WIDE_OR(l): go to l unless the wide path applies: at least 8 blocks and
// at least wideMin bytes (signed compare: a negative threshold is 0).
#define WIDE_OR(l) \
	CMP	$8, R4 \
	BLT	l \
	LSL	$4, R4, R9 \
	CMP	R12, R9 \
	BLT	l

// func gcmSealARMv8(nr int, xk *byte, hk *gcmKeyARMv8, ctr, y *[16]byte, dst, src *byte, n, wideMin int)
//
// Seal hashes ciphertext, which exists only after the AES of its group, so
// each path runs one group behind: the first group is encrypted alone, every
// later one hashes the group before it (reloaded from dst) between its
// rounds, and the last group is hashed alone.
TEXT ·gcmSealARMv8(SB), NOSPLIT, $0-72
	KERNEL_ENTRY(k192, k128)
	WIDE_OR(narrow)

	// Wide path: groups of 8.
	CTR8
	ENC8(w0_192, w0_128)
	XOR8
	SUB	$8, R4

wideloop:
	CMP	$8, R4
	BLT	wideflush
	SUB	$128, R2, R10
	MOVD	R7, R11
	CTR8
	ENC8GH8(w_192, w_128)
	XOR8
	SUB	$8, R4
	B	wideloop

wideflush:
	SUB	$128, R2, R10
	MOVD	R7, R11
	GH8

narrow:
	// Narrow path: groups of 4, the same way.
	CMP	$4, R4
	BLT	single
	CTR4
	ENC4(n0_192, n0_128)
	XOR4
	SUB	$4, R4

narrowloop:
	CMP	$4, R4
	BLT	narrowflush
	SUB	$64, R2, R10
	ADD	$128, R7, R11
	CTR4
	ENC4GH4(n_192, n_128)
	XOR4
	SUB	$4, R4
	B	narrowloop

narrowflush:
	SUB	$64, R2, R10
	ADD	$128, R7, R11
	GH4

single:
	// The last 0-3 blocks one at a time.
	CBZ	R4, out
	CTR(V0)
	ENC1(s_192, s_128)
	XOR1
	SUB	$16, R2, R10
	ADD	$224, R7, R11
	GHFIRST
	GHRED
	SUB	$1, R4
	B	single

out:
	KERNEL_EXIT

done:
	RET

// func gcmOpenARMv8(nr int, xk *byte, hk *gcmKeyARMv8, ctr, y *[16]byte, dst, src *byte, n, wideMin int)
//
// Open hashes its own input, so every group hashes the source blocks it
// decrypts between its rounds. The source is read for GHASH before the
// group's stores, so dst may equal src.
TEXT ·gcmOpenARMv8(SB), NOSPLIT, $0-72
	KERNEL_ENTRY(k192, k128)
	WIDE_OR(narrow)

wideloop:
	CMP	$8, R4
	BLT	narrow
	MOVD	R3, R10
	MOVD	R7, R11
	CTR8
	ENC8GH8(w_192, w_128)
	XOR8
	SUB	$8, R4
	B	wideloop

narrow:
	CMP	$4, R4
	BLT	single
	MOVD	R3, R10
	ADD	$128, R7, R11
	CTR4
	ENC4GH4(n_192, n_128)
	XOR4
	SUB	$4, R4
	B	narrow

single:
	CBZ	R4, out
	MOVD	R3, R10
	ADD	$224, R7, R11
	CTR(V0)
	HEAD1(s_192, s_128)
	ER(V20, V0)
	GHFIRST
	ER(V21, V0)
	ER(V22, V0)
	ER(V23, V0)
	ER(V24, V0)
	GHRED
	ER(V25, V0)
	ER(V26, V0)
	ER(V27, V0)
	ER(V28, V0)
	ELAST(V0)
	XOR1
	SUB	$1, R4
	B	single

out:
	KERNEL_EXIT

done:
	RET

// func gcmGhashARMv8(hk *gcmKeyARMv8, y *[16]byte, p *byte, n int)
//
// GHASH alone (AAD, partial blocks, lengths): groups of 8, then one of 4,
// then single blocks.
TEXT ·gcmGhashARMv8(SB), NOSPLIT, $0-32
	MOVD	hk+0(FP), R7
	MOVD	y+8(FP), R6
	MOVD	p+16(FP), R10
	MOVD	n+24(FP), R4
	CBZ	R4, done
	VLD1	(R6), [V12.B16]
	VRBIT	V12.B16, V12.B16

loop8:
	CMP	$8, R4
	BLT	loop4
	MOVD	R7, R11
	GH8
	SUB	$8, R4
	B	loop8

loop4:
	CMP	$4, R4
	BLT	loop1
	ADD	$128, R7, R11
	GH4
	SUB	$4, R4

loop1:
	CBZ	R4, out
	ADD	$224, R7, R11
	GHFIRST
	GHRED
	SUB	$1, R4
	B	loop1

out:
	VRBIT	V12.B16, V12.B16
	VST1	[V12.B16], (R6)

done:
	RET

// func gcmInitARMv8(h *[16]byte, hk *gcmKeyARMv8)
//
// Builds the GHASH key from H (GCM bit order): H^1..H^8 in natural order,
// each with its Karatsuba operand, stored from the end (H^1 at entry 7),
// then the reduction constant. V0 = H, V1 = the current power P,
// V2 = P's Karatsuba operand, V3 = H's.
TEXT ·gcmInitARMv8(SB), NOSPLIT, $0-16
	MOVD	h+0(FP), R0
	MOVD	hk+8(FP), R1
	VLD1	(R0), [V0.B16]
	VRBIT	V0.B16, V0.B16
	MOVD	$0x87, R2
	VDUP	R2, V10.D2
	ADD	$256, R1, R11
	VST1	[V10.B16], (R11)
	VEXT	$8, V0.B16, V0.B16, V3.B16
	VEOR	V0.B16, V3.B16, V3.B16
	VMOV	V0.B16, V1.B16
	ADD	$224, R1, R3
	MOVD	$8, R4

initloop:
	VEXT	$8, V1.B16, V1.B16, V2.B16
	VEOR	V1.B16, V2.B16, V2.B16
	VST1	[V1.B16, V2.B16], (R3)
	SUBS	$1, R4
	BEQ	initdone
	SUB	$32, R3
	VPMULL	V0.D1, V1.D1, V12.Q1
	VPMULL2	V0.D2, V1.D2, V13.Q1
	VPMULL	V3.D1, V2.D1, V14.Q1
	GHRED
	VMOV	V12.B16, V1.B16
	B	initloop

initdone:
	RET
