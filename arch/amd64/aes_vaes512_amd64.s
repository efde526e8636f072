//go:build gc

#include "textflag.h"

// AES with VAES on 512-bit registers (aes/vaes512). Tuning is declared in
// aes_vaes512_amd64.go.
//
// One ZMM holds four blocks and one VAESENC/VAESDEC does a round on all
// four. The schedule rk (nr+1 keys, FIPS-197 byte order; Enc or Dec like
// aes/aesni) is broadcast once per call into Z16..Z30, one key per register,
// so the rounds take no loads: Z16 = key 0, Z16+i = key i for 1 <= i < nr,
// Z30 = key nr whatever nr is (Z26-Z29 unused below 14 rounds).
//
// Registers: AX = rk, BX = nr, DX = &rk[16*nr], SI = src, DI = dst,
// CX = blocks left; Z0-Z7 blocks in flight, Z8 scratch, K2 tail mask
// (CTR: Z9-Z15 and K1 for the counters).

// Reverse the bytes of each 128-bit lane (CTR counters are kept as
// little-endian 128-bit integers and stored big-endian).
DATA vaesBswap<>+0(SB)/8, $0x08090a0b0c0d0e0f
DATA vaesBswap<>+8(SB)/8, $0x0001020304050607
GLOBL vaesBswap<>(SB), RODATA|NOPTR, $16

// The CTR step between consecutive ZMM of counters: +4 in the low qword.
DATA vaesFour<>+0(SB)/8, $4
DATA vaesFour<>+8(SB)/8, $0
GLOBL vaesFour<>(SB), RODATA|NOPTR, $16

#define KEYS(l_done) \
	MOVQ BX, DX; SHLQ $4, DX; ADDQ AX, DX; \
	VBROADCASTI32X4 0(AX), Z16; \
	VBROADCASTI32X4 16(AX), Z17; \
	VBROADCASTI32X4 32(AX), Z18; \
	VBROADCASTI32X4 48(AX), Z19; \
	VBROADCASTI32X4 64(AX), Z20; \
	VBROADCASTI32X4 80(AX), Z21; \
	VBROADCASTI32X4 96(AX), Z22; \
	VBROADCASTI32X4 112(AX), Z23; \
	VBROADCASTI32X4 128(AX), Z24; \
	VBROADCASTI32X4 144(AX), Z25; \
	VBROADCASTI32X4 (DX), Z30; \
	CMPQ BX, $12; JB l_done; \
	VBROADCASTI32X4 160(AX), Z26; \
	VBROADCASTI32X4 176(AX), Z27; \
	JEQ l_done; \
	VBROADCASTI32X4 192(AX), Z28; \
	VBROADCASTI32X4 208(AX), Z29; \
l_done:

#define V8(op, k) op k, Z0, Z0; op k, Z1, Z1; op k, Z2, Z2; op k, Z3, Z3; op k, Z4, Z4; op k, Z5, Z5; op k, Z6, Z6; op k, Z7, Z7
#define V4(op, k) op k, Z0, Z0; op k, Z1, Z1; op k, Z2, Z2; op k, Z3, Z3
#define V1(op, k) op k, Z0, Z0

// CIPHER runs the whole cipher on the ZMM that V covers (see the aes/aesni
// file: nine common rounds, +2 for 192-bit, +4 for 256-bit keys). The CMPQ
// flags survive the vector instructions up to the JEQ.
#define CIPHER(V, op, oplast, l_last) \
	V(VPXORQ, Z16); \
	V(op, Z17); V(op, Z18); V(op, Z19); V(op, Z20); V(op, Z21); \
	V(op, Z22); V(op, Z23); V(op, Z24); V(op, Z25); \
	CMPQ BX, $12; JB l_last; \
	V(op, Z26); V(op, Z27); \
	JEQ l_last; \
	V(op, Z28); V(op, Z29); \
l_last: \
	V(oplast, Z30)

#define LOAD8(p) \
	VMOVDQU64 0(p), Z0; VMOVDQU64 64(p), Z1; VMOVDQU64 128(p), Z2; VMOVDQU64 192(p), Z3; \
	VMOVDQU64 256(p), Z4; VMOVDQU64 320(p), Z5; VMOVDQU64 384(p), Z6; VMOVDQU64 448(p), Z7
#define LOAD4(p) VMOVDQU64 0(p), Z0; VMOVDQU64 64(p), Z1; VMOVDQU64 128(p), Z2; VMOVDQU64 192(p), Z3
#define STORE8(p) \
	VMOVDQU64 Z0, 0(p); VMOVDQU64 Z1, 64(p); VMOVDQU64 Z2, 128(p); VMOVDQU64 Z3, 192(p); \
	VMOVDQU64 Z4, 256(p); VMOVDQU64 Z5, 320(p); VMOVDQU64 Z6, 384(p); VMOVDQU64 Z7, 448(p)
