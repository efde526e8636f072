//go:build gc

#include "textflag.h"

// AES with AES-NI (aes/aesni). Tuning is declared in aes_aesni_amd64.go.
//
// Every kernel takes the schedule rk (Rounds+1 round keys of 16 bytes, FIPS-197
// byte order: arch.AESKey.Enc for AESENC, .Dec for AESDEC) and nr = 10, 12 or
// 14, checked by the Go wrappers.
//
// Registers: AX = rk, BX = nr, DX = &rk[16*nr] (the last round key),
// SI = src, DI = dst, CX = blocks left. Blocks in flight live in X0-X7; X8
// holds the current round key, loaded once per round for the whole group
// (legacy-SSE memory operands would need 16-byte alignment, which a Go byte
// slice does not promise).

// Block-order reversal for PSHUFB: between a big-endian CTR counter block
// and the little-endian 128-bit integer PADDQ steps.
DATA aesniBswap<>+0(SB)/8, $0x08090a0b0c0d0e0f
DATA aesniBswap<>+8(SB)/8, $0x0001020304050607
GLOBL aesniBswap<>(SB), RODATA|NOPTR, $16

// One round step on each block of a group.
#define ROUNDS8(op, k) op k, X0; op k, X1; op k, X2; op k, X3; op k, X4; op k, X5; op k, X6; op k, X7
#define ROUNDS4(op, k) op k, X0; op k, X1; op k, X2; op k, X3
#define ROUNDS2(op, k) op k, X0; op k, X1
#define ROUNDS1(op, k) op k, X0

// CIPHER runs a whole cipher on the group R covers: whitening, the nine
// rounds every key size has, two more for 192-bit keys, four more for
// 256-bit ones, then the last round. The flags of the one CMPQ survive
// the SSE instructions in between, so JEQ still sees nr == 12.
#define CIPHER(R, op, oplast, l_last) \
	MOVOU (AX), X8; R(PXOR, X8); \
	MOVOU 16(AX), X8; R(op, X8); \
	MOVOU 32(AX), X8; R(op, X8); \
	MOVOU 48(AX), X8; R(op, X8); \
	MOVOU 64(AX), X8; R(op, X8); \
	MOVOU 80(AX), X8; R(op, X8); \
	MOVOU 96(AX), X8; R(op, X8); \
	MOVOU 112(AX), X8; R(op, X8); \
	MOVOU 128(AX), X8; R(op, X8); \
	MOVOU 144(AX), X8; R(op, X8); \
	CMPQ BX, $12; JB l_last; \
	MOVOU 160(AX), X8; R(op, X8); \
	MOVOU 176(AX), X8; R(op, X8); \
	JEQ l_last; \
	MOVOU 192(AX), X8; R(op, X8); \
	MOVOU 208(AX), X8; R(op, X8); \
l_last: \
	MOVOU (DX), X8; R(oplast, X8)

#define LOAD8(p) \
	MOVOU 0(p), X0; MOVOU 16(p), X1; MOVOU 32(p), X2; MOVOU 48(p), X3; \
	MOVOU 64(p), X4; MOVOU 80(p), X5; MOVOU 96(p), X6; MOVOU 112(p), X7
#define LOAD4(p) MOVOU 0(p), X0; MOVOU 16(p), X1; MOVOU 32(p), X2; MOVOU 48(p), X3
#define STORE8(p) \
	MOVOU X0, 0(p); MOVOU X1, 16(p); MOVOU X2, 32(p); MOVOU X3, 48(p); \
	MOVOU X4, 64(p); MOVOU X5, 80(p); MOVOU X6, 96(p); MOVOU X7, 112(p)
#define STORE4(p) MOVOU X0, 0(p); MOVOU X1, 16(p); MOVOU X2, 32(p); MOVOU X3, 48(p)
#define LOAD2(p) MOVOU 0(p), X0; MOVOU 16(p), X1
#define STORE2(p) MOVOU X0, 0(p); MOVOU X1, 16(p)

