// Montgomery multiplication for SPARC V9, integer unit only: the kernel of
// mont/sparc64.
//
// void xarch_mont_mul_sparc64(uint64_t *z, const uint64_t *x,
//                             const uint64_t *y, const uint64_t *m,
//                             uint64_t k0, uint64_t n);
//
// z = x * y * 2^(-64n) mod m for n 64-bit limbs (1 <= n <= 128, the Go
// wrapper checks), little-endian limb order, each limb a native
// (big-endian) doubleword. k0 = -m^-1 mod 2^64; only its low 32 bits are
// used. z may alias x and/or y: z is written only after the last read of
// x and y. x, y, m and z need 4-byte alignment only (lduw/stw).
//
// gcc runs this file through cpp (-xassembler-with-cpp): use C or //
// comments only.
//
// Method: base V9 has MULX (64 x 64 -> low 64) but no high-half multiply,
// so the kernel works on 32-bit limbs: N = 2n of them, x_k = bits
// 32k..32k+31 of the number. The product of two 32-bit limbs is exact in
// one mulx of zero-extended registers, and t + a*b + c with t, a, b, c all
// below 2^32 is at most 2^64 - 1: every column sum fits one register, so
// the kernel needs no carry flag at all (V9's addc carries only the 32-bit
// icc.c). Limb k of a number lives at byte offset (4k) ^ 4: the low half
// of doubleword k/2 is at +4, the high half at +0.
//
// The product is CIOS with the multiply and reduce passes fused: for each
// 32-bit limb b of y (low limb of each doubleword first),
//   C = t_0 + x_0 b;  u = (C mod 2^32) k0 mod 2^32;  D = (C mod 2^32) + m_0 u
//   (D mod 2^32 = 0: dropped); then for j = 1..N-1
//   C = t_j + x_j b + (C >> 32);  D = (C mod 2^32) + m_j u + (D >> 32);
//   t_(j-1) = D mod 2^32
//   and t_N, t_(N-1) = t_N + (C >> 32) + (D >> 32).
// t = (t + x b + u m) / 2^32 stays below 2m (x < m, b, u < 2^32), so t_N
// is 0 or 1. t (N+1 limbs, n+1 doublewords laid out like the inputs) is in
// this function's frame, zeroed first. Last, d = t - m goes into z limb by
// limb (the borrow is bit 63 of the 64-bit difference of zero-extended
// limbs), and z = t >= m ? d : t is chosen word by word through a mask
// made of t_N and the final borrow: no branch and no address depends on
// the data, loop counts depend on n only.
//
// TIMING: control flow and addresses depend on n alone. Whether mulx
// takes the same number of cycles for every operand is up to the CPU
// (older UltraSPARC multipliers finish early on small operands).
//
// Registers, after save: pointers and sizes in %i0-%i5 and locals, the
// running sums C and D, the factor u and the y limb b in %o0-%o2 and %l7,
// temporaries in %o3-%o5, %o7 and %g1 (this function calls nothing, so its
// own %o7 is free; %g1 is volatile in the ABI). %g2-%g7, %i6 (%fp) and
// %i7 are never written.

#define ZP   %i0   /* z */
#define XH   %i1   /* x: high halves at XH + 8w */
#define YP   %i2   /* y, advanced a doubleword per two rows */
#define MH   %i3   /* m: high halves */
#define K0   %i4   /* k0 (low 32 bits used) */
#define NE   %i5   /* 8n: end offset */
#define XL   %l0   /* x + 4: low halves */
#define ML   %l1   /* m + 4 */
#define TH   %l2   /* t in the frame: high halves */
#define TL   %l3   /* t + 4: low halves */
#define TS   %l4   /* t - 8: high half of the previous doubleword */
#define J    %l5   /* byte offset of the doubleword in the inner loops */
#define YE   %l6   /* y + 8n */
#define B    %l7   /* the 32-bit limb of y of this row */
#define C    %o0   /* running sum of t + x b */
#define D    %o1   /* running sum of the reduction u m */
#define U    %o2   /* u of this row */
#define A0   %o3
#define T0   %o4
#define M0   %o5
#define A1   %o7
#define T1   %g1

// The V9 minimum frame (register window save area and argument slots),
// then t: up to 129 doublewords, one spare to keep 16-byte alignment.
#define TOFF  176
#define FRAME 1216 /* 176 + 8 * 130 */

	.section .note.GNU-stack,"",@progbits
	.text

