// AES with the SPARC T4 crypto opcodes (Oracle SPARC Architecture 2011,
// 7.3 four-operand AES round instructions).
//
// void xarch_aes_t4_encrypt(const uint8_t *enc, uint64_t rounds,
//         uint8_t *dst, const uint8_t *src, uint64_t nblocks);
// void xarch_aes_t4_decrypt(... same arguments ...);
// void xarch_aes_t4_probe(uint64_t io[4]);
//
// enc is AESKey.Enc (FIPS-197 order) for both directions: aes_dround* is
// the straight inverse cipher (AddRoundKey before InvMixColumns), so it
// takes the encryption keys in reverse order, not AESKey.Dec. enc, src and
// dst are 8-byte aligned (ldd/std trap otherwise; the Go side bounces
// misaligned buffers through an aligned one).
//
// gcc assembles with -Av9, which knows neither VIS nor the T4 opcodes, so
// fxor and aes_* are emitted as .word encodings; objdump decodes them and
// disasm_test.go checks that, and interprets the code on the host.
//
// aes_eround01 k, a, b, d: d = columns 0-1 of MixColumns(ShiftRows(
// SubBytes(a:b))) xor k; eround23 the same for columns 2-3; the _l forms
// skip (Inv)MixColumns. a holds bytes 0-7 of the state, b bytes 8-15.
//
// Registers: state %f0:%f2 and %f4:%f6 alternate as round input and output;
// round i (1..rounds) takes its key from slot i, %f(8+4(i-1)):%f(10+4(i-1)),
// so AES-256 fills all 32 double registers. The whitening key is reloaded
// per block into %f4:%f6 (no register is left for it).

/* Double register number n (0..62, even) in a 5-bit field: bit 5 -> bit 0. */
#define FD(n) ((((n) >> 5) & 1) | ((n) & 0x1e))
/* op=2, op3=0x19, rs1=k, rs2=a, rs3=b, op5, rd=d. */
#define AES4(op5, k, a, b, d) .word (0x80000000 | (FD(d) << 25) | (0x19 << 19) | (FD(k) << 14) | (FD(b) << 9) | ((op5) << 5) | FD(a))
/* fxor (VIS 1): op=2, op3=0x36, opf=0x06c. */
#define FXOR(a, b, d) .word (0x81b00000 | (FD(d) << 25) | (FD(a) << 14) | (0x6c << 5) | FD(b))

#define EROUND01   0
#define EROUND23   1
#define DROUND01   2
#define DROUND23   3
#define EROUND01_L 4
#define EROUND23_L 5
#define DROUND01_L 6
#define DROUND23_L 7

#define KLO(i) (8 + 4*((i) - 1))
#define KHI(i) (10 + 4*((i) - 1))
/* Odd rounds read %f0:%f2 and write %f4:%f6, even rounds the reverse. */
#define RIN(i)  (4*(((i) + 1) & 1))
#define ROUT(i) (4 - RIN(i))

	.section .note.GNU-stack,"",@progbits
	.text

// Load round key slot i: encrypt uses Enc[i], decrypt Enc[nr-i].
	.macro KEY i, lo, hi, nr, dec
	.if (\i) <= (\nr)
	.if \dec
	ldd	[%o0 + 16*((\nr) - (\i))], %f\lo
	ldd	[%o0 + 16*((\nr) - (\i)) + 8], %f\hi
	.else
	ldd	[%o0 + 16*(\i)], %f\lo
	ldd	[%o0 + 16*(\i) + 8], %f\hi
	.endif
	.endif
	.endm

	.macro KEYS nr, dec
	KEY	1, 8, 10, \nr, \dec
	KEY	2, 12, 14, \nr, \dec
	KEY	3, 16, 18, \nr, \dec
	KEY	4, 20, 22, \nr, \dec
	KEY	5, 24, 26, \nr, \dec
	KEY	6, 28, 30, \nr, \dec
	KEY	7, 32, 34, \nr, \dec
	KEY	8, 36, 38, \nr, \dec
	KEY	9, 40, 42, \nr, \dec
	KEY	10, 44, 46, \nr, \dec
	KEY	11, 48, 50, \nr, \dec
	KEY	12, 52, 54, \nr, \dec
	KEY	13, 56, 58, \nr, \dec
	KEY	14, 60, 62, \nr, \dec
	.endm

// Round i of nr; op01/op23 are the middle-round opcodes, +4 the last-round ones.
	.macro RND i, nr, op01, op23
	.if (\i) < (\nr)
	AES4(\op01, KLO(\i), RIN(\i), RIN(\i) + 2, ROUT(\i))
	AES4(\op23, KHI(\i), RIN(\i), RIN(\i) + 2, ROUT(\i) + 2)
	.elseif (\i) == (\nr)
	AES4((\op01) + 4, KLO(\i), RIN(\i), RIN(\i) + 2, ROUT(\i))
	AES4((\op23) + 4, KHI(\i), RIN(\i), RIN(\i) + 2, ROUT(\i) + 2)
	.endif
	.endm

// nr is even, so the last round leaves the block in %f0:%f2.
	.macro BODY nr, dec, op01, op23
	KEYS	\nr, \dec
1:	ldd	[%o3], %f0
	ldd	[%o3 + 8], %f2
	ldd	[%o0 + 16*(\nr)*(\dec)], %f4
	ldd	[%o0 + 16*(\nr)*(\dec) + 8], %f6
	FXOR(0, 4, 0)
	FXOR(2, 6, 2)
	RND	1, \nr, \op01, \op23
	RND	2, \nr, \op01, \op23
	RND	3, \nr, \op01, \op23
	RND	4, \nr, \op01, \op23
	RND	5, \nr, \op01, \op23
	RND	6, \nr, \op01, \op23
	RND	7, \nr, \op01, \op23
	RND	8, \nr, \op01, \op23
	RND	9, \nr, \op01, \op23
	RND	10, \nr, \op01, \op23
	RND	11, \nr, \op01, \op23
	RND	12, \nr, \op01, \op23
	RND	13, \nr, \op01, \op23
	RND	14, \nr, \op01, \op23
	std	%f0, [%o2]
	std	%f2, [%o2 + 8]
	add	%o3, 16, %o3
	subcc	%o4, 1, %o4
	bne,pt	%xcc, 1b
	 add	%o2, 16, %o2
	retl
	 nop
	.endm

	.macro FUNC name, dec, op01, op23
	.align	32
	.global	\name
	.type	\name, @function
\name:
	brz,pn	%o4, 9f
	 cmp	%o1, 12
	be,pn	%xcc, 12f
	 nop
	bg,pn	%xcc, 14f
	 nop
	BODY	10, \dec, \op01, \op23
12:	BODY	12, \dec, \op01, \op23
14:	BODY	14, \dec, \op01, \op23
9:	retl
	 nop
	.size	\name, .-\name
	.endm

	FUNC	xarch_aes_t4_encrypt, 0, EROUND01, EROUND23
	FUNC	xarch_aes_t4_decrypt, 1, DROUND01, DROUND23

// The known-answer probe: io[3] = aes_eround01(key io[0], state io[1]:io[2]).
	.align	32
	.global	xarch_aes_t4_probe
	.type	xarch_aes_t4_probe, @function
xarch_aes_t4_probe:
	ldd	[%o0], %f8
	ldd	[%o0 + 8], %f0
	ldd	[%o0 + 16], %f2
	AES4(EROUND01, 8, 0, 2, 4)
	retl
	 std	%f4, [%o0 + 24]
	.size	xarch_aes_t4_probe, .-xarch_aes_t4_probe