// ECB over n blocks: groups of 8, then the 0..7 left in at most three
// passes, one per bit of their count (4, 2, 1 blocks): each pass costs one
// AES latency chain, so 7 blocks take three, not four.
#define ECB(op, oplast) \
loop8: \
	CMPQ CX, $8; JB tail4; \
	LOAD8(SI); \
	CIPHER(ROUNDS8, op, oplast, last8); \
	STORE8(DI); \
	ADDQ $128, SI; ADDQ $128, DI; SUBQ $8, CX; JMP loop8; \
tail4: \
	TESTQ $4, CX; JEQ tail2; \
	LOAD4(SI); \
	CIPHER(ROUNDS4, op, oplast, last4); \
	STORE4(DI); \
	ADDQ $64, SI; ADDQ $64, DI; \
tail2: \
	TESTQ $2, CX; JEQ tail1; \
	LOAD2(SI); \
	CIPHER(ROUNDS2, op, oplast, last2); \
	STORE2(DI); \
	ADDQ $32, SI; ADDQ $32, DI; \
tail1: \
	TESTQ $1, CX; JEQ done; \
	MOVOU (SI), X0; \
	CIPHER(ROUNDS1, op, oplast, last1); \
	MOVOU X0, (DI); \
done: \
	RET

// func ecbEncNI(rk *byte, nr int, dst, src *byte, n int)
TEXT ·ecbEncNI(SB), NOSPLIT, $0-40
	MOVQ rk+0(FP), AX
	MOVQ nr+8(FP), BX
	MOVQ BX, DX
	SHLQ $4, DX
	ADDQ AX, DX
	MOVQ dst+16(FP), DI
	MOVQ src+24(FP), SI
	MOVQ n+32(FP), CX
	ECB(AESENC, AESENCLAST)

// func ecbDecNI(rk *byte, nr int, dst, src *byte, n int)
TEXT ·ecbDecNI(SB), NOSPLIT, $0-40
	MOVQ rk+0(FP), AX
	MOVQ nr+8(FP), BX
	MOVQ BX, DX
	SHLQ $4, DX
	ADDQ AX, DX
	MOVQ dst+16(FP), DI
	MOVQ src+24(FP), SI
	MOVQ n+32(FP), CX
	ECB(AESDEC, AESDECLAST)

// func cbcEncNI(rk *byte, nr int, iv *[16]byte, dst, src *byte, n int)
// Serial: each block's input depends on the previous output, so a block
// costs the latency of its nr AES instructions plus whatever else sits on
// that chain. Nothing else does here: with s[i] = C[i-1] ^ P[i] ^ k0 (the
// state after whitening) and t the state before the last round,
// C[i] = AESENCLAST(t, klast), so s[i+1] = AESENCLAST(t, klast ^ k0 ^ P[i+1]):
// the next block's XORs ride in the last round key, computed off the chain
// (X10), and the ciphertext C[i] = s[i+1] ^ k0 ^ P[i+1] (X9) is recovered
// beside it. The last block ends with the plain AESENCLAST. Round keys
// 1..nr-1 are loaded per block into X8; the loads do not depend on the
// chain and run ahead of it.
//
// X0 = s, X9 = k0 ^ P[i+1], X10 = klast ^ k0 ^ P[i+1], X11 = k0,
// X15 = klast.
#define CBCMID(l_last) \
	MOVOU 16(AX), X8; AESENC X8, X0; \
	MOVOU 32(AX), X8; AESENC X8, X0; \
	MOVOU 48(AX), X8; AESENC X8, X0; \
	MOVOU 64(AX), X8; AESENC X8, X0; \
	MOVOU 80(AX), X8; AESENC X8, X0; \
	MOVOU 96(AX), X8; AESENC X8, X0; \
	MOVOU 112(AX), X8; AESENC X8, X0; \
	MOVOU 128(AX), X8; AESENC X8, X0; \
	MOVOU 144(AX), X8; AESENC X8, X0; \
	CMPQ BX, $12; JB l_last; \
	MOVOU 160(AX), X8; AESENC X8, X0; \
	MOVOU 176(AX), X8; AESENC X8, X0; \
	JEQ l_last; \
	MOVOU 192(AX), X8; AESENC X8, X0; \
	MOVOU 208(AX), X8; AESENC X8, X0; \
