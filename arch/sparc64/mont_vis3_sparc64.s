// Montgomery multiplication with the VIS 3 integer multiply-high and
// 64-bit add-with-carry instructions (SPARC T4 and later): the kernel of
// mont/vis3.
//
// void xarch_mont_mul_vis3(uint64_t *z, const uint64_t *x,
//                          const uint64_t *y, const uint64_t *m,
//                          uint64_t k0, uint64_t n);
//
// z = x * y * 2^(-64n) mod m for n 64-bit limbs (1 <= n <= 128, the Go
// wrapper checks), little-endian limb order, k0 = -m^-1 mod 2^64. z may
// alias x and/or y: z is written only after the last read of x and y.
// All four are 8-byte aligned (Go's []uint64 are).
//
// gcc runs this file through cpp (-xassembler-with-cpp): use C or //
// comments only. gcc assembles with -Av9, which does not know VIS 3, so
// umulxhi (high 64 bits of the unsigned 128-bit product), addxc (rs1 +
// rs2 + xcc.c) and addxccc (the same, setting xcc.c) are .word encodings;
// objdump decodes them, and mont_disasm_test.go checks that and interprets
// the code on the host with a Go model of the instructions, since QEMU 7.2
// has no VIS 3 (they raise SIGILL on every sparc64 model).
//
// Method: CIOS on 64-bit limbs with the multiply and reduce passes fused:
// for each limb b of y
//   (H:L) = t_0 + x_0 b;  u = L k0 mod 2^64;  (D:0) = L + m_0 u;  C = H
//   for j = 1..n-1
//     (H:L) = t_j + x_j b + C;  C = H
//     (D:t_(j-1)) = L + m_j u + D
//   (TN:t_(n-1)) = TN + C + D
// Each column sum fits 128 bits (t, C, D < 2^64), so each addcc/addxc pair
// is local and no carry crosses an instruction that sets the condition
// codes. t stays below 2m, so its top word TN is 0 or 1 and lives in a
// register; t_0..t_(n-1) are in this function's frame, zeroed first.
// Last, ~t + m goes through one addxccc chain (loop control by brnz, which
// leaves the condition codes alone): its complement is d = t - m, and its
// carry out is set exactly when t < m. z = d, then z = t >= m ? d : t
// word by word through a mask made of TN and that carry: no branch and no
// address depends on the data, loop counts depend on n only.
//
// Registers, after save: pointers and sizes in %i0-%i5 and locals, the
// running high words C and D, u, the y limb b and TN in locals,
// temporaries in %o0-%o5, %o7 and %g1 (this function calls nothing, so its
// own %o7 is free; %g1 is volatile in the ABI). %g2-%g7, %i6 (%fp) and %i7
// are never written.

/* op=2, op3=0x36 (IMPDEP1), opf, integer rs1, rs2, rd. */
#define VIS3(opf, rs1, rs2, rd) .word (0x81b00000 | ((rd) << 25) | ((rs1) << 14) | ((opf) << 5) | (rs2))
#define ADDXC(rs1, rs2, rd)   VIS3(0x011, rs1, rs2, rd)
#define ADDXCCC(rs1, rs2, rd) VIS3(0x013, rs1, rs2, rd)
#define UMULXHI(rs1, rs2, rd) VIS3(0x016, rs1, rs2, rd)

/* Each register by name and by number (for the .word encodings). */
#define ZP   %i0   /* z */
#define XP   %i1   /* x */
#define YP   %i2   /* y, advanced a limb per row */
#define MP   %i3   /* m */
#define K0   %i4   /* k0 */
#define NE   %i5   /* 8n: end offset */
#define TP   %l0   /* t in the frame */
#define J    %l1   /* byte offset in the inner loops */
#define YE   %l2   /* y + 8n */
#define B    %l3   /* the limb of y of this row */
#define rB   19
#define TN   %l4   /* t_n: 0 or 1 */
#define rTN  20
#define U    %l5   /* u of this row */
#define rU   21
#define C    %l6   /* high word of the x b column */
#define rC   22
#define D    %l7   /* high word of the m u column */
#define rD   23
#define A    %o0   /* x_j */
#define rA   8
#define T    %o1   /* t_j */
#define M    %o2   /* m_j */
#define rM   10
#define L    %o3   /* low word of the x b column */
#define H    %o4   /* high word of x_j b */
#define rH   12
#define ML   %o5   /* low word of the m u column */
#define MH   %o7   /* high word of m_j u */
#define rMH  15
#define TS   %g1   /* t - 16: the store of t_(j-1) after J moved on */
#define G0   0

