//go:build gc

#include "textflag.h"

// Scalar AES for RV64 with Zkne/Zknd (RISC-V scalar cryptography 1.0.1).
// A block is two 64-bit registers, bytes 0-7 (columns 0-1) in the low one
// and bytes 8-15 in the high one, each loaded little-endian: the layout the
// aes64 instructions define, in FIPS-197's byte order, so round keys are
// AESKey.Enc/Dec read as little-endian 64-bit words. One round of a block
// (lo, hi) with round key (k0, k1) is
//
//	t0 = aes64esm(lo, hi); t1 = aes64esm(hi, lo); lo = t0^k0; hi = t1^k1
//
// (aes64esm rd, rs1, rs2 gives the half of ShiftRows, SubBytes and
// MixColumns of the state rs2:rs1 that lands in rs1's columns); aes64es is
// the last round, without MixColumns. Decryption is the equivalent inverse
// cipher (FIPS-197 5.3.5) with aes64dsm/aes64ds and the Dec schedule, whose
// middle keys went through InvMixColumns (aes64im, in expandZkn).
//
// Registers: X10 round keys, X11 rounds, X12 dst, X13 src, X14 blocks left,
// X15 iv or counter; blocks A-D in X16/X17, X18/X19, X20/X21, X22/X23;
// X5/X6 round outputs, X7/X8 the round key, X9 the round key cursor, X24
// rounds left, X25/X26 the chaining value (CTR: the counter's high and low
// 64 bits as integers), X28/X29 scratch (CTR: X28 the high half as block
// bytes), X30 the interleave width. dst, src, iv and the schedule must be
// 8-byte aligned: the Go side passes misaligned data through an aligned
// buffer.

// One macro per instruction (a WORD names fixed registers), then the round
// macros per block: ESM_x a middle encryption round, ES_x the last one,
// DSM_x and DS_x the same for decryption, all with the round key in X7/X8.
#define ESM_A_LO \
	WORD $0x371802b3 // aes64esm x5, x16, x17

#define ESM_A_HI \
	WORD $0x37088333 // aes64esm x6, x17, x16

#define ESM_A ESM_A_LO; ESM_A_HI; XOR X7, X5, X16; XOR X8, X6, X17

#define ESM_B_LO \
	WORD $0x373902b3 // aes64esm x5, x18, x19

#define ESM_B_HI \
	WORD $0x37298333 // aes64esm x6, x19, x18

#define ESM_B ESM_B_LO; ESM_B_HI; XOR X7, X5, X18; XOR X8, X6, X19

#define ESM_C_LO \
	WORD $0x375a02b3 // aes64esm x5, x20, x21

#define ESM_C_HI \
	WORD $0x374a8333 // aes64esm x6, x21, x20

#define ESM_C ESM_C_LO; ESM_C_HI; XOR X7, X5, X20; XOR X8, X6, X21

#define ESM_D_LO \
	WORD $0x377b02b3 // aes64esm x5, x22, x23

#define ESM_D_HI \
	WORD $0x376b8333 // aes64esm x6, x23, x22

#define ESM_D ESM_D_LO; ESM_D_HI; XOR X7, X5, X22; XOR X8, X6, X23

#define ES_A_LO \
	WORD $0x331802b3 // aes64es x5, x16, x17

#define ES_A_HI \
	WORD $0x33088333 // aes64es x6, x17, x16

#define ES_A ES_A_LO; ES_A_HI; XOR X7, X5, X16; XOR X8, X6, X17

#define ES_B_LO \
	WORD $0x333902b3 // aes64es x5, x18, x19

#define ES_B_HI \
	WORD $0x33298333 // aes64es x6, x19, x18

#define ES_B ES_B_LO; ES_B_HI; XOR X7, X5, X18; XOR X8, X6, X19

#define ES_C_LO \
	WORD $0x335a02b3 // aes64es x5, x20, x21

#define ES_C_HI \
	WORD $0x334a8333 // aes64es x6, x21, x20

#define ES_C ES_C_LO; ES_C_HI; XOR X7, X5, X20; XOR X8, X6, X21

#define ES_D_LO \
	WORD $0x337b02b3 // aes64es x5, x22, x23