l_last:

TEXT ·cbcEncNI(SB), NOSPLIT, $0-48
	MOVQ  rk+0(FP), AX
	MOVQ  nr+8(FP), BX
	MOVQ  BX, DX
	SHLQ  $4, DX
	ADDQ  AX, DX
	MOVQ  iv+16(FP), R8
	MOVQ  dst+24(FP), DI
	MOVQ  src+32(FP), SI
	MOVQ  n+40(FP), CX
	TESTQ CX, CX
	JEQ   done
	MOVOU (AX), X11
	MOVOU (DX), X15
	MOVOU (SI), X9
	PXOR  X11, X9
	MOVOU (R8), X0
	PXOR  X9, X0
	DECQ  CX
	JEQ   last

loop:
	MOVOU 16(SI), X9
	PXOR  X11, X9
	MOVO  X9, X10
	PXOR  X15, X10
	CBCMID(mid)
	AESENCLAST X10, X0
	MOVO  X0, X8
	PXOR  X9, X8
	MOVOU X8, (DI)
	ADDQ  $16, SI
	ADDQ  $16, DI
	DECQ  CX
	JNE   loop

last:
	CBCMID(mid1)
	AESENCLAST X15, X0
	MOVOU X0, (DI)
	MOVOU X0, (R8)

done:
	RET

// P[i] = D(C[i]) xor C[i-1], C[-1] = iv. X10 holds C[i-1]. Each ciphertext
// block is reloaded into X9 before the plaintext is stored over it, so
// dst == src works.
#define CBCXOR(off, x) \
	MOVOU off(SI), X9; PXOR X10, x; MOVO X9, X10; MOVOU x, off(DI)

// func cbcDecNI(rk *byte, nr int, iv *[16]byte, dst, src *byte, n int)
// Groups and passes like ECB; the chaining XOR follows each.
TEXT ·cbcDecNI(SB), NOSPLIT, $0-48
	MOVQ rk+0(FP), AX
	MOVQ nr+8(FP), BX
	MOVQ BX, DX
	SHLQ $4, DX
	ADDQ AX, DX
	MOVQ iv+16(FP), R8
	MOVQ dst+24(FP), DI
	MOVQ src+32(FP), SI
	MOVQ n+40(FP), CX
	MOVOU (R8), X10

loop8:
	CMPQ CX, $8
	JB   tail4
	LOAD8(SI)
	CIPHER(ROUNDS8, AESDEC, AESDECLAST, last8)
	CBCXOR(0, X0)
	CBCXOR(16, X1)
	CBCXOR(32, X2)
	CBCXOR(48, X3)
	CBCXOR(64, X4)
	CBCXOR(80, X5)
	CBCXOR(96, X6)
	CBCXOR(112, X7)
	ADDQ $128, SI
	ADDQ $128, DI
	SUBQ $8, CX
	JMP  loop8

tail4:
	TESTQ $4, CX
	JEQ   tail2
	LOAD4(SI)
	CIPHER(ROUNDS4, AESDEC, AESDECLAST, last4)
	CBCXOR(0, X0)
	CBCXOR(16, X1)
	CBCXOR(32, X2)
	CBCXOR(48, X3)
	ADDQ $64, SI
	ADDQ $64, DI

tail2:
	TESTQ $2, CX
	JEQ   tail1
	LOAD2(SI)
	CIPHER(ROUNDS2, AESDEC, AESDECLAST, last2)
	CBCXOR(0, X0)
	CBCXOR(16, X1)
	ADDQ $32, SI
	ADDQ $32, DI

tail1:
	TESTQ $1, CX
	JEQ   done
	MOVOU (SI), X0
	CIPHER(ROUNDS1, AESDEC, AESDECLAST, last1)
	CBCXOR(0, X0)

done:
	MOVOU X10, (R8)
	RET

