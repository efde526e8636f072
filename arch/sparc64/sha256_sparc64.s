// SHA-256 block function for SPARC V9, integer unit only (FIPS 180-4).
//
// void xarch_sha256_block_sparc64(uint32_t *h, const uint8_t *p,
//                                 uint64_t nblocks, const uint32_t *k);
//
// gcc runs this file through cpp (-xassembler-with-cpp): use C or //
// comments only; a "!" comment is not stripped by cpp, so cpp would expand
// macros and choke on quotes inside it.
//
// Design: 32-bit words live in 64-bit registers and only their low 32 bits
// are meaningful. add/xor/and/or/sll leave the low half right whatever the
// high half holds, so no masking is needed except before a rotate: there
// the word is zero-extended (srl x,0), doubled into both halves
// (x | x<<32) and one srlx by n then yields rotr32(x, n) in the low half.
// SPARC is big-endian, so an aligned lduw loads a message word as is.

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
#define WN   %o7   /* W[i] of this round (no calls here, so %o7 is free) */
#define KW   %g1
#define RA   %l0
#define RB   %l1
#define RC   %l2
#define RD   %l3
#define RE   %l4
#define RF   %l5
#define RG   %l6
#define RH   %l7

// Frame: 176-byte V9 minimum plus a 16-word message ring, addressed
// through the 2047 stack bias.
#define FRAME 240
#define RING  %sp + 2047 + 176

	.section .note.GNU-stack,"",@progbits
	.text

// W[i] for i >= 16 into WN, stored in the ring over W[i-16].
// Ring words come from lduw, so they are already zero-extended.
	.macro SCHED i
	lduw	[RING + 4*(((\i)-15)&15)], T0
	lduw	[RING + 4*(((\i)-2)&15)], T3
	lduw	[RING + 4*(((\i)-16)&15)], WN
	lduw	[RING + 4*(((\i)-7)&15)], KW
	sllx	T0, 32, T1
	sllx	T3, 32, T4
	or	T0, T1, T1		/* w15 doubled */
	or	T3, T4, T4		/* w2 doubled */
	srl	T0, 3, T0
	srl	T3, 10, T3
	srlx	T1, 7, T2
	srlx	T4, 17, T5
	xor	T0, T2, T0
	xor	T3, T5, T3
	srlx	T1, 18, T2
	srlx	T4, 19, T5
	xor	T0, T2, T0		/* sigma0(w15) */
	xor	T3, T5, T3		/* sigma1(w2) */
	add	WN, KW, WN
	add	T0, T3, T0
	add	WN, T0, WN
	stw	WN, [RING + 4*((\i)&15)]
	.endm

// One round. xn receives a^b; xp holds b^c (the previous round's a^b), so
// Maj(a,b,c) = b ^ ((a^b) & (b^c)) costs three instructions.
// The Sigma1 (T0-T2) and Sigma0 (T3-T5) chains are interleaved for
// multi-issue cores.
	.macro ROUND a, b, c, d, e, f, g, h, i, xn, xp
	.iflt (\i)-16
	lduw	[RING + 4*(\i)], WN
	.else
	SCHED	\i
	.endif
	lduw	[KP + 4*(\i)], KW
	srl	\e, 0, T0
	srl	\a, 0, T3
	add	\h, WN, \h
	sllx	T0, 32, T1
	sllx	T3, 32, T4
	add	\h, KW, \h
	or	T0, T1, T0		/* e doubled */
	or	T3, T4, T3		/* a doubled */
	xor	\f, \g, KW
	srlx	T0, 6, T2
	srlx	T3, 2, T5
	and	KW, \e, KW
	srlx	T0, 11, T1
	srlx	T3, 13, T4
	xor	KW, \g, KW		/* Ch(e,f,g) */
	xor	T2, T1, T2
	xor	T5, T4, T5
	srlx	T0, 25, T1
	srlx	T3, 22, T4
	add	\h, KW, \h
	xor	T2, T1, T2		/* Sigma1(e) */
	xor	T5, T4, T5		/* Sigma0(a) */
	xor	\a, \b, \xn
	add	\h, T2, \h		/* h = T1 */
	and	\xn, \xp, T1
	add	\d, \h, \d		/* new e */
	xor	T1, \b, T1		/* Maj(a,b,c) */
	add	\h, T5, \h
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

// Message word j: aligned load, or four byte loads when p is misaligned.
	.macro LOADW j
	lduw	[PP + 4*(\j)], T0
	stw	T0, [RING + 4*(\j)]
	.endm

	.macro LOADB j
	ldub	[PP + 4*(\j)+0], T0
	ldub	[PP + 4*(\j)+1], T1
	ldub	[PP + 4*(\j)+2], T2
	ldub	[PP + 4*(\j)+3], T3
	sll	T0, 24, T0
	sll	T1, 16, T1
	sll	T2, 8, T2
	or	T0, T1, T0
	or	T2, T3, T2
	or	T0, T2, T0
	stw	T0, [RING + 4*(\j)]
	.endm

// State word j: h[j] += r.
	.macro ADDH j, r
	lduw	[HP + 4*(\j)], T0
	add	\r, T0, \r
	stw	\r, [HP + 4*(\j)]
	.endm

	.align	32
	.global	xarch_sha256_block_sparc64
	.type	xarch_sha256_block_sparc64, @function
xarch_sha256_block_sparc64:
	brz,pn	%o2, .Lnone
	 nop
	save	%sp, -FRAME, %sp
	lduw	[HP + 0], RA
	lduw	[HP + 4], RB
	lduw	[HP + 8], RC
	lduw	[HP + 12], RD
	lduw	[HP + 16], RE
	lduw	[HP + 20], RF
	lduw	[HP + 24], RG
	lduw	[HP + 28], RH

.Lblock:
	andcc	PP, 3, %g0
	bne,pn	%xcc, .Lbytes
	 nop
	.irp	j, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	LOADW	\j
	.endr
	ba,pt	%xcc, .Lrounds
	 nop
.Lbytes:
	.irp	j, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	LOADB	\j
	.endr

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
	 add	PP, 64, PP

	ret
	 restore
.Lnone:
	retl
	 nop
	.size	xarch_sha256_block_sparc64, .-xarch_sha256_block_sparc64
