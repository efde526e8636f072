//go:build gc

#include "textflag.h"

// aes/zvkned: AES with the RISC-V vector crypto extension Zvkned (vector
// crypto spec 1.0) on RVV 1.0. Go's assembler has no Zvk* mnemonics, so each
// vector crypto instruction is a WORD with its GNU syntax beside it
// (encoding_test.go checks every one).
//
// Layout. SEW=32 and an element group (EGS=4 elements, EGW=128 bits) is one
// AES block: vle32.v puts block bytes 0..15 in FIPS-197 order into one group,
// the order Zvkned reads a state and a round key. Round keys 0..nr of
// arch.ExpandAESKey's Enc schedule sit in v1..v(nr+1), one group each, and
// every round uses the .vs form (the round key in group 0 of vs2 applied to
// every group of vd), so one instruction runs a round on a whole register
// group. Decryption runs the standard inverse cipher (vaesdm adds the key
// before InvMixColumns), so it reads the same Enc keys backwards; the Dec
// schedule is not used.
//
// Strides. The many-block kernels (ECB, CBC decrypt, CTR) use LMUL=4: a pass
// covers VLMAX = VLEN/32*4 words = VLEN/32 blocks (4 at VLEN=128, 8 at 256).
// VLMAX in words is vlenb (VLEN/8), read from the CSR at run time; every
// pass asks vsetvli for min(words left, VLMAX) words, a multiple of 4 no
// larger than VLMAX, so vl is exactly that (Zvkned requires vl to be a
// multiple of EGS; vsetvli may otherwise split AVLs between VLMAX and
// 2*VLMAX unevenly). The state group is v16-v19; the .vs key register
// must not overlap it, and does not. Registers: X6 nr, X28 = 10, X29 = 12.

// LOAD_KEYS loads the round keys at X11 (advancing it) into V1..V(nr+1)
// for nr = X6 (10, 12 or 14), leaving vl = 4 at e32, and jumps to done
// after the last; it sets X28 = 10 and X29 = 12.
#define LOAD_KEYS(done) \
	MOV	$10, X28; \
	MOV	$12, X29; \
	VSETIVLI	$4, E32, M1, TA, MA, X0; \
	VLE32V	(X11), V1; \
	ADD	$16, X11; \
	VLE32V	(X11), V2; \
	ADD	$16, X11; \
	VLE32V	(X11), V3; \
	ADD	$16, X11; \
	VLE32V	(X11), V4; \
	ADD	$16, X11; \
	VLE32V	(X11), V5; \
	ADD	$16, X11; \
	VLE32V	(X11), V6; \
	ADD	$16, X11; \
	VLE32V	(X11), V7; \
	ADD	$16, X11; \
	VLE32V	(X11), V8; \
	ADD	$16, X11; \
	VLE32V	(X11), V9; \
	ADD	$16, X11; \
	VLE32V	(X11), V10; \
	ADD	$16, X11; \
	VLE32V	(X11), V11; \
	ADD	$16, X11; \
	BEQ	X6, X28, done; \
	VLE32V	(X11), V12; \
	ADD	$16, X11; \
	VLE32V	(X11), V13; \
	ADD	$16, X11; \
	BEQ	X6, X29, done; \
	VLE32V	(X11), V14; \
	ADD	$16, X11; \
	VLE32V	(X11), V15

// AES_ENC_V16 encrypts the element groups of v16 (LMUL=4) with the round
// keys in v1..v(nr+1) (LOAD_KEYS; X28 = 10, X29 = 12), ending at label DONE;
// the labels are parameters because each function needs its own.
#define AES_ENC_V16(LAST10, LAST12, DONE) \
	WORD	$0xa613a877 /* vaesz.vs v16, v1 */; \
	WORD	$0xa6212877 /* vaesem.vs v16, v2 */; \
	WORD	$0xa6312877 /* vaesem.vs v16, v3 */; \
	WORD	$0xa6412877 /* vaesem.vs v16, v4 */; \
	WORD	$0xa6512877 /* vaesem.vs v16, v5 */; \
	WORD	$0xa6612877 /* vaesem.vs v16, v6 */; \
	WORD	$0xa6712877 /* vaesem.vs v16, v7 */; \
	WORD	$0xa6812877 /* vaesem.vs v16, v8 */; \
	WORD	$0xa6912877 /* vaesem.vs v16, v9 */; \
	WORD	$0xa6a12877 /* vaesem.vs v16, v10 */; \
	BEQ	X6, X28, LAST10; \
	WORD	$0xa6b12877 /* vaesem.vs v16, v11 */; \
	WORD	$0xa6c12877 /* vaesem.vs v16, v12 */; \
	BEQ	X6, X29, LAST12; \
	WORD	$0xa6d12877 /* vaesem.vs v16, v13 */; \
	WORD	$0xa6e12877 /* vaesem.vs v16, v14 */; \
	WORD	$0xa6f1a877 /* vaesef.vs v16, v15 */; \
	JMP	DONE; \
	LAST12:; \
	WORD	$0xa6d1a877 /* vaesef.vs v16, v13 */; \
	JMP	DONE; \
	LAST10:; \
	WORD	$0xa6b1a877 /* vaesef.vs v16, v11 */; \
	DONE:

// AES_DEC_V16 is the inverse cipher on v16 with the same keys, read
// backwards (vaesz with the last, vaesdm down to vaesdf with v1).
#define AES_DEC_V16(FIRST10, FIRST12, MID10, MID12) \
	BEQ	X6, X28, FIRST10; \
	BEQ	X6, X29, FIRST12; \
	WORD	$0xa6f3a877 /* vaesz.vs v16, v15 */; \
	WORD	$0xa6e02877 /* vaesdm.vs v16, v14 */; \
	WORD	$0xa6d02877 /* vaesdm.vs v16, v13 */; \
	JMP	MID12; \
	FIRST12:; \
	WORD	$0xa6d3a877 /* vaesz.vs v16, v13 */; \
	MID12:; \
	WORD	$0xa6c02877 /* vaesdm.vs v16, v12 */; \
	WORD	$0xa6b02877 /* vaesdm.vs v16, v11 */; \
	JMP	MID10; \
	FIRST10:; \
	WORD	$0xa6b3a877 /* vaesz.vs v16, v11 */; \
	MID10:; \
	WORD	$0xa6a02877 /* vaesdm.vs v16, v10 */; \
	WORD	$0xa6902877 /* vaesdm.vs v16, v9 */; \
	WORD	$0xa6802877 /* vaesdm.vs v16, v8 */; \
	WORD	$0xa6702877 /* vaesdm.vs v16, v7 */; \
	WORD	$0xa6602877 /* vaesdm.vs v16, v6 */; \
	WORD	$0xa6502877 /* vaesdm.vs v16, v5 */; \
	WORD	$0xa6402877 /* vaesdm.vs v16, v4 */; \
	WORD	$0xa6302877 /* vaesdm.vs v16, v3 */; \
	WORD	$0xa6202877 /* vaesdm.vs v16, v2 */; \
	WORD	$0xa610a877 /* vaesdf.vs v16, v1 */

// func aesEncZvkned(nr int, xk *byte, dst, src *byte, n int)
TEXT ·aesEncZvkned(SB), NOSPLIT, $0-40
	MOV	nr+0(FP), X6
	MOV	xk+8(FP), X11
	MOV	dst+16(FP), X12
	MOV	src+24(FP), X13
	MOV	n+32(FP), X14
	LOAD_KEYS(ecbenc_keys)
ecbenc_keys:
	SLL	$2, X14             // words left
	CSRRS	X0, VLENB, X15      // VLMAX of e32/m4 in words = vlenb
ecbenc_loop:
	BEQZ	X14, ecbenc_done
	MOV	X14, X16
	BGEU	X15, X16, ecbenc_vl // X15 >= X16: all that is left fits
	MOV	X15, X16
ecbenc_vl:
	VSETVLI	X16, E32, M4, TA, MA, X0
	VLE32V	(X13), V16
	AES_ENC_V16(ecbenc_last10, ecbenc_last12, ecbenc_rounds)
	VSE32V	V16, (X12)
	SUB	X16, X14
	SLL	$2, X16             // bytes
	ADD	X16, X13
	ADD	X16, X12
	JMP	ecbenc_loop
ecbenc_done:
	RET