#define ES_D_HI \
	WORD $0x336b8333 // aes64es x6, x23, x22

#define ES_D ES_D_LO; ES_D_HI; XOR X7, X5, X22; XOR X8, X6, X23

#define DSM_A_LO \
	WORD $0x3f1802b3 // aes64dsm x5, x16, x17

#define DSM_A_HI \
	WORD $0x3f088333 // aes64dsm x6, x17, x16

#define DSM_A DSM_A_LO; DSM_A_HI; XOR X7, X5, X16; XOR X8, X6, X17

#define DSM_B_LO \
	WORD $0x3f3902b3 // aes64dsm x5, x18, x19

#define DSM_B_HI \
	WORD $0x3f298333 // aes64dsm x6, x19, x18

#define DSM_B DSM_B_LO; DSM_B_HI; XOR X7, X5, X18; XOR X8, X6, X19

#define DSM_C_LO \
	WORD $0x3f5a02b3 // aes64dsm x5, x20, x21

#define DSM_C_HI \
	WORD $0x3f4a8333 // aes64dsm x6, x21, x20

#define DSM_C DSM_C_LO; DSM_C_HI; XOR X7, X5, X20; XOR X8, X6, X21

#define DSM_D_LO \
	WORD $0x3f7b02b3 // aes64dsm x5, x22, x23

#define DSM_D_HI \
	WORD $0x3f6b8333 // aes64dsm x6, x23, x22

#define DSM_D DSM_D_LO; DSM_D_HI; XOR X7, X5, X22; XOR X8, X6, X23

#define DS_A_LO \
	WORD $0x3b1802b3 // aes64ds x5, x16, x17

#define DS_A_HI \
	WORD $0x3b088333 // aes64ds x6, x17, x16

#define DS_A DS_A_LO; DS_A_HI; XOR X7, X5, X16; XOR X8, X6, X17

#define DS_B_LO \
	WORD $0x3b3902b3 // aes64ds x5, x18, x19

#define DS_B_HI \
	WORD $0x3b298333 // aes64ds x6, x19, x18

#define DS_B DS_B_LO; DS_B_HI; XOR X7, X5, X18; XOR X8, X6, X19

#define DS_C_LO \
	WORD $0x3b5a02b3 // aes64ds x5, x20, x21

#define DS_C_HI \
	WORD $0x3b4a8333 // aes64ds x6, x21, x20

#define DS_C DS_C_LO; DS_C_HI; XOR X7, X5, X20; XOR X8, X6, X21

#define DS_D_LO \
	WORD $0x3b7b02b3 // aes64ds x5, x22, x23

#define DS_D_HI \
	WORD $0x3b6b8333 // aes64ds x6, x23, x22

#define DS_D DS_D_LO; DS_D_HI; XOR X7, X5, X22; XOR X8, X6, X23

// The round key at X9 into X7/X8.
#define LDK MOV 0(X9), X7; MOV 8(X9), X8

// AddRoundKey of the first key.
#define XK_A XOR X7, X16; XOR X8, X17
#define XK_B XOR X7, X18; XOR X8, X19
#define XK_C XOR X7, X20; XOR X8, X21
#define XK_D XOR X7, X22; XOR X8, X23

// Load and store block x at off(X13) / off(X12).
#define LD_A(off) MOV off(X13), X16; MOV off+8(X13), X17
#define ST_A(off) MOV X16, off(X12); MOV X17, off+8(X12)
#define XORSRC_A(off) MOV off(X13), X5; XOR X5, X16; MOV off+8(X13), X5; XOR X5, X17
#define LD_B(off) MOV off(X13), X18; MOV off+8(X13), X19
#define ST_B(off) MOV X18, off(X12); MOV X19, off+8(X12)
#define XORSRC_B(off) MOV off(X13), X5; XOR X5, X18; MOV off+8(X13), X5; XOR X5, X19
#define LD_C(off) MOV off(X13), X20; MOV off+8(X13), X21
#define ST_C(off) MOV X20, off(X12); MOV X21, off+8(X12)
#define XORSRC_C(off) MOV off(X13), X5; XOR X5, X20; MOV off+8(X13), X5; XOR X5, X21
#define LD_D(off) MOV off(X13), X22; MOV off+8(X13), X23
#define ST_D(off) MOV X22, off(X12); MOV X23, off+8(X12)
#define XORSRC_D(off) MOV off(X13), X5; XOR X5, X22; MOV off+8(X13), X5; XOR X5, X23

