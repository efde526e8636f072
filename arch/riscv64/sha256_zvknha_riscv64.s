//go:build gc

#include "textflag.h"

// sha256/zvknha: SHA-256 with the vector crypto instructions vsha2ms,
// vsha2ch and vsha2cl (Zvknha, RISC-V vector cryptography 1.0) at SEW=32,
// vl=4: one element group of four words (EGW=128) per register, LMUL=1,
// which every VLEN >= 128 holds. Base RVV 1.0 instructions are Go's own
// mnemonics; the Zvknh ones are WORDs (encoding_test.go checks them).
//
// Element i of a group is the i-th word from the least significant end, and
// the instructions name groups most significant word first, so:
//   state {a,b,e,f} (vs2 of vsha2c*) is elements {3,2,1,0} = {a,b,e,f},
//   i.e. element 0 = f, 1 = e, 2 = b, 3 = a; {c,d,g,h} likewise;
//   message words W[t..t+3] sit in elements 0..3 in order (vsha2ms);
//   vsha2cl consumes W+K of elements 0,1 (two rounds), vsha2ch of 2,3.
//
// Registers:
//   X10 h, X11 p, X12 blocks left, X13 k, X14 index table, X15 h+8
//   V0       mask 0b0001 (vmerge takes element 0 from its vs1)
//   V1       byte indices i^3: vrgather turns big-endian words into native
//   V2       byte offsets {20,16,4,0} of f,e,b,a in h (d,c,h,g from h+8)
//   V4, V5   state {a,b,e,f}, {c,d,g,h}; each vsha2c* swaps their roles
//   V6, V7   the state at the start of the block (feed-forward)
//   V8-V11   message schedule W, four words per register, rotating
//   V12      W+K for the next four rounds
//   V13      {W[t+4], W[t+9], W[t+10], W[t+11]} merged for vsha2ms
//   V14      raw block bytes before the byte swap
//   V16-V31  K[0..63], four per register, loaded once per call

// Offsets (bytes) of the words gathered into a state register: element 0
// gets h[5] (f), 1 h[4] (e), 2 h[1] (b), 3 h[0] (a); from h+8 the same
// offsets give h[7], h[6], h[3], h[2] = {c,d,g,h}.
DATA sha256ZvknhaIdx<>+0(SB)/4, $20
DATA sha256ZvknhaIdx<>+4(SB)/4, $16
DATA sha256ZvknhaIdx<>+8(SB)/4, $4
DATA sha256ZvknhaIdx<>+12(SB)/4, $0
GLOBL sha256ZvknhaIdx<>(SB), RODATA|NOPTR, $16

// func sha256Zvknha(h *[8]uint32, p []byte, k *[64]uint32)
TEXT ·sha256Zvknha(SB), NOSPLIT, $0-40
	MOV	h+0(FP), X10
	MOV	p_base+8(FP), X11
	MOV	p_len+16(FP), X12
	MOV	k+32(FP), X13
	SRL	$6, X12
	BEQZ	X12, done

	// Byte-swap indices for vrgather at SEW=8: 3,2,1,0, 7,6,5,4, ...
	VSETIVLI	$16, E8, M1, TA, MA, X0
	VIDV	V1
	VXORVI	$3, V1, V1

	VSETIVLI	$4, E32, M1, TA, MA, X0
	VMVVI	$1, V0
	MOV	$sha256ZvknhaIdx<>(SB), X14
	VLE32V	(X14), V2
	ADD	$8, X10, X15
	VLUXEI32V	(X10), V2, V4
	VLUXEI32V	(X15), V2, V5

	// The round constants, one group of four per register.
	MOV	X13, X14
	VLE32V	(X14), V16
	ADD	$16, X14
	VLE32V	(X14), V17
	ADD	$16, X14
	VLE32V	(X14), V18
	ADD	$16, X14
	VLE32V	(X14), V19
	ADD	$16, X14
	VLE32V	(X14), V20
	ADD	$16, X14
	VLE32V	(X14), V21
	ADD	$16, X14
	VLE32V	(X14), V22
	ADD	$16, X14
	VLE32V	(X14), V23
	ADD	$16, X14
	VLE32V	(X14), V24
	ADD	$16, X14
	VLE32V	(X14), V25
	ADD	$16, X14
	VLE32V	(X14), V26
	ADD	$16, X14
	VLE32V	(X14), V27
	ADD	$16, X14
	VLE32V	(X14), V28
	ADD	$16, X14
	VLE32V	(X14), V29
	ADD	$16, X14
	VLE32V	(X14), V30
	ADD	$16, X14
	VLE32V	(X14), V31

