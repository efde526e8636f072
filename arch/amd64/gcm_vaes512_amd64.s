//go:build gc

#include "textflag.h"

// AES-GCM with VAES and VPCLMULQDQ on ZMM (aes-gcm/vaes512). Tuning, the
// short-buffer threshold and the wrappers are in gcm_vaes512_amd64.go; the
// key table (H^16..H^1 as registers of H^i * x^-1, H^16 first) and the
// GHASH representation (byte-reversed blocks, two Montgomery steps by
// 0xc2<<56) are those of gcm_aesni_amd64.s, four blocks per register: lane
// l of ZMM j holds block 4j+l of a group of 16.
//
// The kernels take whole groups of 16 blocks (256 bytes); the wrapper hands
// the blocks after the last group, and whole calls below the threshold, to
// aes-gcm/vaes256. A group's four ZMM of counters run all the rounds while
// the GHASH of 16 ciphertext blocks (four ZMM) runs between them: Seal
// hashes the previous group (its ciphertext is known only after the last
// round), Open the group being deciphered (its input). Products are summed
// over the group per lane and reduced once per group: the two Montgomery
// steps run in every lane at once (the reduction is linear, so the reduced
// lanes add up to the reduction of their sum), then the four lanes are
// added into y.
//
// What bounds the loop on Zen 5 (docs/speed-notes.md, 2026-12-02): VAESENC
// and VPCLMULQDQ compete for the same vector pipes, so the loop costs about
// the sum of its rounds and its products; and y, which goes from one group
// to the next through a product, two reduction steps and the lane fold, is
// a chain as long as an AES-128 group. Hence: three ZMM multiply by
// Karatsuba (three VPCLMULQDQ each, not four), and the ZMM that carries y
// (block 0, Z4) is multiplied last, by schoolbook, so that y meets only its
// own four products, the reduction and the fold; the fold adds three lanes
// at once.
//
// Registers: AX = rk, BX = nr, DX = &rk[16*nr], R8 = the table (the 64
// bytes at 64*j are the powers of ZMM j: H^(16-4j)..H^(13-4j); the 64 at
// 256+64*j their Karatsuba qwords, hi^lo in both halves of each lane), R9 =
// ctr (setup), R13 = y, SI = src, DI = dst, CX = blocks left.
// Z0-Z3 = AES state (16 counter blocks), Z4-Z7 = GHASH operands (16
// ciphertext blocks, byte-reversed, y folded into block 0 just before its
// product), Z8/Z9/Z10 = low/high/middle sums, Z11/Z12 = temporaries (Z11
// holds the powers of the current ZMM), Z13 = the byte-reversal mask in
// every lane, Z14 = the next four counters byte-reversed (the 32-bit
// counter is dword 0 of each lane, so VPADDD is inc32 mod 2^32), X15 = y
// between groups (the lanes above zero), Z16-Z30 = the round keys broadcast
// to every lane (Z16+i = key i for i < nr, Z30 = key nr whatever nr is),
// Z31 = the Montgomery constant in the low qword of every lane.

DATA gcmBswap512<>+0(SB)/8, $0x08090a0b0c0d0e0f
DATA gcmBswap512<>+8(SB)/8, $0x0001020304050607
GLOBL gcmBswap512<>(SB), RODATA|NOPTR, $16

DATA gcmPoly512<>+0(SB)/8, $0xc200000000000000
DATA gcmPoly512<>+8(SB)/8, $0
GLOBL gcmPoly512<>(SB), RODATA|NOPTR, $16

// Lane l counts l blocks ahead: {0, 1, 2, 3} in the counter dwords.
DATA gcmLanes512<>+0(SB)/8, $0
DATA gcmLanes512<>+8(SB)/8, $0
DATA gcmLanes512<>+16(SB)/8, $1
DATA gcmLanes512<>+24(SB)/8, $0
DATA gcmLanes512<>+32(SB)/8, $2
DATA gcmLanes512<>+40(SB)/8, $0
DATA gcmLanes512<>+48(SB)/8, $3
DATA gcmLanes512<>+56(SB)/8, $0
GLOBL gcmLanes512<>(SB), RODATA|NOPTR, $64