// One row: t = (t + x b + u m) / 2^32 for the limb b in B.
	.macro ROW
	// Doubleword 0: limb 0 sets u, its reduced sum is dropped; limb 1
	// gives the new t_0.
	lduw	[XL], A0		/* x_0 */
	lduw	[TL], T0		/* t_0 */
	lduw	[ML], M0		/* m_0 */
	lduw	[XH], A1		/* x_1 */
	mulx	A0, B, A0
	lduw	[TH], T1		/* t_1 */
	add	A0, T0, C		/* C = t_0 + x_0 b */
	mulx	C, K0, U
	srl	C, 0, A0		/* C mod 2^32 */
	srl	U, 0, U			/* u = C k0 mod 2^32 */
	srlx	C, 32, C
	mulx	M0, U, M0
	lduw	[MH], T0		/* m_1 */
	add	M0, A0, D		/* low 32 bits are zero */
	mulx	A1, B, A1
	srlx	D, 32, D
	add	A1, T1, A1
	mulx	T0, U, T0
	add	A1, C, C		/* C = t_1 + x_1 b + carry */
	srl	C, 0, A0
	srlx	C, 32, C
	add	T0, A0, T0
	add	T0, D, D		/* D = C mod 2^32 + m_1 u + carry */
	stw	D, [TL]			/* new t_0 */
	cmp	NE, 8
	be,pn	%xcc, 2f		/* n = 1 */
	 srlx	D, 32, D
	mov	8, J
	// Doublewords 1..n-1: limbs 2w and 2w+1, giving new t_(2w-1)
	// (the high half of doubleword w-1) and t_(2w).
1:
	lduw	[XL + J], A0		/* x_2w */
	lduw	[TL + J], T0		/* t_2w */
	lduw	[ML + J], M0		/* m_2w */
	lduw	[XH + J], A1		/* x_2w+1 */
	mulx	A0, B, A0
	lduw	[TH + J], T1		/* t_2w+1 */
	mulx	M0, U, M0
	add	A0, T0, A0
	lduw	[MH + J], T0		/* m_2w+1 */
	add	A0, C, C
	mulx	A1, B, A1
	srl	C, 0, A0
	srlx	C, 32, C
	add	M0, A0, M0
	mulx	T0, U, T0
	add	M0, D, D
	add	A1, T1, A1
	stw	D, [TS + J]		/* new t_2w-1 */
	srlx	D, 32, D
	add	A1, C, C
	srl	C, 0, A0
	srlx	C, 32, C
	add	T0, A0, T0
	add	T0, D, D
	stw	D, [TL + J]		/* new t_2w */
	add	J, 8, J
	cmp	J, NE
	bne,pt	%xcc, 1b
	 srlx	D, 32, D
2:
	// t_(N-1), t_N = t_N + C + D (below 2^34; t_N ends 0 or 1).
	lduw	[TL + NE], A0
	add	C, D, C
	add	C, A0, C
	stw	C, [TS + NE]
	srlx	C, 32, C
	stw	C, [TL + NE]
	.endm

	.align	32
	.global	xarch_mont_mul_sparc64
	.type	xarch_mont_mul_sparc64, @function
xarch_mont_mul_sparc64:
	save	%sp, -FRAME, %sp
	sllx	%i5, 3, NE		/* n -> 8n */
	add	%sp, 2047 + TOFF, TH
	add	XH, 4, XL
	add	MH, 4, ML
	add	TH, 4, TL
	sub	TH, 8, TS
	add	YP, NE, YE

	// t = 0: doublewords 0..n.
	stx	%g0, [TH + NE]
	mov	0, J
3:
	add	J, 8, J
	cmp	J, NE
	bne,pt	%xcc, 3b
	 stx	%g0, [TS + J]

	// Two rows per doubleword of y: its low limb, then its high one.
4:
	lduw	[YP + 4], B
	ROW
	lduw	[YP + 0], B
	ROW
	add	YP, 8, YP
	cmp	YP, YE
	bne,pt	%xcc, 4b
	 nop

	// x and y are read for the last time: z may be written now. z = d =
	// t - m over N limbs; C is the borrow.
	add	ZP, 4, XL		/* z + 4: low halves (x + 4 is done) */
	mov	0, J
	mov	0, C
5:
	lduw	[TL + J], A0
	lduw	[ML + J], M0
	lduw	[TH + J], A1
	lduw	[MH + J], T1
	sub	A0, M0, A0
	sub	A0, C, A0
	srlx	A0, 63, C
	stw	A0, [XL + J]
	sub	A1, T1, A1
	sub	A1, C, A1
	srlx	A1, 63, C
	stw	A1, [ZP + J]
	add	J, 8, J
	cmp	J, NE
	bne,pt	%xcc, 5b
	 nop

	// t >= m when t_N = 1 or the subtraction did not borrow: then keep d
	// (mask U all ones), else copy t (mask zero).
	lduw	[TL + NE], A0
	xor	C, 1, C
	or	A0, C, C
	sub	%g0, C, U
	mov	0, J
6:
	lduw	[XL + J], A0		/* d, low half */
	lduw	[TL + J], T0		/* t */
	lduw	[ZP + J], A1		/* d, high half */
	lduw	[TH + J], T1
	xor	A0, T0, A0
	xor	A1, T1, A1
	and	A0, U, A0
	and	A1, U, A1
	xor	A0, T0, A0
	xor	A1, T1, A1
	stw	A0, [XL + J]
	stw	A1, [ZP + J]
	add	J, 8, J
	cmp	J, NE
	bne,pt	%xcc, 6b
	 nop

	ret
	 restore
	.size	xarch_mont_mul_sparc64, .-xarch_mont_mul_sparc64