// CTR: block x = the counter (X28 is its high half as bytes; X26, the low
// half as an integer, is byte-reversed into the block), then the counter
// steps: low += 1, high += carry, X28 = the new high half as bytes.
// Branch-free, so a carry at any position of a group costs nothing extra.
#define REV8_CTRHI \
	WORD $0x6b8cde13 // rev8 x28, x25

#define REV8_CTRLO_A \
	WORD $0x6b8d5893 // rev8 x17, x26

#define CTRBLK_A MOV X28, X16; REV8_CTRLO_A; ADD $1, X26; SEQZ X26, X29; ADD X29, X25; REV8_CTRHI

#define REV8_CTRLO_B \
	WORD $0x6b8d5993 // rev8 x19, x26

#define CTRBLK_B MOV X28, X18; REV8_CTRLO_B; ADD $1, X26; SEQZ X26, X29; ADD X29, X25; REV8_CTRHI

#define REV8_CTRLO_C \
	WORD $0x6b8d5a93 // rev8 x21, x26

#define CTRBLK_C MOV X28, X20; REV8_CTRLO_C; ADD $1, X26; SEQZ X26, X29; ADD X29, X25; REV8_CTRHI

#define REV8_CTRLO_D \
	WORD $0x6b8d5b93 // rev8 x23, x26

#define CTRBLK_D MOV X28, X22; REV8_CTRLO_D; ADD $1, X26; SEQZ X26, X29; ADD X29, X25; REV8_CTRHI

#define REV8_LOAD_HI \
	WORD $0x6b8e5c93 // rev8 x25, x28

#define REV8_LOAD_LO \
	WORD $0x6b8edd13 // rev8 x26, x29

#define REV8_STORE_LO \
	WORD $0x6b8d5e93 // rev8 x29, x26

// func encZkn(rk *uint64, rounds int, dst, src *byte, n int)
// encrypts n >= 0 blocks (ECB), four at a time, then one at a time.
TEXT ·encZkn(SB), NOSPLIT, $0-40
	MOV rk+0(FP), X10
	MOV rounds+8(FP), X11
	MOV dst+16(FP), X12
	MOV src+24(FP), X13
	MOV n+32(FP), X14
	MOV $4, X30
	BLT X14, X30, enc1

enc4:
	LD_A(0); LD_B(16); LD_C(32); LD_D(48)
	MOV X10, X9
	LDK
	XK_A; XK_B; XK_C; XK_D
	ADD $-1, X11, X24
enc4r:
	ADD $16, X9
	LDK
	ESM_A; ESM_B; ESM_C; ESM_D
	ADD $-1, X24
	BNEZ X24, enc4r
	ADD $16, X9
	LDK
	ES_A; ES_B; ES_C; ES_D
	ST_A(0); ST_B(16); ST_C(32); ST_D(48)
	ADD $64, X13
	ADD $64, X12
	ADD $-4, X14
	BGE X14, X30, enc4

enc1:
	BEQZ X14, encdone
	LD_A(0)
	MOV X10, X9
	LDK
	XK_A
	ADD $-1, X11, X24
enc1r:
	ADD $16, X9
	LDK
	ESM_A
	ADD $-1, X24
	BNEZ X24, enc1r
	ADD $16, X9
	LDK
	ES_A
	ST_A(0)
	ADD $16, X13
	ADD $16, X12
	ADD $-1, X14
	JMP enc1

encdone:
	RET

// func decZkn(rk *uint64, rounds int, dst, src *byte, n int)
// decrypts n >= 0 blocks (ECB), four at a time, then one at a time.
TEXT ·decZkn(SB), NOSPLIT, $0-40
	MOV rk+0(FP), X10
	MOV rounds+8(FP), X11
	MOV dst+16(FP), X12
	MOV src+24(FP), X13
	MOV n+32(FP), X14
	MOV $4, X30
	BLT X14, X30, dec1

dec4:
	LD_A(0); LD_B(16); LD_C(32); LD_D(48)
	MOV X10, X9
	LDK
	XK_A; XK_B; XK_C; XK_D
	ADD $-1, X11, X24