// func aesDecZvkned(nr int, xk *byte, dst, src *byte, n int)
TEXT ·aesDecZvkned(SB), NOSPLIT, $0-40
	MOV	nr+0(FP), X6
	MOV	xk+8(FP), X11
	MOV	dst+16(FP), X12
	MOV	src+24(FP), X13
	MOV	n+32(FP), X14
	LOAD_KEYS(ecbdec_keys)
ecbdec_keys:
	SLL	$2, X14
	CSRRS	X0, VLENB, X15
ecbdec_loop:
	BEQZ	X14, ecbdec_done
	MOV	X14, X16
	BGEU	X15, X16, ecbdec_vl
	MOV	X15, X16
ecbdec_vl:
	VSETVLI	X16, E32, M4, TA, MA, X0
	VLE32V	(X13), V16
	AES_DEC_V16(ecbdec_first10, ecbdec_first12, ecbdec_mid10, ecbdec_mid12)
	VSE32V	V16, (X12)
	SUB	X16, X14
	SLL	$2, X16
	ADD	X16, X13
	ADD	X16, X12
	JMP	ecbdec_loop
ecbdec_done:
	RET

// CBC encryption is serial: one block per step at vl=4, LMUL=1, the
// chaining value in v16.
//
// func aesCBCEncZvkned(nr int, xk *byte, iv *[16]byte, dst, src *byte, n int)
TEXT ·aesCBCEncZvkned(SB), NOSPLIT, $0-48
	MOV	nr+0(FP), X6
	MOV	xk+8(FP), X11
	MOV	iv+16(FP), X7
	MOV	dst+24(FP), X12
	MOV	src+32(FP), X13
	MOV	n+40(FP), X14
	LOAD_KEYS(cbcenc_keys)
cbcenc_keys:
	VLE32V	(X7), V16
cbcenc_loop:
	BEQZ	X14, cbcenc_done
	VLE32V	(X13), V20
	VXORVV	V20, V16, V16
	AES_ENC_V16(cbcenc_last10, cbcenc_last12, cbcenc_rounds)
	VSE32V	V16, (X12)
	ADD	$16, X13
	ADD	$16, X12
	SUB	$1, X14
	JMP	cbcenc_loop
cbcenc_done:
	VSE32V	V16, (X7)
	RET

// CBC decryption: a pass decrypts VLMAX/4 blocks of v20-v23 (a copy in the
// state group v16-v19) and XORs the group v24-v27, which holds the block
// before each: group 0 is the previous pass's last ciphertext block (the IV
// at first), the rest is the ciphertext slid up by one group. Ciphertext is
// loaded before anything is stored, so dst == src works.
//
// func aesCBCDecZvkned(nr int, xk *byte, iv *[16]byte, dst, src *byte, n int)
TEXT ·aesCBCDecZvkned(SB), NOSPLIT, $0-48
	MOV	nr+0(FP), X6
	MOV	xk+8(FP), X11
	MOV	iv+16(FP), X7
	MOV	dst+24(FP), X12
	MOV	src+32(FP), X13
	MOV	n+40(FP), X14
	LOAD_KEYS(cbcdec_keys)
cbcdec_keys:
	VLE32V	(X7), V24
	SLL	$2, X14
	CSRRS	X0, VLENB, X15
cbcdec_loop:
	BEQZ	X14, cbcdec_done
	MOV	X14, X16
	BGEU	X15, X16, cbcdec_vl
	MOV	X15, X16
cbcdec_vl:
	VSETVLI	X16, E32, M4, TA, MA, X0
	VLE32V	(X13), V20
	VMVVV	V20, V16
	VSLIDEUPVI	$4, V20, V24 // v24[i+4] = C[i]; group 0 keeps the previous block
	AES_DEC_V16(cbcdec_first10, cbcdec_first12, cbcdec_mid10, cbcdec_mid12)
	VXORVV	V24, V16, V16
	VSE32V	V16, (X12)
	SUB	$4, X16, X5
	VSLIDEDOWNVX	X5, V20, V24 // group 0 = this pass's last ciphertext block
	SUB	X16, X14
	SLL	$2, X16
	ADD	X16, X13
	ADD	X16, X12
	JMP	cbcdec_loop
cbcdec_done:
	VSETIVLI	$4, E32, M1, TA, MA, X0
	VSE32V	V24, (X7)
	RET

