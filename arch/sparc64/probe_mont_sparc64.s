// The known-answer probe of the VIS 3 integer instructions of mont/vis3
// (probe_mont_sparc64.go):
//
// void xarch_mont_vis3_probe(uint64_t io[5]);
//
// io[2] = umulxhi(io[0], io[1]); addcc io[0], io[1] sets xcc.c, then
// io[3] = addxccc(io[0], io[1]) (a + b + c) and io[4] = addxc(%g0, %g0),
// the carry addxccc left. gcc assembles with -Av9, so the VIS 3 ones are
// .word encodings (see mont_vis3_sparc64.s). A leaf: %o0-%o5 only.

#define R_O(n) (8 + (n))
#define VIS3(opf, rs1, rs2, rd) .word (0x81b00000 | ((rd) << 25) | ((rs1) << 14) | ((opf) << 5) | (rs2))
#define ADDXC(rs1, rs2, rd)   VIS3(0x011, rs1, rs2, rd)
#define ADDXCCC(rs1, rs2, rd) VIS3(0x013, rs1, rs2, rd)
#define UMULXHI(rs1, rs2, rd) VIS3(0x016, rs1, rs2, rd)

	.section .note.GNU-stack,"",@progbits
	.text

	.align	32
	.global	xarch_mont_vis3_probe
	.type	xarch_mont_vis3_probe, @function
xarch_mont_vis3_probe:
	ldx	[%o0 + 0], %o1
	ldx	[%o0 + 8], %o2
	UMULXHI(R_O(1), R_O(2), R_O(3))
	addcc	%o1, %o2, %g0
	ADDXCCC(R_O(1), R_O(2), R_O(4))
	ADDXC(0, 0, R_O(5))
	stx	%o3, [%o0 + 16]
	stx	%o4, [%o0 + 24]
	retl
	 stx	%o5, [%o0 + 32]
	.size	xarch_mont_vis3_probe, .-xarch_mont_vis3_probe