dec4r:
	ADD $16, X9
	LDK
	DSM_A; DSM_B; DSM_C; DSM_D
	ADD $-1, X24
	BNEZ X24, dec4r
	ADD $16, X9
	LDK
	DS_A; DS_B; DS_C; DS_D
	ST_A(0); ST_B(16); ST_C(32); ST_D(48)
	ADD $64, X13
	ADD $64, X12
	ADD $-4, X14
	BGE X14, X30, dec4

dec1:
	BEQZ X14, decdone
	LD_A(0)
	MOV X10, X9
	LDK
	XK_A
	ADD $-1, X11, X24
dec1r:
	ADD $16, X9
	LDK
	DSM_A
	ADD $-1, X24
	BNEZ X24, dec1r
	ADD $16, X9
	LDK
	DS_A
	ST_A(0)
	ADD $16, X13
	ADD $16, X12
	ADD $-1, X14
	JMP dec1

decdone:
	RET

// func cbcEncZkn(rk *uint64, rounds int, iv *[16]byte, dst, src *byte, n int)
// CBC-encrypts n >= 0 blocks, one at a time (each needs the one before);
// iv is left at the last ciphertext block.
TEXT ·cbcEncZkn(SB), NOSPLIT, $0-48
	MOV rk+0(FP), X10
	MOV rounds+8(FP), X11
	MOV iv+16(FP), X15
	MOV dst+24(FP), X12
	MOV src+32(FP), X13
	MOV n+40(FP), X14
	MOV $4, X30
	MOV 0(X15), X16
	MOV 8(X15), X17

cbce1:
	BEQZ X14, cbcedone
	XORSRC_A(0)
	MOV X10, X9
	LDK
	XK_A
	ADD $-1, X11, X24
cbce1r:
	ADD $16, X9
	LDK
	ESM_A
	ADD $-1, X24
	BNEZ X24, cbce1r
	ADD $16, X9
	LDK
	ES_A
	ST_A(0)
	ADD $16, X13
	ADD $16, X12
	ADD $-1, X14
	JMP cbce1

cbcedone:
	MOV X16, 0(X15)
	MOV X17, 8(X15)
	RET

// func cbcDecZkn(rk *uint64, rounds int, iv *[16]byte, dst, src *byte, n int)
// CBC-decrypts n >= 0 blocks, four at a time, then one at a time; iv is
// left at the last ciphertext block. Every ciphertext block a group needs
// is read before the group stores, so dst may be src.
TEXT ·cbcDecZkn(SB), NOSPLIT, $0-48
	MOV rk+0(FP), X10
	MOV rounds+8(FP), X11
	MOV iv+16(FP), X15
	MOV dst+24(FP), X12
	MOV src+32(FP), X13
	MOV n+40(FP), X14
	MOV $4, X30
	MOV 0(X15), X25
	MOV 8(X15), X26
	BLT X14, X30, cbcd1

cbcd4:
	LD_A(0); LD_B(16); LD_C(32); LD_D(48)
	MOV X10, X9
	LDK
	XK_A; XK_B; XK_C; XK_D
	ADD $-1, X11, X24
cbcd4r:
	ADD $16, X9
	LDK
	DSM_A; DSM_B; DSM_C; DSM_D
	ADD $-1, X24
	BNEZ X24, cbcd4r
	ADD $16, X9
	LDK
	DS_A; DS_B; DS_C; DS_D
	XOR X25, X16; XOR X26, X17
	XORSRC_B(0); XORSRC_C(16); XORSRC_D(32)
	MOV 48(X13), X25; MOV 56(X13), X26
	ST_A(0); ST_B(16); ST_C(32); ST_D(48)
	ADD $64, X13
	ADD $64, X12
	ADD $-4, X14
	BGE X14, X30, cbcd4

cbcd1:
	BEQZ X14, cbcddone
	LD_A(0)
	MOV X16, X28; MOV X17, X29
	MOV X10, X9
	LDK
	XK_A
	ADD $-1, X11, X24