#define STORE4(p) VMOVDQU64 Z0, 0(p); VMOVDQU64 Z1, 64(p); VMOVDQU64 Z2, 128(p); VMOVDQU64 Z3, 192(p)

// K2 := a qword mask covering n = CX blocks (1..3): 2n low bits set.
// Masked loads and stores touch only those bytes (and masked-off bytes
// cannot fault), so the last partial ZMM never reads or writes past the
// buffers. Clobbers CX, R11.
#define TAILMASK \
	SHLQ $1, CX; MOVL $1, R11; SHLL CX, R11; DECL R11; KMOVW R11, K2

// ECB over n blocks: groups of 32 (8 ZMM), one group of 16 if at least 16
// are left, then one ZMM (4 blocks) at a time, then 1-3 blocks masked.
#define ECB(op, oplast) \
loop32: \
	CMPQ CX, $32; JB tail16; \
	LOAD8(SI); \
	CIPHER(V8, op, oplast, last8); \
	STORE8(DI); \
	ADDQ $512, SI; ADDQ $512, DI; SUBQ $32, CX; JMP loop32; \
tail16: \
	CMPQ CX, $16; JB tail4; \
	LOAD4(SI); \
	CIPHER(V4, op, oplast, last4); \
	STORE4(DI); \
	ADDQ $256, SI; ADDQ $256, DI; SUBQ $16, CX; \
tail4: \
	CMPQ CX, $4; JB tailm; \
	VMOVDQU64 (SI), Z0; \
	CIPHER(V1, op, oplast, last1); \
	VMOVDQU64 Z0, (DI); \
	ADDQ $64, SI; ADDQ $64, DI; SUBQ $4, CX; JMP tail4; \
tailm: \
	TESTQ CX, CX; JEQ done; \
	TAILMASK; \
	VMOVDQU64.Z (SI), K2, Z0; \
	CIPHER(V1, op, oplast, lastm); \
	VMOVDQU64 Z0, K2, (DI); \
done: \
	VZEROUPPER; \
	RET

// func ecbEncVAES(rk *byte, nr int, dst, src *byte, n int)
TEXT ·ecbEncVAES(SB), NOSPLIT, $0-40
	MOVQ rk+0(FP), AX
	MOVQ nr+8(FP), BX
	MOVQ dst+16(FP), DI
	MOVQ src+24(FP), SI
	MOVQ n+32(FP), CX
	KEYS(keys)
	ECB(VAESENC, VAESENCLAST)

// func ecbDecVAES(rk *byte, nr int, dst, src *byte, n int)
TEXT ·ecbDecVAES(SB), NOSPLIT, $0-40
	MOVQ rk+0(FP), AX
	MOVQ nr+8(FP), BX
	MOVQ dst+16(FP), DI
	MOVQ src+24(FP), SI
	MOVQ n+32(FP), CX
	KEYS(keys)
	ECB(VAESDEC, VAESDECLAST)

// func cbcDecVAES(rk *byte, nr int, iv *[16]byte, dst, src *byte, n int)
// P[i] = D(C[i]) xor C[i-1]. For the ZMM of blocks 4j..4j+3 the previous
// ciphertexts are the 64 bytes at src+64j-16; for j = 0 they are built with
// VALIGNQ from Z9, whose lane 3 holds the ciphertext block before the group
// (iv at first). All of a group's ciphertext is read before any plaintext
// is stored, so dst == src works. The wrapper stores the new iv.
TEXT ·cbcDecVAES(SB), NOSPLIT, $0-48
	MOVQ rk+0(FP), AX
	MOVQ nr+8(FP), BX
	MOVQ iv+16(FP), R8
	MOVQ dst+24(FP), DI
	MOVQ src+32(FP), SI
	MOVQ n+40(FP), CX
	KEYS(keys)
	VBROADCASTI32X4 (R8), Z9

loop32:
	CMPQ      CX, $32
	JB        tail16
	LOAD8(SI)
	VALIGNQ   $6, Z9, Z0, Z8
	VMOVDQA64 Z7, Z9
	CIPHER(V8, VAESDEC, VAESDECLAST, last8)
	VPXORQ    Z8, Z0, Z0
	VPXORQ    48(SI), Z1, Z1
	VPXORQ    112(SI), Z2, Z2
	VPXORQ    176(SI), Z3, Z3
	VPXORQ    240(SI), Z4, Z4
	VPXORQ    304(SI), Z5, Z5
	VPXORQ    368(SI), Z6, Z6
	VPXORQ    432(SI), Z7, Z7
	STORE8(DI)
	ADDQ      $512, SI
	ADDQ      $512, DI
	SUBQ      $32, CX
	JMP       loop32