// The V9 minimum frame (register window save area and argument slots),
// then t_0..t_(n-1): up to 128 doublewords.
#define TOFF  176
#define FRAME 1200 /* 176 + 8 * 128 */

	.section .note.GNU-stack,"",@progbits
	.text

// One row: t = (t + x b + u m) / 2^64 for the limb b in B.
	.macro ROW
	ldx	[XP], A
	ldx	[TP], T
	ldx	[MP], M
	mulx	A, B, L
	UMULXHI(rA, rB, rH)
	addcc	L, T, L
	ADDXC(rH, G0, rC)		/* C:L = t_0 + x_0 b */
	mulx	L, K0, U		/* u */
	mulx	M, U, ML
	UMULXHI(rM, rU, rMH)
	addcc	ML, L, %g0		/* low word 0: only the carry */
	ADDXC(rMH, G0, rD)
	cmp	NE, 8
	be,pn	%xcc, 2f		/* n = 1 */
	 mov	8, J
1:
	ldx	[XP + J], A
	ldx	[TP + J], T
	ldx	[MP + J], M
	mulx	A, B, L
	UMULXHI(rA, rB, rH)
	mulx	M, U, ML
	UMULXHI(rM, rU, rMH)
	addcc	L, T, L
	ADDXC(rH, G0, rH)
	addcc	L, C, L
	ADDXC(rH, G0, rC)		/* C:L = t_j + x_j b + C */
	addcc	ML, L, ML
	ADDXC(rMH, G0, rMH)
	addcc	ML, D, ML
	ADDXC(rMH, G0, rD)		/* D:ML = L + m_j u + D */
	add	J, 8, J
	cmp	J, NE
	bne,pt	%xcc, 1b
	 stx	ML, [TS + J]		/* new t_(j-1) */
2:
	addcc	C, TN, C
	ADDXC(G0, G0, rTN)
	addcc	C, D, C
	ADDXC(rTN, G0, rTN)		/* TN:C = TN + C + D */
	add	TP, NE, A
	stx	C, [A - 8]		/* new t_(n-1) */
	.endm

	.align	32
	.global	xarch_mont_mul_vis3
	.type	xarch_mont_mul_vis3, @function
xarch_mont_mul_vis3:
	save	%sp, -FRAME, %sp
	sllx	%i5, 3, NE		/* n -> 8n */
	add	%sp, 2047 + TOFF, TP
	sub	TP, 16, TS
	add	YP, NE, YE

	// t = 0.
	mov	0, TN
	sub	TP, 8, A
	mov	0, J
3:
	add	J, 8, J
	cmp	J, NE
	bne,pt	%xcc, 3b
	 stx	%g0, [A + J]

4:
	ldx	[YP], B
	ROW
	add	YP, 8, YP
	cmp	YP, YE
	bne,pt	%xcc, 4b
	 nop

	// x and y are read for the last time: z may be written now. With the
	// bases at the ends and J from -8n up to 0: z = ~(~t + m) = t - m.
	add	ZP, NE, XP		/* z end (x is done) */
	add	TP, NE, YP		/* t end (y is done) */
	add	MP, NE, YE		/* m end */
	sub	%g0, NE, J
	addcc	%g0, %g0, %g0		/* xcc.c = 0 */
5:
	ldx	[YP + J], A
	ldx	[YE + J], M
	xnor	A, %g0, A
	ADDXCCC(rA, rM, rA)
	xnor	A, %g0, A
	stx	A, [XP + J]
	add	J, 8, J
	brnz,pt	J, 5b
	 nop
	ADDXC(G0, G0, rC)		/* 1: t < m over the low n words */

	// t >= m when TN = 1 or there was no carry: keep d (mask U all
	// ones), else copy t.
	xor	C, 1, C
	or	C, TN, C
	sub	%g0, C, U
	sub	%g0, NE, J
6:
	ldx	[XP + J], A		/* d */
	ldx	[YP + J], T		/* t */
	xor	A, T, A
	and	A, U, A
	xor	A, T, A
	stx	A, [XP + J]
	add	J, 8, J
	brnz,pt	J, 6b
	 nop

	ret
	 restore
	.size	xarch_mont_mul_vis3, .-xarch_mont_mul_vis3
