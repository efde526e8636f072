//go:build gc

#include "textflag.h"

// Known-answer probes for Zbb and Zvkb, features the vector-crypto models
// have and no level requires yet: without them a wrong emulation of the
// extension would only show once a kernel used it.

// func zbbProbe(a, b uint64, out *[4]uint64)
// out: andn a, b; ror a, b; rev8 a; cpop a.
TEXT ·zbbProbe(SB), NOSPLIT, $0-24
	MOV	a+0(FP), X10
	MOV	b+8(FP), X11
	MOV	out+16(FP), X16
	WORD	$0x40b57633 // andn a2, a0, a1
	WORD	$0x60b556b3 // ror a3, a0, a1
	WORD	$0x6b855713 // rev8 a4, a0
	WORD	$0x60251793 // cpop a5, a0
	MOV	X12, 0(X16)
	MOV	X13, 8(X16)
	MOV	X14, 16(X16)
	MOV	X15, 24(X16)
	RET

// func zvkbProbe(a, b *[4]uint32, out *[3][4]uint32)
// At SEW=32, vl=4: out[0] = vrev8.v a, out[1] = vror.vi a, 7,
// out[2] = vandn.vv a, b (a &^ b).
TEXT ·zvkbProbe(SB), NOSPLIT, $0-24
	MOV	a+0(FP), X10
	MOV	b+8(FP), X11
	MOV	out+16(FP), X12
	VSETIVLI	$4, E32, M1, TA, MA, X0
	VLE32V	(X10), V1
	VLE32V	(X11), V2
	WORD	$0x4a14a1d7 // vrev8.v v3, v1
	WORD	$0x5213b257 // vror.vi v4, v1, 7
	WORD	$0x061102d7 // vandn.vv v5, v1, v2
	VSE32V	V3, (X12)
	ADD	$16, X12
	VSE32V	V4, (X12)
	ADD	$16, X12
	VSE32V	V5, (X12)
	RET
