// AES (FIPS-197) for SPARC V9, integer unit, lookup tables.
//
// void xarch_aes_encrypt_sparc64(const uint8_t *rk, uint64_t rounds,
//         uint8_t *dst, const uint8_t *src, uint64_t nblocks, const void *tab);
// void xarch_aes_decrypt_sparc64(... same ...);
//
// rk: round keys 0..rounds, 16 bytes each in FIPS-197 byte order, 4-byte
// aligned (encrypt: AESKey.Enc, decrypt: AESKey.Dec, the equivalent
// inverse cipher's schedule). tab: four 256-entry uint32 tables T0..T3
// (T0[x] is the MixColumns or InvMixColumns column that byte x feeds,
// T1..T3 the same rotated right by 8, 16, 24 bits) then at +4096 the
// 256-byte S-box (encrypt) or inverse S-box (decrypt) for the last round.
// The tables are built in Go at init (aes_sparc64.go).
//
// gcc runs this file through cpp: C or // comments only.
//
// SPARC is big-endian, so a state column is one lduw of 4 input bytes.
// Each column of a round is T0[a>>24] ^ T1[b>>16&255] ^ T2[c>>8&255] ^
// T3[d&255] ^ key, where (a, b, c, d) are the columns that ShiftRows (or
// InvShiftRows) brings into it. srl/sll work on the low 32 bits and
// zero-fill, so byte i times 4 is one shift and one "and 0x3fc".
// Loads and stores trap when misaligned: if src or dst is not 4-byte
// aligned the whole call takes the byte-load/byte-store path.

#define RK   %i0	/* round key 0 */
#define KEND %i1	/* last round key */
#define DST  %i2
#define SRC  %i3
#define NB   %i4	/* blocks left */
#define TB0  %i5	/* T0; T1..T3 follow every 1024 bytes */
#define TB1  %o0
#define TB2  %o1
#define TB3  %o2
#define SB   %o3	/* S-box, set up for the last round only */
#define KP   %o4	/* current round key */
#define S0   %l0	/* state, two sets used alternately */
#define S1   %l1
#define S2   %l2
#define S3   %l3
#define U0   %l4
#define U1   %l5
#define U2   %l6
#define U3   %l7
#define X    %g1
#define Y    %g2
#define Z    %g3
#define W    %o5

	.register %g2, #scratch
	.register %g3, #scratch
	.section .note.GNU-stack,"",@progbits
	.text

// One output column o of a middle round; a..d as in the header.
	.macro COL o, a, b, c, d, koff
	srl	\a, 22, X
	srl	\b, 14, Y
	srl	\c, 6, Z
	sll	\d, 2, W
	and	X, 0x3fc, X
	and	Y, 0x3fc, Y
	and	Z, 0x3fc, Z
	and	W, 0x3fc, W
	lduw	[TB0 + X], X
	lduw	[TB1 + Y], Y
	lduw	[TB2 + Z], Z
	lduw	[TB3 + W], W
	lduw	[KP + \koff], \o
	xor	X, Y, X
	xor	Z, W, Z
	xor	\o, X, \o
	xor	\o, Z, \o
	.endm

// One output column of the last round: S-box bytes, no MixColumns.
	.macro LCOL o, a, b, c, d, koff
	srl	\a, 24, X
	srl	\b, 16, Y
	srl	\c, 8, Z
	and	\d, 255, W
	and	Y, 255, Y
	and	Z, 255, Z
	ldub	[SB + X], X
	ldub	[SB + Y], Y
	ldub	[SB + Z], Z
	ldub	[SB + W], W
	sll	X, 24, X
	sll	Y, 16, Y
	sll	Z, 8, Z
	lduw	[KP + \koff], \o
	or	X, Y, X
	or	Z, W, Z
	xor	\o, X, \o
	xor	\o, Z, \o
	.endm