// CTR with a 32-bit counter: block i of the call encrypts ctr with its last
// word (big-endian) replaced by ctr[12:16] + i mod 2^32 (GCM's inc32), and
// the kernel leaves ctr[12:16] advanced by n. Carries into the upper 96 bits
// are the Go wrapper's (it splits calls where the low word wraps).
//
// The upper 96 bits are broadcast once into every group of v28-v31
// (vrgather with index i%4). Per pass the counters are built in native
// order (v20 = i/4 + counter), byte-swapped with shifts and masks (base
// RVV: no Zvkb needed) into v16, and merged into word 3 of each group
// (mask v0: i%4 == 3) over v28.
//
// func aesCTRZvkned(nr int, xk *byte, ctr *[16]byte, dst, src *byte, n int)
TEXT ·aesCTRZvkned(SB), NOSPLIT, $0-48
	MOV	nr+0(FP), X6
	MOV	xk+8(FP), X11
	MOV	ctr+16(FP), X7
	MOV	dst+24(FP), X12
	MOV	src+32(FP), X13
	MOV	n+40(FP), X14
	LOAD_KEYS(ctr_keys)
ctr_keys:
	VLE32V	(X7), V24
	// X17 = the counter word, read big-endian; X30 = its value after n blocks.
	MOVBU	12(X7), X17
	SLL	$24, X17
	MOVBU	13(X7), X5
	SLL	$16, X5
	OR	X5, X17
	MOVBU	14(X7), X5
	SLL	$8, X5
	OR	X5, X17
	MOVBU	15(X7), X5
	OR	X5, X17
	ADD	X14, X17, X30
	MOV	$0xff00, X8
	MOV	$0xff0000, X9
	SLL	$2, X14
	CSRRS	X0, VLENB, X15
	VSETVLI	X15, E32, M4, TA, MA, X0
	VIDV	V20
	VANDVI	$3, V20, V20
	VMSEQVI	$3, V20, V0
	WORD	$0x338a0e57 // vrgather.vv v28, v24, v20
ctr_loop:
	BEQZ	X14, ctr_done
	MOV	X14, X16
	BGEU	X15, X16, ctr_vl
	MOV	X15, X16
ctr_vl:
	VSETVLI	X16, E32, M4, TA, MA, X0
	VIDV	V20
	VSRLVI	$2, V20, V20
	VADDVX	X17, V20, V20 // native counter of each element's block
	VSLLVI	$24, V20, V16
	VSRLVI	$24, V20, V24
	VORVV	V24, V16, V16
	VSRLVI	$8, V20, V24
	VANDVX	X8, V24, V24
	VORVV	V24, V16, V16
	VSLLVI	$8, V20, V24
	VANDVX	X9, V24, V24
	VORVV	V24, V16, V16 // byte-swapped: the big-endian counter word
	VMERGEVVM	V16, V28, V0, V16 // word 3 from v16, words 0-2 from v28
	AES_ENC_V16(ctr_last10, ctr_last12, ctr_rounds)
	VLE32V	(X13), V20
	VXORVV	V20, V16, V16
	VSE32V	V16, (X12)
	SUB	X16, X14
	SRL	$2, X16, X5 // blocks this pass
	ADD	X5, X17
	SLL	$2, X16
	ADD	X16, X13
	ADD	X16, X12
	JMP	ctr_loop
ctr_done:
	MOVB	X30, 15(X7)
	SRL	$8, X30
	MOVB	X30, 14(X7)
	SRL	$8, X30
	MOVB	X30, 13(X7)
	SRL	$8, X30
	MOVB	X30, 12(X7)
	RET

