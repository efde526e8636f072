// SHA-512 block function for SPARC V9, integer unit only (FIPS 180-4,
// 6.4). The four digests of the family differ only in their start state
// and output length, which arch/sha512.go handles.
//
// void xarch_sha512_block_sparc64(uint64_t *h, const uint8_t *p,
//                                 uint64_t nblocks, const uint64_t *k);
//
// gcc runs this file through cpp (-xassembler-with-cpp): use C or //
// comments only; a "!" comment is not stripped by cpp, so cpp would expand
// macros and choke on quotes inside it.
//
// Design: every 64-bit word lives in one 64-bit register. V9 has no rotate
// instruction, so rotr(x, n) is (x >> n) | (x << (64-n)); the two halves
// never overlap, so each one is folded into its Sigma/sigma sum with xor
// directly: a Sigma function costs six shifts and five xors. SPARC is
// big-endian, so an aligned ldx loads a message word as is.
//
// Registers, after save: the state in the locals, pointers and the Maj
// helpers in %i0-%i5, temporaries in %o0-%o5, %o7 (this function calls
// nothing, so its own %o7 is free) and %g1 (volatile in the V9 ABI).
// %g2-%g7, %i6 (%fp) and %i7 are never written.

#define HP   %i0   /* state h[0..7] */
#define PP   %i1   /* message */
#define NB   %i2   /* blocks left */
#define KP   %i3   /* round constants */
#define XA   %i4   /* a^b of the previous round, for Maj (two, alternating) */
#define XB   %i5
#define T0   %o0
#define T1   %o1
#define T2   %o2
#define T3   %o3
#define T4   %o4
#define T5   %o5
#define WN   %o7   /* W[i] of this round */
#define KW   %g1   /* K[i], then Ch */
#define RA   %l0
#define RB   %l1
#define RC   %l2
#define RD   %l3
#define RE   %l4
#define RF   %l5
#define RG   %l6
#define RH   %l7

// Frame: the 176-byte V9 minimum (register window save area and argument
// slots) plus a 16-doubleword message ring: 304 bytes, a multiple of 16.
// The ring is addressed through the 2047 stack bias; %sp+2047 is 16-byte
// aligned, so the ring is 8-byte aligned for ldx/stx.
#define FRAME 304
#define RING  %sp + 2047 + 176

	.section .note.GNU-stack,"",@progbits
	.text

// W[i] for i >= 16 into WN, stored in the ring over W[i-16]:
// W[i] = sigma1(W[i-2]) + W[i-7] + sigma0(W[i-15]) + W[i-16], with
// sigma0(x) = rotr(x,1) ^ rotr(x,8) ^ (x >> 7) and
// sigma1(x) = rotr(x,19) ^ rotr(x,61) ^ (x >> 6).
	.macro SCHED i
	ldx	[RING + 8*(((\i)-15)&15)], T0
	ldx	[RING + 8*(((\i)-2)&15)], T3
	ldx	[RING + 8*(((\i)-16)&15)], WN
	ldx	[RING + 8*(((\i)-7)&15)], KW
	srlx	T0, 1, T1
	sllx	T0, 63, T2
	srlx	T3, 19, T4
	sllx	T3, 45, T5
	xor	T1, T2, T1
	xor	T4, T5, T4
	srlx	T0, 8, T2
	srlx	T3, 61, T5
	xor	T1, T2, T1
	xor	T4, T5, T4
	sllx	T0, 56, T2
	sllx	T3, 3, T5
	xor	T1, T2, T1
	xor	T4, T5, T4
	srlx	T0, 7, T0
	srlx	T3, 6, T3
	add	WN, KW, WN
	xor	T1, T0, T1		/* sigma0(W[i-15]) */
	xor	T4, T3, T4		/* sigma1(W[i-2]) */
	add	WN, T1, WN
	add	WN, T4, WN
	stx	WN, [RING + 8*((\i)&15)]
	.endm

// One round. xn receives a^b; xp holds b^c (the previous round's a^b), so
// Maj(a,b,c) = b ^ ((a^b) & (b^c)) costs three instructions.
// Sigma1(e) = rotr(e,14) ^ rotr(e,18) ^ rotr(e,41) (T0-T2) and
// Sigma0(a) = rotr(a,28) ^ rotr(a,34) ^ rotr(a,39) (T3-T5) are
// interleaved for multi-issue cores.
	.macro ROUND a, b, c, d, e, f, g, h, i, xn, xp
	.iflt (\i)-16
	ldx	[RING + 8*(\i)], WN
	.else
	SCHED	\i
	.endif
	ldx	[KP + 8*(\i)], KW
	srlx	\e, 14, T0
	sllx	\e, 50, T1
	srlx	\a, 28, T3
	sllx	\a, 36, T4
	add	\h, WN, \h
	xor	T0, T1, T0
	xor	T3, T4, T3
	srlx	\e, 18, T1
	sllx	\e, 46, T2
	srlx	\a, 34, T4
	sllx	\a, 30, T5
	add	\h, KW, \h
	xor	T0, T1, T0
	xor	T3, T4, T3
	xor	T0, T2, T0
	xor	T3, T5, T3
	srlx	\e, 41, T1
	sllx	\e, 23, T2
	srlx	\a, 39, T4
	sllx	\a, 25, T5
	xor	\f, \g, KW
	xor	T0, T1, T0
	xor	T3, T4, T3
	and	KW, \e, KW
	xor	T0, T2, T0		/* Sigma1(e) */
	xor	T3, T5, T3		/* Sigma0(a) */
	xor	KW, \g, KW		/* Ch(e,f,g) */
	add	\h, T0, \h
	xor	\a, \b, \xn
	add	\h, KW, \h		/* h = T1 */
	and	\xn, \xp, T1
	add	\d, \h, \d		/* new e */
	xor	T1, \b, T1		/* Maj(a,b,c) */
	add	\h, T3, \h
	add	\h, T1, \h		/* new a */
	.endm

