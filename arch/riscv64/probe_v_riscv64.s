//go:build gc

#include "textflag.h"

// func vProbe(a, b *[4]uint32, out *[3][4]uint32, vlenb *uint64)
// RVV 1.0 at SEW=32, vl=4: out[0] = a+b, out[1] = a^b, out[2] = a
// slid down by one (its last element the zero above vl); vlenb gets
// the CSR. Every vector level's first instructions, checked in Go.
TEXT ·vProbe(SB), NOSPLIT, $0-32
	MOV	a+0(FP), X10
	MOV	b+8(FP), X11
	MOV	out+16(FP), X12
	MOV	vlenb+24(FP), X13
	VSETVLI	X0, E32, M1, TA, MA, X6 // vl = VLMAX: zero all of V1, so the
	VMVVI	$0, V1 // slide reads 0 past element 3 at any VLEN
	VSETIVLI	$4, E32, M1, TU, MU, X0
	VLE32V	(X10), V1
	VLE32V	(X11), V2
	VADDVV	V1, V2, V3
	VXORVV	V1, V2, V4
	VMVVI	$0, V5
	VSLIDEDOWNVI	$1, V1, V5
	VSE32V	V3, (X12)
	ADD	$16, X12
	VSE32V	V4, (X12)
	ADD	$16, X12
	VSE32V	V5, (X12)
	CSRRS	X0, VLENB, X5
	MOV	X5, (X13)
	RET