// Key expansion with Zvkned: round keys for AES-128 (vaeskf1.vi: round key
// i from round key i-1, round number i as the immediate) and AES-256
// (vaeskf2.vi: round key i from round keys i-1 (vs2) and i-2 (vd, which is
// overwritten), round number i), one element group each at vl=4, stored as
// 16*(nr+1) bytes in FIPS-197 order: arch.ExpandAESKey's Enc layout. nr is
// 10 or 14 (the Go side expands AES-192 keys itself: Zvkned has no
// instruction for them).
//
// func aesExpandZvkned(nr int, key *byte, xk *byte)
TEXT ·aesExpandZvkned(SB), NOSPLIT, $0-24
	MOV	nr+0(FP), X6
	MOV	key+8(FP), X10
	MOV	xk+16(FP), X11
	MOV	$10, X28
	VSETIVLI	$4, E32, M1, TA, MA, X0
	VLE32V	(X10), V1
	BNE	X6, X28, expand256
	WORD	$0x8a10a177 // vaeskf1.vi v2, v1, 1
	WORD	$0x8a2121f7 // vaeskf1.vi v3, v2, 2
	WORD	$0x8a31a277 // vaeskf1.vi v4, v3, 3
	WORD	$0x8a4222f7 // vaeskf1.vi v5, v4, 4
	WORD	$0x8a52a377 // vaeskf1.vi v6, v5, 5
	WORD	$0x8a6323f7 // vaeskf1.vi v7, v6, 6
	WORD	$0x8a73a477 // vaeskf1.vi v8, v7, 7
	WORD	$0x8a8424f7 // vaeskf1.vi v9, v8, 8
	WORD	$0x8a94a577 // vaeskf1.vi v10, v9, 9
	WORD	$0x8aa525f7 // vaeskf1.vi v11, v10, 10
	VSE32V	V1, (X11)
	ADD	$16, X11
	VSE32V	V2, (X11)
	ADD	$16, X11
	VSE32V	V3, (X11)
	ADD	$16, X11
	VSE32V	V4, (X11)
	ADD	$16, X11
	VSE32V	V5, (X11)
	ADD	$16, X11
	VSE32V	V6, (X11)
	ADD	$16, X11
	VSE32V	V7, (X11)
	ADD	$16, X11
	VSE32V	V8, (X11)
	ADD	$16, X11
	VSE32V	V9, (X11)
	ADD	$16, X11
	VSE32V	V10, (X11)
	ADD	$16, X11
	VSE32V	V11, (X11)
	RET

expand256:
	ADD	$16, X10
	VLE32V	(X10), V2
	VMVVV	V1, V3
	WORD	$0xaa2121f7 // vaeskf2.vi v3, v2, 2
	VMVVV	V2, V4
	WORD	$0xaa31a277 // vaeskf2.vi v4, v3, 3
	VMVVV	V3, V5
	WORD	$0xaa4222f7 // vaeskf2.vi v5, v4, 4
	VMVVV	V4, V6
	WORD	$0xaa52a377 // vaeskf2.vi v6, v5, 5
	VMVVV	V5, V7
	WORD	$0xaa6323f7 // vaeskf2.vi v7, v6, 6
	VMVVV	V6, V8
	WORD	$0xaa73a477 // vaeskf2.vi v8, v7, 7
	VMVVV	V7, V9
	WORD	$0xaa8424f7 // vaeskf2.vi v9, v8, 8
	VMVVV	V8, V10
	WORD	$0xaa94a577 // vaeskf2.vi v10, v9, 9
	VMVVV	V9, V11
	WORD	$0xaaa525f7 // vaeskf2.vi v11, v10, 10
	VMVVV	V10, V12
	WORD	$0xaab5a677 // vaeskf2.vi v12, v11, 11
	VMVVV	V11, V13
	WORD	$0xaac626f7 // vaeskf2.vi v13, v12, 12
	VMVVV	V12, V14
	WORD	$0xaad6a777 // vaeskf2.vi v14, v13, 13
	VMVVV	V13, V15
	WORD	$0xaae727f7 // vaeskf2.vi v15, v14, 14
	VSE32V	V1, (X11)
	ADD	$16, X11
	VSE32V	V2, (X11)
	ADD	$16, X11
	VSE32V	V3, (X11)
	ADD	$16, X11
	VSE32V	V4, (X11)
	ADD	$16, X11
	VSE32V	V5, (X11)
	ADD	$16, X11
	VSE32V	V6, (X11)
	ADD	$16, X11
	VSE32V	V7, (X11)
	ADD	$16, X11
	VSE32V	V8, (X11)
	ADD	$16, X11
	VSE32V	V9, (X11)
	ADD	$16, X11
	VSE32V	V10, (X11)
	ADD	$16, X11
	VSE32V	V11, (X11)
	ADD	$16, X11
	VSE32V	V12, (X11)
	ADD	$16, X11
	VSE32V	V13, (X11)
	ADD	$16, X11
	VSE32V	V14, (X11)
	ADD	$16, X11
	VSE32V	V15, (X11)
	RET