cbcd1r:
	ADD $16, X9
	LDK
	DSM_A
	ADD $-1, X24
	BNEZ X24, cbcd1r
	ADD $16, X9
	LDK
	DS_A
	XOR X25, X16; XOR X26, X17
	MOV X28, X25; MOV X29, X26
	ST_A(0)
	ADD $16, X13
	ADD $16, X12
	ADD $-1, X14
	JMP cbcd1

cbcddone:
	MOV X25, 0(X15)
	MOV X26, 8(X15)
	RET

// func ctrZkn(rk *uint64, rounds int, ctr *[16]byte, dst, src *byte, n int)
// XORs n >= 0 blocks of src with E(ctr), E(ctr+1), ... into dst, four at a
// time, then one at a time, and leaves ctr at the next counter (a 128-bit
// big-endian increment; rev8 turns its halves into integers and back).
TEXT ·ctrZkn(SB), NOSPLIT, $0-48
	MOV rk+0(FP), X10
	MOV rounds+8(FP), X11
	MOV ctr+16(FP), X15
	MOV dst+24(FP), X12
	MOV src+32(FP), X13
	MOV n+40(FP), X14
	MOV $4, X30
	MOV 0(X15), X28
	MOV 8(X15), X29
	REV8_LOAD_HI
	REV8_LOAD_LO
	BLT X14, X30, ctr1

ctr4:
	CTRBLK_A; CTRBLK_B; CTRBLK_C; CTRBLK_D
	MOV X10, X9
	LDK
	XK_A; XK_B; XK_C; XK_D
	ADD $-1, X11, X24
ctr4r:
	ADD $16, X9
	LDK
	ESM_A; ESM_B; ESM_C; ESM_D
	ADD $-1, X24
	BNEZ X24, ctr4r
	ADD $16, X9
	LDK
	ES_A; ES_B; ES_C; ES_D
	XORSRC_A(0); XORSRC_B(16); XORSRC_C(32); XORSRC_D(48)
	ST_A(0); ST_B(16); ST_C(32); ST_D(48)
	ADD $64, X13
	ADD $64, X12
	ADD $-4, X14
	BGE X14, X30, ctr4

ctr1:
	BEQZ X14, ctrdone
	CTRBLK_A
	MOV X10, X9
	LDK
	XK_A
	ADD $-1, X11, X24
ctr1r:
	ADD $16, X9
	LDK
	ESM_A
	ADD $-1, X24
	BNEZ X24, ctr1r
	ADD $16, X9
	LDK
	ES_A
	XORSRC_A(0)
	ST_A(0)
	ADD $16, X13
	ADD $16, X12
	ADD $-1, X14
	JMP ctr1

ctrdone:
	MOV X28, 0(X15)
	REV8_STORE_LO
	MOV X29, 8(X15)
	RET

// Key expansion macros. aes64ks1i rd, rs1, rnum gives, in both halves,
// SubWord(RotWord(rs1[63:32])) ^ Rcon[rnum] (rnum 0xA: SubWord alone, for
// AES-256's middle step); aes64ks2 rd, rs1, rs2 gives w0 = rs1[63:32] ^
// rs2[31:0] and w1 = w0 ^ rs2[63:32], the next two key words.
#define KS1_128_0 \
	WORD $0x31089293 // aes64ks1i x5, x17, 0

#define KS1_128_1 \
	WORD $0x31189293 // aes64ks1i x5, x17, 1

#define KS1_128_2 \
	WORD $0x31289293 // aes64ks1i x5, x17, 2

#define KS1_128_3 \
	WORD $0x31389293 // aes64ks1i x5, x17, 3

#define KS1_128_4 \
	WORD $0x31489293 // aes64ks1i x5, x17, 4

#define KS1_128_5 \
	WORD $0x31589293 // aes64ks1i x5, x17, 5

#define KS1_128_6 \
	WORD $0x31689293 // aes64ks1i x5, x17, 6

#define KS1_128_7 \
	WORD $0x31789293 // aes64ks1i x5, x17, 7

#define KS1_128_8 \
	WORD $0x31889293 // aes64ks1i x5, x17, 8

#define KS1_128_9 \
	WORD $0x31989293 // aes64ks1i x5, x17, 9

#define KS1_192_0 \
	WORD $0x31091293 // aes64ks1i x5, x18, 0

