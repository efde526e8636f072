//go:build gc

#include "textflag.h"

// Known-answer probe kernels for the scalar crypto features aes/zkn,
// sha256/zknh and sha512/zknh use: each runs its instructions once on
// the inputs and stores every result; probe_zkn_riscv64.go compares them
// with Go models of the scalar cryptography 1.0.1 pseudo-code.

// func zkneProbe(in *[4]uint64, out *[8]uint64)
// in[0], in[1]: a state (low, high); in[2], in[3]: key words.
TEXT ·zkneProbe(SB), NOSPLIT, $0-16
	MOV in+0(FP), X10
	MOV out+8(FP), X11
	MOV 0(X10), X12
	MOV 8(X10), X13
	MOV 16(X10), X14
	MOV 24(X10), X15
	WORD $0x32d602b3 // aes64es x5, x12, x13
	MOV X5, 0(X11)
	WORD $0x32c682b3 // aes64es x5, x13, x12
	MOV X5, 8(X11)
	WORD $0x36d602b3 // aes64esm x5, x12, x13
	MOV X5, 16(X11)
	WORD $0x36c682b3 // aes64esm x5, x13, x12
	MOV X5, 24(X11)
	WORD $0x31071293 // aes64ks1i x5, x14, 0
	MOV X5, 32(X11)
	WORD $0x31571293 // aes64ks1i x5, x14, 5
	MOV X5, 40(X11)
	WORD $0x31a71293 // aes64ks1i x5, x14, 0xa
	MOV X5, 48(X11)
	WORD $0x7ee782b3 // aes64ks2 x5, x15, x14
	MOV X5, 56(X11)
	RET

// func zkndProbe(in *[4]uint64, out *[5]uint64)
// in[0], in[1]: a state (low, high); in[2]: a round key word.
TEXT ·zkndProbe(SB), NOSPLIT, $0-16
	MOV in+0(FP), X10
	MOV out+8(FP), X11
	MOV 0(X10), X12
	MOV 8(X10), X13
	MOV 16(X10), X14
	WORD $0x3ad602b3 // aes64ds x5, x12, x13
	MOV X5, 0(X11)
	WORD $0x3ac682b3 // aes64ds x5, x13, x12
	MOV X5, 8(X11)
	WORD $0x3ed602b3 // aes64dsm x5, x12, x13
	MOV X5, 16(X11)
	WORD $0x3ec682b3 // aes64dsm x5, x13, x12
	MOV X5, 24(X11)
	WORD $0x30071293 // aes64im x5, x14
	MOV X5, 32(X11)
	RET

// func zknhProbe(in *[2]uint64, out *[16]uint64)
// out[8*i..8*i+7]: sha256sig0, sig1, sum0, sum1, sha512sig0, sig1, sum0,
// sum1 of in[i].
TEXT ·zknhProbe(SB), NOSPLIT, $0-16
	MOV in+0(FP), X10
	MOV out+8(FP), X11
	MOV 0(X10), X12
	MOV 8(X10), X13
	WORD $0x10261293 // sha256sig0 x5, x12
	MOV X5, 0(X11)
	WORD $0x10361293 // sha256sig1 x5, x12
	MOV X5, 8(X11)
	WORD $0x10061293 // sha256sum0 x5, x12
	MOV X5, 16(X11)
	WORD $0x10161293 // sha256sum1 x5, x12
	MOV X5, 24(X11)
	WORD $0x10661293 // sha512sig0 x5, x12
	MOV X5, 32(X11)
	WORD $0x10761293 // sha512sig1 x5, x12
	MOV X5, 40(X11)
	WORD $0x10461293 // sha512sum0 x5, x12
	MOV X5, 48(X11)
	WORD $0x10561293 // sha512sum1 x5, x12
	MOV X5, 56(X11)
	WORD $0x10269293 // sha256sig0 x5, x13
	MOV X5, 64(X11)
	WORD $0x10369293 // sha256sig1 x5, x13
	MOV X5, 72(X11)
	WORD $0x10069293 // sha256sum0 x5, x13
	MOV X5, 80(X11)
	WORD $0x10169293 // sha256sum1 x5, x13
	MOV X5, 88(X11)
	WORD $0x10669293 // sha512sig0 x5, x13
	MOV X5, 96(X11)
	WORD $0x10769293 // sha512sig1 x5, x13
	MOV X5, 104(X11)
	WORD $0x10469293 // sha512sum0 x5, x13
	MOV X5, 112(X11)
	WORD $0x10569293 // sha512sum1 x5, x13
	MOV X5, 120(X11)
	RET

// func zbkbProbe(in *uint64, out *uint64)
TEXT ·zbkbProbe(SB), NOSPLIT, $0-16
	MOV in+0(FP), X10
	MOV out+8(FP), X11
	MOV 0(X10), X12
	WORD $0x6b865293 // rev8 x5, x12
	MOV X5, 0(X11)
	RET