// From one ZMM of counters to the next: +4 in every lane.
DATA gcmFour512<>+0(SB)/8, $4
DATA gcmFour512<>+8(SB)/8, $0
DATA gcmFour512<>+16(SB)/8, $4
DATA gcmFour512<>+24(SB)/8, $0
DATA gcmFour512<>+32(SB)/8, $4
DATA gcmFour512<>+40(SB)/8, $0
DATA gcmFour512<>+48(SB)/8, $4
DATA gcmFour512<>+56(SB)/8, $0
GLOBL gcmFour512<>(SB), RODATA|NOPTR, $64

// SETUP: arguments, round keys, constants, the first four counters, y.
// The counter block is read as bytes 0-7, 8-11 and 12-15: the caller has
// just written it whole and then its last four bytes (inc32), and a
// 16-byte load spanning both stores could not be forwarded from them.
#define SETUP(l_keys) \
	MOVQ rk+0(FP), AX; MOVQ nr+8(FP), BX; MOVQ tab+16(FP), R8; MOVQ ctr+24(FP), R9; \
	MOVQ y+32(FP), R13; MOVQ dst+40(FP), DI; MOVQ src+48(FP), SI; MOVQ n+56(FP), CX; \
	MOVQ BX, DX; SHLQ $4, DX; ADDQ AX, DX; \
	VBROADCASTI32X4 (AX), Z16; VBROADCASTI32X4 16(AX), Z17; VBROADCASTI32X4 32(AX), Z18; \
	VBROADCASTI32X4 48(AX), Z19; VBROADCASTI32X4 64(AX), Z20; VBROADCASTI32X4 80(AX), Z21; \
	VBROADCASTI32X4 96(AX), Z22; VBROADCASTI32X4 112(AX), Z23; VBROADCASTI32X4 128(AX), Z24; \
	VBROADCASTI32X4 144(AX), Z25; VBROADCASTI32X4 (DX), Z30; \
	CMPQ BX, $12; JB l_keys; \
	VBROADCASTI32X4 160(AX), Z26; VBROADCASTI32X4 176(AX), Z27; \
	JEQ l_keys; \
	VBROADCASTI32X4 192(AX), Z28; VBROADCASTI32X4 208(AX), Z29; \
l_keys: \
	VBROADCASTI32X4 gcmBswap512<>(SB), Z13; VBROADCASTI32X4 gcmPoly512<>(SB), Z31; \
	VMOVQ (R9), X14; VPINSRD $2, 8(R9), X14, X14; VPINSRD $3, 12(R9), X14, X14; \
	VPSHUFB X13, X14, X14; VSHUFI64X2 $0, Z14, Z14, Z14; VPADDD gcmLanes512<>(SB), Z14, Z14; \
	VMOVDQU (R13), X15; VPSHUFB X13, X15, X15

// CTRS: the group's 16 counter blocks in Z0-Z3, XORed with round key 0;
// Z14 advances by 16.
#define CTR1(z) VPSHUFB Z13, Z14, z; VPADDD gcmFour512<>(SB), Z14, Z14; VPXORQ Z16, z, z
#define CTRS CTR1(Z0); CTR1(Z1); CTR1(Z2); CTR1(Z3)

// R4(k): one round with key register k on the four ZMM of the group.
#define R4(k) VAESENC k, Z0, Z0; VAESENC k, Z1, Z1; VAESENC k, Z2, Z2; VAESENC k, Z3, Z3
#define L4(k) VAESENCLAST k, Z0, Z0; VAESENCLAST k, Z1, Z1; VAESENCLAST k, Z2, Z2; VAESENCLAST k, Z3, Z3

// REST: rounds 10-13 of 192- and 256-bit keys, then the last round. The
// flags of CMPQ survive the vector instructions up to the JEQ.
#define REST(l_last) \
	CMPQ BX, $12; JB l_last; R4(Z26); R4(Z27); JEQ l_last; R4(Z28); R4(Z29); \
