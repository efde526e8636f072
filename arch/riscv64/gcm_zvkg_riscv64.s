//go:build gc

#include "textflag.h"

// aes-gcm/zvkg: GHASH with the RISC-V vector crypto extension Zvkg (vector
// crypto spec 1.0). vghsh.vv and vgmul.vv take Y, X and H in GCM's own byte
// order as vle32.v loads them from memory (the instructions reverse the
// bits of each byte themselves), so H = E(K, 0^128) is used as it is and
// no reflection or byte swap is needed anywhere. CTR is aes/zvkned's kernel.
//
// The key (gcmKeyZvkg) is H^4, H^3, H^2, H, 16 bytes each, so a vle32.v of
// 16 words (LMUL=4: 4 element groups, which fit at every VLEN >= 128) puts
// H^(4-j) in group j.

// func gcmInitZvkg(h *[16]byte, hk *gcmKeyZvkg)
TEXT ·gcmInitZvkg(SB), NOSPLIT, $0-16
	MOV	h+0(FP), X10
	MOV	hk+8(FP), X11
	VSETIVLI	$4, E32, M1, TA, MA, X0
	VLE32V	(X10), V1
	VMVVV	V1, V2
	WORD	$0xa218a177 // vgmul.vv v2, v1
	VMVVV	V2, V3
	WORD	$0xa218a1f7 // vgmul.vv v3, v1
	VMVVV	V3, V4
	WORD	$0xa218a277 // vgmul.vv v4, v1
	VSE32V	V4, (X11)
	ADD	$16, X11
	VSE32V	V3, (X11)
	ADD	$16, X11
	VSE32V	V2, (X11)
	ADD	$16, X11
	VSE32V	V1, (X11)
	RET

// GHASH of n blocks into y. Four blocks per pass: with Y the state and
// X1..X4 the blocks, Y' = (Y^X1)*H^4 ^ X2*H^3 ^ X3*H^2 ^ X4*H, which is
// four serial steps of Y = (Y^X)*H unrolled (multiplication distributes
// over XOR). One vgmul.vv on 4 element groups makes the four products;
// two slide-and-XOR steps fold them into group 0. What is left (0-3
// blocks) takes one vghsh.vv each. y stays in v8, H in v9, the powers in
// v20-v23.
//
// func ghashZvkg(hk *gcmKeyZvkg, y *[16]byte, p *byte, n int)
TEXT ·ghashZvkg(SB), NOSPLIT, $0-32
	MOV	hk+0(FP), X10
	MOV	y+8(FP), X11
	MOV	p+16(FP), X12
	MOV	n+24(FP), X13
	MOV	$4, X6
	VSETIVLI	$4, E32, M1, TU, MU, X0
	VLE32V	(X11), V8
	ADD	$48, X10, X5
	VLE32V	(X5), V9
	BLTU	X13, X6, ghash_single // fewer than 4 blocks
	VSETIVLI	$16, E32, M4, TA, MA, X0
	VLE32V	(X10), V20
ghash_loop4:
	BLTU	X13, X6, ghash_single
	VSETIVLI	$16, E32, M4, TA, MA, X0
	VLE32V	(X12), V16
	VSETIVLI	$4, E32, M1, TU, MU, X0
	VXORVV	V8, V16, V16 // Y ^ X1 in group 0
	VSETIVLI	$16, E32, M4, TA, MA, X0
	WORD	$0xa348a877 // vgmul.vv v16, v20
	VSETIVLI	$8, E32, M4, TA, MA, X0
	VSLIDEDOWNVI	$8, V16, V24
	VXORVV	V24, V16, V16 // groups 0,1 ^= groups 2,3
	VSETIVLI	$4, E32, M4, TA, MA, X0
	VSLIDEDOWNVI	$4, V16, V24
	VSETIVLI	$4, E32, M1, TU, MU, X0 // m1: an m4 write to v8 would clobber v9-v11's tails
	VXORVV	V24, V16, V8 // group 0 ^ group 1: the new Y
	ADD	$64, X12
	SUB	$4, X13
	JMP	ghash_loop4
ghash_single:
	VSETIVLI	$4, E32, M1, TU, MU, X0
ghash_loop1:
	BEQZ	X13, ghash_done
	VLE32V	(X12), V16
	WORD	$0xb2982477 // vghsh.vv v8, v9, v16
	ADD	$16, X12
	SUB	$1, X13
	JMP	ghash_loop1
ghash_done:
	VSE32V	V8, (X11)
	RET