loop:
	// Load the block byte by byte (any alignment) and swap each word to
	// native order.
	VSETIVLI	$16, E8, M1, TA, MA, X0
	VLE8V	(X11), V14
	VRGATHERVV	V1, V14, V8
	ADD	$16, X11
	VLE8V	(X11), V14
	VRGATHERVV	V1, V14, V9
	ADD	$16, X11
	VLE8V	(X11), V14
	VRGATHERVV	V1, V14, V10
	ADD	$16, X11
	VLE8V	(X11), V14
	VRGATHERVV	V1, V14, V11
	ADD	$16, X11

	VSETIVLI	$4, E32, M1, TA, MA, X0
	VMVVV	V4, V6
	VMVVV	V5, V7

	// Each group of four rounds: V12 = W+K; while t < 48, the group's
	// register is then replaced by W[t+16..t+19] (vsha2ms reads W[t..t+3]
	// from vd, {W[t+4], W[t+9..t+11]} from vs2, W[t+12..t+15] from vs1);
	// vsha2cl runs two rounds into the {c,d,g,h} register, which then holds
	// {a,b,e,f}, and vsha2ch the next two back into V4.
	// rounds 0-3
	VADDVV	V16, V8, V12
	VMERGEVVM	V9, V10, V0, V13
	WORD	$0xb6d5a477 // vsha2ms.vv v8, v13, v11; W[16..19]
	WORD	$0xbe4622f7 // vsha2cl.vv v5, v4, v12
	WORD	$0xba562277 // vsha2ch.vv v4, v5, v12
	// rounds 4-7
	VADDVV	V17, V9, V12
	VMERGEVVM	V10, V11, V0, V13
	WORD	$0xb6d424f7 // vsha2ms.vv v9, v13, v8; W[20..23]
	WORD	$0xbe4622f7 // vsha2cl.vv v5, v4, v12
	WORD	$0xba562277 // vsha2ch.vv v4, v5, v12
	// rounds 8-11
	VADDVV	V18, V10, V12
	VMERGEVVM	V11, V8, V0, V13
	WORD	$0xb6d4a577 // vsha2ms.vv v10, v13, v9; W[24..27]
	WORD	$0xbe4622f7 // vsha2cl.vv v5, v4, v12
	WORD	$0xba562277 // vsha2ch.vv v4, v5, v12
	// rounds 12-15
	VADDVV	V19, V11, V12
	VMERGEVVM	V8, V9, V0, V13
	WORD	$0xb6d525f7 // vsha2ms.vv v11, v13, v10; W[28..31]
	WORD	$0xbe4622f7 // vsha2cl.vv v5, v4, v12
	WORD	$0xba562277 // vsha2ch.vv v4, v5, v12
	// rounds 16-19
	VADDVV	V20, V8, V12
	VMERGEVVM	V9, V10, V0, V13
	WORD	$0xb6d5a477 // vsha2ms.vv v8, v13, v11; W[32..35]
	WORD	$0xbe4622f7 // vsha2cl.vv v5, v4, v12
	WORD	$0xba562277 // vsha2ch.vv v4, v5, v12
	// rounds 20-23
	VADDVV	V21, V9, V12
	VMERGEVVM	V10, V11, V0, V13
	WORD	$0xb6d424f7 // vsha2ms.vv v9, v13, v8; W[36..39]
	WORD	$0xbe4622f7 // vsha2cl.vv v5, v4, v12
	WORD	$0xba562277 // vsha2ch.vv v4, v5, v12
	// rounds 24-27
	VADDVV	V22, V10, V12
	VMERGEVVM	V11, V8, V0, V13
	WORD	$0xb6d4a577 // vsha2ms.vv v10, v13, v9; W[40..43]
	WORD	$0xbe4622f7 // vsha2cl.vv v5, v4, v12
	WORD	$0xba562277 // vsha2ch.vv v4, v5, v12
	// rounds 28-31
	VADDVV	V23, V11, V12
	VMERGEVVM	V8, V9, V0, V13
	WORD	$0xb6d525f7 // vsha2ms.vv v11, v13, v10; W[44..47]
	WORD	$0xbe4622f7 // vsha2cl.vv v5, v4, v12
	WORD	$0xba562277 // vsha2ch.vv v4, v5, v12
	// rounds 32-35
	VADDVV	V24, V8, V12
	VMERGEVVM	V9, V10, V0, V13
	WORD	$0xb6d5a477 // vsha2ms.vv v8, v13, v11; W[48..51]
	WORD	$0xbe4622f7 // vsha2cl.vv v5, v4, v12
	WORD	$0xba562277 // vsha2ch.vv v4, v5, v12
	// rounds 36-39
	VADDVV	V25, V9, V12
	VMERGEVVM	V10, V11, V0, V13
	WORD	$0xb6d424f7 // vsha2ms.vv v9, v13, v8; W[52..55]
	WORD	$0xbe4622f7 // vsha2cl.vv v5, v4, v12
	WORD	$0xba562277 // vsha2ch.vv v4, v5, v12
	// rounds 40-43
	VADDVV	V26, V10, V12
	VMERGEVVM	V11, V8, V0, V13
	WORD	$0xb6d4a577 // vsha2ms.vv v10, v13, v9; W[56..59]
	WORD	$0xbe4622f7 // vsha2cl.vv v5, v4, v12
	WORD	$0xba562277 // vsha2ch.vv v4, v5, v12
	// rounds 44-47
	VADDVV	V27, V11, V12
	VMERGEVVM	V8, V9, V0, V13
	WORD	$0xb6d525f7 // vsha2ms.vv v11, v13, v10; W[60..63]
	WORD	$0xbe4622f7 // vsha2cl.vv v5, v4, v12
	WORD	$0xba562277 // vsha2ch.vv v4, v5, v12
	// rounds 48-51
	VADDVV	V28, V8, V12
	WORD	$0xbe4622f7 // vsha2cl.vv v5, v4, v12
	WORD	$0xba562277 // vsha2ch.vv v4, v5, v12
	// rounds 52-55
	VADDVV	V29, V9, V12
	WORD	$0xbe4622f7 // vsha2cl.vv v5, v4, v12
	WORD	$0xba562277 // vsha2ch.vv v4, v5, v12
	// rounds 56-59
	VADDVV	V30, V10, V12
	WORD	$0xbe4622f7 // vsha2cl.vv v5, v4, v12
	WORD	$0xba562277 // vsha2ch.vv v4, v5, v12
	// rounds 60-63
	VADDVV	V31, V11, V12
	WORD	$0xbe4622f7 // vsha2cl.vv v5, v4, v12
	WORD	$0xba562277 // vsha2ch.vv v4, v5, v12

	VADDVV	V6, V4, V4
	VADDVV	V7, V5, V5
	SUB	$1, X12
	BNEZ	X12, loop

	VSUXEI32V	V4, V2, (X10)
	VSUXEI32V	V5, V2, (X15)

done:
	RET