l_last: \
	L4(Z30)

// GMULK_FIRST(D, off): Z8, Z9, Z10 = the low, high and Karatsuba middle
// products of D by the powers at off(R8), per lane: D.lo*P.lo, D.hi*P.hi
// and (D.lo^D.hi)*(P.lo^P.hi), the last factor from 256+off(R8). GMULK:
// += the same. KFIX turns the Karatsuba sum into the middle one (-= low
// and high: Karatsuba is linear, so once for the three ZMM). GMUL: +=
// the schoolbook products (low, high and the two middle ones) of the ZMM
// that carries y. D is clobbered. imm bit 0 selects the qword of D, bit 4
// that of the power.
#define GMULK_FIRST(D, off) \
	VMOVDQU64 off(R8), Z11; \
	VPCLMULQDQ $0x00, Z11, D, Z8; VPCLMULQDQ $0x11, Z11, D, Z9; \
	VPSHUFD $0x4e, D, Z12; VPXORQ Z12, D, D; VMOVDQU64 256+off(R8), Z11; \
	VPCLMULQDQ $0x00, Z11, D, Z10
#define GMULK(D, off) \
	VMOVDQU64 off(R8), Z11; \
	VPCLMULQDQ $0x00, Z11, D, Z12; VPXORQ Z12, Z8, Z8; \
	VPCLMULQDQ $0x11, Z11, D, Z12; VPXORQ Z12, Z9, Z9; \
	VPSHUFD $0x4e, D, Z12; VPXORQ Z12, D, D; VMOVDQU64 256+off(R8), Z11; \
	VPCLMULQDQ $0x00, Z11, D, D; VPXORQ D, Z10, Z10
#define KFIX VPTERNLOGQ $0x96, Z8, Z9, Z10
#define GMUL(D, off) \
	VMOVDQU64 off(R8), Z11; \
	VPCLMULQDQ $0x00, Z11, D, Z12; VPXORQ Z12, Z8, Z8; \
	VPCLMULQDQ $0x11, Z11, D, Z12; VPXORQ Z12, Z9, Z9; \
	VPCLMULQDQ $0x01, Z11, D, Z12; VPCLMULQDQ $0x10, Z11, D, D; VPTERNLOGQ $0x96, Z12, D, Z10

// YGMUL: y folded into block 0, then its ZMM's products (see above).
#define YGMUL VPXORQ Z15, Z4, Z4; GMUL(Z4, 0)

// The reduction of Z8, Z9, Z10 into X15, in three steps to go between
// rounds. RED1: the middle sum split over the halves, and the first
// Montgomery step (its product needs only the lowest qword of the low
// sum, which the middle sum does not touch, so it starts first). RED2:
// the second step and the high half. FOLD: the four lanes added into y,
// lanes 1-3 extracted at once (EVEX.128 and VEX.128 writes clear the
// lanes above).
#define RED1 \
	VPCLMULQDQ $0x00, Z31, Z8, Z11; \
	VPSLLDQ $8, Z10, Z12; VPSRLDQ $8, Z10, Z10; VPXORQ Z12, Z8, Z8; VPXORQ Z10, Z9, Z9; \
	VPSHUFD $0x4e, Z8, Z8; VPXORQ Z11, Z8, Z8
#define RED2 \
	VPCLMULQDQ $0x00, Z31, Z8, Z11; VPSHUFD $0x4e, Z8, Z8; VPTERNLOGQ $0x96, Z11, Z9, Z8
#define FOLD \
	VEXTRACTI32X4 $1, Z8, X10; VEXTRACTI32X4 $2, Z8, X11; VEXTRACTI32X4 $3, Z8, X12; \
	VPTERNLOGQ $0x96, Z10, Z11, Z8; VPXOR X12, X8, X15

