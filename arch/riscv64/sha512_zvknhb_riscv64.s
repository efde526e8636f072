//go:build gc

#include "textflag.h"

// sha512/zvknhb: SHA-512 with vsha2ms, vsha2ch and vsha2cl (Zvknhb, RISC-V
// vector cryptography 1.0) at SEW=64, vl=4: an element group is four
// 64-bit words, EGW=256. VLEN=128 cannot hold that in one register, so
// the kernel reads vlenb and picks LMUL=2 below VLEN=256 (a group then
// spans a register pair) and LMUL=1 from VLEN=256 up. Every vector
// register named here is even, so both settings use the same code; only
// the vtype values (X6, X7) differ, applied with vsetvl.
//
// Layout as in sha256_zvknha_riscv64.s: element 0 is the least
// significant word of a group; {a,b,e,f} is element 3 = a, 2 = b, 1 = e,
// 0 = f; W[t..t+3] are elements 0..3; vsha2cl takes W+K of elements 0,1,
// vsha2ch of 2,3.
//
// Registers (a "register" below is a pair at LMUL=2):
//   X10 h, X11 p, X12 blocks left, X13 k, X9 k in the block, X16 h+16
//   X6  vtype e8 (ta, ma), LMUL by VLEN; X14 = 32, its vl (bytes)
//   X7  vtype e64 (ta, ma), LMUL by VLEN; X15 = 4, its vl (words)
//   V0       mask 0b0001 (vmerge takes element 0 from its vs1)
//   V2       byte indices i^7: vrgather turns big-endian words into native
//   V4       byte offsets {40,32,8,0} of f,e,b,a in h (d,c,h,g from h+16)
//   V6, V8   state {a,b,e,f}, {c,d,g,h}; each vsha2c* swaps their roles
//   V10, V12 the state at the start of the block (feed-forward)
//   V14-V20  message schedule W, four words per register, rotating
//   V22      W+K for the next four rounds
//   V24      {W[t+4], W[t+9], W[t+10], W[t+11]} merged for vsha2ms
//   V26      raw block bytes before the byte swap
//   V28      K for the next four rounds

// Offsets (bytes) of the words gathered into a state register: element 0
// gets h[5] (f), 1 h[4] (e), 2 h[1] (b), 3 h[0] (a); from h+16 the same
// offsets give h[7], h[6], h[3], h[2] = {c,d,g,h}.
DATA sha512ZvknhbIdx<>+0(SB)/8, $40
DATA sha512ZvknhbIdx<>+8(SB)/8, $32
DATA sha512ZvknhbIdx<>+16(SB)/8, $8
DATA sha512ZvknhbIdx<>+24(SB)/8, $0
GLOBL sha512ZvknhbIdx<>(SB), RODATA|NOPTR, $32

// func sha512Zvknhb(h *[8]uint64, p []byte, k *[80]uint64)
TEXT ·sha512Zvknhb(SB), NOSPLIT, $0-40
	MOV	h+0(FP), X10
	MOV	p_base+8(FP), X11
	MOV	p_len+16(FP), X12
	MOV	k+32(FP), X13
	SRL	$7, X12
	BEQZ	X12, done

	// vtype: vma (bit 7), vta (bit 6), vsew (bits 5:3: 0 = e8, 3 = e64),
	// vlmul (bits 2:0: 0 = m1, 1 = m2). VLEN >= 256 iff vlenb >= 32.
	MOV	$0xc0, X6
	MOV	$0xd8, X7
	MOV	$32, X14
	MOV	$4, X15
	CSRRS	X0, VLENB, X5
	BGEU	X5, X14, lmulset
	OR	$1, X6
	OR	$1, X7

lmulset:
	// Byte-swap indices for vrgather at SEW=8: 7,6,...,0, 15,14,...
	VSETVL	X6, X14, X0
	VIDV	V2
	VXORVI	$7, V2, V2

	VSETVL	X7, X15, X0
	VMVVI	$1, V0
	MOV	$sha512ZvknhbIdx<>(SB), X5
	VLE64V	(X5), V4
	ADD	$16, X10, X16
	VLUXEI64V	(X10), V4, V6
	VLUXEI64V	(X16), V4, V8