// Eight rounds: the register names rotate back to where they started.
	.macro EIGHT i
	ROUND	RA, RB, RC, RD, RE, RF, RG, RH, (\i)+0, XA, XB
	ROUND	RH, RA, RB, RC, RD, RE, RF, RG, (\i)+1, XB, XA
	ROUND	RG, RH, RA, RB, RC, RD, RE, RF, (\i)+2, XA, XB
	ROUND	RF, RG, RH, RA, RB, RC, RD, RE, (\i)+3, XB, XA
	ROUND	RE, RF, RG, RH, RA, RB, RC, RD, (\i)+4, XA, XB
	ROUND	RD, RE, RF, RG, RH, RA, RB, RC, (\i)+5, XB, XA
	ROUND	RC, RD, RE, RF, RG, RH, RA, RB, (\i)+6, XA, XB
	ROUND	RB, RC, RD, RE, RF, RG, RH, RA, (\i)+7, XB, XA
	.endm

// Message word j, p 8-byte aligned: one ldx.
	.macro LOADX j
	ldx	[PP + 8*(\j)], T0
	stx	T0, [RING + 8*(\j)]
	.endm

// Message word j, p misaligned by r = p mod 8 (1..7): with D[k] the
// aligned doubleword at (p - r) + 8k, word j is
// (D[j] << 8r) | (D[j+1] >> (64 - 8r)); both counts lie in 8..56.
// T0 holds p - r, XA the count 8r and XB 64 - 8r; cur holds D[j] and
// nxt receives D[j+1], so the two alternate between T1 and T2.
// D[0..16] each hold at least one byte of the block, so no load touches
// memory outside the block's own doublewords (nor its pages).
	.macro SPLICE j, cur, nxt
	ldx	[T0 + 8*((\j)+1)], \nxt
	sllx	\cur, XA, T3
	srlx	\nxt, XB, T4
	or	T3, T4, T3
	stx	T3, [RING + 8*(\j)]
	.endm

// State word j: h[j] += r.
	.macro ADDH j, r
	ldx	[HP + 8*(\j)], T0
	add	\r, T0, \r
	stx	\r, [HP + 8*(\j)]
	.endm

	.align	32
	.global	xarch_sha512_block_sparc64
	.type	xarch_sha512_block_sparc64, @function
xarch_sha512_block_sparc64:
	brz,pn	%o2, .Lnone
	 nop
	save	%sp, -FRAME, %sp
	ldx	[HP + 0], RA
	ldx	[HP + 8], RB
	ldx	[HP + 16], RC
	ldx	[HP + 24], RD
	ldx	[HP + 32], RE
	ldx	[HP + 40], RF
	ldx	[HP + 48], RG
	ldx	[HP + 56], RH

.Lblock:
	andcc	PP, 7, XA
	bne,pn	%xcc, .Lsplice
	 nop
	.irp	j, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	LOADX	\j
	.endr
	ba,pt	%xcc, .Lrounds
	 nop
.Lsplice:
	sub	PP, XA, T0		/* p rounded down to 8 */
	sllx	XA, 3, XA		/* 8r */
	mov	64, XB
	sub	XB, XA, XB		/* 64 - 8r */
	ldx	[T0 + 0], T1		/* D[0] */
	SPLICE	0, T1, T2
	SPLICE	1, T2, T1
	SPLICE	2, T1, T2
	SPLICE	3, T2, T1
	SPLICE	4, T1, T2
	SPLICE	5, T2, T1
	SPLICE	6, T1, T2
	SPLICE	7, T2, T1
	SPLICE	8, T1, T2
	SPLICE	9, T2, T1
	SPLICE	10, T1, T2
	SPLICE	11, T2, T1
	SPLICE	12, T1, T2
	SPLICE	13, T2, T1
	SPLICE	14, T1, T2
	SPLICE	15, T2, T1

.Lrounds:
	xor	RB, RC, XB		/* round 0 reads b^c from XB */
	EIGHT	0
	EIGHT	8
	EIGHT	16
	EIGHT	24
	EIGHT	32
	EIGHT	40
	EIGHT	48
	EIGHT	56
	EIGHT	64
	EIGHT	72

	ADDH	0, RA
	ADDH	1, RB
	ADDH	2, RC
	ADDH	3, RD
	ADDH	4, RE
	ADDH	5, RF
	ADDH	6, RG
	ADDH	7, RH

	subcc	NB, 1, NB
	bne,pt	%xcc, .Lblock
	 add	PP, 128, PP

	ret
	 restore
.Lnone:
	retl
	 nop
	.size	xarch_sha512_block_sparc64, .-xarch_sha512_block_sparc64
