//go:build gc

#include "textflag.h"

// Known-answer probes for Zvknha (SEW=32) and Zvknhb (SEW=64): each runs
// vsha2ms, vsha2cl and vsha2ch once on element groups from memory and
// stores the three results (probe_zvknh_riscv64.go has the Go model).

// func zvknhaProbe(in *[6][4]uint32, out *[3][4]uint32)
// in: the vsha2ms operands vd, vs2, vs1, then the vsha2c* operands
// vs2 ({a,b,e,f}), vd ({c,d,g,h}), vs1 (W+K). out: vsha2ms, vsha2cl,
// vsha2ch, each from the same inputs.
TEXT ·zvknhaProbe(SB), NOSPLIT, $0-16
	MOV	in+0(FP), X10
	MOV	out+8(FP), X11
	VSETIVLI	$4, E32, M1, TA, MA, X0
	VLE32V	(X10), V1
	ADD	$16, X10
	VLE32V	(X10), V2
	ADD	$16, X10
	VLE32V	(X10), V3
	ADD	$16, X10
	VLE32V	(X10), V4
	ADD	$16, X10
	VLE32V	(X10), V5
	ADD	$16, X10
	VLE32V	(X10), V6
	VMVVV	V1, V8
	WORD	$0xb621a477 // vsha2ms.vv v8, v2, v3
	VMVVV	V5, V9
	WORD	$0xbe4324f7 // vsha2cl.vv v9, v4, v6
	VMVVV	V5, V10
	WORD	$0xba432577 // vsha2ch.vv v10, v4, v6
	VSE32V	V8, (X11)
	ADD	$16, X11
	VSE32V	V9, (X11)
	ADD	$16, X11
	VSE32V	V10, (X11)
	RET

// func zvknhbProbe(in *[6][4]uint64, out *[3][4]uint64)
// As zvknhaProbe at SEW=64, with sha512/zvknhb's LMUL choice: LMUL=2
// below VLEN=256 (a 256-bit group in a register pair), else LMUL=1.
TEXT ·zvknhbProbe(SB), NOSPLIT, $0-16
	MOV	in+0(FP), X10
	MOV	out+8(FP), X11
	MOV	$0xd8, X7 // e64, m1, ta, ma
	MOV	$4, X15
	MOV	$32, X14
	CSRRS	X0, VLENB, X5
	BGEU	X5, X14, lmulset
	OR	$1, X7 // m2

lmulset:
	VSETVL	X7, X15, X0
	VLE64V	(X10), V2
	ADD	$32, X10
	VLE64V	(X10), V4
	ADD	$32, X10
	VLE64V	(X10), V6
	ADD	$32, X10
	VLE64V	(X10), V8
	ADD	$32, X10
	VLE64V	(X10), V10
	ADD	$32, X10
	VLE64V	(X10), V12
	VMVVV	V2, V14
	WORD	$0xb6432777 // vsha2ms.vv v14, v4, v6
	VMVVV	V10, V16
	WORD	$0xbe862877 // vsha2cl.vv v16, v8, v12
	VMVVV	V10, V18
	WORD	$0xba862977 // vsha2ch.vv v18, v8, v12
	VSE64V	V14, (X11)
	ADD	$32, X11
	VSE64V	V16, (X11)
	ADD	$32, X11
	VSE64V	V18, (X11)
	RET