loop:
	// Load the block byte by byte (any alignment), 32 bytes per group,
	// and swap each word to native order.
	VSETVL	X6, X14, X0
	VLE8V	(X11), V26
	VRGATHERVV	V2, V26, V14
	ADD	$32, X11
	VLE8V	(X11), V26
	VRGATHERVV	V2, V26, V16
	ADD	$32, X11
	VLE8V	(X11), V26
	VRGATHERVV	V2, V26, V18
	ADD	$32, X11
	VLE8V	(X11), V26
	VRGATHERVV	V2, V26, V20
	ADD	$32, X11

	VSETVL	X7, X15, X0
	VMVVV	V6, V10
	VMVVV	V8, V12
	MOV	X13, X9

	// Each group of four rounds: V22 = W+K; while t < 64, the group's
	// register is then replaced by W[t+16..t+19] (vsha2ms reads W[t..t+3]
	// from vd, {W[t+4], W[t+9..t+11]} from vs2, W[t+12..t+15] from vs1);
	// vsha2cl runs two rounds into the {c,d,g,h} register, which then holds
	// {a,b,e,f}, and vsha2ch the next two back into V6.
	// rounds 0-3
	VLE64V	(X9), V28
	ADD	$32, X9
	VADDVV	V28, V14, V22
	VMERGEVVM	V16, V18, V0, V24
	WORD	$0xb78a2777 // vsha2ms.vv v14, v24, v20; W[16..19]
	WORD	$0xbe6b2477 // vsha2cl.vv v8, v6, v22
	WORD	$0xba8b2377 // vsha2ch.vv v6, v8, v22
	// rounds 4-7
	VLE64V	(X9), V28
	ADD	$32, X9
	VADDVV	V28, V16, V22
	VMERGEVVM	V18, V20, V0, V24
	WORD	$0xb7872877 // vsha2ms.vv v16, v24, v14; W[20..23]
	WORD	$0xbe6b2477 // vsha2cl.vv v8, v6, v22
	WORD	$0xba8b2377 // vsha2ch.vv v6, v8, v22
	// rounds 8-11
	VLE64V	(X9), V28
	ADD	$32, X9
	VADDVV	V28, V18, V22
	VMERGEVVM	V20, V14, V0, V24
	WORD	$0xb7882977 // vsha2ms.vv v18, v24, v16; W[24..27]
	WORD	$0xbe6b2477 // vsha2cl.vv v8, v6, v22
	WORD	$0xba8b2377 // vsha2ch.vv v6, v8, v22
	// rounds 12-15
	VLE64V	(X9), V28
	ADD	$32, X9
	VADDVV	V28, V20, V22
	VMERGEVVM	V14, V16, V0, V24
	WORD	$0xb7892a77 // vsha2ms.vv v20, v24, v18; W[28..31]
	WORD	$0xbe6b2477 // vsha2cl.vv v8, v6, v22
	WORD	$0xba8b2377 // vsha2ch.vv v6, v8, v22
	// rounds 16-19
	VLE64V	(X9), V28
	ADD	$32, X9
	VADDVV	V28, V14, V22
	VMERGEVVM	V16, V18, V0, V24
	WORD	$0xb78a2777 // vsha2ms.vv v14, v24, v20; W[32..35]
	WORD	$0xbe6b2477 // vsha2cl.vv v8, v6, v22
	WORD	$0xba8b2377 // vsha2ch.vv v6, v8, v22
	// rounds 20-23
	VLE64V	(X9), V28
	ADD	$32, X9
	VADDVV	V28, V16, V22
	VMERGEVVM	V18, V20, V0, V24
	WORD	$0xb7872877 // vsha2ms.vv v16, v24, v14; W[36..39]
	WORD	$0xbe6b2477 // vsha2cl.vv v8, v6, v22
	WORD	$0xba8b2377 // vsha2ch.vv v6, v8, v22
	// rounds 24-27
	VLE64V	(X9), V28
	ADD	$32, X9
	VADDVV	V28, V18, V22
	VMERGEVVM	V20, V14, V0, V24
	WORD	$0xb7882977 // vsha2ms.vv v18, v24, v16; W[40..43]
	WORD	$0xbe6b2477 // vsha2cl.vv v8, v6, v22
	WORD	$0xba8b2377 // vsha2ch.vv v6, v8, v22
	// rounds 28-31
	VLE64V	(X9), V28
	ADD	$32, X9
	VADDVV	V28, V20, V22
	VMERGEVVM	V14, V16, V0, V24
	WORD	$0xb7892a77 // vsha2ms.vv v20, v24, v18; W[44..47]
	WORD	$0xbe6b2477 // vsha2cl.vv v8, v6, v22
	WORD	$0xba8b2377 // vsha2ch.vv v6, v8, v22
	// rounds 32-35
	VLE64V	(X9), V28
	ADD	$32, X9
	VADDVV	V28, V14, V22
	VMERGEVVM	V16, V18, V0, V24
	WORD	$0xb78a2777 // vsha2ms.vv v14, v24, v20; W[48..51]
	WORD	$0xbe6b2477 // vsha2cl.vv v8, v6, v22
	WORD	$0xba8b2377 // vsha2ch.vv v6, v8, v22
	// rounds 36-39
	VLE64V	(X9), V28
	ADD	$32, X9
	VADDVV	V28, V16, V22
	VMERGEVVM	V18, V20, V0, V24
	WORD	$0xb7872877 // vsha2ms.vv v16, v24, v14; W[52..55]
	WORD	$0xbe6b2477 // vsha2cl.vv v8, v6, v22
	WORD	$0xba8b2377 // vsha2ch.vv v6, v8, v22
	// rounds 40-43
	VLE64V	(X9), V28
	ADD	$32, X9
	VADDVV	V28, V18, V22
	VMERGEVVM	V20, V14, V0, V24
	WORD	$0xb7882977 // vsha2ms.vv v18, v24, v16; W[56..59]
	WORD	$0xbe6b2477 // vsha2cl.vv v8, v6, v22
	WORD	$0xba8b2377 // vsha2ch.vv v6, v8, v22
	// rounds 44-47
	VLE64V	(X9), V28
	ADD	$32, X9
	VADDVV	V28, V20, V22
	VMERGEVVM	V14, V16, V0, V24
	WORD	$0xb7892a77 // vsha2ms.vv v20, v24, v18; W[60..63]
	WORD	$0xbe6b2477 // vsha2cl.vv v8, v6, v22
	WORD	$0xba8b2377 // vsha2ch.vv v6, v8, v22
	// rounds 48-51
	VLE64V	(X9), V28
	ADD	$32, X9
	VADDVV	V28, V14, V22
	VMERGEVVM	V16, V18, V0, V24
	WORD	$0xb78a2777 // vsha2ms.vv v14, v24, v20; W[64..67]
	WORD	$0xbe6b2477 // vsha2cl.vv v8, v6, v22
	WORD	$0xba8b2377 // vsha2ch.vv v6, v8, v22
	// rounds 52-55
	VLE64V	(X9), V28
	ADD	$32, X9
	VADDVV	V28, V16, V22
	VMERGEVVM	V18, V20, V0, V24
	WORD	$0xb7872877 // vsha2ms.vv v16, v24, v14; W[68..71]
	WORD	$0xbe6b2477 // vsha2cl.vv v8, v6, v22
	WORD	$0xba8b2377 // vsha2ch.vv v6, v8, v22
	// rounds 56-59
	VLE64V	(X9), V28
	ADD	$32, X9
	VADDVV	V28, V18, V22
	VMERGEVVM	V20, V14, V0, V24
	WORD	$0xb7882977 // vsha2ms.vv v18, v24, v16; W[72..75]
	WORD	$0xbe6b2477 // vsha2cl.vv v8, v6, v22
	WORD	$0xba8b2377 // vsha2ch.vv v6, v8, v22
	// rounds 60-63
	VLE64V	(X9), V28
	ADD	$32, X9
	VADDVV	V28, V20, V22
	VMERGEVVM	V14, V16, V0, V24
	WORD	$0xb7892a77 // vsha2ms.vv v20, v24, v18; W[76..79]
	WORD	$0xbe6b2477 // vsha2cl.vv v8, v6, v22
	WORD	$0xba8b2377 // vsha2ch.vv v6, v8, v22
	// rounds 64-67
	VLE64V	(X9), V28
	ADD	$32, X9
	VADDVV	V28, V14, V22
	WORD	$0xbe6b2477 // vsha2cl.vv v8, v6, v22
	WORD	$0xba8b2377 // vsha2ch.vv v6, v8, v22
	// rounds 68-71
	VLE64V	(X9), V28
	ADD	$32, X9
	VADDVV	V28, V16, V22
	WORD	$0xbe6b2477 // vsha2cl.vv v8, v6, v22
	WORD	$0xba8b2377 // vsha2ch.vv v6, v8, v22
	// rounds 72-75
	VLE64V	(X9), V28
	ADD	$32, X9
	VADDVV	V28, V18, V22
	WORD	$0xbe6b2477 // vsha2cl.vv v8, v6, v22
	WORD	$0xba8b2377 // vsha2ch.vv v6, v8, v22
	// rounds 76-79
	VLE64V	(X9), V28
	VADDVV	V28, V20, V22
	WORD	$0xbe6b2477 // vsha2cl.vv v8, v6, v22
	WORD	$0xba8b2377 // vsha2ch.vv v6, v8, v22

	VADDVV	V10, V6, V6
	VADDVV	V12, V8, V8
	SUB	$1, X12
	BNEZ	X12, loop

	VSUXEI64V	V6, V4, (X10)
	VSUXEI64V	V8, V4, (X16)

done:
	RET