// Seal: the group's ciphertext to dst, and byte-reversed into Z4-Z7 for
// the next group's GHASH (y is folded into Z4 by YGMUL, so the products of
// Z5-Z7 do not wait for it). Loads of src precede
// the stores of the same 64 bytes (in place).
#define SEAL_OUT1(off, z, g) VPXORQ off(SI), z, z; VMOVDQU64 z, off(DI); VPSHUFB Z13, z, g
#define SEAL_OUT \
	SEAL_OUT1(0, Z0, Z4); SEAL_OUT1(64, Z1, Z5); SEAL_OUT1(128, Z2, Z6); SEAL_OUT1(192, Z3, Z7)

// Open: the group's ciphertext, byte-reversed, into Z4-Z7 (y is folded
// into Z4 later, so the products of Z5-Z7 do not wait for it), before any
// of the group's plaintext is stored.
#define OPEN_IN \
	VMOVDQU64 (SI), Z4; VMOVDQU64 64(SI), Z5; VMOVDQU64 128(SI), Z6; VMOVDQU64 192(SI), Z7; \
	VPSHUFB Z13, Z4, Z4; VPSHUFB Z13, Z5, Z5; VPSHUFB Z13, Z6, Z6; VPSHUFB Z13, Z7, Z7
#define OPEN_OUT1(off, z) VPXORQ off(SI), z, z; VMOVDQU64 z, off(DI)
#define OPEN_OUT OPEN_OUT1(0, Z0); OPEN_OUT1(64, Z1); OPEN_OUT1(128, Z2); OPEN_OUT1(192, Z3)

#define ADV ADDQ $256, SI; ADDQ $256, DI; SUBQ $16, CX

#define DONE \
	VPSHUFB X13, X15, X15; VMOVDQU X15, (R13); VZEROUPPER; RET

// func gcmSealV512(rk *byte, nr int, tab *byte, ctr, y *[16]byte, dst, src *byte, n int)
// n blocks, a multiple of 16 (any rest is not touched); ctr is read, not
// written. GHASH lags one group behind the cipher.
TEXT ·gcmSealV512(SB), NOSPLIT, $0-64
	SETUP(sealkeys)
	CMPQ CX, $16
	JB   sealdone

	// The first group: cipher only.
	CTRS
	R4(Z17)
	R4(Z18)
	R4(Z19)
	R4(Z20)
	R4(Z21)
	R4(Z22)
	R4(Z23)
	R4(Z24)
	R4(Z25)
	REST(sfirstlast)
	SEAL_OUT
	ADV

sealloop:
	CMPQ CX, $16
	JB   sealdrain
	CTRS
	R4(Z17)
	GMULK_FIRST(Z5, 64)
	R4(Z18)
	GMULK(Z6, 128)
	R4(Z19)
	GMULK(Z7, 192)
	KFIX
	R4(Z20)
	YGMUL
	R4(Z21)
	RED1
	R4(Z22)
	RED2
	R4(Z23)
	FOLD
	R4(Z24)
	R4(Z25)
	REST(sloopLast)
	SEAL_OUT
	ADV
	JMP  sealloop

sealdrain:
	// The GHASH of the last group.
	GMULK_FIRST(Z5, 64)
	GMULK(Z6, 128)
	GMULK(Z7, 192)
	KFIX
	YGMUL
	RED1
	RED2
	FOLD

sealdone:
	DONE

// func gcmOpenV512(rk *byte, nr int, tab *byte, ctr, y *[16]byte, dst, src *byte, n int)
// n blocks, a multiple of 16 (any rest is not touched); ctr is read, not
// written. Each group is hashed while it is deciphered.
TEXT ·gcmOpenV512(SB), NOSPLIT, $0-64
	SETUP(openkeys)

openloop:
	CMPQ CX, $16
	JB   opendone
	CTRS
	R4(Z17)
	OPEN_IN
	R4(Z18)
	GMULK_FIRST(Z5, 64)
	R4(Z19)
	GMULK(Z6, 128)
	R4(Z20)
	GMULK(Z7, 192)
	KFIX
	R4(Z21)
	YGMUL
	R4(Z22)
	RED1
	R4(Z23)
	RED2
	R4(Z24)
	FOLD
	R4(Z25)
	REST(oloopLast)
	OPEN_OUT
	ADV
	JMP  openloop

opendone:
	DONE
