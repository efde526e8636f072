// GHASH with the VIS 3 carry-less multiply (SPARC T4 and later): the
// kernel of aes-gcm/vis3 and aes-gcm/t4.
//
// void xarch_ghash_vis3(uint64_t y[2], const uint64_t hk[2],
//                       const uint8_t *p, uint64_t nblocks);
//
// y is the GHASH state (8-byte aligned, big-endian words hi, lo), hk is
// H * x^-1 from gcmVIS3Init (gcm_vis3_model.go explains the x^-1), p the
// blocks (any alignment). For each block: y = (y ^ block) * H.
//
// gcc runs this file through cpp (-xassembler-with-cpp): use C or //
// comments only. gcc assembles with -Av9, which does not know VIS 3, so
// xmulx (low 64 bits of the carry-less product of two 64-bit registers)
// and xmulxhi (the high 64 bits) are emitted as .word encodings; objdump
// decodes them and gcm_vis3_disasm_test.go checks that, and interprets
// the code on the host with the Go model of the two instructions.
//
// Method: X = y ^ block and H' = hk as 64-bit halves; the four products
// (schoolbook: Karatsuba would save one multiply pair for three xors and
// a longer dependency chain) give the 256-bit product in w3:w2:w1:w0,
// coefficient of x^k at bit 255-k. Then w0 (x^192..x^255) is folded into
// w2:w1 and w1 (x^128..x^191) into w3:w2, as x^(128+i) = x^i * (1 + x +
// x^2 + x^7): shifts and xors. No table, no data-dependent branch or
// address: its time does not depend on H or the data (if xmulx's does
// not).
//
// Registers, after save: pointers and the block count in %i0-%i3, y and H'
// in locals, products in %o0-%o5 and locals, temporaries of the folds in
// %o2-%o5, %o7 and %i4 (this function calls nothing, so its own %o7 is
// free). %g1-%g7, %i6 (%fp) and %i7 are never written.

/* Integer register numbers for the .word encodings. */
#define R_O(n) (8 + (n))
#define R_L(n) (16 + (n))
/* op=2, op3=0x36, opf, rs1, rs2, rd. */
#define VIS3(opf, rs1, rs2, rd) .word (0x81b00000 | ((rd) << 25) | ((rs1) << 14) | ((opf) << 5) | (rs2))
#define XMULX(rs1, rs2, rd)   VIS3(0x115, rs1, rs2, rd)
#define XMULXHI(rs1, rs2, rd) VIS3(0x116, rs1, rs2, rd)

#define YP   %i0   /* GHASH state y[0..1] */
#define HP   %i1   /* H' */
#define PP   %i2   /* blocks */
#define NB   %i3   /* blocks left */
#define ZH   %l0   /* y, then w3 */
#define ZL   %l1   /* y, then w2 */
#define HH   %l2   /* H' */
#define HL   %l3
#define XH   %l4   /* X = y ^ block */
#define XL   %l5
#define W0   %o0   /* xl*hl low: w0 */
#define W1   %o1   /* xl*hl high, then w1 */
#define B0   %o2   /* xh*hl */
#define B1   %o3
#define D0   %o4   /* xl*hh */
#define D1   %o5
#define T0   %o2   /* fold temporaries, once B and D are consumed */
#define T1   %o3
#define T2   %o4
#define T3   %o5
#define T4   %o7
#define T5   %i4
/* The same registers as numbers, for XMULX/XMULXHI. */
#define N_ZH R_L(0)
#define N_ZL R_L(1)
#define N_HH R_L(2)
#define N_HL R_L(3)
#define N_XH R_L(4)
#define N_XL R_L(5)
#define N_W0 R_O(0)
#define N_W1 R_O(1)
#define N_B0 R_O(2)
#define N_B1 R_O(3)
#define N_D0 R_O(4)
#define N_D1 R_O(5)

// The V9 minimum frame (register window save area and argument slots);
// the kernel keeps nothing on the stack.
#define FRAME 176

	.section .note.GNU-stack,"",@progbits
	.text

// Fold w, whose bit 63-i is the coefficient of x^(128+i) relative to the
// pair hi:lo (whose bit 63-i of hi is x^i): hi ^= w ^ w>>1 ^ w>>2 ^ w>>7,
// the bits those shifts push out go to the top of lo. i+7 < 128.
	.macro FOLD w, hi, lo
	srlx	\w, 1, T0
	srlx	\w, 2, T1
	srlx	\w, 7, T2
	sllx	\w, 63, T3
	sllx	\w, 62, T4
	sllx	\w, 57, T5
	xor	\hi, \w, \hi
	xor	T0, T1, T0
	xor	T3, T4, T3
	xor	\hi, T2, \hi
	xor	\lo, T5, \lo
	xor	\hi, T0, \hi
	xor	\lo, T3, \lo
	.endm

	.align	32
	.global	xarch_ghash_vis3
	.type	xarch_ghash_vis3, @function
xarch_ghash_vis3:
	brz,pn	%o3, .Lnone
	 nop
	save	%sp, -FRAME, %sp
	ldx	[YP + 0], ZH
	ldx	[YP + 8], ZL
	ldx	[HP + 0], HH
	ldx	[HP + 8], HL

.Lblock:
	andcc	PP, 7, T0
	bne,pn	%xcc, .Lsplice
	 nop
	ldx	[PP + 0], XH
	ldx	[PP + 8], XL
	xor	ZH, XH, XH
	xor	ZL, XL, XL

.Lmul:
	XMULX(N_XL, N_HL, N_W0)
	XMULXHI(N_XL, N_HL, N_W1)
	XMULX(N_XH, N_HL, N_B0)
	XMULXHI(N_XH, N_HL, N_B1)
	XMULX(N_XL, N_HH, N_D0)
	XMULXHI(N_XL, N_HH, N_D1)
	XMULX(N_XH, N_HH, N_ZL)		/* w2 */
	XMULXHI(N_XH, N_HH, N_ZH)	/* w3 */
	xor	B0, D0, B0
	xor	B1, D1, B1
	xor	W1, B0, W1		/* w1 */
	xor	ZL, B1, ZL		/* w2 */
	FOLD	W0, ZL, W1
	FOLD	W1, ZH, ZL

	subcc	NB, 1, NB
	bne,pt	%xcc, .Lblock
	 add	PP, 16, PP

	stx	ZH, [YP + 0]
	stx	ZL, [YP + 8]
	ret
	 restore

// p misaligned by r = p mod 8 (1..7), T0 = r: load the three aligned
// doublewords at p - r that cover the block and splice (as in
// gcm_sparc64.s); no load leaves the block's own doublewords.
.Lsplice:
	sub	PP, T0, T1		/* p - r */
	sllx	T0, 3, T0		/* 8r */
	mov	64, T4
	sub	T4, T0, T4		/* 64 - 8r */
	ldx	[T1 + 0], W0		/* D0 */
	ldx	[T1 + 8], W1		/* D1 */
	ldx	[T1 + 16], T2		/* D2 */
	sllx	W0, T0, W0
	srlx	W1, T4, T3
	sllx	W1, T0, W1
	srlx	T2, T4, T2
	or	W0, T3, XH
	or	W1, T2, XL
	xor	ZH, XH, XH
	ba,pt	%xcc, .Lmul
	 xor	ZL, XL, XL

.Lnone:
	retl
	 nop
	.size	xarch_ghash_vis3, .-xarch_ghash_vis3