// CTRFAST: x := the counter X12 (a little-endian 128-bit integer) in
// big-endian block order, then X12 += 1 in its low qword (X14 = 1). The
// wrapper splits calls where the low 64 bits would wrap, so within one
// call they never do and the high qword stays as it is.
#define CTRFAST(x) MOVO X12, x; PADDQ X14, X12; PSHUFB X13, x

// dst = src xor keystream block x.
#define CTRXOR(off, x) MOVOU off(SI), X9; PXOR X9, x; MOVOU x, off(DI)

// func ctrNI(rk *byte, nr int, hi, lo uint64, dst, src *byte, n int)
// hi:lo is the first counter block as a 128-bit integer; the wrapper
// advances the counter. A call of one block (the short messages' case)
// builds that block byte-reversed from the two halves; longer ones keep it
// as an integer in X12 and run groups and passes like ECB.
TEXT ·ctrNI(SB), NOSPLIT, $0-56
	MOVQ  rk+0(FP), AX
	MOVQ  nr+8(FP), BX
	MOVQ  BX, DX
	SHLQ  $4, DX
	ADDQ  AX, DX
	MOVQ  hi+16(FP), R8
	MOVQ  lo+24(FP), R9
	MOVQ  dst+32(FP), DI
	MOVQ  src+40(FP), SI
	MOVQ  n+48(FP), CX
	CMPQ  CX, $1
	JA    many
	JB    done
	BSWAPQ R8
	BSWAPQ R9
	MOVQ  R8, X0
	MOVQ  R9, X9
	PUNPCKLQDQ X9, X0
	CIPHER(ROUNDS1, AESENC, AESENCLAST, lastone)
	CTRXOR(0, X0)
	RET

many:
	MOVOU aesniBswap<>(SB), X13
	MOVQ  R9, X12
	MOVQ  R8, X9
	PUNPCKLQDQ X9, X12
	MOVQ  $1, R10
	MOVQ  R10, X14

loop8:
	CMPQ CX, $8
	JB   tail4
	CTRFAST(X0)
	CTRFAST(X1)
	CTRFAST(X2)
	CTRFAST(X3)
	CTRFAST(X4)
	CTRFAST(X5)
	CTRFAST(X6)
	CTRFAST(X7)
	CIPHER(ROUNDS8, AESENC, AESENCLAST, last8)
	CTRXOR(0, X0)
	CTRXOR(16, X1)
	CTRXOR(32, X2)
	CTRXOR(48, X3)
	CTRXOR(64, X4)
	CTRXOR(80, X5)
	CTRXOR(96, X6)
	CTRXOR(112, X7)
	ADDQ $128, SI
	ADDQ $128, DI
	SUBQ $8, CX
	JMP  loop8

tail4:
	TESTQ $4, CX
	JEQ   tail2
	CTRFAST(X0)
	CTRFAST(X1)
	CTRFAST(X2)
	CTRFAST(X3)
	CIPHER(ROUNDS4, AESENC, AESENCLAST, last4)
	CTRXOR(0, X0)
	CTRXOR(16, X1)
	CTRXOR(32, X2)
	CTRXOR(48, X3)
	ADDQ $64, SI
	ADDQ $64, DI

tail2:
	TESTQ $2, CX
	JEQ   tail1
	CTRFAST(X0)
	CTRFAST(X1)
	CIPHER(ROUNDS2, AESENC, AESENCLAST, last2)
	CTRXOR(0, X0)
	CTRXOR(16, X1)
	ADDQ $32, SI
	ADDQ $32, DI

tail1:
	TESTQ $1, CX
	JEQ   done
	CTRFAST(X0)
	CIPHER(ROUNDS1, AESENC, AESENCLAST, last1)
	CTRXOR(0, X0)

done:
	RET

// func aesencProbe(state, key, out *[16]byte)
// One AESENC, nothing else: the "aesni" feature probe.
TEXT ·aesencProbe(SB), NOSPLIT, $0-24
	MOVQ  state+0(FP), AX
	MOVQ  key+8(FP), BX
	MOVQ  out+16(FP), CX
	MOVOU (AX), X0
	MOVOU (BX), X1
	AESENC X1, X0
	MOVOU X0, (CX)
	RET
