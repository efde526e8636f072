//go:build gc

#include "textflag.h"

// Feature probes of aes/zvkned and aes-gcm/zvkg: one vector crypto
// instruction each on one element group (vl=4, SEW=32), operands loaded
// with vle32.v, result stored with vse32.v. The expected values are
// computed in Go (probe_zvkned_zvkg_riscv64.go).

// func vaesemProbe(state, rk, out *[16]byte)
TEXT ·vaesemProbe(SB), NOSPLIT, $0-24
	MOV	state+0(FP), X10
	MOV	rk+8(FP), X11
	MOV	out+16(FP), X12
	VSETIVLI	$4, E32, M1, TA, MA, X0
	VLE32V	(X10), V1
	VLE32V	(X11), V2
	WORD	$0xa22120f7 // vaesem.vv v1, v2
	VSE32V	V1, (X12)
	RET

// func vaesdmProbe(state, rk, out *[16]byte)
TEXT ·vaesdmProbe(SB), NOSPLIT, $0-24
	MOV	state+0(FP), X10
	MOV	rk+8(FP), X11
	MOV	out+16(FP), X12
	VSETIVLI	$4, E32, M1, TA, MA, X0
	VLE32V	(X10), V1
	VLE32V	(X11), V2
	WORD	$0xa22020f7 // vaesdm.vv v1, v2
	VSE32V	V1, (X12)
	RET

// func vghshProbe(y, h, x, out *[16]byte)
TEXT ·vghshProbe(SB), NOSPLIT, $0-32
	MOV	y+0(FP), X10
	MOV	h+8(FP), X11
	MOV	x+16(FP), X12
	MOV	out+24(FP), X13
	VSETIVLI	$4, E32, M1, TA, MA, X0
	VLE32V	(X10), V1
	VLE32V	(X11), V2
	VLE32V	(X12), V3
	WORD	$0xb221a0f7 // vghsh.vv v1, v2, v3
	VSE32V	V1, (X13)
	RET

// func vgmulProbe(y, h, out *[16]byte)
TEXT ·vgmulProbe(SB), NOSPLIT, $0-24
	MOV	y+0(FP), X10
	MOV	h+8(FP), X11
	MOV	out+16(FP), X12
	VSETIVLI	$4, E32, M1, TA, MA, X0
	VLE32V	(X10), V1
	VLE32V	(X11), V2
	WORD	$0xa228a0f7 // vgmul.vv v1, v2
	VSE32V	V1, (X12)
	RET

// zvkVlenb returns vlenb (VLEN/8), the CSR the many-block kernels read for
// their pass width; tests log it and check the widths against it.
//
// func zvkVlenb() int
TEXT ·zvkVlenb(SB), NOSPLIT, $0-8
	CSRRS	X0, VLENB, X10
	MOV	X10, ret+0(FP)
	RET

// A probe of base RVV for these levels: vrgather.vv (the CTR kernel's
// broadcast of the counter block), including an index past VLMAX, which
// must read 0.
//
// func vrgatherProbe(src, idx *[4]uint32, out *[4]uint32)
TEXT ·vrgatherProbe(SB), NOSPLIT, $0-24
	MOV	src+0(FP), X10
	MOV	idx+8(FP), X11
	MOV	out+16(FP), X12
	VSETIVLI	$4, E32, M1, TA, MA, X0
	VLE32V	(X10), V2
	VLE32V	(X11), V3
	WORD	$0x322180d7 // vrgather.vv v1, v2, v3
	VSE32V	V1, (X12)
	RET

// func vaeskf1Probe(rk, out *[16]byte): round key 5 from round key 4.
TEXT ·vaeskf1Probe(SB), NOSPLIT, $0-16
	MOV	rk+0(FP), X10
	MOV	out+8(FP), X11
	VSETIVLI	$4, E32, M1, TA, MA, X0
	VLE32V	(X10), V2
	WORD	$0x8a22a0f7 // vaeskf1.vi v1, v2, 5
	VSE32V	V1, (X11)
	RET

// func vaeskf2Probe(prev, cur, out *[16]byte): AES-256 round key 3 from
// round keys 1 (prev, in vd) and 2 (cur).
TEXT ·vaeskf2Probe(SB), NOSPLIT, $0-24
	MOV	prev+0(FP), X10
	MOV	cur+8(FP), X11
	MOV	out+16(FP), X12
	VSETIVLI	$4, E32, M1, TA, MA, X0
	VLE32V	(X10), V1
	VLE32V	(X11), V2
	WORD	$0xaa21a0f7 // vaeskf2.vi v1, v2, 3
	VSE32V	V1, (X12)
	RET