#define KS1_192_1 \
	WORD $0x31191293 // aes64ks1i x5, x18, 1

#define KS1_192_2 \
	WORD $0x31291293 // aes64ks1i x5, x18, 2

#define KS1_192_3 \
	WORD $0x31391293 // aes64ks1i x5, x18, 3

#define KS1_192_4 \
	WORD $0x31491293 // aes64ks1i x5, x18, 4

#define KS1_192_5 \
	WORD $0x31591293 // aes64ks1i x5, x18, 5

#define KS1_192_6 \
	WORD $0x31691293 // aes64ks1i x5, x18, 6

#define KS1_192_7 \
	WORD $0x31791293 // aes64ks1i x5, x18, 7

#define KS1_256_0 \
	WORD $0x31099293 // aes64ks1i x5, x19, 0

#define KS1_256_1 \
	WORD $0x31199293 // aes64ks1i x5, x19, 1

#define KS1_256_2 \
	WORD $0x31299293 // aes64ks1i x5, x19, 2

#define KS1_256_3 \
	WORD $0x31399293 // aes64ks1i x5, x19, 3

#define KS1_256_4 \
	WORD $0x31499293 // aes64ks1i x5, x19, 4

#define KS1_256_5 \
	WORD $0x31599293 // aes64ks1i x5, x19, 5

#define KS1_256_6 \
	WORD $0x31699293 // aes64ks1i x5, x19, 6

#define KS1_256_SUB \
	WORD $0x31a89293 // aes64ks1i x5, x17, 0xa

#define KS2_16 \
	WORD $0x7f028833 // aes64ks2 x16, x5, x16

#define KS2_17 \
	WORD $0x7f1808b3 // aes64ks2 x17, x16, x17

#define KS2_18_17 \
	WORD $0x7f288933 // aes64ks2 x18, x17, x18

#define KS2_18_5 \
	WORD $0x7f228933 // aes64ks2 x18, x5, x18

#define KS2_19 \
	WORD $0x7f3909b3 // aes64ks2 x19, x18, x19

#define IM_5 \
	WORD $0x30029293 // aes64im x5, x5

#define IM_6 \
	WORD $0x30031313 // aes64im x6, x6

// func expandZkn(key *[4]uint64, nk int, enc, dec *[32]uint64)
// expands the nk-word key (nk 4, 6 or 8; key as little-endian words) into
// enc (FIPS-197 5.2, rounds+1 keys of two words; AES-192's last step
// writes one word more, hence 32 words of room) and dec (the equivalent
// inverse cipher's keys in the order decryption uses them).
TEXT ·expandZkn(SB), NOSPLIT, $0-32
	MOV key+0(FP), X10
	MOV nk+8(FP), X11
	MOV enc+16(FP), X12
	MOV dec+24(FP), X13
	MOV 0(X10), X16
	MOV 8(X10), X17
	MOV 16(X10), X18
	MOV 24(X10), X19
	MOV X16, 0(X12)
	MOV X17, 8(X12)
	MOV $6, X5
	BEQ X11, X5, k192
	MOV $8, X5
	BEQ X11, X5, k256

	// AES-128: one ks1i and two ks2 per round key.
	KS1_128_0; KS2_16; KS2_17
	MOV X16, 16(X12); MOV X17, 24(X12)
	KS1_128_1; KS2_16; KS2_17
	MOV X16, 32(X12); MOV X17, 40(X12)
	KS1_128_2; KS2_16; KS2_17
	MOV X16, 48(X12); MOV X17, 56(X12)
	KS1_128_3; KS2_16; KS2_17
	MOV X16, 64(X12); MOV X17, 72(X12)
	KS1_128_4; KS2_16; KS2_17
	MOV X16, 80(X12); MOV X17, 88(X12)
	KS1_128_5; KS2_16; KS2_17
	MOV X16, 96(X12); MOV X17, 104(X12)
	KS1_128_6; KS2_16; KS2_17
	MOV X16, 112(X12); MOV X17, 120(X12)
	KS1_128_7; KS2_16; KS2_17
	MOV X16, 128(X12); MOV X17, 136(X12)
	KS1_128_8; KS2_16; KS2_17
	MOV X16, 144(X12); MOV X17, 152(X12)
	KS1_128_9; KS2_16; KS2_17
	MOV X16, 160(X12); MOV X17, 168(X12)
	MOV $10, X11
	JMP inverse