// ShiftRows takes row r of column c from column c+r; InvShiftRows from c-r.
	.macro ENC_ROUND col, i0, i1, i2, i3, o0, o1, o2, o3, koff
	\col	\o0, \i0, \i1, \i2, \i3, (\koff)
	\col	\o1, \i1, \i2, \i3, \i0, (\koff)+4
	\col	\o2, \i2, \i3, \i0, \i1, (\koff)+8
	\col	\o3, \i3, \i0, \i1, \i2, (\koff)+12
	.endm

	.macro DEC_ROUND col, i0, i1, i2, i3, o0, o1, o2, o3, koff
	\col	\o0, \i0, \i3, \i2, \i1, (\koff)
	\col	\o1, \i1, \i0, \i3, \i2, (\koff)+4
	\col	\o2, \i2, \i1, \i0, \i3, (\koff)+8
	\col	\o3, \i3, \i2, \i1, \i0, (\koff)+12
	.endm

// Block input XOR round key 0, aligned and byte-wise.
	.macro LOAD_A
	lduw	[SRC + 0], S0
	lduw	[SRC + 4], S1
	lduw	[SRC + 8], S2
	lduw	[SRC + 12], S3
	lduw	[RK + 0], X
	lduw	[RK + 4], Y
	lduw	[RK + 8], Z
	lduw	[RK + 12], W
	xor	S0, X, S0
	xor	S1, Y, S1
	xor	S2, Z, S2
	xor	S3, W, S3
	.endm

	.macro LDW_U r, off
	ldub	[SRC + (\off)], \r
	ldub	[SRC + (\off)+1], X
	ldub	[SRC + (\off)+2], Y
	ldub	[SRC + (\off)+3], Z
	sll	\r, 24, \r
	sll	X, 16, X
	sll	Y, 8, Y
	or	\r, X, \r
	or	Y, Z, Y
	lduw	[RK + (\off)], X
	or	\r, Y, \r
	xor	\r, X, \r
	.endm

	.macro LOAD_U
	LDW_U	S0, 0
	LDW_U	S1, 4
	LDW_U	S2, 8
	LDW_U	S3, 12
	.endm

	.macro STORE_A
	stw	S0, [DST + 0]
	stw	S1, [DST + 4]
	stw	S2, [DST + 8]
	stw	S3, [DST + 12]
	.endm

	.macro STW_U r, off
	srl	\r, 24, X
	srl	\r, 16, Y
	srl	\r, 8, Z
	stb	X, [DST + (\off)]
	stb	Y, [DST + (\off)+1]
	stb	Z, [DST + (\off)+2]
	stb	\r, [DST + (\off)+3]
	.endm

	.macro STORE_U
	STW_U	S0, 0
	STW_U	S1, 4
	STW_U	S2, 8
	STW_U	S3, 12
	.endm

// The block loop. Round 1 goes S->U, then rounds run in pairs (U->S,
// S->U) until KP reaches the last key, and the last round goes U->S.
// rounds-1 is odd (9, 11, 13), so the pairs always come out even.
	.macro BLOCKS round, load, store
2:	\load
	add	RK, 16, KP
	\round	COL, S0, S1, S2, S3, U0, U1, U2, U3, 0
	add	KP, 16, KP
1:	\round	COL, U0, U1, U2, U3, S0, S1, S2, S3, 0
	\round	COL, S0, S1, S2, S3, U0, U1, U2, U3, 16
	add	KP, 32, KP
	cmp	KP, KEND
	bne,pt	%xcc, 1b
	 nop
	add	TB3, 1024, SB
	\round	LCOL, U0, U1, U2, U3, S0, S1, S2, S3, 0
	\store
	add	SRC, 16, SRC
	subcc	NB, 1, NB
	bne,pt	%xcc, 2b
	 add	DST, 16, DST
	ret
	 restore
	.endm

	.macro FUNC name, round
	.align	32
	.global	\name
	.type	\name, @function
\name:
	save	%sp, -176, %sp
	brz,pn	NB, 9f
	 sllx	%i1, 4, KEND
	add	RK, KEND, KEND
	add	TB0, 1024, TB1
	add	TB0, 2048, TB2
	add	TB0, 3072, TB3
	or	SRC, DST, X
	andcc	X, 3, %g0
	bne,pn	%xcc, 5f
	 nop
	BLOCKS	\round, LOAD_A, STORE_A
5:	BLOCKS	\round, LOAD_U, STORE_U
9:	ret
	 restore
	.size	\name, .-\name
	.endm

	FUNC	xarch_aes_encrypt_sparc64, ENC_ROUND
	FUNC	xarch_aes_decrypt_sparc64, DEC_ROUND
