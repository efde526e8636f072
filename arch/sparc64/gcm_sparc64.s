// GHASH for SPARC V9, integer unit only (NIST SP 800-38D, 6.4): the
// kernel of aes-gcm/sparc64.
//
// void xarch_ghash_sparc64(uint64_t y[2], const uint64_t tab[64],
//                          const uint8_t *p, uint64_t nblocks);
//
// y is the GHASH state (8-byte aligned, big-endian words hi, lo), tab the
// two tables M and M4 that gcm_v9_table.go builds from H, p the blocks (any
// alignment). For each block: y = (y ^ block) * H.
//
// gcc runs this file through cpp (-xassembler-with-cpp): use C or //
// comments only.
//
// Method (4-bit tables, Horner's scheme a byte at a time): with X = y ^
// block as the integer hi:lo (coefficient of x^i at integer bit 127-i), the
// byte at integer bits t..t+7 contributes (M[high nibble] ^ M4[low
// nibble]) * x^(120-t). So, from the lowest byte of lo to the highest byte
// of hi, Z = Z * x^8 ^ M[..] ^ M4[..]. Multiplying by x^8 is a right shift
// by 8; the bits shifted out are not reduced at each step but collected in
// a third word ZX (coefficients x^128..x^191), which is folded back once
// per 64-bit half of X: x^(128+i) = x^i * (1 + x + x^2 + x^7).
//
// TIMING: the table index is a nibble of y ^ block, so which cache lines
// of the 512-byte table are read depends on the secret GHASH state (as the
// T-table AES of aes/sparc64 underneath depends on the key and data). The
// reduction uses no table: it is shifts and xors only.
//
// Registers, after save: pointers and the block count in %i0-%i4, the
// accumulator and X in locals, temporaries in %o0-%o5 and %o7 (this
// function calls nothing, so its own %o7 is free). %g1-%g7, %i6 (%fp) and
// %i7 are never written.

#define YP   %i0   /* GHASH state y[0..1] */
#define TAB  %i1   /* table M */
#define PP   %i2   /* blocks */
#define NB   %i3   /* blocks left */
#define TAB4 %i4   /* table M4 = TAB + 256 */
#define ZH   %l0   /* accumulator Z, high and low words */
#define ZL   %l1
#define ZX   %l2   /* bits shifted out of ZL, not yet reduced */
#define XH   %l3   /* X = y ^ block */
#define XL   %l4
#define A0   %l5   /* table addresses */
#define A1   %l6
#define T0   %o0
#define T1   %o1
#define T2   %o2
#define T3   %o3
#define T4   %o4
#define T5   %o5
#define T6   %o7

// The V9 minimum frame (register window save area and argument slots);
// the kernel keeps nothing on the stack.
#define FRAME 176

	.section .note.GNU-stack,"",@progbits
	.text

// The byte of w at bits s..s+7 (s = 0, 8, ..., 56): its high nibble
// (bits s+4..s+7) indexes M, its low nibble (bits s..s+3) M4; an entry is
// 16 bytes, so the byte offset is the nibble times 16, which one shift and
// an and with 0xf0 give. first: Z is set instead of xored into.
	.macro BYTE w, s, first
	.if (\s) == 0
	and	\w, 0xf0, A0
	sllx	\w, 4, A1
	.else
	srlx	\w, (\s), A0
	srlx	\w, (\s)-4, A1
	and	A0, 0xf0, A0
	.endif
	and	A1, 0xf0, A1
	add	TAB, A0, A0
	add	TAB4, A1, A1
	ldx	[A0 + 0], T0
	ldx	[A1 + 0], T2
	ldx	[A0 + 8], T1
	ldx	[A1 + 8], T3
	.if \first
	xor	T0, T2, ZH
	xor	T1, T3, ZL
	.else
	xor	T0, T2, T0
	xor	T1, T3, T1
	xor	ZH, T0, ZH
	xor	ZL, T1, ZL
	.endif
	.endm