k192:
	// AES-192: six key words per step.
	MOV X18, 16(X12)
	KS1_192_0; KS2_16; KS2_17; KS2_18_17
	MOV X16, 24(X12); MOV X17, 32(X12); MOV X18, 40(X12)
	KS1_192_1; KS2_16; KS2_17; KS2_18_17
	MOV X16, 48(X12); MOV X17, 56(X12); MOV X18, 64(X12)
	KS1_192_2; KS2_16; KS2_17; KS2_18_17
	MOV X16, 72(X12); MOV X17, 80(X12); MOV X18, 88(X12)
	KS1_192_3; KS2_16; KS2_17; KS2_18_17
	MOV X16, 96(X12); MOV X17, 104(X12); MOV X18, 112(X12)
	KS1_192_4; KS2_16; KS2_17; KS2_18_17
	MOV X16, 120(X12); MOV X17, 128(X12); MOV X18, 136(X12)
	KS1_192_5; KS2_16; KS2_17; KS2_18_17
	MOV X16, 144(X12); MOV X17, 152(X12); MOV X18, 160(X12)
	KS1_192_6; KS2_16; KS2_17; KS2_18_17
	MOV X16, 168(X12); MOV X17, 176(X12); MOV X18, 184(X12)
	KS1_192_7; KS2_16; KS2_17; KS2_18_17
	MOV X16, 192(X12); MOV X17, 200(X12); MOV X18, 208(X12)
	MOV $12, X11
	JMP inverse

k256:
	// AES-256: four words from the rotated word, four from SubWord alone.
	MOV X18, 16(X12)
	MOV X19, 24(X12)
	KS1_256_0; KS2_16; KS2_17
	MOV X16, 32(X12); MOV X17, 40(X12)
	KS1_256_SUB; KS2_18_5; KS2_19
	MOV X18, 48(X12); MOV X19, 56(X12)
	KS1_256_1; KS2_16; KS2_17
	MOV X16, 64(X12); MOV X17, 72(X12)
	KS1_256_SUB; KS2_18_5; KS2_19
	MOV X18, 80(X12); MOV X19, 88(X12)
	KS1_256_2; KS2_16; KS2_17
	MOV X16, 96(X12); MOV X17, 104(X12)
	KS1_256_SUB; KS2_18_5; KS2_19
	MOV X18, 112(X12); MOV X19, 120(X12)
	KS1_256_3; KS2_16; KS2_17
	MOV X16, 128(X12); MOV X17, 136(X12)
	KS1_256_SUB; KS2_18_5; KS2_19
	MOV X18, 144(X12); MOV X19, 152(X12)
	KS1_256_4; KS2_16; KS2_17
	MOV X16, 160(X12); MOV X17, 168(X12)
	KS1_256_SUB; KS2_18_5; KS2_19
	MOV X18, 176(X12); MOV X19, 184(X12)
	KS1_256_5; KS2_16; KS2_17
	MOV X16, 192(X12); MOV X17, 200(X12)
	KS1_256_SUB; KS2_18_5; KS2_19
	MOV X18, 208(X12); MOV X19, 216(X12)
	KS1_256_6; KS2_16; KS2_17
	MOV X16, 224(X12); MOV X17, 232(X12)
	MOV $14, X11

inverse:
	// dec[0] = enc[rounds], dec[r] = InvMixColumns(enc[rounds-r]) for
	// 0 < r < rounds, dec[rounds] = enc[0].
	SLL $4, X11, X9
	ADD X12, X9
	MOV 0(X9), X5; MOV 8(X9), X6
	MOV X5, 0(X13); MOV X6, 8(X13)
	ADD $-1, X11, X24

imloop:
	ADD $-16, X9
	ADD $16, X13
	MOV 0(X9), X5; MOV 8(X9), X6
	IM_5; IM_6
	MOV X5, 0(X13); MOV X6, 8(X13)
	ADD $-1, X24
	BNEZ X24, imloop
	ADD $16, X13
	MOV 0(X12), X5; MOV 8(X12), X6
	MOV X5, 0(X13); MOV X6, 8(X13)
	RET