tail16:
	CMPQ      CX, $16
	JB        tail4
	LOAD4(SI)
	VALIGNQ   $6, Z9, Z0, Z8
	VMOVDQA64 Z3, Z9
	CIPHER(V4, VAESDEC, VAESDECLAST, last4)
	VPXORQ    Z8, Z0, Z0
	VPXORQ    48(SI), Z1, Z1
	VPXORQ    112(SI), Z2, Z2
	VPXORQ    176(SI), Z3, Z3
	STORE4(DI)
	ADDQ      $256, SI
	ADDQ      $256, DI
	SUBQ      $16, CX

tail4:
	CMPQ      CX, $4
	JB        tailm
	VMOVDQU64 (SI), Z0
	VALIGNQ   $6, Z9, Z0, Z8
	VMOVDQA64 Z0, Z9
	CIPHER(V1, VAESDEC, VAESDECLAST, last1)
	VPXORQ    Z8, Z0, Z0
	VMOVDQU64 Z0, (DI)
	ADDQ      $64, SI
	ADDQ      $64, DI
	SUBQ      $4, CX
	JMP       tail4

tailm:
	TESTQ       CX, CX
	JEQ         done
	TAILMASK
	VMOVDQU64.Z (SI), K2, Z0
	VALIGNQ     $6, Z9, Z0, Z8
	CIPHER(V1, VAESDEC, VAESDECLAST, lastm)
	VPXORQ      Z8, Z0, Z0
	VMOVDQU64   Z0, K2, (DI)

done:
	VZEROUPPER
	RET

// Counters are little-endian 128-bit integers, one per lane; Z12 holds the
// next four. CTRADD: dst := src + inc per lane, inc a register of {k, 0}
// lanes (Z13 = 4, Z10 = 8, Z11 = 16, Z9 = 32). A low qword that wrapped
// (dst < src, unsigned) sets its mask bit; shifted up one it selects the
// lane's high qword, which gets +1 (Z14 is 1 in every qword). So the carry
// across the low 64 bits, and the wrap at 2^128, are exact in every lane.
// A group's counters come from a tree of these, three deep: a chain of
// eight (+4 each) kept the rounds of the last ZMM waiting, and made AES-128
// CTR slower than aes/vaes256's on Zen 5 (16.1 against 19.4 GB/s).
#define CTRADD(inc, src, dst) \
	VPADDQ inc, src, dst; VPCMPUQ $1, src, dst, K1; KSHIFTLW $1, K1, K1; VPADDQ Z14, dst, K1, dst

// func ctrVAES(rk *byte, nr int, base *[8]uint64, dst, src *byte, n int)
// base holds the first four counters (ctr+0..ctr+3) in that form, built by
// the wrapper, which also stores the advanced counter. Groups like ECB.
//
// If the low 32 bits of the counters do not wrap within the call (all but
// one call in 2^32 blocks), no lane's low qword can carry and the groups
// take plain adds (wide): one VPADDQ per ZMM where the tree below spends
// an add, a compare, a mask shift and a masked add, which kept the ZMM CTR
// loop at 0.75x of ZMM ECB on Zen 5 (27.8 against 37.9 GB/s at 16 KiB; a
// counter scratch on the stack rewritten per group from general registers,
// as aes/vaes256 does, ran no faster than the tree here). Other calls and
// the tails use the tree.
TEXT ·ctrVAES(SB), NOSPLIT, $0-48
	MOVQ rk+0(FP), AX
	MOVQ nr+8(FP), BX
	MOVQ base+16(FP), R8
	MOVQ dst+24(FP), DI
	MOVQ src+32(FP), SI
	MOVQ n+40(FP), CX
	KEYS(keys)
	VMOVDQU64       (R8), Z12
	VBROADCASTI32X4 vaesFour<>(SB), Z13
	VPADDQ          Z13, Z13, Z10
	VPADDQ          Z10, Z10, Z11
	VPADDQ          Z11, Z11, Z9
	MOVQ            $1, R10
	VPBROADCASTQ    R10, Z14
	VBROADCASTI32X4 vaesBswap<>(SB), Z15

	// Plain adds if low32 + n < 2^32 (base's first qword is the low one).
	MOVL (R8), R9
	LEAQ (R9)(CX*1), R11
	MOVQ $0x100000000, R12
	CMPQ R11, R12
	JAE  loop32