// Z = Z * x^8 without reduction: ZH:ZL:ZX >>= 8. first: ZX holds nothing
// yet (the first shift after a fold), so it is set.
	.macro SHIFT8 first
	.if \first
	sllx	ZL, 56, ZX
	.else
	srlx	ZX, 8, ZX
	sllx	ZL, 56, T4
	or	ZX, T4, ZX
	.endif
	sllx	ZH, 56, T5
	srlx	ZL, 8, ZL
	srlx	ZH, 8, ZH
	or	ZL, T5, ZL
	.endm

// Fold ZX into ZH:ZL. ZX bit 63-i is the coefficient of x^(128+i)
// (i < 64), which becomes x^i + x^(i+1) + x^(i+2) + x^(i+7): x^i sits at
// the same bit of ZH, and the other three are ZX shifted right by 1, 2 and
// 7, whose low bits spill into the top of ZL. i+7 < 128, so no second
// reduction is needed.
	.macro FOLD
	srlx	ZX, 1, T0
	srlx	ZX, 2, T1
	srlx	ZX, 7, T2
	sllx	ZX, 63, T3
	sllx	ZX, 62, T4
	sllx	ZX, 57, T5
	xor	ZH, ZX, ZH
	xor	T0, T1, T0
	xor	T3, T4, T3
	xor	ZH, T2, ZH
	xor	ZL, T5, ZL
	xor	ZH, T0, ZH
	xor	ZL, T3, ZL
	.endm

	.align	32
	.global	xarch_ghash_sparc64
	.type	xarch_ghash_sparc64, @function
xarch_ghash_sparc64:
	brz,pn	%o3, .Lnone
	 nop
	save	%sp, -FRAME, %sp
	ldx	[YP + 0], ZH
	ldx	[YP + 8], ZL
	add	TAB, 256, TAB4

.Lblock:
	andcc	PP, 7, T0
	bne,pn	%xcc, .Lsplice
	 nop
	ldx	[PP + 0], XH
	ldx	[PP + 8], XL
	xor	ZH, XH, XH
	xor	ZL, XL, XL

.Lmul:
	// Low half of X: bytes at integer bits 0..63, x^120 down to x^64.
	BYTE	XL, 0, 1
	.irp	s, 8,16,24,32,40,48,56
	.if (\s) == 8
	SHIFT8	1
	.else
	SHIFT8	0
	.endif
	BYTE	XL, \s, 0
	.endr
	FOLD
	// High half: bits 64..127, x^56 down to x^0.
	.irp	s, 0,8,16,24,32,40,48,56
	.if (\s) == 0
	SHIFT8	1
	.else
	SHIFT8	0
	.endif
	BYTE	XH, \s, 0
	.endr
	FOLD

	subcc	NB, 1, NB
	bne,pt	%xcc, .Lblock
	 add	PP, 16, PP

	stx	ZH, [YP + 0]
	stx	ZL, [YP + 8]
	ret
	 restore

// p misaligned by r = p mod 8 (1..7), T0 = r: SPARC traps on a misaligned
// ldx, so load the three aligned doublewords D0..D2 at p - r that cover
// the block and splice each word from two of them; both shift counts lie
// in 8..56. D2 holds the block's last r bytes, so no load leaves the
// doublewords of the block itself.
.Lsplice:
	sub	PP, T0, T1		/* p - r */
	sllx	T0, 3, T0		/* 8r */
	mov	64, T6
	sub	T6, T0, T6		/* 64 - 8r */
	ldx	[T1 + 0], T2		/* D0 */
	ldx	[T1 + 8], T3		/* D1 */
	ldx	[T1 + 16], T4		/* D2 */
	sllx	T2, T0, T2
	srlx	T3, T6, T5
	sllx	T3, T0, T3
	srlx	T4, T6, T4
	or	T2, T5, XH
	or	T3, T4, XL
	xor	ZH, XH, XH
	ba,pt	%xcc, .Lmul
	 xor	ZL, XL, XL

.Lnone:
	retl
	 nop
	.size	xarch_ghash_sparc64, .-xarch_ghash_sparc64