wide:
	CMPQ      CX, $32
	JB        tail16
	VMOVDQA64 Z12, Z0
	VPADDQ    Z13, Z12, Z1
	VPADDQ    Z10, Z12, Z2
	VPADDQ    Z11, Z12, Z4
	VPADDQ    Z10, Z1, Z3
	VPADDQ    Z11, Z1, Z5
	VPADDQ    Z11, Z2, Z6
	VPADDQ    Z11, Z3, Z7
	VPADDQ    Z9, Z12, Z12
	V8(VPSHUFB, Z15)
	CIPHER(V8, VAESENC, VAESENCLAST, lastwide)
	VPXORQ    0(SI), Z0, Z0
	VPXORQ    64(SI), Z1, Z1
	VPXORQ    128(SI), Z2, Z2
	VPXORQ    192(SI), Z3, Z3
	VPXORQ    256(SI), Z4, Z4
	VPXORQ    320(SI), Z5, Z5
	VPXORQ    384(SI), Z6, Z6
	VPXORQ    448(SI), Z7, Z7
	STORE8(DI)
	ADDQ      $512, SI
	ADDQ      $512, DI
	SUBQ      $32, CX
	JMP       wide

loop32:
	CMPQ      CX, $32
	JB        tail16
	VMOVDQA64 Z12, Z0
	CTRADD(Z13, Z0, Z1)
	CTRADD(Z10, Z0, Z2)
	CTRADD(Z11, Z0, Z4)
	CTRADD(Z9, Z0, Z12)
	CTRADD(Z10, Z1, Z3)
	CTRADD(Z11, Z1, Z5)
	CTRADD(Z11, Z2, Z6)
	CTRADD(Z11, Z3, Z7)
	V8(VPSHUFB, Z15)
	CIPHER(V8, VAESENC, VAESENCLAST, last8)
	VPXORQ    0(SI), Z0, Z0
	VPXORQ    64(SI), Z1, Z1
	VPXORQ    128(SI), Z2, Z2
	VPXORQ    192(SI), Z3, Z3
	VPXORQ    256(SI), Z4, Z4
	VPXORQ    320(SI), Z5, Z5
	VPXORQ    384(SI), Z6, Z6
	VPXORQ    448(SI), Z7, Z7
	STORE8(DI)
	ADDQ      $512, SI
	ADDQ      $512, DI
	SUBQ      $32, CX
	JMP       loop32

tail16:
	CMPQ      CX, $16
	JB        tail4
	VMOVDQA64 Z12, Z0
	CTRADD(Z13, Z0, Z1)
	CTRADD(Z10, Z0, Z2)
	CTRADD(Z11, Z0, Z12)
	CTRADD(Z10, Z1, Z3)
	V4(VPSHUFB, Z15)
	CIPHER(V4, VAESENC, VAESENCLAST, last4)
	VPXORQ    0(SI), Z0, Z0
	VPXORQ    64(SI), Z1, Z1
	VPXORQ    128(SI), Z2, Z2
	VPXORQ    192(SI), Z3, Z3
	STORE4(DI)
	ADDQ      $256, SI
	ADDQ      $256, DI
	SUBQ      $16, CX

tail4:
	CMPQ      CX, $4
	JB        tailm
	VMOVDQA64 Z12, Z0
	CTRADD(Z13, Z0, Z12)
	VPSHUFB   Z15, Z0, Z0
	CIPHER(V1, VAESENC, VAESENCLAST, last1)
	VPXORQ    (SI), Z0, Z0
	VMOVDQU64 Z0, (DI)
	ADDQ      $64, SI
	ADDQ      $64, DI
	SUBQ      $4, CX
	JMP       tail4

tailm:
	TESTQ       CX, CX
	JEQ         done
	TAILMASK
	VPSHUFB     Z15, Z12, Z0
	CIPHER(V1, VAESENC, VAESENCLAST, lastm)
	VMOVDQU64.Z (SI), K2, Z8
	VPXORQ      Z8, Z0, Z0
	VMOVDQU64   Z0, K2, (DI)

done:
	VZEROUPPER
	RET

// func vaesencProbe(state, key, out *[64]byte)
// One VAESENC on a ZMM (four lanes, four keys): the "vaes" feature probe.
TEXT ·vaesencProbe(SB), NOSPLIT, $0-24
	MOVQ      state+0(FP), AX
	MOVQ      key+8(FP), BX
	MOVQ      out+16(FP), CX
	VMOVDQU64 (AX), Z0
	VMOVDQU64 (BX), Z1
	VAESENC   Z1, Z0, Z0
	VMOVDQU64 Z0, (CX)
	VZEROUPPER
	RET

// func vaesencProbeYMM(state, key, out *[64]byte)
// The same round on a YMM (VEX.256, two lanes) for CPUs with VAES but
// without AVX-512, where the ZMM form would not exist.
TEXT ·vaesencProbeYMM(SB), NOSPLIT, $0-24
	MOVQ    state+0(FP), AX
	MOVQ    key+8(FP), BX
	MOVQ    out+16(FP), CX
	VMOVDQU (AX), Y0
	VMOVDQU (BX), Y1
	VAESENC Y1, Y0, Y0
	VMOVDQU Y0, (CX)
	VZEROUPPER
	RET

